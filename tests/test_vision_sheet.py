"""`farkle-pi evaluate --sheet`: each die not read right drawn as a tile of its photo."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi.cli import main
from farkle_pi.vision.evaluate import Mistake
from farkle_pi.vision.sheet import AROUND, CAPTION, COLUMNS, MOST, OUTSIDE, TILE, mistake_sheet

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "vision"
RED, GREEN = (0, 0, 220), (0, 200, 0)


def _photo() -> np.ndarray:
    """Grey 200 x 200 with a red die-sized square at (60, 60) and a green one at (150, 140)."""
    photo = np.full((200, 200, 3), 128, np.uint8)
    photo[50:70, 50:70] = RED
    photo[130:150, 140:160] = GREEN
    return photo


def _mistake(photo: str, x: float, y: float, size: float = 20.0) -> Mistake:
    return Mistake(photo, "unreadable", (x, y), 3, None, 0.41, size)


def _tile(sheet: np.ndarray, index: int) -> np.ndarray:
    row, column = divmod(index, COLUMNS)
    return sheet[row * (TILE + CAPTION):row * (TILE + CAPTION) + TILE,
                 column * TILE:(column + 1) * TILE]


def test_a_tile_is_the_photo_around_its_die_with_the_photos_in_turn_read_once() -> None:
    reads: list[Path] = []

    def read(path: Path) -> np.ndarray:
        reads.append(path)
        return _photo()

    mistakes = [_mistake("a.jpg", 60, 60), _mistake("a.jpg", 150, 140),
                _mistake("b.jpg", 150, 140)]
    sheet = mistake_sheet(mistakes, {"a.jpg": Path("/a.jpg"), "b.jpg": Path("/b.jpg")}, read)
    assert sheet.shape == (TILE + CAPTION, COLUMNS * TILE, 3)
    assert reads == [Path("/a.jpg"), Path("/b.jpg")]
    middle = TILE // 2
    assert tuple(_tile(sheet, 0)[middle, middle]) == RED
    assert tuple(_tile(sheet, 1)[middle, middle]) == GREEN
    assert tuple(_tile(sheet, 2)[middle, middle]) == GREEN
    # the die fills 1 / AROUND of its tile: the table around it shows too
    assert tuple(_tile(sheet, 0)[middle, round(middle - 0.7 * TILE / AROUND)]) == (128,) * 3
    assert (_tile(sheet, 3) == 255).all()  # the rest of the row is blank


def test_beyond_the_photos_edge_a_tile_is_grey() -> None:
    sheet = mistake_sheet([_mistake("a.jpg", 5, 5), _mistake("a.jpg", 900, 900)],
                          {"a.jpg": Path("/a.jpg")}, lambda _: _photo())
    assert tuple(_tile(sheet, 0)[2, 2]) == OUTSIDE
    assert tuple(_tile(sheet, 0)[TILE - 3, TILE - 3]) == (128,) * 3  # the photo, down-right
    far = _tile(sheet, 1)  # all beyond the edge: grey but for the die's box
    assert tuple(far[2, 2]) == tuple(far[TILE // 2, TILE // 2]) == OUTSIDE


def test_a_sheet_holds_at_most_MOST_tiles() -> None:
    mistakes = [_mistake("a.jpg", 60, 60)] * (MOST + 30)
    sheet = mistake_sheet(mistakes, {"a.jpg": Path("/a.jpg")}, lambda _: _photo())
    assert sheet.shape[0] == -(-MOST // COLUMNS) * (TILE + CAPTION)


def test_evaluate_sheet_draws_every_die_not_read_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mistakes.png"
    assert main(["evaluate", "--json", "--sheet", str(out), str(FIXTURES)]) == 0
    captured = capsys.readouterr()
    figures = json.loads(captured.out)  # stdout stays one JSON object
    wrong = len(figures["mistakes"])
    assert wrong > 0  # the synthetic set has a die it misses: the sheet is not empty by luck
    assert f"{wrong} dice not read right drawn in {out}" in captured.err
    sheet = cv2.imread(str(out))
    assert sheet.shape == (-(-wrong // COLUMNS) * (TILE + CAPTION), COLUMNS * TILE, 3)
    assert not (_tile(sheet, wrong - 1) == 255).all() and (_tile(sheet, wrong) == 255).all()


def test_evaluate_sheet_bad_names_are_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", "--sheet", str(tmp_path / "out.txt"), str(FIXTURES)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--sheet" in err and ".png" in err
    missing = tmp_path / "no-such-folder" / "out.png"
    assert main(["evaluate", "--sheet", str(missing), str(FIXTURES)]) == 2
    err = capsys.readouterr().err
    assert err == (f"farkle-pi: --sheet {missing}: no folder {missing.parent} to save it in\n")
