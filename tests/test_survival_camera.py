"""The camera cable wiggles loose mid-game, or is not there at boot: the screen says so, typed
dice keep the game going, and when the camera answers it is picked up without a restart."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from queue import Queue
from typing import Any

import cv2
import numpy as np
import pygame
import pytest
from fuzzing import Outcome, run_cli
from gpiozero.pins.mock import MockFactory
from table_games import table_in_play

from farkle_pi.app import App
from farkle_pi.config import ButtonsConfig, CameraConfig
from farkle_pi.devices import Frame
from farkle_pi.devices.frames import CameraBusy, Image, SourceBase
from farkle_pi.errors import FarkleError
from farkle_pi.store import Store
from farkle_pi.table import camera as camera_module
from farkle_pi.table.camera import LiveTray, open_live_tray
from farkle_pi.table.table import Table
from farkle_pi.tray import Tray, TrayEvent
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.learned import LearnedDice
from farkle_pi.vision.types import DieReading, RotatedBox


class Cable:
    """The camera's cable: while unplugged every read fails and opening it fails."""

    def __init__(self) -> None:
        self.plugged = True
        self.opened = 0


class FakeCamera(SourceBase):
    """A camera behind `cable`: an empty grey tray while plugged; a V4L2-like error when not,
    or None (a picamera2 timeout) when `quiet`."""

    def __init__(self, cable: Cable, quiet: bool = False) -> None:
        if not cable.plugged:
            raise FarkleError("no camera at opencv:0")
        cable.opened += 1
        self.cable = cable
        self.quiet = quiet
        self.index = 0

    def read(self) -> Frame | None:
        time.sleep(0.002)
        if not self.cable.plugged:
            if self.quiet:
                return None
            raise OSError("VIDIOC_DQBUF: No such device")
        self.index += 1
        return Frame(np.full((48, 64, 3), 90, np.uint8), self.index / 30, self.index)


def no_dice(image: Any) -> list[Any]:
    return []


def camera_table(tmp_path: Path, source: str, more: str = "") -> Outcome:
    """`farkle-pi table` in camera mode on a small window, its store in tmp_path."""
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\ndice = "camera"\n[camera]\nsource = "{source}"\n{more}'
                      f'[screen]\nsize = "480x320"\nfullscreen = false\n'
                      f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
    return run_cli(["table", "--config", str(config), "--windowed"])


def wait_for(condition: Callable[[], bool], app: App | None = None, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        if app is not None:
            app.step()
        time.sleep(0.005)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with table_in_play(tmp_path / "farkle.db", "camera") as table:
        yield table


@pytest.mark.parametrize("quiet", [False, True], ids=["read raises", "read gives None"])
def test_a_lost_camera_is_shown_typed_dice_play_on_and_it_is_picked_up_again(
    table: Table, quiet: bool
) -> None:
    cable = Cable()
    events: Queue[TrayEvent] = Queue()
    live = LiveTray(FakeCamera(cable, quiet), Tray(no_dice, None, expect_full=6), events,
                    reopen=lambda: FakeCamera(cable, quiet), retry_seconds=0.01)
    # one queue, as `farkle-pi table` shares it: LiveTray puts TrayEvents, the App takes them as
    # TrayNews; a Queue is invariant, so no annotation fits both ends
    app = App(table, open_surface((480, 320), headless=True), DARK,
              tray_events=events)  # type: ignore[arg-type]
    app.follow(live)
    live.start()
    try:
        wait_for(lambda: live.latest is not None, app)
        app.step()
        assert app._picture is not None and app.view is not None
        assert not app.view.prompt.startswith("camera lost")

        cable.plugged = False
        wait_for(lambda: live.error != "", app)
        app.step()
        assert app.view is not None and app.view.prompt.startswith("camera lost")
        assert "enter the dice by hand" in app.view.prompt
        assert live.latest is None

        for face in "115234":  # typed on the keyboard: the game goes on without the camera
            key = pygame.key.key_code(face)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=face, mod=0))
        app.step()
        app.actions.put(Action("keep"))  # the coach's best keep: 1 1 5
        app.step()
        state = table.state
        assert state is not None and [str(t) for t in state.throws] == ["112345"]
        assert state.phase == "choose" and state.turn_points >= 100 and app.errors == 0

        opened = cable.opened
        cable.plugged = True
        wait_for(lambda: live.error == "" and live.latest is not None, app)
        app.step()
        assert cable.opened > opened  # closed and opened again, not just read again
        assert not app.view.prompt.startswith("camera lost")
        assert live.losses == 1 and app.errors == 0
        assert table.store.latest() is not None
        assert table.store.latest().state == table.state  # type: ignore[union-attr]
    finally:
        live.stop()


