"""`farkle-pi dice-check`: dice put in the tray showing known faces, read as the table reads."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import cv2
import pytest
from tray_scenes import THREE, FakeReader, Film

from farkle_pi import cli
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Die
from farkle_pi.tray import Tray
from farkle_pi.tray.dice_check import DiceCheck, check_dice, parse_faces, until_taken_out
from farkle_pi.tray.reader import vision_reader
from farkle_pi.traysim.scene import Scene, SceneSource
from farkle_pi.traysim.story import Director
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.learned import LearnedDice
from farkle_pi.vision.model import READER_FILE, load_net
from farkle_pi.vision.types import DieReading, RotatedBox

TRAY = Path(__file__).resolve().parents[1] / "fixtures" / "tray"
FIXTURES = TRAY.parent / "vision"


def dice(faces: str) -> tuple[Die, ...]:
    return tuple(Die(int(face)) for face in faces)


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


def test_misread_dice_bring_the_hint_to_learn_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A die misread in a calibrated tray: the check says how to teach the reader these dice;
    once dice are learned, it says to learn them again; dice read right need no hint."""
    assert cli.main(["dice-check", *recording("hand_and_light")]) == 1
    assert "run `farkle-pi dice-check --learn`: six rounds" in capsys.readouterr().out
    assert cli.main(["dice-check", *recording("basic")]) == 0
    assert "--learn" not in capsys.readouterr().out
    headless = load_net(READER_FILE, headless=True)  # the shipped layer, as if learned
    assert headless.head is not None
    shipped = LearnedDice(headless.id, headless.head.weight, headless.head.bias, 6)
    calibration = Calibration.load(TRAY / "hand_and_light.calibration.json")
    learned = tmp_path / "learned.json"
    replace(calibration, learned=shipped).save(learned)
    assert cli.main(["dice-check", "--source", str(TRAY / "hand_and_light.mp4"),
                     "--calibration", str(learned)]) == 1
    out = capsys.readouterr().out
    assert "learned dice in this tray before" in out and "six rounds" not in out
    assert "then run `farkle-pi learn FOLDER`" in out


def test_dice_missing_or_outside_ask_for_another_go_not_better_light(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["dice-check", *recording("outside")]) == 1
    out = capsys.readouterr().out
    assert "3 dice found, 6 put in" in out and "1 die seen outside" in out
    assert "check again" in out and "does not read these dice well" not in out


@pytest.mark.parametrize("faces", ["1237", "", "1234561234561", "1:red 2", "1:redd 2:red"])
def test_faces_that_are_no_dice_are_refused_in_one_line(
    faces: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["dice-check", *recording("basic"), "--faces", faces]) == 2
    err = capsys.readouterr().err
    assert "--faces" in err and err.count("\n") == 1


@pytest.mark.parametrize(("name", "says"), [
    ("read.gif2", "give a picture file name ending in"),  # said before the dice are set out
    ("file/read.png", "cannot write"),
])
def test_a_picture_that_cannot_be_saved_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, says: str
) -> None:
    (tmp_path / "file").write_text("a file, not a folder")
    code = cli.main(["dice-check", *recording("basic"), "--save", str(tmp_path / name)])
    captured = capsys.readouterr()
    assert code == 2 and says in captured.err and captured.err.count("\n") == 1
    assert ("put 6 dice in the tray" in captured.out) == (says == "cannot write")


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
    assert check.read == dice("123456") and check.passed
    film = Film().rolling(1.0, THREE).still(5.0, THREE)
    check, _ = check_dice(film.frames, Tray(FakeReader()), wait=1.0)
    assert check.read == dice("135") and check.missing == dice("246") and not check.passed


def reading(value: int | None, flat: bool = True) -> DieReading:
    box = RotatedBox((50.0, 50.0), (30.0, 30.0), 0.0)
    return DieReading(value=value, confidence=0.9, center=(50.0, 50.0), box=box,
                      bbox=(35, 35, 30, 30), colour_name="white", colour_bgr=(230, 230, 230),
                      flat=flat, at_edge=False, touching=False)


def test_unread_and_leaning_dice_are_counted_apart_from_misread_ones() -> None:
    check = DiceCheck(parse_faces("123456"), (
        reading(1), reading(2), reading(2), reading(None), reading(None, flat=False),
        reading(6)))
    assert check.read == dice("1226") and check.wrong == dice("2")
    assert check.missing == dice("345")
    assert (check.unreadable, check.leaning, check.passed) == (1, 1, False)
    report = "\n".join(check.report())
    assert "read: 1 2 2 6 ? leaning" in report
    assert "misread: 2 read, where 3 4 5 were put in" in report
    assert "1 die not read" in report and "1 die put in flat but taken for leaning" in report


def test_dice_named_with_colours_parse_as_coloured_dice() -> None:
    assert parse_faces("3:white,1:Red 2:red") == (Die(1, "red"), Die(2, "red"), Die(3, "white"))
    assert parse_faces("3 1 2") == parse_faces("312") == dice("123")


@pytest.fixture(scope="module")
def two_colours(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scene, Calibration]:
    """A rendered tray: 1 2 3 on red dice, 4 5 6 on white ones."""
    scene = Scene(Director(seed=5).start_empty(1.0).throw((1, 2, 3, 4, 5, 6),
                                                          colours=(1, 1, 1, 0, 0, 0)).spec())
    return scene, scene.calibrate(tmp_path_factory.mktemp("two_colours") / "empty.png")


