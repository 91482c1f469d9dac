"""`farkle-pi calibrate` and `farkle-pi dice-check`: what a hand-made mutation review of
farkle_pi/tray/calibrate.py, farkle_pi/commands/calibrate.py, farkle_pi/tray/dice_check.py and
farkle_pi/commands/dice_check.py found untested. Each test fails on the mutant named in its
docstring (ids from /work/scratch48/reviewE/review_mutants_E.md, not kept in the
repository)."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest
from tray_scenes import THREE, FakeReader, Film

from farkle_pi import cli
from farkle_pi.commands import dice_check as dice_check_command
from farkle_pi.devices.frames import Frame, Image
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Die
from farkle_pi.tray import Tray
from farkle_pi.tray.calibrate import die_size, empty_tray, find_tray, parse_points
from farkle_pi.tray.dice_check import DiceCheck, check_dice, parse_faces, until_taken_out
from farkle_pi.traysim.art import off_centre_die, place, texture
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.learned import LearnedDice
from farkle_pi.vision.model import READER_FILE, load_net
from farkle_pi.vision.types import DieReading, RotatedBox

TRAY = Path(__file__).resolve().parents[1] / "fixtures" / "tray"
FIXTURE = TRAY / "basic.mp4"


def felt() -> np.ndarray:
    """An empty 640x480 tray of green felt."""
    return texture("felt", (640, 480), (60, 110, 40), np.random.default_rng(3))


def die_put_in(folder: Path) -> Path:
    """A recording as a folder of frames: the empty tray, then one 40 px die lying still
    200 px left of the picture's centre, its side face showing as a Camera Module 2 shows it
    there (0.38 of a side)."""
    folder.mkdir()
    empty = felt()
    canvas = empty.copy()
    place(canvas, off_centre_die(3, 2, 40, (225, 225, 225), (25, 25, 25), 200 / 530.0),
          (120.0, 240.0), 90.0)
    for i, picture in enumerate([empty] * 8 + [canvas] * 10):
        cv2.imwrite(str(folder / f"{i:03d}.png"), np.clip(picture, 0, 255).astype(np.uint8))
    return folder


# -- farkle-pi calibrate ---------------------------------------------------------------------


def test_calibrate_says_what_it_measured_in_figures_that_add_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """E128 (commands/calibrate.py:73, the perspective's percent computed as 100 x instead of
    100 x 100 x the stretch a pixel) and E129 (commands/calibrate.py:55, "given" and "found"
    swapped): the lines a player reads to judge the calibration. 0.002 a pixel is 20 % at
    100 px from the centre (0.2 of the side)."""
    source = die_put_in(tmp_path / "frames")
    out = tmp_path / "tray.json"
    assert cli.main(["calibrate", "--source", str(source), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    perspective = Calibration.load(out).perspective
    assert perspective is not None and 0.0015 < perspective < 0.0025
    assert "tray outline: 4 points (found)" in printed
    assert (f"perspective: {perspective:.5f} (a flat die 100 px from the picture's centre looks "
            f"{100 * 100 * perspective:.0f} % longer than wide)") in printed
    assert cli.main(["calibrate", "--source", str(source), "--out", str(out),
                     "--tray", "10,10,630,10,630,470,10,470"]) == 0
    assert "tray outline: 4 points (given)" in capsys.readouterr().out


def test_a_damaged_calibration_is_replaced_by_a_new_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """E126 (commands/calibrate.py:88, a damaged old file no longer passed over): the old
    calibration is read only for the dice it learned; one that cannot be read (cut short by
    a full card, edited by hand) is what calibrating again is for, not a reason to stop."""
    out = tmp_path / "calibration.json"
    out.write_text('{"tray_polygon": [[0, 0], [10')
    assert cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--out", str(out)]) == 0
    assert Calibration.load(out).die_size_px == 40
    assert "kept the" not in capsys.readouterr().out


@pytest.mark.skipif(os.geteuid() != 0, reason="only root gives files away")
def test_root_calibrating_in_the_tables_folder_leaves_the_picture_the_tables(
    tmp_path: Path,
) -> None:
    """E124 (commands/calibrate.py:67, the reference picture not given to the folder's
    owner): `sudo farkle-pi calibrate` in /var/lib/farkle-pi made a picture the table (the
    `farkle` user) could not write again on the next calibration."""
    folder = tmp_path / "farkle-pi"
    folder.mkdir()
    os.chown(folder, 65534, 65534)
    out = folder / "calibration.json"
    assert cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--out", str(out)]) == 0
    assert (folder / "calibration.reference.png").stat().st_uid == 65534
    assert out.stat().st_uid == 65534


def test_an_odd_count_of_numbers_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """E109 (tray/calibrate.py:125, the odd-count check dropped): seven numbers (a corner's y
    forgotten) made zip(strict=True) raise ValueError, a traceback, not the one line that
    says what to give."""
    with pytest.raises(FarkleError, match="needs at least three x,y points"):
        parse_points("40,40,520,40,520,440,40", "--tray")
    code = cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--keep-zone", "1,2,3,4,5,6,7", "--out", str(tmp_path / "c.json")])
    err = capsys.readouterr().err
    assert code == 2 and "--keep-zone needs at least three x,y points" in err
    assert err.count("\n") == 1


def test_an_outline_given_the_other_way_round_is_as_good(
    tmp_path: Path,
) -> None:
    """E110 (tray/calibrate.py:138, the area's sign kept): corners given anticlockwise have a
    negative signed area, which was taken for "encloses less than 4 dice" and refused."""
    out = tmp_path / "tray.json"
    assert cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40", "--out", str(out),
                     "--tray", "40,440,520,440,520,40,40,40"]) == 0
    assert Calibration.load(out).tray_polygon == (
        (40, 440), (520, 440), (520, 40), (40, 40))


def test_an_l_shaped_outline_does_not_cross_itself() -> None:
    """E114 (tray/calibrate.py:162, `and` as `or` in the crossing test): a side merely pointing
    at another (an L-shaped tray, or one with a corner cut off for the keep zone) was taken
    for a bow tie and refused."""
    corners = ((0.0, 0.0), (400.0, 0.0), (400.0, 200.0), (200.0, 200.0), (200.0, 400.0),
               (0.0, 400.0))
    text = ",".join(f"{x:g},{y:g}" for x, y in corners)
    assert parse_points(text, "--tray") == corners
    with pytest.raises(FarkleError, match="its sides cross"):
        parse_points("0,0,400,400,400,0,0,400", "--tray")


def test_the_empty_tray_is_five_still_frames_in_a_row() -> None:
    """E90 (tray/calibrate.py:42, the still frames kept across a movement): the lamp switched
    on while calibrating: three still frames of the dark tray, then the lit one. The empty
    tray is the lit one, seen still five frames in a row, not a median that is mostly the
    dark tray (which differs from every lit frame after it, so no die can be found)."""
    lit = np.clip(felt(), 0, 255).astype(np.uint8)
    dark = (lit // 3).astype(np.uint8)
    frames = [Frame(dark, i / 15, i) for i in range(4)]
    frames += [Frame(lit, i / 15, i) for i in range(4, 12)]
    reference = empty_tray(iter(frames))
    assert np.array_equal(reference, lit)


def test_a_glint_in_one_frame_is_not_part_of_the_empty_tray() -> None:
    """E91 (tray/calibrate.py:27, one frame taken for the empty tray) and E92
    (tray/calibrate.py:44, the mean of the frames instead of their median): a glint in one
    still frame (a reflection, too small to count as movement) stayed in the empty tray's
    picture, where the tray then takes it for something on the floor; the median of five
    frames leaves it out."""
    floor = np.clip(felt(), 0, 255).astype(np.uint8)
    glint = floor.copy()
    glint[240:244, 320:324] = 255
    pictures = [floor, glint, floor, floor, floor, floor, floor, floor]
    reference = empty_tray(iter([Frame(p, i / 15, i) for i, p in enumerate(pictures)]))
    assert np.array_equal(reference, floor)


WHOLE_PICTURE = ((10.0, 10.0), (630.0, 10.0), (630.0, 470.0), (10.0, 470.0))


def measured(*squares: tuple[int, int, int, int]) -> float:
    """The die side calibrate measures on white paper (grey level 200) with these white
    (235) squares on it, x, y, width, height."""
    floor = np.clip(np.full((480, 640, 3), 200.0) + np.random.default_rng(5).normal(
        0, 2, (480, 640, 3)), 0, 255).astype(np.uint8)
    picture = floor.copy()
    for x, y, w, h in squares:
        cv2.rectangle(picture, (x, y), (x + w - 1, y + h - 1), (235, 235, 235), -1)
    frames = [Frame(picture, i / 15, i) for i in range(8)]
    return die_size(frames, floor, WHOLE_PICTURE).side


def test_a_white_die_on_white_paper_is_measured() -> None:
    """E100 (tray/calibrate.py:31, DIE_LEVEL 22 raised to 60): a white die 35 grey levels
    brighter than white paper is still a die; a coarser level saw none ("no die seen")."""
    assert measured((300, 220, 40, 40)) == pytest.approx(40, abs=1)


@pytest.mark.parametrize("other", [
    (100, 100, 5, 5),  # a crumb: E107 (tray/calibrate.py:113, no smallest die)
    (100, 100, 40, 120),  # a pencil: E106 (tray/calibrate.py:112, 0.7 as 0.3)
    (20, 20, 260, 260),  # a box lid: E105 (tray/calibrate.py:107, no largest die)
])
def test_only_die_sized_square_blobs_are_measured(
    other: tuple[int, int, int, int]
) -> None:
    """Something else in the tray beside the die (a crumb, a pencil, a box lid) is not a die:
    counted, the median of two "dice" made the calibrated die size half or several times a
    die, and the table then finds no die of that size."""
    assert measured((300, 220, 40, 40), other) == pytest.approx(40, abs=1)


def test_the_die_size_is_the_median_of_the_dice() -> None:
    """E103 (tray/calibrate.py:97, the largest instead of the median): of three dice put in,
    one blob grown by its shadow's rim or a die touching it does not set the size."""
    assert measured((300, 220, 40, 40), (380, 220, 40, 40), (300, 300, 52, 52)) == \
        pytest.approx(40, abs=1)


# -- farkle-pi dice-check --------------------------------------------------------------------


def read_as(value: int | None, confidence: float = 0.9, flat: bool = True) -> DieReading:
    """A die the tray read, as the dice check gets it."""
    box = RotatedBox((50.0, 50.0), (30.0, 30.0), 0.0)
    return DieReading(value=value, confidence=confidence, center=(50.0, 50.0), box=box,
                      bbox=(35, 35, 30, 30), colour_name="white", colour_bgr=(230, 230, 230),
                      flat=flat, at_edge=False, touching=False)


def test_a_die_seen_outside_the_tray_fails_the_check() -> None:
    """E146 (tray/dice_check.py:77, `outside` left out of `passed`): the dice put in were all
    read, and a fourth die lay outside the outline; the table would leave that die out of a
    throw, so the check fails (exit code 1, docs/tray.md) and says why."""
    check = DiceCheck(parse_faces("123"), (read_as(1), read_as(2), read_as(3)), outside=1)
    assert not check.passed
    assert check.report()[1:] == [
        "4 dice found, 3 put in: are they all in the tray, apart and not against its wall?",
        "1 die seen outside the tray's outline",
        "put them all in the tray and check again",
    ]


def test_more_dice_found_than_put_in_is_said() -> None:
    """E150 (tray/dice_check.py:89, only fewer dice found said) and E169
    (tray/dice_check.py:179, "none" left out): a fourth "die" (a coin, a reflection) found
    among three put in is named as found, and as read where nothing was put in."""
    check = DiceCheck(parse_faces("123"), (read_as(1), read_as(2), read_as(3), read_as(5)))
    report = check.report()
    assert "4 dice found, 3 put in: are they all in the tray, apart and not against its wall?" \
        in report
    assert "misread: 5 read, where none were put in" in report


@pytest.mark.parametrize("extra", [read_as(None), read_as(4, flat=False)])
def test_an_extra_die_not_read_or_leaning_fails_the_check(extra: DieReading) -> None:
    """E147 (tray/dice_check.py:76, leaning dice left out of `passed`) and E153
    (tray/dice_check.py:108, the colour hint given with dice not read or leaning): every die
    put in was read, and one more the table could not read or took for leaning; at the table
    that throw would stop for a face or a re-throw, so the check fails, and it is not the
    colours that are wrong."""
    check = DiceCheck(parse_faces("123"), (read_as(1), read_as(2), read_as(3), extra))
    assert not check.passed
    report = "\n".join(check.report())
    assert "the faces are right, the colours are not" not in report
    assert report.endswith("or play with the buttons (`--dice manual`)")


def test_the_least_sure_die_is_the_one_named() -> None:
    """E148 (tray/dice_check.py:85, the surest die's confidence printed as the least sure)."""
    check = DiceCheck(parse_faces("12"), (read_as(1, 0.99), read_as(2, 0.61)))
    assert check.report()[1] == "all 2 dice read right (the least sure at 0.61)"


def test_a_die_taken_for_leaning_asks_for_better_light(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E152 (tray/dice_check.py:105, leaning dice left out of what the camera is blamed for):
    cocked.mp4's dice were put in flat, and one is taken for leaning; that is the camera's
    view, so the advice is the light and camera, not "put them all in and check again"."""
    assert cli.main(["dice-check", "--source", str(TRAY / "cocked.mp4"),
                     "--calibration", str(TRAY / "cocked.calibration.json")]) == 1
    out = capsys.readouterr().out
    assert "1 die put in flat but taken for leaning" in out
    assert "the camera does not read these dice well here" in out
    assert "check again" not in out


@pytest.mark.parametrize(("option", "says"), [
    (["--wait", "0"], "--wait must be a number of seconds above 0, not 0.0"),
    (["--wait", "nan"], "--wait must be a number of seconds above 0, not nan"),
    (["--rounds", "21"], "--rounds must be 1 to 20, not 21"),
])
def test_a_wait_that_is_no_time_and_too_many_rounds_are_refused(
    capsys: pytest.CaptureFixture[str], option: list[str], says: str
) -> None:
    """E171 (commands/dice_check.py:81, `not args.wait > 0` as `args.wait < 0`): --wait 0
    stopped at the first die to lie still, and --wait nan waited for ever; E172
    (commands/dice_check.py:83, 21 rounds let through)."""
    code = cli.main(["dice-check", "--source", str(FIXTURE), *option])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err == f"farkle-pi: {says}\n"


def test_the_check_stops_waiting_for_missing_dice_after_the_wait() -> None:
    """E159 (tray/dice_check.py:136, twice the wait): three of six dice settle at 1.4 s;
    with --wait 1 the check reads them by 2.5 s, not a second later."""
    frames = iter(Film().rolling(1.0, THREE).still(6.0, THREE).frames)
    check, _ = check_dice(frames, Tray(FakeReader()), wait=1.0)
    assert check.read == (Die(1), Die(3), Die(5))
    assert next(frames).t < 2.6


def test_dice_left_in_the_tray_are_asked_for_after_the_wait() -> None:
    """E164 (tray/dice_check.py:151, twice the wait): round two waits for the dice to be taken
    out at most --wait seconds (2 here), then says so."""
    six = [*THREE, (500, 100, 2), (500, 250, 4), (500, 400, 6)]
    frames = iter(Film().rolling(1.0, six).still(8.0, six).frames)
    tray = Tray(FakeReader())
    check_dice(frames, tray)
    with pytest.raises(FarkleError, match="not taken out of the tray within 2 s"):
        until_taken_out(frames, tray, wait=2.0)
    assert next(frames).t < 4.0


def test_the_rounds_use_the_wait_given_and_say_the_faces_only_when_they_change(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """E182 (commands/dice_check.py:119, the wait for the dice to be taken out left at 60 s
    whatever --wait says) and E181 (commands/dice_check.py:116, the faces repeated in every
    round's line when all rounds have the same): the tray's reading is stood in for."""
    waits: list[float] = []

    def all_read(frames: object, tray: Tray, faces: tuple[Die, ...],
                 wait: float) -> tuple[DiceCheck, Image]:
        return DiceCheck(faces, tuple(read_as(d.face) for d in faces)), np.zeros(
            (480, 640, 3), np.uint8)

    def taken_out(frames: object, tray: Tray, wait: float = 60.0) -> None:
        waits.append(wait)

    monkeypatch.setattr(dice_check_command, "check_dice", all_read)
    monkeypatch.setattr(dice_check_command, "until_taken_out", taken_out)
    assert cli.main(["dice-check", "--source", str(FIXTURE), "--rounds", "2",
                     "--wait", "7"]) == 0
    assert waits == [7.0]
    assert ("round 2 of 2: take the dice out, then put them in again, moved and turned ...\n"
            in capsys.readouterr().out)


def test_without_a_calibration_the_dice_are_read_as_the_table_would(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E178 (commands/dice_check.py:105, no word that there is no calibration): a check
    before `farkle-pi calibrate` reads as the table would without one, and says so (and what
    reads better)."""
    assert cli.main(["dice-check", "--source", str(TRAY / "basic.mp4")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("no tray calibration: reading as the table would without one "
                          "(`farkle-pi calibrate` first reads better)\n")
    assert "all 6 dice read right" in out


def test_a_die_not_read_in_a_calibrated_tray_brings_the_hint_to_learn_the_dice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """E187 (commands/dice_check.py:138, the hint given for misread dice only): docs/tray.md
    promises it when a calibrated tray "misread or could not read a die"; a die the reader
    cannot read is what learning these dice helps with."""
    def one_not_read(frames: object, tray: Tray, faces: tuple[Die, ...],
                     wait: float) -> tuple[DiceCheck, Image]:
        dice = (*(read_as(die.face) for die in faces[:-1]), read_as(None))
        return DiceCheck(faces, dice), np.zeros((480, 640, 3), np.uint8)

    monkeypatch.setattr(dice_check_command, "check_dice", one_not_read)
    assert cli.main(["dice-check", "--source", str(FIXTURE),
                     "--calibration", str(TRAY / "basic.calibration.json")]) == 1
    out = capsys.readouterr().out
    assert "1 die not read: the table would ask for the face" in out
    assert out.endswith("to teach the reader these very dice, run `farkle-pi dice-check "
                        "--learn`: six rounds, all dice showing 1, then all showing 2, and so "
                        "on\n")


def test_a_floor_patch_too_small_for_a_tray_is_refused_not_saved() -> None:
    """E96 (tray/calibrate.py:65, the size check on the outline found dropped): a busy picture
    (the camera pointed at a patterned cloth, the tray out of view) with a plain patch in the
    middle gave an "outline" of that patch, and every die outside it was "outside the tray".
    It is refused with the way out: give the outline with --tray."""
    rng = np.random.default_rng(1)
    busy = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    busy[200:280, 280:360] = (60, 110, 40)
    with pytest.raises(FarkleError, match="the tray outline found is too small; give it with "
                                          "--tray"):
        find_tray(busy)


def at(value: int, x: float, y: float) -> DieReading:
    """A die read as `value` with its centre at (x, y)."""
    box = RotatedBox((x, y), (30.0, 30.0), 0.0)
    return DieReading(value=value, confidence=0.9, center=(x, y), box=box,
                      bbox=(round(x) - 15, round(y) - 15, 30, 30), colour_name="white",
                      colour_bgr=(230, 230, 230), flat=True, at_edge=False, touching=False)


def test_learning_says_how_many_dice_its_rounds_read_right_after_and_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """E193 (commands/dice_check.py:186, the count before learning printed as the count
    after) and E192 (commands/dice_check.py:182, dice outside the tray counted in the
    re-read): the line that tells the players whether learning helped. The round read 4 of
    6 right; read again with what was learned, 5 dice in the tray are right and the sixth
    face is only on a die outside it, which the table would not count. Learning itself is
    stood in for (the shipped layer), so is the reader that reads the round again."""
    calibration = Calibration.load(TRAY / "basic.calibration.json")
    headless = load_net(READER_FILE, headless=True)
    assert headless.head is not None
    shipped = LearnedDice(headless.id, headless.head.weight, headless.head.bias, 6)
    monkeypatch.setattr(dice_check_command, "lesson", lambda *args: object())
    monkeypatch.setattr(dice_check_command, "learn", lambda lessons: shipped)
    again = [at(face, 60.0 * face, 200.0) for face in range(1, 6)] + [at(6, 600.0, 200.0)]
    monkeypatch.setattr(dice_check_command, "vision_reader", lambda after: lambda image: again)
    before = DiceCheck(parse_faces("123456"), tuple(at(face, 60.0 * face, 200.0)
                                                    for face in (1, 1, 1, 2, 3, 4)))
    assert before.right == 4
    path = tmp_path / "tray.json"
    dice_check_command.learn_dice([np.zeros((480, 640, 3), np.uint8)], [before], calibration,
                                  path)
    assert capsys.readouterr().out.splitlines()[-1] == (
        "these rounds read again with them: 5 of 6 dice right (before: 4); check with a new "
        "`farkle-pi dice-check`")
    assert Calibration.load(path).learned is not None


def test_a_kept_photo_is_named_for_its_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """E191 (commands/dice_check.py:162, the round left out of the photo's name): the photos
    are `DATE-TIME-ROUND.jpg` (docs/tray.md), so the rounds of one sitting sort in order and
    each can be found from the round's report. (Which die shows which face is stood in for.)"""
    check = DiceCheck(parse_faces("12"), (at(1, 100.0, 100.0), at(2, 200.0, 100.0)))
    monkeypatch.setattr(dice_check_command, "faces_of", lambda *args: [1, 2])
    said = dice_check_command.keep_round(tmp_path / "kept", np.zeros((480, 640, 3), np.uint8),
                                         check, None, 3)
    assert said.startswith("kept ") and said.endswith("-3.jpg (2 dice)")
    assert len(list((tmp_path / "kept").glob("*-3.jpg"))) == 1


def test_a_keep_folder_that_is_a_file_is_refused_before_the_dice_are_set_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """E194 (commands/dice_check.py:198, the --keep check before the rounds dropped): a file
    named as the folder was found only once a round was read and kept, after the players had
    set out the dice; docs/tray.md: mistakes in the outputs are said first."""
    taken = tmp_path / "photos"
    taken.write_text("a file, not a folder")
    code = cli.main(["dice-check", "--source", str(FIXTURE), "--keep", str(taken)])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err == (f"farkle-pi: --keep {taken} is a file: give a folder (it is made "
                            "if need be)\n")