def test_without_reopen_the_end_of_a_recording_just_ends(table: Table) -> None:
    cable = Cable()
    live = LiveTray(FakeCamera(cable, quiet=True), Tray(no_dice), Queue())
    live.start()
    cable.plugged = False
    live._thread.join(timeout=5)
    assert not live._thread.is_alive()
    assert live.error == "the camera stopped sending pictures" and live.losses == 0


@pytest.mark.parametrize(("spec", "reopens"), [("opencv:0", True), ("picamera2", True),
                                                ("recording", False)])
def test_open_live_tray_looks_again_only_for_real_cameras(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str, reopens: bool
) -> None:
    cable = Cable()
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "open_source", lambda *a, **k: FakeCamera(cable))
    if spec == "recording":
        spec = str(tmp_path / "session.mp4")
    live = open_live_tray(CameraConfig(source=spec), tmp_path / "none.json", Queue())
    assert (live.reopen is not None) == reopens
    # a camera without a tray calibration says how to read better (a recording has none)
    assert live.notice == (camera_module.NOT_CALIBRATED if reopens else "")
    # a camera is opened by the tray's thread (the first screen does not wait for it); a
    # recording at once, here: one that is not there is a config error
    assert (live.source is None) == reopens
    if live.source is not None:
        live.source.close()


def test_farkle_pi_table_shows_a_lost_camera_and_picks_it_up_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same through the command the Pi runs: only the camera behind the seam is fake."""
    cable = Cable()

    def fake_live_tray(camera: CameraConfig, calibration: Path, events: Queue[TrayEvent]
                       ) -> LiveTray:
        return LiveTray(FakeCamera(cable), Tray(no_dice), events,
                        reopen=lambda: FakeCamera(cable), retry_seconds=0.01)

    prompts: list[str] = []
    step = App.step

    def frame(app: App) -> bool:
        running = step(app)
        if app.frames == 1:
            app.actions.put(Action("bank"))  # start the game from the setup screen
        view = app.view
        if view is not None and view.screen == "throw":
            lost = view.prompt.startswith("camera lost")
            prompts.append("lost" if lost else "seen")
            # plugged for 5 frames, pulled until 5 frames said so, then plugged back in
            cable.plugged = prompts.count("seen") < 5 or prompts.count("lost") >= 5
        time.sleep(0.002)
        return running and len(prompts) < 400 and not (
            "lost" in prompts and prompts[-1] == "seen")

    monkeypatch.setattr(camera_module, "open_live_tray", fake_live_tray)
    monkeypatch.setattr(App, "step", frame)
    outcome = camera_table(tmp_path, "opencv:0", '[buttons]\npin_factory = "mock"\n')
    assert outcome.code == 0, outcome
    assert "lost" in prompts and prompts[-1] == "seen", prompts
    assert prompts.index("lost") >= 5  # seen first, then lost, then seen again


def test_a_camera_that_hangs_instead_of_failing_is_shown_as_lost_too() -> None:
    """A read that never returns (a wedged driver) raises nothing: the status watches the clock."""
    released = threading.Event()

    class Wedged(FakeCamera):
        def read(self) -> Frame | None:
            if self.index >= 3:
                released.wait(5)
            return super().read()

    live = LiveTray(Wedged(Cable()), Tray(no_dice), Queue(), reopen=lambda: Wedged(Cable()),
                    stale_seconds=0.05)
    live.start()
    try:
        wait_for(lambda: live.latest is not None and live.latest.index == 3)
        wait_for(lambda: live.status() != "")
        assert live.status().startswith("camera lost (no picture for")
        assert "enter the dice by hand" in live.status() and live.error == ""
        released.set()
        wait_for(lambda: live.status() == "")
    finally:
        released.set()
        live.stop()


# ---------------------------------------------------------------------------------------------
# The camera is not there when the Pi boots (a loose ribbon, a webcam plugged in later): the
# table comes up with typed dice, says so, and takes the camera up when it answers.


class Sockets:
    """open_source as the table calls it: fails while the cable is out (the first `fails` tries
    at least), counting every try; `hold` keeps an open hanging, as picamera2's warm-up does,
    and `answer` the first open after the failures (the camera plugged in when the test says)."""

    def __init__(self, cable: Cable, fails: int = 0) -> None:
        self.cable = cable
        self.fails = fails
        self.tries = 0
        self.hold = threading.Event()
        self.hold.set()
        self.answer = threading.Event()
        self.answer.set()

    def __call__(self, spec: str, realtime: bool = False, fps: float = 15.0,
                 size: tuple[int, int] = (640, 480)) -> FakeCamera:
        self.tries += 1
        self.hold.wait(5)
        if self.tries <= self.fails:
            raise FarkleError(f"no camera found: {spec}")
        self.answer.wait(5)
        return FakeCamera(self.cable)


def booted(spec: str, sockets: Sockets, table: Table, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> tuple[LiveTray, App]:
    """The table's camera opened as `farkle-pi table` does, through `sockets`; not started."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "open_source", sockets)
    monkeypatch.setattr(camera_module, "RETRY_SECONDS", 0.01)
    live = open_live_tray(CameraConfig(source=spec), tmp_path / "none.json", Queue())
    app = App(table, open_surface((480, 320), headless=True), DARK)
    app.follow(live)
    return live, app


