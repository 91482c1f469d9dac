"""Behaviour of the camera's side of the table that a hand-made mutation review found
untested: each test fails on one small change to farkle_pi/table/camera.py."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from queue import Queue
from types import SimpleNamespace

import numpy as np
import pytest
from test_survival_camera import Cable, Dice, FakeCamera, Sockets, no_dice, wait_for

from farkle_pi.config import CameraConfig
from farkle_pi.devices import Frame
from farkle_pi.devices.frames import Image
from farkle_pi.errors import FarkleError
from farkle_pi.table import camera as camera_module
from farkle_pi.table.camera import (
    DEMO_SESSION,
    LiveTray,
    Recording,
    TrayPlayer,
    misreads,
    open_live_tray,
    recording_reader,
)
from farkle_pi.tray import Tray, TrayEvent

FPS = 10


class Clip:
    """A recording's frames, `seconds` long: each frame's one pixel holds its number."""

    def __init__(self, seconds: float) -> None:
        self.count = round(seconds * FPS)

    def __enter__(self) -> Clip:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __iter__(self) -> Iterator[Frame]:
        for index in range(self.count):
            yield Frame(np.full((1, 1, 3), index, np.uint8), index / FPS, index)


def recorded(folder: Path, throws: list[tuple[float, list[int]]]) -> Recording:
    """A recording whose script says these throws (settled at, faces) lie in the tray."""
    events = [{"kind": "settled", "after": after, "values": faces, "count": len(faces),
               "reason": None} for after, faces in throws]
    (folder / "demo.json").write_text(json.dumps({"events": events}))
    return Recording(folder)


def seeing(throws: list[tuple[float, list[int]]], extra: int = 0
           ) -> Callable[[Image], list[SimpleNamespace]]:
    """A reader that sees what lies in the tray at the frame's time: the last throw settled
    half a second before (dice come to rest, then are read), nothing while they roll; and
    `extra` more dice it cannot read."""
    def read(image: Image) -> list[SimpleNamespace]:
        t = int(image[0, 0, 0]) / FPS
        lying = [faces for after, faces in throws if after + 0.5 <= t]
        faces = lying[-1] if lying else []
        return [SimpleNamespace(value=face) for face in [*faces, *[None] * extra]]

    return read


THROWS = [(1.0, [1, 2, 3, 3, 5, 6]), (3.0, [2, 4, 4, 5])]


def test_a_reader_that_reads_every_settled_throw_right_plays_the_recording(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check looks at each throw once its dice are still (half a second after they
    settle): a good reader is not turned away for the rolling dice it saw before."""
    monkeypatch.setattr(camera_module, "open_source", lambda spec: Clip(6.0))
    reader = seeing(THROWS)
    assert misreads(recorded(tmp_path, THROWS), reader) is None  # type: ignore[arg-type]


def test_dice_the_reader_cannot_read_count_as_a_misread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Right faces with a die too many (one it saw but could not read) are a wrong read."""
    monkeypatch.setattr(camera_module, "open_source", lambda spec: Clip(6.0))
    reader = seeing(THROWS, extra=1)
    wrong = misreads(recorded(tmp_path, THROWS), reader)  # type: ignore[arg-type]
    assert wrong == "misreads 2 of 2 throws"


def test_a_throw_the_video_ends_before_counts_as_a_misread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A script with a throw after the video's end (a cut recording) cannot be trusted to
    the reader: the throw it never saw is a misread."""
    monkeypatch.setattr(camera_module, "open_source", lambda spec: Clip(6.0))
    throws = [*THROWS, (9.0, [1, 1])]
    reader = seeing(throws)
    wrong = misreads(recorded(tmp_path, throws), reader)  # type: ignore[arg-type]
    assert wrong == "misreads 1 of 3 throws"


class NotingTray(Tray):
    """A tray that notes the number of every frame fed to it (and sees no events)."""

    def __init__(self) -> None:
        super().__init__(no_dice, None, expect_full=6)
        self.fed: list[int] = []

    def feed(self, frame: Frame) -> list[TrayEvent]:
        self.fed.append(frame.index)
        return []


def test_a_recording_is_fed_frame_by_frame_up_to_the_tables_clock() -> None:
    """The demo plays a recording in step with the table's clock: each call feeds the frames
    up to that moment (the one at the moment too), none twice, none skipped, and the picture
    shown is the last one fed."""
    frames = [Frame(np.zeros((1, 1, 3), np.uint8), index / FPS, index) for index in range(10)]
    tray = NotingTray()
    player = TrayPlayer(Clip(0), tray, iter(frames))  # type: ignore[arg-type]
    player.until(0.3)
    assert tray.fed == [0, 1, 2, 3] and player.latest is frames[3]
    player.until(0.5)
    assert tray.fed == [0, 1, 2, 3, 4, 5] and player.latest is frames[5]
    assert not player.finished
    player.until(60.0)
    assert tray.fed == list(range(10)) and player.finished


