"""Behaviour of `farkle-pi detect` and `farkle-pi replay` that a hand-made mutation review
found untested: each test fails on one small change to farkle_pi/commands/detect.py,
farkle_pi/vision/types.py (the JSON contract's dice) or farkle_pi/commands/replay.py that would
give a script a wrong figure, a user a wrong listing, or lose a picture.

Most tests swap the reader for canned dice (the command, not the nets, is under test); the
pictures are the project's small synthetic ones or plain grey ones made here."""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import cv2
import numpy as np
import pytest

from farkle_pi import vision
from farkle_pi.cli import main
from farkle_pi.commands import detect as detect_command
from farkle_pi.commands import replay as replay_command
from farkle_pi.devices import Frame, open_source
from farkle_pi.tray import TrayEvent
from farkle_pi.traysim.scene import load_scene
from farkle_pi.traysim.truth import TruthReader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading, RotatedBox

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "vision"
TRAY = ROOT / "fixtures" / "tray"


def _die(value: int | None, centre: tuple[float, float], *, confidence: float = 0.9,
         side: int = 30, colour: str = "white", flat: bool = True, at_edge: bool = False,
         touching: bool = False) -> DieReading:
    bbox = (round(centre[0] - side / 2), round(centre[1] - side / 2), side, side)
    return DieReading(value, confidence, centre, RotatedBox(centre, (side, side), 0.0), bbox,
                      colour, (200, 200, 200), flat=flat, at_edge=at_edge, touching=touching)


def _reads(monkeypatch: pytest.MonkeyPatch, dice: list[DieReading]) -> None:
    """`detect` reads these dice in every picture."""
    monkeypatch.setattr(vision, "read_dice", lambda image, calibration=None: list(dice))


def _grey(path: Path, width: int = 120, height: int = 90) -> Path:
    assert cv2.imwrite(str(path), np.full((height, width, 3), 128, np.uint8))
    return path


class _Pending(io.StringIO):
    """stdout that knows whether what was written has been flushed yet."""

    pending = False

    def write(self, text: str) -> int:
        self.pending = self.pending or bool(text)
        return super().write(text)

    def flush(self) -> None:
        self.pending = False
        super().flush()


