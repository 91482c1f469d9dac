"""`farkle-pi dice-check`: dice put in the tray showing known faces, read as the table reads."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest
from tray_scenes import THREE, FakeReader, Film

from farkle_pi import cli
from farkle_pi.tray import Tray
from farkle_pi.tray.dice_check import DiceCheck, check_dice, parse_faces
from farkle_pi.vision.types import DieReading, RotatedBox

TRAY = Path(__file__).resolve().parents[1] / "fixtures" / "tray"


def recording(name: str) -> list[str]:
    return ["--source", str(TRAY / f"{name}.mp4"),
            "--calibration", str(TRAY / f"{name}.calibration.json")]


def test_six_dice_showing_one_to_six_read_right_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """basic.mp4's first throw is 1 to 6: the real reader, as the table runs it."""
    saved = tmp_path / "check" / "read.png"
    assert cli.main(["dice-check", *recording("basic"), "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "read: 1 2 3 4 5 6 (put in: 1 2 3 4 5 6)" in out and "all 6 dice read right" in out
    picture = cv2.imread(str(saved))
    assert picture is not None and picture.shape == (480, 640, 3)


def test_a_die_read_as_another_face_fails_and_says_which(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """hand_and_light's throw is 1 2 3 4 4 6: as a check of 1 to 6, its second 4 is the 5."""
    assert cli.main(["dice-check", *recording("hand_and_light")]) == 1
    out = capsys.readouterr().out
    assert "misread: the 5 was read as 4" in out and "does not read these dice well" in out
    assert cli.main(["dice-check", *recording("hand_and_light"), "--faces", "1,2,3,4,4,6"]) == 0


def test_dice_missing_or_outside_ask_for_another_go_not_better_light(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["dice-check", *recording("outside")]) == 1
    out = capsys.readouterr().out
    assert "3 dice found, 6 put in" in out and "1 die seen outside" in out
    assert "check again" in out and "does not read these dice well" not in out


@pytest.mark.parametrize("faces", ["1237", "", "1234561234561"])
def test_faces_that_are_no_dice_are_refused_in_one_line(
    faces: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["dice-check", *recording("basic"), "--faces", faces]) == 2
    err = capsys.readouterr().err
    assert "--faces" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", ["read.gif2", "file/read.png"])
def test_a_picture_that_cannot_be_saved_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    (tmp_path / "file").write_text("a file, not a folder")
    code = cli.main(["dice-check", *recording("basic"), "--save", str(tmp_path / name)])
    err = capsys.readouterr().err
    assert code == 2 and "cannot write" in err and err.count("\n") == 1


def test_a_recording_without_dice_says_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    empty = cv2.VideoCapture(str(TRAY / "basic.mp4")).read()[1]
    for i in range(20):
        cv2.imwrite(str(frames / f"{i:03d}.png"), empty)
    code = cli.main(["dice-check", "--source", str(frames),
                     "--calibration", str(TRAY / "basic.calibration.json")])
    assert code == 2
    assert "no dice seen lying still in the tray: put in 6 dice" in capsys.readouterr().err


def test_the_check_waits_for_every_die_then_stops_waiting() -> None:
    three_more = [*THREE, (500, 100, 2), (500, 250, 4), (500, 400, 6)]
    film = Film().rolling(1.0, THREE).still(1.0, THREE).rolling(1.0, three_more)
    film.still(1.0, three_more)
    check, _ = check_dice(film.frames, Tray(FakeReader()))
    assert check.read == (1, 2, 3, 4, 5, 6) and check.passed
    film = Film().rolling(1.0, THREE).still(5.0, THREE)
    check, _ = check_dice(film.frames, Tray(FakeReader()), wait=1.0)
    assert check.read == (1, 3, 5) and check.missing == (2, 4, 6) and not check.passed


def reading(value: int | None, flat: bool = True) -> DieReading:
    box = RotatedBox((50.0, 50.0), (30.0, 30.0), 0.0)
    return DieReading(value=value, confidence=0.9, center=(50.0, 50.0), box=box,
                      bbox=(35, 35, 30, 30), colour_name="white", colour_bgr=(230, 230, 230),
                      flat=flat, at_edge=False, touching=False)


def test_unread_and_leaning_dice_are_counted_apart_from_misread_ones() -> None:
    check = DiceCheck(parse_faces("123456"), (
        reading(1), reading(2), reading(2), reading(None), reading(None, flat=False),
        reading(6)))
    assert check.read == (1, 2, 2, 6) and check.wrong == (2,) and check.missing == (3, 4, 5)
    assert (check.unreadable, check.leaning, check.passed) == (1, 1, False)
    report = "\n".join(check.report())
    assert "read: 1 2 2 6 ? leaning" in report
    assert "misread: 2 read, where 3 4 5 were put in" in report
    assert "1 die not read" in report and "1 die put in flat but taken for leaning" in report