def test_a_camera_missing_at_the_start_is_looked_for_until_it_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    sockets = Sockets(Cable(), fails=3)
    sockets.answer.clear()  # (plugged in once the dice are typed: else, on a quick machine, the
    # camera answered before KEEP was pressed, and KEEP then asked for a throw into the tray)
    live, app = booted("picamera2", sockets, table, tmp_path, monkeypatch)
    assert live.source is None and sockets.tries == 0  # the thread opens it
    live.start()
    try:
        wait_for(lambda: live.status() == camera_module.NOT_FOUND)
        app.step()
        assert app.view is not None and app.view.prompt == camera_module.NOT_FOUND
        app.actions.put(Action("keep"))  # KEEP where a throw is due: the dice are typed
        app.step()
        assert app.view.keypad and app.view.typed == "1" and not app.view.error
        sockets.answer.set()
        wait_for(lambda: live.status() == "" and live.latest is not None, app)
        app.step()
        assert sockets.tries == 4  # three failures, then it answered, and no more tries
        assert app._picture is not None and app.view.prompt == ""
        assert live.losses == 0 and app.errors == 0  # not found is not lost
    finally:
        live.stop()


def test_the_table_plays_on_while_opening_the_camera_hangs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """The looking happens in the tray's thread: a camera open that hangs blocks no frame."""
    sockets = Sockets(Cable())
    live, app = booted("opencv:0", sockets, table, tmp_path, monkeypatch)
    live.stale_seconds = 0.05  # (3 s at the table) before a camera never seen is "not found"
    sockets.hold.clear()
    live.start()
    try:
        wait_for(lambda: sockets.tries == 1)  # the first open is hanging now
        wait_for(lambda: live.status() == camera_module.NOT_FOUND)
        for face in "222346":
            app.actions.put(Action("digit", value=int(face)))
        for _ in range(20):
            app.step()
        state = table.state
        assert state is not None and [str(t) for t in state.throws] == ["222346"]
        assert app.view is not None and app.view.prompt == camera_module.NOT_FOUND
        assert app.frames == 20 and live.latest is None
        sockets.hold.set()
        wait_for(lambda: live.status() == "", app)
    finally:
        sockets.hold.set()
        live.stop()