def test_two_colours_named_are_checked_by_face_and_colour(
    two_colours: tuple[Scene, Calibration]
) -> None:
    """The real reader, the colours named as the table names a throw's."""
    scene, calibration = two_colours

    def check(faces: str) -> DiceCheck:
        tray = Tray(vision_reader(calibration), calibration)
        return check_dice(SceneSource(scene), tray, parse_faces(faces))[0]

    right = check("1:red 2:red 3:red 4:white 5:white 6:white")
    assert right.passed and right.read == right.faces
    swapped = check("1:white 2:red 3:red 4:red 5:white 6:white")
    assert not swapped.passed
    assert swapped.wrong == (Die(1, "red"), Die(4, "white"))
    assert swapped.missing == (Die(1, "white"), Die(4, "red"))
    report = "\n".join(swapped.report())
    assert "misread: 1:red 4:white read, where 1:white 4:red were put in" in report
    assert "the faces are right, the colours are not" in report
    assert "does not read these dice well" not in report
    plain = check("123456")
    assert plain.passed and plain.read == dice("123456")  # colours not asked: not named


def test_rules_that_count_colours_ask_for_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "farkle.toml"
    config.write_text('[rules]\npreset = "portland"\n')
    assert cli.main(["dice-check", "--config", str(config), *recording("basic")]) == 0
    assert "your rules count the dice's colours: name them too" in capsys.readouterr().out
    assert cli.main(["dice-check", *recording("basic")]) == 0
    assert "colours" not in capsys.readouterr().out


def test_rounds_check_the_dice_again_after_they_are_taken_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """basic.mp4: 1 to 6, all taken out, then 2 5 5 5 thrown: round 2 is four dice."""
    saved = tmp_path / "read.png"
    code = cli.main(["dice-check", *recording("basic"), "--rounds", "2", "--save", str(saved)])
    out = capsys.readouterr().out
    assert code == 1 and "all 6 dice read right" in out
    assert "round 2 of 2: take the dice out" in out and "read: 2 5 5 5" in out
    assert "over 2 rounds: 8 of 12 dice read right, 1 of 2 rounds all right" in out
    assert saved.is_file() and (tmp_path / "read-2.png").is_file()
    assert cli.main(["dice-check", *recording("basic"), "--rounds", "3"]) == 2
    assert "the recording ended before the dice were taken out" in capsys.readouterr().err
    assert cli.main(["dice-check", *recording("basic"), "--rounds", "0"]) == 2
    assert "--rounds must be 1 to 20" in capsys.readouterr().err


def test_a_round_waits_for_the_tray_to_empty_then_reads_again() -> None:
    six = [*THREE, (500, 100, 2), (500, 250, 4), (500, 400, 6)]
    film = Film().rolling(1.0, six).still(1.0, six).still(1.0).rolling(1.0, six).still(1.0, six)
    frames, tray = iter(film.frames), Tray(FakeReader())
    assert check_dice(frames, tray)[0].passed
    until_taken_out(frames, tray)
    assert check_dice(frames, tray)[0].read == dice("123456")
    left_in = iter(Film().rolling(1.0, six).still(5.0, six).frames)
    tray = Tray(FakeReader())
    assert check_dice(left_in, tray)[0].passed
    with pytest.raises(FarkleError, match="not taken out of the tray within 2 s"):
        until_taken_out(left_in, tray, wait=2.0)


def test_no_output_may_overwrite_what_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A marked picture saved over the tray's empty picture (or a photo read, or a labelled
    photo) spoils it for good, and the tray then blames the dice: refused before any work."""
    calibration = tmp_path / "basic.calibration.json"
    reference = tmp_path / "basic.reference.jpg"
    for name in (calibration.name, reference.name):
        shutil.copy(TRAY / name, tmp_path / name)
    before = reference.read_bytes()
    code = cli.main(["dice-check", "--source", str(TRAY / "basic.mp4"), "--calibration",
                     str(calibration), "--save", str(tmp_path / "basic.reference.jpg")])
    captured = capsys.readouterr()
    assert code == 2 and reference.read_bytes() == before and captured.out == ""
    assert captured.err == (f"farkle-pi: --save {reference} would overwrite {reference}, which "
                            "is read here: give another file name\n")
    photo = tmp_path / "p.png"
    shutil.copy(FIXTURES / "synth_00.png", photo)
    assert cli.main(["detect", "--draw", str(photo), str(photo)]) == 2
    assert "would overwrite" in capsys.readouterr().err
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    shutil.copy(photo, tmp_path / "x" / "p.png")
    shutil.copy(photo, tmp_path / "y" / "p.png")
    assert cli.main(["detect", "--draw", str(tmp_path / "o.png"), str(tmp_path / "x" / "p.png"),
                     str(tmp_path / "y" / "p.png")]) == 2
    assert "would both be drawn into" in capsys.readouterr().err
    assert not (tmp_path / "o-p.png").exists()
    dataset = tmp_path / "set"
    shutil.copytree(FIXTURES, dataset, ignore=shutil.ignore_patterns("closeup", "hard"))
    labelled = (dataset / "synth_00.png").read_bytes()
    assert cli.main(["evaluate", str(dataset), "--sheet", str(dataset / "synth_00.png")]) == 2
    assert "would overwrite" in capsys.readouterr().err
    assert (dataset / "synth_00.png").read_bytes() == labelled


def test_without_a_camera_the_error_is_all_it_says(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """No calibration and no camera: the one-line error alone, not first a note advising
    `farkle-pi calibrate`, which needs the camera too."""
    code = cli.main(["dice-check", "--source", str(tmp_path / "none.mp4")])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("farkle-pi: bad source") and err.count("\n") == 1
