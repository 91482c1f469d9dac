"""A calibration file with a typo is a one-line error naming the field, never a tray read as
empty or a die size that silently rescales the photo."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.vision import Calibration, read_dice

GOOD = {"reference_image": None, "tray_polygon": [[0, 0], [640, 0], [640, 480]],
        "keep_zone_polygon": [], "die_size_px": 40}


@pytest.mark.parametrize(("change", "field"), [
    ({"tray_polygon": [[0, 0], [10, 0]]}, "tray_polygon"),  # two points enclose nothing
    ({"tray_polygon": "all of it"}, "tray_polygon"),
    ({"keep_zone_polygon": [[0, 0], [1, "x"], [2, 2]]}, "keep_zone_polygon"),
    ({"die_size_px": -3}, "die_size_px"),
    ({"die_size_px": "big"}, "die_size_px"),
    ({"die_size_px": True}, "die_size_px"),
    ({"reference_image": 7}, "reference_image"),
    ({"reference_image": "empty-tray.png"}, "reference_image"),  # no such file beside it
    ({"perspective": -0.001}, "perspective"),
    ({"perspective": 3}, "perspective"),  # a lens with a focal length of a third of a pixel
    ({"perspective": "wide"}, "perspective"),
])
def test_a_bad_field_is_named_in_one_line(
    tmp_path: Path, change: dict[str, object], field: str
) -> None:
    path = tmp_path / "tray.json"
    path.write_text(json.dumps({**GOOD, **change}))
    with pytest.raises(FarkleError, match=f"calibration .*tray.json: {field}") as err:
        Calibration.load(path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("key", ["tray_polygon", "keep_zone_polygon"])
@pytest.mark.parametrize("falsy", [False, 0, 0.0, "", {}])
def test_a_falsy_polygon_that_is_no_list_is_refused(
    tmp_path: Path, key: str, falsy: object
) -> None:
    """false, 0, "" or {} loaded as "no polygon": the reader then read the whole picture."""
    path = tmp_path / "tray.json"
    path.write_text(json.dumps({**GOOD, key: falsy}))
    with pytest.raises(FarkleError, match=f"calibration .*tray.json: {key} must be a list of "
                       r"three or more \[x, y\] points, or empty") as err:
        Calibration.load(path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("key", ["tray_polygon", "keep_zone_polygon"])
@pytest.mark.parametrize("empty", [[], None, "absent"])
def test_an_empty_null_or_absent_polygon_is_no_polygon(
    tmp_path: Path, key: str, empty: object
) -> None:
    raw: dict[str, object] = {**GOOD, key: empty}
    if empty == "absent":
        del raw[key]
    path = tmp_path / "tray.json"
    path.write_text(json.dumps(raw))
    assert getattr(Calibration.load(path), key) == ()


def test_not_an_object_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "tray.json"
    path.write_text("[1, 2]")
    with pytest.raises(FarkleError, match="expected a JSON object"):
        Calibration.load(path)


@pytest.mark.parametrize(("raw", "says"), [
    ({}, "expected a JSON object with reference_image"),  # read as no tray at all
    ({**GOOD, "tray_polygn": [[0, 0], [9, 0], [9, 9]]},
     'unknown field "tray_polygn": did you mean tray_polygon\\?'),
    ({"die_size": 40}, 'unknown field "die_size": did you mean die_size_px\\?'),
    ({**GOOD, "colour": "red"}, 'unknown field "colour": the fields are reference_image, '),
])
def test_an_empty_file_or_a_misspelt_field_is_refused(
    tmp_path: Path, raw: dict[str, object], says: str
) -> None:
    """They loaded as "no tray, no die size": the reader then read the whole picture."""
    path = tmp_path / "tray.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(FarkleError, match=f"calibration .*tray.json: {says}") as err:
        Calibration.load(path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("content", "says"), [
    (b'[rules]\npreset = "standard"\n', "is not a calibration file"),  # a config given instead
    (b"\x89PNG\r\n\x1a\n\x00\x00", "is not a calibration file"),  # a picture given instead
    (None, "cannot read calibration .*No such file or directory"),
])
def test_a_file_that_is_no_calibration_says_which_file_to_give(
    tmp_path: Path, content: bytes | None, says: str
) -> None:
    path = tmp_path / "tray.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(FarkleError, match=says) as err:
        Calibration.load(path)
    assert "\n" not in str(err.value) and "farkle-pi calibrate` wrote" in str(err.value)


def test_a_good_file_loads_as_written(tmp_path: Path) -> None:
    path = tmp_path / "tray.json"
    path.write_text(json.dumps(GOOD))
    cal = Calibration.load(path)
    assert cal.die_size_px == 40.0 and len(cal.tray_polygon) == 3
    assert cal.keep_zone_polygon == () and cal.reference_image is None
    assert cal.perspective is None  # files from before it was measured load too


def test_the_perspective_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "tray.json"
    Calibration(None, (), (), 40.0, 0.0019).save(path)
    assert Calibration.load(path).perspective == 0.0019


def _tray_file(tmp_path: Path, reference_size: tuple[int, int] | None,
               polygon: list[list[int]]) -> Path:
    raw: dict[str, object] = {**GOOD, "tray_polygon": polygon}
    if reference_size is not None:
        width, height = reference_size
        cv2.imwrite(str(tmp_path / "empty.png"), np.full((height, width, 3), 90, np.uint8))
        raw["reference_image"] = "empty.png"
    path = tmp_path / "tray.json"
    path.write_text(json.dumps(raw))
    return path


def test_a_picture_of_another_size_is_refused_naming_both_sizes(tmp_path: Path) -> None:
    cal = Calibration.load(_tray_file(tmp_path, (64, 48), [[0, 0], [64, 0], [64, 48]]))
    picture = np.full((60, 80, 3), 90, np.uint8)
    with pytest.raises(FarkleError, match=r"80x60 px .* 64x48 px .*calibrate again") as err:
        read_dice(picture, cal)
    assert "\n" not in str(err.value)
    assert read_dice(np.full((48, 64, 3), 90, np.uint8), cal) == []  # its own size reads


def test_a_tray_outline_outside_the_picture_is_refused(tmp_path: Path) -> None:
    cal = Calibration.load(_tray_file(tmp_path, None, [[900, 900], [990, 900], [990, 990]]))
    with pytest.raises(FarkleError, match="tray outline lies outside this 64x48 px picture"):
        read_dice(np.full((48, 64, 3), 90, np.uint8), cal)
    partly_in = Calibration.load(_tray_file(tmp_path, None, [[-50, -50], [30, -50], [30, 20]]))
    assert read_dice(np.full((48, 64, 3), 90, np.uint8), partly_in) == []


def test_a_full_disk_leaves_the_old_calibration_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tray.json"
    Calibration(die_size_px=40.0).save(path)
    before = path.read_text()

    def full(fd: int) -> None:  # the card takes the data only at fsync: the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(FarkleError, match=r"cannot save the calibration .*No space left") as error:
        Calibration(die_size_px=50.0).save(path)
    assert "\n" not in str(error.value) and "free some space" in str(error.value)
    monkeypatch.undo()
    assert path.read_text() == before and list(tmp_path.iterdir()) == [path]