def unplugged_and_back(live: LiveTray, cable: Cable) -> None:
    """The cable pulled once pictures come, until the tray says so; then plugged back in
    until the camera gives pictures again."""
    wait_for(lambda: live.latest is not None)
    cable.plugged = False
    wait_for(lambda: live.error != "")
    cable.plugged = True
    wait_for(lambda: live.error == "" and live.latest is not None)


def test_after_the_camera_comes_back_its_pictures_keep_coming() -> None:
    """A camera picked up again after a loose cable goes on giving pictures (and throws): the
    tray's thread reads on, it does not stop at its first picture."""
    cable = Cable()
    live = LiveTray(FakeCamera(cable), Tray(no_dice, None, expect_full=6), Queue(),
                    reopen=lambda: FakeCamera(cable), retry_seconds=0.01)
    live.start()
    try:
        unplugged_and_back(live, cable)
        wait_for(lambda: live.latest is not None and live.latest.index > 10)
    finally:
        live.stop()


def test_a_camera_not_found_is_not_also_said_to_be_starting() -> None:
    """Once a camera that never answered is "not found", no screen says it is starting."""
    sockets = Sockets(Cable())
    sockets.hold.clear()  # opening it hangs
    live = LiveTray(None, Tray(no_dice), Queue(), reopen=lambda: sockets("opencv:0"),
                    stale_seconds=0.05)
    live.start()
    try:
        wait_for(lambda: live.status() == camera_module.NOT_FOUND)
        assert live.opening() == ""
    finally:
        sockets.hold.set()
        live.stop()


def test_a_slow_warm_up_gives_the_camera_its_whole_time_to_start() -> None:
    """The camera's time to give a first picture starts when the reader is warm: a warm-up
    longer than that time does not make the camera "not found" the moment it is asked."""
    sockets = Sockets(Cable())
    sockets.hold.clear()  # the camera takes its time to open
    warm = threading.Event()

    def warm_up() -> None:
        warm.wait(5)

    live = LiveTray(None, Tray(no_dice), Queue(), reopen=lambda: sockets("picamera2"),
                    stale_seconds=2.0, warm_up=warm_up)
    live.start()
    try:
        time.sleep(2.5)  # a warm-up longer than the camera's time (2 s: room for a slow CI)
        warm.set()
        wait_for(lambda: sockets.tries == 1)
        assert live.status() == "" and live.opening() == camera_module.OPENING
    finally:
        warm.set()
        sockets.hold.set()
        live.stop()


class ClosingCamera(FakeCamera):
    """A camera that notes being closed (`closed` counts them all); one that `gives` no
    picture reads None."""

    closed = 0

    def __init__(self, cable: Cable | None = None, gives: bool = True) -> None:
        super().__init__(cable or Cable())
        self.gives = gives

    def read(self) -> Frame | None:
        return super().read() if self.gives else None

    def close(self) -> None:
        ClosingCamera.closed += 1


@pytest.mark.parametrize("trouble", ["no first picture", "reader broken"])
def test_a_recording_that_cannot_be_played_is_a_clear_error_and_let_go(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trouble: str) -> None:
    """A recording that gives no picture, or a reader that cannot read it, stops the table
    with one line (no traceback), and the file is closed again."""
    def broken(image: Image) -> list[object]:
        raise FarkleError("no vision model")

    ClosingCamera.closed = 0
    first = trouble != "no first picture"
    monkeypatch.setattr(camera_module, "open_source", lambda *a, **k: ClosingCamera(gives=first))
    reader = broken if trouble == "reader broken" else no_dice
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: reader)
    monkeypatch.setattr(camera_module, "warming", lambda reader: lambda: None)
    message = "gave no picture" if trouble == "no first picture" else "no vision model"
    with pytest.raises(FarkleError, match=message):
        open_live_tray(CameraConfig(source=str(tmp_path / "session.mp4")),
                       tmp_path / "none.json", Queue())
    assert ClosingCamera.closed == 1


@pytest.mark.parametrize(("failure", "why"), [
    (None, "no picture"),  # a picamera2 timeout: a read that gives nothing
    (OSError(), "OSError"),  # an error without words: its kind at least
], ids=["no picture", "wordless error"])
def test_a_lost_camera_says_why_in_words(failure: Exception | None, why: str) -> None:
    cable = Cable()

    class Failing(FakeCamera):
        def read(self) -> Frame | None:
            frame = super().read()  # None once unplugged (quiet)
            if frame is None and failure is not None:
                raise failure
            return frame

    live = LiveTray(Failing(cable, quiet=True), Tray(no_dice), Queue(),
                    reopen=lambda: Failing(cable, quiet=True), retry_seconds=0.01)
    live.start()
    try:
        wait_for(lambda: live.latest is not None)
        cable.plugged = False
        wait_for(lambda: live.error != "")
        assert live.error == f"camera lost ({why}): enter the dice by hand, or check the cable"
    finally:
        live.stop()


