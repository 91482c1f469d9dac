"""`farkle-pi table` at boot, when something is wrong: every start error is on the screen (not
only in the journal), a press there tries again in the same process (so systemd's start limit
never gives up on the table), and a damaged calibration starts the table uncalibrated."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from fuzzing import assert_clean, run_cli
from screen_notes import words_drawn

from farkle_pi.app import App
from farkle_pi.table import camera, trouble
from farkle_pi.ui.view import TableView

ROOT = Path(__file__).resolve().parents[1]
GOOD = '[table]\ndice = "manual"\n[screen]\nsize = "480x320"\nfullscreen = false\n'


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[TableView]:
    """The first view of each table that got as far as its loop (which then ends at once)."""
    views: list[TableView] = []

    def first_frame_only(self: App, *args: object, **kwargs: object) -> None:
        self.step()
        assert self.view is not None
        views.append(self.view)

    monkeypatch.setattr(App, "run", first_frame_only)
    return views


def test_a_config_typo_is_on_the_screen_and_the_exit_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[TableView]
) -> None:
    screen = words_drawn(monkeypatch)
    config = tmp_path / "config.toml"
    config.write_text(GOOD + "[rules]\npreset = [\n")
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 2 and "TOML syntax error" in outcome.err
    pygame.display.quit()
    assert screen[0] == "THE TABLE CANNOT START"
    assert "TOML syntax error" in " ".join(screen) and not started


def test_a_press_on_the_trouble_screen_tries_again_with_the_config_put_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[TableView]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(GOOD + '[rules]\npreset = "standrad"\n')
    shown: list[str] = []

    def someone_fixes_it_and_presses(surface: object, theme: object, message: str,
                                     pins: object) -> bool:
        shown.append(message)
        config.write_text(GOOD + f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
        return True

    monkeypatch.setattr(trouble, "show_trouble", someone_fixes_it_and_presses)
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 0 and len(shown) == 1 and "standrad" in shown[0]
    assert len(started) == 1 and started[0].screen == "setup"
    assert (tmp_path / "farkle.db").is_file()


def test_a_damaged_calibration_starts_the_camera_table_uncalibrated_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[TableView]
) -> None:
    monkeypatch.setattr(camera, "vision_reader", lambda calibration: lambda image: [])
    calibration = tmp_path / "calibration.json"
    calibration.write_text("")  # a power cut while it was saved
    config = tmp_path / "config.toml"
    config.write_text('[table]\ndice = "camera"\n[screen]\nsize = "480x320"\n'
                      'fullscreen = false\n'
                      f'[camera]\nsource = "{ROOT / "fixtures" / "tray" / "basic.mp4"}"\n'
                      f'[calibration]\npath = "{calibration}"\n')
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 0 and len(started) == 1
    assert started[0].prompt == camera.UNCALIBRATED


def test_buttons_that_do_not_work_are_named_on_the_first_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[TableView]
) -> None:
    """On a Pi a dead BANK is otherwise a table that ignores the players, for no visible
    reason (the journal said why)."""
    from farkle_pi.devices import buttons

    problem = "buttons not working: BANK (BCM 19) - see farkle-pi doctor"
    monkeypatch.setattr(buttons, "open_buttons", lambda pins, actions: (None, problem))
    config = tmp_path / "config.toml"
    config.write_text(GOOD + f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 0 and started[0].prompt == problem