def test_the_screen_says_the_camera_is_starting_until_its_first_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """picamera2 takes seconds to start at boot: a screen that said nothing looked broken."""
    sockets = Sockets(Cable())
    live, app = booted("picamera2", sockets, table, tmp_path, monkeypatch)
    live.stale_seconds = 60.0
    sockets.hold.clear()
    live.start()
    try:
        wait_for(lambda: sockets.tries == 1)  # the first open is under way
        app.step()
        assert app.view is not None and app.view.screen == "throw"
        assert app.view.prompt == camera_module.OPENING and live.status() == ""
        assert not app.view.keypad  # not lost: its dice will come from the camera
        sockets.hold.set()
        wait_for(lambda: live.latest is not None, app)
        app.step()
        assert live.opening() == "" and app.view.prompt != camera_module.OPENING
    finally:
        sockets.hold.set()
        live.stop()


def test_a_slow_warm_up_is_not_taken_for_a_missing_camera(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """The reader's first read (seconds on a Pi) comes before the camera is asked: "camera
    not found" and the keypad then flickered up before it had been tried."""
    sockets = Sockets(Cable())
    live, app = booted("picamera2", sockets, table, tmp_path, monkeypatch)
    live.stale_seconds = 0.05
    warming = threading.Event()

    def warm_up() -> None:
        warming.wait(5)

    live.warm_up = warm_up
    live._warming = True
    live.start()
    try:
        time.sleep(0.2)  # four times the stale time, still warming
        assert live.status() == "" and live.opening() == camera_module.OPENING
        assert sockets.tries == 0
        warming.set()
        wait_for(lambda: live.latest is not None, app)
        assert live.status() == "" and live.opening() == ""
    finally:
        warming.set()
        live.stop()


def test_a_camera_another_program_holds_is_shown_busy_and_taken_up_when_let_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table,
    caplog: pytest.LogCaptureFixture
) -> None:
    """A leftover `rpicam-hello` holds the Camera Module at boot: the screen said "camera not
    found" and the journal gave no reason (it was logged at debug level), so the owner reseated
    a good ribbon cable. Now the screen says busy, the journal says why once (not every 2 s),
    typed dice play meanwhile, and the camera is taken up when the other program lets go."""
    cable = Cable()
    other = threading.Event()  # set while another program holds the camera
    other.set()
    tries = 0

    def open_camera(*args: Any, **kwargs: Any) -> SourceBase:
        nonlocal tries
        tries += 1
        if other.is_set():  # what farkle_pi.devices.picamera raises for libcamera's EBUSY
            raise CameraBusy("camera busy: another program has it open (Camera __init__ "
                             "sequence did not complete.); close the program that has it")
        return FakeCamera(cable)

    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "open_source", open_camera)
    monkeypatch.setattr(camera_module, "RETRY_SECONDS", 0.01)
    live = open_live_tray(CameraConfig(source="picamera2"), tmp_path / "none.json", Queue())
    app = App(table, open_surface((480, 320), headless=True), DARK)
    app.follow(live)
    with caplog.at_level("INFO", logger="farkle_pi.table.camera"):
        live.start()
        try:
            wait_for(lambda: tries >= 5)
            app.step()
            assert live.status() == camera_module.BUSY
            assert app.view is not None and app.view.prompt == camera_module.BUSY
            for face in "115234":  # typed dice play on meanwhile
                app.actions.put(Action("digit", value=int(face)))
            for _ in range(3):
                app.step()
            state = table.state
            assert state is not None and [str(t) for t in state.throws] == ["112345"]
            other.clear()  # rpicam-hello closed
            wait_for(lambda: live.status() == "" and live.latest is not None, app)
        finally:
            live.stop()
    said = [r.getMessage() for r in caplog.records]
    reasons = [line for line in said if "cannot be opened" in line]
    assert len(reasons) == 1 and "another program has it open" in reasons[0]
    assert not any(line.startswith("camera not found") for line in said)
    assert app.errors == 0


