"""The camera cable wiggles loose mid-game: the screen says so, typed dice keep the game going,
and when the camera answers again it is picked up without a restart."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from queue import Queue
from typing import Any

import numpy as np
import pygame
import pytest
from fuzzing import run_cli
from table_games import table_in_play

from farkle_pi.app import App
from farkle_pi.devices import Frame
from farkle_pi.devices.frames import SourceBase
from farkle_pi.errors import FarkleError
from farkle_pi.table import camera as camera_module
from farkle_pi.table.camera import LiveTray, open_live_tray
from farkle_pi.table.table import Table
from farkle_pi.tray import Tray, TrayEvent
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK


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
    app = App(table, open_surface((480, 320), headless=True), DARK, tray_events=events,
              camera=lambda: live.latest)
    app.camera_status = live.status
    live.start()
    try:
        wait_for(lambda: live.latest is not None, app)
        app.step()
        assert app._picture is not None and not app.view.prompt.startswith("camera lost")

        cable.plugged = False
        wait_for(lambda: live.error != "", app)
        app.step()
        assert app.view is not None and app.view.prompt.startswith("camera lost")
        assert "type the dice" in app.view.prompt
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
    live = open_live_tray(spec, 15, tmp_path / "none.json", Queue())
    assert (live.reopen is not None) == reopens
    live.source.close()


def test_farkle_pi_table_shows_a_lost_camera_and_picks_it_up_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same through the command the Pi runs: only the camera behind the seam is fake."""
    cable = Cable()

    def fake_live_tray(spec: str, fps: float, calibration: Path, events: Queue[TrayEvent]
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
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\ndice = "camera"\n[camera]\nsource = "opencv:0"\n'
                      f'[screen]\nsize = "480x320"\nfullscreen = false\n'
                      f'[buttons]\npin_factory = "mock"\n'
                      f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
    outcome = run_cli(["table", "--config", str(config), "--windowed"])
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
        assert "type the dice" in live.status() and live.error == ""
        released.set()
        wait_for(lambda: live.status() == "")
    finally:
        released.set()
        live.stop()
