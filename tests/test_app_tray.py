"""A whole game from replayed tray frames: the recorded session's video goes through the tray,
the table, the store and the screen; BANK is pressed on mock GPIO; it ends with the right
scores and winner. Also `farkle-pi demo --headless`, which plays the same session."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from pathlib import Path
from queue import Queue

import cv2
import pygame
import pytest
from gpiozero.pins.mock import MockFactory
from tray_scenes import THREE, FakeReader, Film, background

from farkle_pi.app import App
from farkle_pi.cli import main
from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.game import GameState
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.camera import DEMO_SESSION, LiveTray, Recording, TrayPlayer
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.table.table import Table
from farkle_pi.tray import Tray
from farkle_pi.tray.tray import HAND_WAIT
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK
from farkle_pi.vision.calibration import Calibration

BANK_PIN = 5


def test_a_whole_game_from_tray_frames(tmp_path: Path, mock_pins: MockFactory) -> None:
    player, _ = TrayPlayer.open(Recording(DEMO_SESSION))
    now = [0.0]
    rules = load_rules("standard", {"target": "1500", "final_round": "false"})
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "camera", clock=lambda: now[0],
                      resume=False, say=lambda _: None)
        app = App(table, open_surface((800, 480), headless=True), DARK,
                  expect=player.tray.expect, clock=lambda: now[0])
        pins = ButtonsConfig(bank=BANK_PIN, next=6, keep=13, undo=19, bank_led=26)
        app.buttons = TableButtons(pins, app.actions, mock_pins)
        try:
            BANK(app, mock_pins)  # BANK on the setup screen starts the game
            banks_pressed = []
            seen_since: dict[object, float] = {}
            while not player.finished and not (table.state and table.state.over):
                for event in player.until(now[0]):
                    app.tray_events.put(event)
                app.step()
                state = table.state
                assert state is not None
                # the table's own decision: Bob at 350, Ann at 1,500; pressed once the
                # players have had a moment to see it (a press sooner is dropped, one under
                # a banner only takes the banner away)
                covered = table.banner_up()
                since = seen_since.setdefault((state, covered), now[0])
                if _wants_bank(state) and now[0] - since >= SEEN_SECONDS and not covered:
                    banks_pressed.append((state.player.name, state.turn_points))
                    BANK(app, mock_pins)
                now[0] += 0.1
        finally:
            app.buttons.close()
            player.close()
        state = table.state
        assert state is not None and state.over
        assert banks_pressed == [("Bob", 350), ("Ann", 1500)]
        assert [p.score for p in state.players] == [1500, 350]
        assert state.winner_names() == ("Ann",)
        assert [str(t) for t in state.throws] == [
            "123356", "2445", "366", "122245", "123456"
        ]
        assert [t.farkle for t in state.turns] == [True, False, False]
        assert app.errors == 0 and table.view().screen in ("winner", "results")
        stored = store.latest()
        assert stored is not None and [p.score for p in stored.state.players] == [1500, 350]


def _wants_bank(state: GameState) -> bool:
    """Bob banks his 350 with one die left; Ann banks the straight that wins."""
    return state.phase == "choose" and (
        (state.player.name, state.turn_points) in (("Bob", 350), ("Ann", 1500))
    )


def BANK(app: App, mock_pins: MockFactory) -> None:
    mock_pins.pin(BANK_PIN).drive_low()
    mock_pins.pin(BANK_PIN).drive_high()
    app.step()


def test_demo_headless_plays_the_recorded_session_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "final.png"
    assert main(["demo", "--headless", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "playing the recorded tray session" in printed
    assert "Ann throws 123356" in printed and "Ann: FARKLE" in printed
    assert "Bob banks 350" in printed
    assert "game over: Ann won" in printed
    assert pygame.image.load(str(out)).get_size() == (800, 480)


def test_demo_out_at_saves_the_screen_of_that_moment_the_same_each_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """scripts/make_screenshots.sh draws the README's camera-mode picture this way."""
    shots = [tmp_path / name for name in ("a.png", "b.png", "final.png")]
    for shot in shots[:2]:
        assert main(["demo", "--headless", "--out-at", "12", "--out", str(shot)]) == 0
    assert main(["demo", "--headless", "--out", str(shots[2])]) == 0
    printed = capsys.readouterr().out
    assert "12.0 s screen saved to" in printed and "final screen saved to" in printed
    assert "Ann throws 123356" in printed.split("12.0 s screen")[0]
    assert "Bob throws" not in printed.split("12.0 s screen")[0]  # inside Ann's first turn
    first, again, final = (pygame.surfarray.array3d(pygame.image.load(str(s))) for s in shots)
    assert (first == again).all() and not (first == final).all()