def test_each_die_in_a_json_line_is_the_die_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """F11 (detect.py:91, the picture's (width, height) swapped), F30 (types.py:59, `flat`
    true for any die at the edge), F31 (types.py:57, confidence rounded to one decimal).
    Scripts read `flat`, `confidence` and `bbox`: a die near the right edge of a landscape
    picture lost its box (clipped to the picture's height), a cocked die at the edge read as
    flat, and 0.66 became 0.7, over a script's threshold."""
    photo = FIXTURES / "synth_00.png"  # 640 x 480
    _reads(monkeypatch, [
        _die(None, (615.25, 240.0), confidence=0.65949, side=40, flat=True, at_edge=True),
        _die(4, (100.04, 300.96), confidence=0.98765, colour="red", flat=False, at_edge=True),
    ])
    assert main(["detect", "--json", str(photo)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["dice"] == [
        {"value": None, "center": [615.2, 240.0], "bbox": [595, 220, 40, 40],
         "confidence": 0.659, "color": "white", "flat": True},
        {"value": 4, "center": [100.0, 301.0], "bbox": [85, 286, 30, 30],
         "confidence": 0.988, "color": "red", "flat": False},
    ]
    # a box reaching past the right edge keeps only its part inside the picture
    _reads(monkeypatch, [_die(5, (630.0, 100.0), side=40)])
    assert main(["detect", "--json", str(photo)]) == 0
    assert json.loads(capsys.readouterr().out)["dice"][0]["bbox"] == [610, 80, 30, 40]


def test_ms_is_one_read_not_the_nets_set_up(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F04 (detect.py:79, no untimed first read of a picture size), F27 (detect.py:80, that
    first read made without the calibration), F09 (detect.py:94, ms not rounded to 0.1),
    F05 (detect.py:81, the size never noted as set up). The README promises `ms` is the time
    of read_dice alone, the one-time set-up for a new size done before timing: the first
    photo's ms was the nets' set-up (a second here); with a calibration the detector runs at
    another scale, so a first read without it sets up the wrong size. And each size is set up
    once: three photos are four reads, not six."""
    clock = [0.0]
    ready: set[tuple[object, ...]] = set()
    reads: list[tuple[int, ...]] = []

    def read(image: np.ndarray, calibration: Calibration | None = None) -> list[DieReading]:
        key = (image.shape, calibration is None)
        clock[0] += 0.00123456 if key in ready else 1.0  # nets set up for a new input size
        ready.add(key)
        reads.append(image.shape)
        return []

    monkeypatch.setattr(vision, "read_dice", read)
    monkeypatch.setattr(detect_command, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    photos = [str(FIXTURES / f"synth_0{k}.png") for k in range(3)]
    assert main(["detect", "--json", *photos]) == 0
    assert [json.loads(line)["ms"] for line in capsys.readouterr().out.splitlines()] == [1.2] * 3
    assert len(reads) == 4
    cal = FIXTURES / "tray_calibration.json"
    assert main(["detect", "--json", "--calibration", str(cal), photos[0]]) == 0
    assert json.loads(capsys.readouterr().out)["ms"] == 1.2


def test_detect_reads_single_threaded(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """F21 (detect.py:65, `cv2.setNumThreads(1)` dropped). The README: `ms` is the time of
    read_dice single-threaded, the figure compared with the issue's targets."""
    threads: list[int] = []

    def read(image: np.ndarray, calibration: Calibration | None = None) -> list[DieReading]:
        threads.append(cv2.getNumThreads())
        return []

    monkeypatch.setattr(vision, "read_dice", read)
    before = cv2.getNumThreads()
    cv2.setNumThreads(2)
    try:
        assert main(["detect", "--json", str(FIXTURES / "synth_00.png")]) == 0
    finally:
        cv2.setNumThreads(before)
    assert threads and set(threads) == {1}


def test_each_json_line_is_sent_before_the_next_photo_is_read(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """F12 (detect.py:94, `flush=True` dropped). A script reading detect's pipe gets each
    photo's line as soon as it is read, not when a buffer fills hundreds of photos later (and
    `| head` stops the run at once, before photos nobody wants are read)."""
    out = _Pending()
    unsent: list[bool] = []

    def read(image: np.ndarray, calibration: Calibration | None = None) -> list[DieReading]:
        unsent.append(out.pending)
        return [_die(3, (50.0, 50.0))]

    monkeypatch.setattr(vision, "read_dice", read)
    monkeypatch.setattr("sys.stdout", out)
    photos = [str(FIXTURES / f"synth_0{k}.png") for k in range(3)]
    assert main(["detect", "--json", *photos]) == 0
    assert len(out.getvalue().splitlines()) == 3
    assert unsent and not any(unsent)


def test_the_listing_says_each_dies_face_place_and_flags(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """F13 (detect.py:98, "cocked" for a flat die), F14 (detect.py:98, "edge" for a touching
    die), F15 (detect.py:101, "None" for an unreadable die instead of "?"), F28 (detect.py:96,
    the photo's ms left out), F29 (detect.py:103, x and y swapped). The plain listing is what a
    person reads: a wrong flag or place sends them to the wrong die."""
    photo = str(FIXTURES / "synth_00.png")
    _reads(monkeypatch, [
        _die(None, (100.4, 200.6), confidence=0.41, colour="red", flat=False, at_edge=True),
        _die(5, (300.0, 50.0), confidence=0.93, touching=True),
        _die(2, (20.0, 400.0), confidence=0.99, colour="blue"),
    ])
    assert main(["detect", photo]) == 0
    head, *dice = capsys.readouterr().out.splitlines()
    assert head.startswith(f"{photo}: 3 dice (") and head.endswith(" ms)")
    assert dice == [
        "  ?  0.41  red     at (100, 201)  cocked edge",
        "  5  0.93  white   at (300, 50)  touching",
        "  2  0.99  blue    at (20, 400)  ",
    ]


def test_the_drawn_picture_marks_the_dice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F24 (detect.py:106, the photo written as it is, not annotated). `--draw` promises the
    dice marked with their value and confidence (green = read)."""
    photo = _grey(tmp_path / "photo.png", 200, 150)
    _reads(monkeypatch, [_die(4, (100.0, 80.0), side=40)])
    assert main(["detect", "--draw", str(tmp_path / "out.png"), str(photo)]) == 0
    drawn = cv2.imread(str(tmp_path / "out.png")).astype(int)
    green = (drawn[:, :, 1] > 180) & (drawn[:, :, 0] < 100) & (drawn[:, :, 2] < 100)
    assert green.sum() > 40


def test_a_photo_with_no_dice_is_still_drawn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F37 (detect.py:104, nothing drawn when no die is found). An empty tray asked to be
    drawn gives its picture like any other (a script that shows OUT.png found none, or an old
    one from the run before)."""
    photo = _grey(tmp_path / "photo.png")
    _reads(monkeypatch, [])
    assert main(["detect", "--draw", str(tmp_path / "out.png"), str(photo)]) == 0
    drawn = cv2.imread(str(tmp_path / "out.png"))
    assert drawn is not None and drawn.shape == (90, 120, 3)


def test_draw_never_overwrites_the_calibrations_empty_tray(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F18 (detect.py:71, the calibration's files left out of what --draw must not
    overwrite). Drawing over the empty-tray picture spoils the calibration for good: the tray
    then blames the dice. Refused before any photo is read."""
    for name in ("tray_calibration.json", "tray_empty.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    empty = (tmp_path / "tray_empty.png").read_bytes()
    _reads(monkeypatch, [_die(4, (100.0, 80.0))])
    code = main(["detect", "--calibration", str(tmp_path / "tray_calibration.json"),
                 "--draw", str(tmp_path / "tray_empty.png"), str(FIXTURES / "tray_dice.png")])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "would overwrite" in err and err.count("\n") == 1
    assert (tmp_path / "tray_empty.png").read_bytes() == empty


def test_a_picture_name_in_capitals_is_drawn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F19 (detect.py:43, the name's ending compared as typed). `OUT.PNG` is a picture name
    as much as `out.png` (cameras and Windows write capitals)."""
    photo = _grey(tmp_path / "photo.png")
    _reads(monkeypatch, [])
    assert main(["detect", "--draw", str(tmp_path / "OUT.PNG"), str(photo)]) == 0
    assert (tmp_path / "OUT.PNG").read_bytes()[:4] == b"\x89PNG"


def test_several_photos_are_drawn_in_the_kind_of_picture_asked_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F20 (detect.py:52, OUT-<image name> instead of OUT-<image stem><OUT's ending>). With
    `--draw out.jpg a.png b.png` the drawings are out-a.jpg and out-b.jpg, JPEGs as asked."""
    photos = [str(_grey(tmp_path / name)) for name in ("a.png", "b.png")]
    _reads(monkeypatch, [])
    assert main(["detect", "--draw", str(tmp_path / "out.jpg"), *photos]) == 0
    for name in ("out-a.jpg", "out-b.jpg"):
        assert (tmp_path / name).read_bytes()[:2] == b"\xff\xd8"


class _ClosedAfterOneLine(io.StringIO):
    """stdout piped into `head -1`: the second line finds the pipe closed."""

    def write(self, text: str) -> int:
        if "\n" in self.getvalue():
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_a_drawing_that_failed_still_fails_the_run_when_the_pipe_closes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """F26 (detect.py:109, the failed drawing not noted for the closed-pipe exit). `detect
    --draw ... | head -1`: the first photo's drawing could not be written, then the pipe
    closed; the run must still exit 2, as it does for a photo that could not be read."""
    photos = [str(_grey(tmp_path / name)) for name in ("a.png", "b.png")]
    _reads(monkeypatch, [])
    monkeypatch.setattr("sys.stdout", _ClosedAfterOneLine())
    target = tmp_path / "no-such-folder" / "out.png"
    assert main(["detect", "--draw", str(target), *photos]) == 2
    assert "cannot write" in capsys.readouterr().err


# --- replay ---------------------------------------------------------------------------------


class _Truth:
    """The tray's still-image reader and source swapped for the script's truth of a recording,
    noting what the command asked of them."""

    def __init__(self, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reader = TruthReader(load_scene(TRAY / f"{name}.json"))
        self.calibrations: list[Calibration | None] = []
        self.opened: list[dict[str, Any]] = []
        self.stdout = _Pending()
        self.unsent: list[bool] = []
        truth = self

        class Following:
            def __init__(self, spec: str, **kw: Any) -> None:
                truth.opened.append(kw)
                self.source = open_source(spec, **{**kw, "realtime": False})

            def __enter__(self) -> Iterator[Frame]:
                for frame in truth.reader.follow(self.source):
                    truth.unsent.append(truth.stdout.pending)
                    yield frame

            def __exit__(self, *exc: object) -> None:
                self.source.close()

        def reader(calibration: Calibration | None) -> TruthReader:
            self.calibrations.append(calibration)
            return self.reader

        monkeypatch.setattr(replay_command, "vision_reader", reader)
        monkeypatch.setattr(replay_command, "open_source", Following)


def test_replay_reads_and_follows_the_tray_with_its_calibration(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """F135 (replay.py:39, the tray followed without the calibration), F140 (replay.py:39, the
    dice read without it), F138 (replay.py:51, a prompt's reason left out of the listing).
    outside.mp4: a die lands beside the tray. With the calibration the throw is the 2 and 6
    in the tray and a prompt says one is outside; without it the outside die joined the
    throw. docs/tray.md: the reader is read_dice with the calibration."""
    truth = _Truth("outside", monkeypatch)
    cal = TRAY / "outside.calibration.json"
    assert main(["replay", str(TRAY / "outside.mp4"), "--calibration", str(cal)]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [words[1:] for words in lines] == [
        ["empty"], ["settled", "2", "6"], ["prompt", "(outside)", "2"]]
    [asked] = truth.calibrations
    assert asked is not None and asked.tray_polygon == Calibration.load(cal).tray_polygon


def test_replay_at_the_recordings_own_speed_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """F139 (replay.py:40, --realtime not passed to the source). `--realtime` replays at the
    recording's speed (to watch it beside the table), else as fast as it reads."""
    truth = _Truth("outside", monkeypatch)
    assert main(["replay", str(TRAY / "outside.mp4"), "--realtime"]) == 0
    assert main(["replay", str(TRAY / "outside.mp4")]) == 0
    assert [kw["realtime"] for kw in truth.opened] == [True, False]


def test_replay_sends_each_event_before_reading_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """F136 (replay.py:44, the line not flushed). A script following the tray through the pipe
    gets each event when it happens, not when the recording ends."""
    truth = _Truth("outside", monkeypatch)
    monkeypatch.setattr("sys.stdout", truth.stdout)
    cal = TRAY / "outside.calibration.json"
    assert main(["replay", str(TRAY / "outside.mp4"), "--calibration", str(cal),
                 "--json"]) == 0
    assert len(truth.stdout.getvalue().splitlines()) == 3
    assert truth.unsent and not any(truth.unsent)


def test_replay_lists_an_unreadable_die_as_a_question_mark() -> None:
    """F137 (replay.py:50, "None" for an unreadable die). The listing shows faces as the
    detect listing does: `?` for a die to be thrown again or corrected."""
    event = TrayEvent(3.07, "prompt", (_die(None, (50.0, 50.0)), _die(5, (90.0, 50.0))),
                      reason="unreadable")
    assert replay_command.describe(event) == "   3.07  prompt (unreadable)    5 ?"


def test_replay_takes_up_to_twelve_dice_a_throw(capsys: pytest.CaptureFixture[str]) -> None:
    """F133 (replay.py:36, --expect capped at 6). The error says "from 1 to 12" (a variant with
    more dice); 12 is taken (here the missing recording is the error), 13 is not."""
    assert main(["replay", "no/such.mp4", "--expect", "12"]) == 2
    err = capsys.readouterr().err
    assert "--expect" not in err and "no/such.mp4" in err
    assert main(["replay", "no/such.mp4", "--expect", "13"]) == 2
    assert "--expect must be a number of dice from 1 to 12, not 13" in capsys.readouterr().err
