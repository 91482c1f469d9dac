"""`dice-check --keep`: each round's picture kept with the faces put in, as a labelled folder."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_dice_check import recording

from farkle_pi import cli
from farkle_pi.commands.dice_check import keep_round
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Die
from farkle_pi.tray.dice_check import DiceCheck
from farkle_pi.vision.dataset import load_folder
from farkle_pi.vision.keep import keep_photo


def test_a_round_read_right_is_kept_with_each_die_at_its_face(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """basic.mp4's first throw is 1 to 6, its second 2 5 5 5: four dice of six put in."""
    kept = tmp_path / "kept"
    assert cli.main(["dice-check", *recording("basic"), "--rounds", "2",
                     "--keep", str(kept)]) == 1
    out = capsys.readouterr().out
    assert "kept " in out and "(6 dice)" in out
    assert "round 2 not kept: 4 dice found where 6 were put in" in out
    photos = load_folder(kept)
    assert len(photos) == 1 and photos[0].path.is_file()
    assert sorted(d.value for d in photos[0].dice) == [1, 2, 3, 4, 5, 6]
    picture = cv2.imread(str(photos[0].path))
    assert picture is not None and picture.shape == (480, 640, 3)
    # each face sits on the die the reader reads as that face: the folder measures the reader
    assert cli.main(["evaluate", str(kept), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["dice"] == 6 and figures["die_accuracy"] == 1.0
    # ... and read as the tray reads them, with its calibration
    assert cli.main(["evaluate", str(kept), recording("basic")[2],
                     recording("basic")[3]]) == 0
    out = capsys.readouterr().out
    assert "read as the tray    " in out and "dice right          6/6 = 100.00%" in out
    assert cli.main(["evaluate", str(kept), "--calibration", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert (kept / "README.md").read_text().startswith("# Dice photos kept by farkle-pi")


def test_a_round_whose_faces_would_be_guessed_is_not_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """hand_and_light's dice show 1 2 3 4 4 6: put in as 1 to 6, which 4 is the 5 the odds
    cannot say."""
    kept = tmp_path / "kept"
    assert cli.main(["dice-check", *recording("hand_and_light"), "--keep", str(kept)]) == 1
    assert "round 1 not kept: which die shows which face is a guess" in capsys.readouterr().out
    assert not (kept / "labels.jsonl").exists()


def test_photos_of_one_name_are_both_kept_and_labelled(tmp_path: Path) -> None:
    picture = np.full((60, 80, 3), 200, np.uint8)
    first = keep_photo(tmp_path, "round", picture, [(3, (10, 10, 20, 20))])
    second = keep_photo(tmp_path, "round", picture, [(5, (40, 20, 20, 20)), (1, (5, 5, 9, 9))])
    assert (first.name, second.name) == ("round.jpg", "round-2.jpg")
    photos = load_folder(tmp_path)
    assert [[d.value for d in p.dice] for p in photos] == [[3], [5, 1]]
    assert photos[1].dice[0].bbox == (40.0, 20.0, 20.0, 20.0)
    assert not list(tmp_path.glob("*.part"))


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(FarkleError, match=r"cannot keep the photo in .*give a folder you "
                                          r"can write to") as error:
        keep_photo(blocker / "kept", "round", np.zeros((8, 8, 3), np.uint8), [])
    assert "\n" not in str(error.value)


def test_a_round_with_a_die_outside_the_tray_is_not_kept(tmp_path: Path) -> None:
    """A die outside the outline would be a die in the picture with no face given."""
    check = DiceCheck((Die(1),), (), outside=1)
    said = keep_round(tmp_path, np.zeros((48, 64, 3), np.uint8), check, None, 3)
    assert said == "round 3 not kept: 1 die outside the tray"
    assert not list(tmp_path.iterdir())