def test_demo_out_at_after_the_game_saves_the_final_screen_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = tmp_path / "late.png"
    assert main(["demo", "--virtual", "--headless", "--out-at", "100000", "--out", str(shot)]) == 0
    printed = capsys.readouterr().out
    assert "game over" in printed and "before 100000 s" in printed
    assert f"final screen saved to {shot}" in printed and shot.is_file()


def test_demo_virtual_dice_play_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--virtual", "--headless", "--seed", "3", "--players", "Ann", "Cy"]) == 0
    printed = capsys.readouterr().out
    assert "seed commitment" in printed and "game over:" in printed
    assert "dice seed revealed" in printed
    assert "farkle-pi verify" not in printed  # the demo's database is gone when it ends


class _ClosedAfterTwoLines(io.StringIO):
    """stdout piped into `head -2`: every write after the second line finds the pipe closed
    (the first two are the new game's, before the robot presses anything)."""

    refused = 0

    def write(self, text: str) -> int:
        if self.getvalue().count("\n") >= 2:
            self.refused += 1
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_demo_piped_into_head_stops_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """`farkle-pi demo --virtual --headless | head -1` logged every later line's
    BrokenPipeError with a traceback ("handling Action(...) failed") and played on to the end
    for nobody; it stops at the first, as the one-shot commands do, and exits 0. Half a game
    is no "final screen": --out is not written."""
    stdout = _ClosedAfterTwoLines()
    monkeypatch.setattr("sys.stdout", stdout)
    out = tmp_path / "final.png"
    assert main(["demo", "--virtual", "--headless", "--out", str(out)]) == 0
    assert stdout.getvalue().count("\n") == 2 and "seed commitment" in stdout.getvalue()
    assert stdout.refused == 1
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert not out.exists()


@pytest.mark.parametrize("unbuffered", ["1", ""], ids=["unbuffered", "buffered"])
def test_demo_into_a_closed_pipe_is_silent(unbuffered: str, tmp_path: Path) -> None:
    """The real pipe: no traceback on stderr, exit 0 (Python's own flush at exit too)."""
    script = (f"{sys.executable} -m farkle_pi demo --virtual --headless | head -1 >/dev/null;"
              " echo ${PIPESTATUS[0]}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["SDL_VIDEODRIVER"] = "dummy"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**env, "PYTHONUNBUFFERED": "1"} if unbuffered
                          else env)
    assert (done.stdout, done.stderr) == ("0\n", ""), done


def test_live_tray_thread_reports_the_recorded_throws() -> None:
    from queue import Queue

    from farkle_pi.devices import open_source
    from farkle_pi.table.camera import LiveTray, recording_reader
    from farkle_pi.tray import Tray, TrayEvent

    recording = Recording(DEMO_SESSION)
    source = open_source(str(recording.video))
    reader, frames, _ = recording_reader(recording, source)

    class Following:  # the live thread reads the source; the script reader follows its clock
        def read(self) -> object:
            return next(frames, None)

        def close(self) -> None:
            source.close()

    events: Queue[TrayEvent] = Queue()
    tray = Tray(reader, recording.calibration, 6)
    live = LiveTray(Following(), tray, events)  # type: ignore[arg-type]
    live.start()
    live._thread.join(timeout=60)
    live.stop()
    settled = []
    while not events.empty():
        event = events.get()
        if event.kind == "settled":
            settled.append("".join(str(v) for v in event.values if v))
    assert settled[:3] == ["123356", "2445", "366"]
    assert live.error == "the camera stopped sending pictures"  # the recording's end