def test_a_camera_is_shown_lost_and_looked_for_again_within_seconds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A wedged camera is said to be lost within a few seconds (the players type the dice
    meanwhile), and a camera plugged back in is picked up within a few seconds too."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    live = open_live_tray(CameraConfig(source="opencv:0"), tmp_path / "none.json", Queue())
    assert 0 < live.retry_seconds <= 3 and 0 < live.stale_seconds <= 5


def test_dice_lying_when_the_camera_is_plugged_in_are_reported_as_found_there() -> None:
    """The game went on by hand while the camera was not there: the dice it sees when it is
    plugged in are reported `resumed` (the table tells a throw made meanwhile from dice left
    lying), not as a throw just made."""
    cable = Cable()
    cable.plugged = False
    in_tray = Dice()
    in_tray.faces = (1, 1, 5, 2, 3, 4)
    events: Queue[TrayEvent] = Queue()
    live = LiveTray(None, Tray(in_tray, None, expect_full=6), events,
                    reopen=lambda: FakeCamera(cable), retry_seconds=0.01)
    live.start()
    try:
        wait_for(lambda: live.error == camera_module.NOT_FOUND)
        cable.plugged = True
        wait_for(lambda: not events.empty())
        event = events.get_nowait()
        assert event.kind == "settled" and event.resumed
        assert sorted(d.value or 0 for d in event.dice) == [1, 1, 2, 3, 4, 5]
    finally:
        live.stop()


def test_a_lost_camera_is_let_go_before_it_is_opened_again_and_at_the_end() -> None:
    """A camera can be opened once (picamera2, V4L2): the lost one is closed before it is
    opened again, or it never comes back; and the table's end closes the camera it has."""
    cable = Cable()
    ClosingCamera.closed = 0
    live = LiveTray(ClosingCamera(cable), Tray(no_dice), Queue(),
                    reopen=lambda: ClosingCamera(cable), retry_seconds=0.01)
    live.start()
    try:
        unplugged_and_back(live, cable)
        assert ClosingCamera.closed == 1
    finally:
        live.stop()
    assert ClosingCamera.closed == 2


def test_the_cameras_time_starts_when_the_tray_starts() -> None:
    """A tray made a while before it is started (the table still opening) is not "lost" the
    moment it starts."""
    sockets = Sockets(Cable())
    sockets.hold.clear()  # the camera takes its time to open
    live = LiveTray(None, Tray(no_dice), Queue(), reopen=lambda: sockets("opencv:0"),
                    stale_seconds=0.2)
    time.sleep(0.3)
    live.start()
    try:
        assert live.status() == "" and live.opening() == camera_module.OPENING
    finally:
        sockets.hold.set()
        live.stop()


def test_the_demo_plays_its_script_when_the_vision_reader_misreads_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo must show the recording's true dice: with a vision reader that misreads them
    it plays the script (and says why); with one that reads them right, the reader."""
    recording = Recording(DEMO_SESSION)
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "misreads", lambda recording, reader: "misreads 2 of 7")
    reader, _, how = recording_reader(recording, iter([]))
    assert reader is not no_dice and how.endswith("(vision reader: misreads 2 of 7)")
    monkeypatch.setattr(camera_module, "misreads", lambda recording, reader: None)
    reader, _, how = recording_reader(recording, iter([]))
    assert reader is no_dice and how == "the vision reader"


def test_the_table_warms_its_reader_up_on_dice_before_the_cameras_pictures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`farkle-pi table`'s tray reads a picture with dice (the demo's) before the camera's
    first picture: the evening's first throw is not slowed by the reader's first run."""
    shapes: list[tuple[int, ...]] = []

    def noting(image: Image) -> list[object]:
        shapes.append(image.shape[:2])
        return []

    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: noting)
    monkeypatch.setattr(camera_module, "open_source", lambda *a, **k: FakeCamera(Cable()))
    live = open_live_tray(CameraConfig(source="opencv:0", width=64, height=48),
                          tmp_path / "none.json", Queue())
    live.start()
    try:
        wait_for(lambda: len(shapes) >= 2)
    finally:
        live.stop()
    assert shapes[0] == (48, 64)  # the reader checked on a blank picture of the camera's size
    assert shapes[1] != (48, 64)  # then warmed up on the demo's dice


def test_a_missing_camera_is_looked_for_every_retry_not_all_the_time() -> None:
    """Looking for a camera that is not there must not keep a Pi's core busy all evening."""
    sockets = Sockets(Cable(), fails=10**6)
    live = LiveTray(None, Tray(no_dice), Queue(), reopen=lambda: sockets("opencv:0"),
                    retry_seconds=0.1)
    live.start()
    time.sleep(0.55)
    live.stop()
    assert 2 <= sockets.tries <= 8