@pytest.mark.parametrize("failure", ["no picture", "read raises", "open crashes"])
def test_a_camera_that_opens_badly_at_the_start_is_looked_for_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    cable = Cable()

    class Bad(FakeCamera):
        def read(self) -> Frame | None:
            if failure == "read raises":
                raise OSError("VIDIOC_STREAMON: No such device")
            return None

    def open_bad(*args: Any, **kwargs: Any) -> SourceBase:
        if failure == "open crashes":
            raise RuntimeError("libcamera: pipeline handler failed")
        return Bad(cable)

    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "open_source", open_bad)
    monkeypatch.setattr(camera_module, "RETRY_SECONDS", 0.01)
    live = open_live_tray(CameraConfig(source="picamera2"), tmp_path / "none.json", Queue())
    assert live.source is None and live.reopen is not None and live.status() == ""
    live.start()
    try:
        wait_for(lambda: live.status() == camera_module.NOT_FOUND)
        assert live.latest is None
    finally:
        live.stop()


def test_a_recording_that_cannot_be_opened_still_stops_the_table(tmp_path: Path) -> None:
    """A video named in the config does not appear by itself: that is a config error."""
    with pytest.raises(FarkleError, match="no such file"):
        open_live_tray(CameraConfig(source=str(tmp_path / "gone.mp4")), tmp_path / "none.json",
                       Queue())


class Dice:
    """What the camera reads in every picture: `faces`, lying flat in the tray."""

    def __init__(self) -> None:
        self.faces: tuple[int, ...] = ()

    def __call__(self, image: Any) -> list[DieReading]:
        return [DieReading(face, 0.99, (10.0 * n, 20.0), RotatedBox((10.0 * n, 20.0), (8, 8), 0),
                           (10 * n - 4, 16, 8, 8), "white", (250, 250, 250), flat=True,
                           at_edge=False, touching=False) for n, face in enumerate(self.faces, 1)]


def test_farkle_pi_table_boots_without_its_camera_and_takes_it_up_when_plugged_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mock_pins: MockFactory
) -> None:
    """What the Pi runs at boot, buttons on mock GPIO: no camera, so the first throw is typed;
    then the camera is plugged in and reads the next throw by itself. Both are in the store."""
    cable = Cable()
    cable.plugged = False
    in_tray = Dice()
    seen: list[tuple[str, str]] = []
    step = App.step

    def press(pin: int) -> None:
        mock_pins.pin(pin).drive_low()
        mock_pins.pin(pin).drive_high()

    def frame(app: App) -> bool:
        running = step(app)
        view, state = app.view, app.table.state
        assert view is not None
        picture = app.camera() if app.camera is not None else None
        seen.append((view.screen, "no camera" if view.prompt == camera_module.NOT_FOUND
                     else "camera" if picture is not None else ""))
        if view.screen == "setup":
            press(ButtonsConfig.bank)  # BANK starts the game
        elif state is not None and not state.throws and not view.typed:
            for face in "115234":  # a keyboard at the table: the throw typed by hand
                pygame.event.post(pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.key.key_code(face), unicode=face, mod=0))
        elif state is not None and state.phase == "keep" and len(state.throws) == 1:
            press(ButtonsConfig.keep)  # the coach's best keep
        elif state is not None and state.phase == "choose" and not cable.plugged:
            in_tray.faces = (6, 4, 2, 2, 1, 3)[:state.dice_to_throw]  # the next throw lies there
            cable.plugged = True  # as someone reseats the cable
        time.sleep(0.01)  # (a button pressed within SEEN_SECONDS of a change is dropped)
        done = state is not None and len(state.throws) == 2
        return running and not done and len(seen) < 300

    monkeypatch.setattr(camera_module, "open_source", lambda *a, **k: FakeCamera(cable))
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: in_tray)
    monkeypatch.setattr(camera_module, "RETRY_SECONDS", 0.01)
    monkeypatch.setattr(App, "step", frame)
    outcome = camera_table(tmp_path, "picamera2")
    assert outcome.code == 0, outcome
    assert seen[0][0] == "setup"  # (the camera is being opened, then not found)
    assert ("throw", "no camera") in seen and seen[-1] == ("throw", "camera"), seen
    with Store(tmp_path / "farkle.db") as store:
        stored = store.latest()
    assert stored is not None
    typed, read = (str(t) for t in stored.state.throws)
    assert typed == "112345" and read == "".join(sorted(map(str, in_tray.faces)))
    assert stored.state.phase == "keep" and stored.state.turn_points > 0