def test_table_without_a_vision_model_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        f'[table]\ndice = "camera"\n[camera]\nsource = "{DEMO_SESSION / "demo.mp4"}"\n'
        f'[screen]\nsize = "480x320"\nfullscreen = false\n'
        f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n'
    )
    monkeypatch.setattr("farkle_pi.vision.read_dice", _reader_without_model)
    assert main(["table", "--config", str(config)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--dice manual" in err[0]


def _reader_without_model(image: object, calibration: object = None) -> list[object]:
    from farkle_pi.errors import FarkleError

    raise FarkleError("model file missing: models/dice_detector.onnx")


def test_demo_without_a_display_says_so_in_one_line_and_plays_headless(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SDL_VIDEO_KMSDRM_REQUIRE_DRM_MASTER", "1")
    monkeypatch.chdir(tmp_path)
    pygame.display.quit()
    try:
        assert main(["demo", "--virtual"]) == 0
    finally:
        pygame.display.quit()
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    captured = capsys.readouterr()
    err = [line for line in captured.err.splitlines() if line.startswith("farkle-pi")]
    assert len(err) == 1
    assert "no display could be opened" in err[0] and "playing it headless instead" in err[0]
    assert "game over" in captured.out
    assert (tmp_path / "farkle-pi-demo.png").stat().st_size > 1000


def test_demo_asked_for_sdls_dummy_driver_plays_headless_and_saves_the_screen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It once played a window nobody could see, in real time (a minute), and saved nothing."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.chdir(tmp_path)
    assert main(["demo", "--virtual"]) == 0
    captured = capsys.readouterr()
    err = [line for line in captured.err.splitlines() if line.startswith("farkle-pi")]
    assert err == ["farkle-pi: SDL_VIDEODRIVER=dummy shows no window; playing it headless "
                   "instead; the final screen goes to farkle-pi-demo.png"]
    assert "game over" in captured.out
    assert (tmp_path / "farkle-pi-demo.png").stat().st_size > 1000


def test_the_table_without_a_display_says_so_in_exactly_one_line() -> None:
    """SDL notes on stderr what each video driver it tried lacked (XDG_RUNTIME_DIR, ...):
    those lines must not trail the one-line error."""
    gone = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR",
            "PYGAME_HIDE_SUPPORT_PROMPT")
    env = {k: v for k, v in os.environ.items() if k not in gone}
    env["SDL_VIDEO_KMSDRM_REQUIRE_DRM_MASTER"] = "1"
    run = subprocess.run([sys.executable, "-m", "farkle_pi"], env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 2
    [line] = run.stderr.strip().splitlines()
    assert line.startswith("farkle-pi: no display could be opened")
    assert run.stdout == ""  # nor pygame's greeting


def test_the_table_without_a_display_names_a_config_problem_too(tmp_path: Path) -> None:
    """A config with a typo is shown on the table's screen; with no screen to show it on, the
    one line says both (before, only the display: the typo turned up once a screen did)."""
    config = tmp_path / "config.toml"
    config.write_text("[buttons]\nbnak = 5\n")
    gone = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR",
            "PYGAME_HIDE_SUPPORT_PROMPT")
    env = {k: v for k, v in os.environ.items() if k not in gone}
    env["SDL_VIDEO_KMSDRM_REQUIRE_DRM_MASTER"] = "1"
    env["FARKLE_PI_CONFIG"] = str(config)
    run = subprocess.run([sys.executable, "-m", "farkle_pi"], env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 2
    [line] = run.stderr.strip().splitlines()
    assert line.startswith("farkle-pi: no display could be opened")
    assert line.endswith("and the config: " + f"{config}: [buttons] bnak = 5: unknown key; "
                         "did you mean bank?")


def test_the_demo_uses_the_vision_reader_only_when_it_reads_the_recording_right() -> None:
    import json
    from types import SimpleNamespace

    from farkle_pi.table.camera import misreads

    recording = Recording(DEMO_SESSION)
    assert misreads(recording, lambda image: []) == "misreads 7 of 7 throws"

    throws = [e for e in json.loads(recording.script.read_text())["events"]
              if e["kind"] == "settled"]
    answers = iter(throws)

    def right_reader(image: object) -> list[SimpleNamespace]:
        throw = next(answers)  # the check reads one still frame per throw, in order
        faces = [*throw["values"], *[None] * (throw["count"] - len(throw["values"]))]
        return [SimpleNamespace(value=face) for face in faces]

    assert misreads(recording, right_reader) is None  # type: ignore[arg-type]


def test_an_arm_resting_in_the_tray_is_named_on_the_throw_screen(tmp_path: Path) -> None:
    """The tray reads nothing while an arm rests on its rim; the screen says why, and stops
    saying it once the arm is out and the dice are read."""
    cv2.imwrite(str(tmp_path / "empty.png"), background())
    calibration = Calibration(tmp_path / "empty.png", ((20.0, 20.0), (500.0, 20.0),
                                                        (500.0, 460.0), (20.0, 460.0)), (), 30.0)
    film = Film().rolling(1.0, THREE).still(0.5, THREE)
    film.hand_moving(0.5, THREE, (640, 300), (450, 300)).still(3.0, THREE, hand=(450, 300))
    resting = len(film.frames)
    film.hand_moving(0.5, THREE, (450, 300), (700, 300)).still(1.0, THREE)
    live = LiveTray(None, Tray(FakeReader(), calibration, expect_full=6), Queue())
    live.error = ""  # as if the camera were there: the frames are fed here, not by its thread
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        app = App(table, open_surface((480, 320), headless=True), DARK)
        app.follow(live)
        for frame in film.frames[:resting]:
            live.tray.feed(frame)
        app.step()
        assert app.view is not None and app.view.screen == "setup"
        assert HAND_WAIT not in app.view.prompt  # not a game yet: nothing to read for
        app.actions.put(Action("bank"))
        app.step()
        view = app.view
        assert view.screen == "throw" and view.prompt == HAND_WAIT
        for frame in film.frames[resting:]:
            live.tray.feed(frame)
        app.step()
        assert app.view.prompt != HAND_WAIT