def test_a_camera_of_another_size_than_the_calibration_stops_the_table_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The camera's resolution was changed after calibrating: the tray outline and die size
    are in the old picture's pixels, so the table says to calibrate again instead of
    quietly reading a wrong tray."""
    cv2.imwrite(str(tmp_path / "empty.png"), np.full((480, 640, 3), 90, np.uint8))
    (tmp_path / "tray.json").write_text(json.dumps({
        "reference_image": "empty.png", "tray_polygon": [[0, 0], [640, 0], [640, 480]],
        "keep_zone_polygon": [], "die_size_px": 40}))
    monkeypatch.setattr(camera_module, "open_source", lambda *a, **k: FakeCamera(Cable()))
    with pytest.raises(FarkleError, match=r"1280x960 px .* 640x480 px .*calibrate again") as err:
        open_live_tray(CameraConfig(source="opencv:0"), tmp_path / "tray.json", Queue())
    assert "\n" not in str(err.value) and "--dice manual" in str(err.value)
    # the config's size is right, but the camera gives another: its first picture says so,
    # on the screen (the dice are typed meanwhile)
    live = open_live_tray(CameraConfig(source="opencv:0", width=640, height=480),
                          tmp_path / "tray.json", Queue())
    live.start()
    try:
        wait_for(lambda: live.status() != "")
    finally:
        live.stop()
    assert re.search(r"64x48 px .* 640x480 px .*calibrate again", live.status())
    assert "\n" not in live.status()


def test_the_table_asks_the_camera_for_the_configs_size_as_calibrate_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`farkle-pi calibrate` takes its pictures at [camera] width x height; the table must
    see the same pictures, or the calibration's pixels point elsewhere."""
    asked: list[tuple[int, int]] = []

    def open_camera(spec: str, realtime: bool = False, fps: float = 15.0,
                    size: tuple[int, int] = (640, 480)) -> FakeCamera:
        if spec == "opencv:0":  # (not the demo recording the reader warms up on)
            asked.append(size)
        return FakeCamera(Cable())

    monkeypatch.setattr(camera_module, "open_source", open_camera)
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    live = open_live_tray(CameraConfig(source="opencv:0", width=1280, height=960),
                          tmp_path / "none.json", Queue())
    live.start()
    try:
        wait_for(lambda: live.latest is not None)
    finally:
        live.stop()
    assert asked == [(1280, 960)]


def test_dice_learned_on_the_reader_before_an_update_do_not_stop_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an update ships another first reader, a tray's learned dice no longer fit it:
    the table starts all the same, reads without them, and says so on its first screen, with
    the camera counted as working (the dice are not typed)."""
    stale = LearnedDice("0123456789abcdef", np.zeros((7, 96), np.float32),
                        np.zeros(7, np.float32), 36)
    Calibration(learned=stale).save(tmp_path / "tray.json")
    given: list[Calibration | None] = []
    shown: list[tuple[str, str]] = []

    def reader_for(calibration: Calibration | None) -> Callable[[Any], list[Any]]:
        given.append(calibration)
        return no_dice

    step = App.step

    def until_the_camera_is_up(app: App) -> bool:
        step(app)
        assert app.view is not None
        shown.append((app.view.screen, app.view.prompt))
        time.sleep(0.01)
        return app.view.prompt == camera_module.OPENING and len(shown) < 500

    monkeypatch.setattr(camera_module, "vision_reader", reader_for)
    monkeypatch.setattr(camera_module, "open_source", lambda *a, **k: FakeCamera(Cable()))
    live = open_live_tray(CameraConfig(source="opencv:0"), tmp_path / "tray.json", Queue())
    assert given[0] is not None and given[0].learned is None
    assert live.notice == camera_module.RELEARN and live.status() == ""
    kept = Calibration.load(tmp_path / "tray.json").learned
    assert kept is not None and kept.reader == stale.reader  # the file is left for --learn
    monkeypatch.setattr(App, "step", until_the_camera_is_up)
    outcome = camera_table(tmp_path, "opencv:0",
                           f'[calibration]\npath = "{tmp_path / "tray.json"}"\n')
    assert outcome.code == 0, outcome
    # below "camera starting..." (which goes once it gives pictures), never below nothing
    assert set(shown[:-1]) <= {("setup", camera_module.OPENING)}
    assert shown[-1] == ("setup", camera_module.RELEARN)


def test_the_dice_reader_is_warmed_up_on_dice_before_the_first_frame_is_read() -> None:
    """The evening's first throw must not wait for OpenCV to set the nets up: the tray's thread
    reads a picture with dice (the demo's first throw) before the camera's first frame."""
    from farkle_pi.vision import read_dice

    order: list[str] = []
    warmed_on: list[Image] = []

    def warm_reader(image: Image) -> list[DieReading]:
        order.append("warm")
        warmed_on.append(image)
        return []

    class NotedTray(Tray):
        def feed(self, frame: Frame) -> list[TrayEvent]:
            order.append("frame")
            return super().feed(frame)

    tray = NotedTray(no_dice, None, expect_full=6)
    live = LiveTray(FakeCamera(Cable(), False), tray, Queue(), reopen=None,
                    warm_up=camera_module.warming(warm_reader))
    live.start()
    try:
        deadline = time.monotonic() + 10
        while "frame" not in order and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        live.stop()
    assert order[0] == "warm" and "frame" in order
    assert len(read_dice(warmed_on[0])) == 6  # the demo's first throw: all six dice


def test_reasons_that_take_turns_are_each_told_once_until_the_camera_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Found in review 58: the journal's line was kept from repeating only while the reason
    stayed the same, so a camera failing one way, then another, then the first again (the
    other program letting go and taking it again, a loose ribbon) put a line in the journal
    every retry (2 s), all night."""
    cable = Cable()
    tries = 0
    back = threading.Event()

    def open_camera(*args: Any, **kwargs: Any) -> SourceBase:
        nonlocal tries
        tries += 1
        if back.is_set():
            return FakeCamera(cable)
        if tries % 2:
            raise CameraBusy("camera busy: another program has it open")
        raise FarkleError("no camera found: list index out of range")

    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "open_source", open_camera)
    monkeypatch.setattr(camera_module, "RETRY_SECONDS", 0.01)
    live = open_live_tray(CameraConfig(source="picamera2"), tmp_path / "none.json", Queue())
    with caplog.at_level("INFO", logger="farkle_pi.table.camera"):
        live.start()
        try:
            wait_for(lambda: tries >= 8)
            told = [r.getMessage() for r in caplog.records if "cannot be opened" in r.getMessage()]
            assert told == ["the camera cannot be opened: camera busy: another program has it "
                            "open", "the camera cannot be opened: no camera found: list index "
                            "out of range"]
            back.set()
            wait_for(lambda: live.status() == "" and live.latest is not None)
        finally:
            live.stop()


def test_a_camera_let_go_that_then_gives_no_picture_is_no_longer_called_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(A mutant left alive in review 58.) The other program lets go, the camera opens but
    gives no picture: the screen stops saying another program has it (the owner would look
    for a program that is gone) and says the camera is not found."""
    cable = Cable()
    tries = 0
    opened_quiet = threading.Event()

    def open_camera(*args: Any, **kwargs: Any) -> SourceBase:
        nonlocal tries
        tries += 1
        if tries == 1:
            raise CameraBusy("camera busy: another program has it open")
        cable.plugged = True
        camera = FakeCamera(cable, quiet=True)
        cable.plugged = False  # (its read gives None: no picture)
        opened_quiet.set()
        return camera

    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: no_dice)
    monkeypatch.setattr(camera_module, "open_source", open_camera)
    monkeypatch.setattr(camera_module, "RETRY_SECONDS", 0.01)
    live = open_live_tray(CameraConfig(source="picamera2"), tmp_path / "none.json", Queue())
    live.start()
    try:
        wait_for(lambda: tries >= 4)
        assert opened_quiet.is_set()
        assert live.status() == camera_module.NOT_FOUND
    finally:
        live.stop()
