"""A panel mounted upside down or on its side: `[screen] rotate` turns the picture clockwise on
its way to the display, and taps back (SDL's KMSDRM driver, the Pi table's, does not apply the
kernel's display rotation, so without it the table showed upside down or sideways)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from farkle_pi.app import App
from farkle_pi.config import ConfigError, dump_config, parse_config
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui import display
from farkle_pi.ui.actions import Action, Hit, event_action, tap_action
from farkle_pi.ui.theme import DARK

RED = pygame.Color(255, 0, 0)
CONFIG = Path("/etc/farkle-pi/config.toml")  # (named in the error lines only)


@pytest.fixture(autouse=True)
def upright_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The display's turn is the process's, as pygame's display is: later tests get it back
    upright. (A full screen an earlier test left open keeps its size through set_mode: each
    test here starts with the display closed.)"""
    pygame.display.quit()
    monkeypatch.setattr(display, "_turned", None)
    yield


def _red_pixels(surface: pygame.Surface) -> list[tuple[int, int]]:
    width, height = surface.get_size()
    return [(x, y) for x in range(width) for y in range(height) if surface.get_at((x, y)) == RED]


def test_the_config_takes_quarter_turns_and_says_what_else_it_wants() -> None:
    assert parse_config("[screen]\nrotate = 180\n", CONFIG).screen.rotate == 180
    config = parse_config("[screen]\nrotate = 270\n", CONFIG)
    assert parse_config(dump_config(config), CONFIG).screen.rotate == 270
    for wrong in ("45", "-90", '"90"', "true", "360"):
        with pytest.raises(ConfigError) as error:
            parse_config(f"[screen]\nrotate = {wrong}\n", CONFIG)
        assert "rotate" in str(error.value) and "0, 90, 180 or 270" in str(error.value)
        assert "\n" not in str(error.value)


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_the_picture_is_turned_clockwise_and_taps_are_turned_back(degrees: int) -> None:
    surface = display.open_surface((80, 48), headless=True, rotate=degrees)
    turned = degrees in (90, 270)
    assert surface.get_size() == ((48, 80) if turned else (80, 48))
    assert pygame.display.get_surface().get_size() == (80, 48)  # the display as it is
    width, height = surface.get_size()
    for spot in [(0, 0), (width - 1, 0), (3, 7), (width - 1, height - 1)]:
        surface.fill((0, 0, 0))
        surface.set_at(spot, RED)
        display.show()
        (shown,) = _red_pixels(pygame.display.get_surface())
        assert display.drawn_position(*shown) == spot
    surface.fill((0, 0, 0))
    surface.set_at((0, 0), RED)  # the picture's top left corner goes where a clockwise turn
    display.show()  # puts it: top right, bottom right, bottom left
    assert _red_pixels(pygame.display.get_surface()) == [
        {90: (79, 0), 180: (79, 47), 270: (0, 47)}[degrees]]


def test_upright_is_the_display_itself_and_taps_are_where_they_are() -> None:
    surface = display.open_surface((80, 48), headless=True, rotate=180)
    surface = display.open_surface((80, 48), headless=True)  # opened again, upright
    assert surface is pygame.display.get_surface()
    assert display.drawn_position(5, 9) == (5, 9)


def test_a_tap_on_a_turned_screen_presses_what_is_drawn_under_the_finger(
        tmp_path: Path) -> None:
    """The table's setup screen on a 800x480 panel used as a 480x800 portrait screen: a finger
    on each button drawn there presses that button, by mouse and by touch."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        surface = display.open_surface((800, 480), headless=True, rotate=90)
        app = App(table, surface, DARK)
        app.step()
        assert app.hits and surface.get_size() == (480, 800)
        for hit in app.hits[-3:]:
            x, y = hit.rect.center
            shown = (799 - y, x)  # where a clockwise quarter turn shows that point
            assert display.drawn_position(*shown) == (x, y)
            click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=shown, button=1, touch=False)
            finger = pygame.event.Event(pygame.FINGERDOWN, x=shown[0] / 800, y=shown[1] / 480)
            expected = tap_action((x, y), app.hits)
            assert expected is not None
            for event in (click, finger):
                assert event_action(event, app.hits, False) == expected


# --- found in review 58 ----------------------------------------------------------------------


def _table_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
               ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """`farkle-pi table` with a config turned a quarter (a 480x320 panel on its side) and
    `broken` in it: the trouble screen's surface size, then the table's once the owner fixed
    the config and pressed."""
    from fuzzing import assert_clean, run_cli

    from farkle_pi.table import trouble

    config = tmp_path / "config.toml"
    screen = '[screen]\nsize = "480x320"\nfullscreen = false\nrotate = 90\n'
    config.write_text('[table]\ndice = "manual"\n' + screen + broken)
    troubled: list[tuple[int, int]] = []
    played: list[tuple[int, int]] = []

    def someone_fixes_it_and_presses(surface: pygame.Surface, theme: object, message: str,
                                     pins: object) -> bool:
        troubled.append(surface.get_size())
        config.write_text('[table]\ndice = "manual"\n' + screen
                          + f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
        return True

    def first_frame_only(self: App, *args: object, **kwargs: object) -> None:
        played.append(self.surface.get_size())

    monkeypatch.setattr(trouble, "show_trouble", someone_fixes_it_and_presses)
    monkeypatch.setattr(App, "run", first_frame_only)
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 0
    return troubled, played


def test_the_trouble_screen_of_a_config_with_a_typo_elsewhere_is_turned_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A typo in [rules] of a config that turns the picture: the screen that names the typo
    was drawn upright (the defaults: full screen, not turned), sideways on the panel, and
    the table played on, unturned and with taps turned wrong, once the typo was fixed."""
    troubled, played = _table_run(tmp_path, monkeypatch, '[rules]\npreset = "standrad"\n')
    assert troubled == [(320, 480)]
    assert played == [(320, 480)]


def test_a_config_that_does_not_parse_still_shows_its_trouble_and_the_fix_turns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A TOML syntax error: nothing of the file can be trusted, so the trouble screen is the
    default one; the config put right turns the table as it says."""
    troubled, played = _table_run(tmp_path, monkeypatch, "[rules]\npreset = [\n")
    assert len(troubled) == 1 and troubled[0] != (320, 480)
    assert played == [(320, 480)]


@pytest.mark.parametrize("degrees", [0, 90, 180, 270])
def test_a_finger_at_the_far_edge_of_the_panel_presses_what_is_drawn_there(
        degrees: int) -> None:
    """SDL gives a touch as a fraction of the panel, 1.0 at its far edge: that was one pixel
    past the last one, so a button drawn to the edge missed a finger at the very edge."""
    surface = display.open_surface((80, 48), headless=True, rotate=degrees)
    width, height = surface.get_size()
    corners = [pygame.Rect(0, 0, 4, 4), pygame.Rect(width - 4, 0, 4, 4),
               pygame.Rect(0, height - 4, 4, 4), pygame.Rect(width - 4, height - 4, 4, 4)]
    hits = [Hit(rect, Action("digit", value=number + 1)) for number, rect in enumerate(corners)]
    pressed: set[int | None] = set()
    for x in (0.0, 1.0):
        for y in (0.0, 1.0):
            finger = pygame.event.Event(pygame.FINGERDOWN, x=x, y=y)
            action = event_action(finger, hits, False)
            assert action is not None, (x, y)
            pressed.add(action.value)
    assert pressed == {1, 2, 3, 4}


@pytest.mark.parametrize("text", [b'[screen]\nrotate = 45\n[rules]\npreset = "x"\n',
                                  b"screen = 3\n", b"[screen]\nrotate = 90\n\xff\n",
                                  b"[screen\nrotate = 90\n"])
def test_a_screen_section_that_cannot_be_read_either_is_the_default_screen(
        tmp_path: Path, text: bytes) -> None:
    from farkle_pi.config import ScreenConfig, screen_anyway

    config = tmp_path / "config.toml"
    config.write_bytes(text)
    assert screen_anyway(str(config)) == ScreenConfig()
    config.write_bytes(b'[screen]\nrotate = 270\nsize = "800x480"\n[rules]\npreset = "x"\n')
    assert screen_anyway(str(config)) == ScreenConfig(size=(800, 480), rotate=270)
    assert screen_anyway(str(tmp_path / "gone.toml")) == ScreenConfig()


def test_the_theme_of_a_config_put_right_on_the_trouble_screen_is_the_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A typo in [rules] of a config that asks for the light theme: once it was put right and
    a button pressed, the table played on in the dark theme of the config that had not loaded,
    until a restart."""
    from fuzzing import assert_clean, run_cli

    from farkle_pi.table import trouble
    from farkle_pi.ui.theme import theme_named

    config = tmp_path / "config.toml"
    good = ('[table]\ndice = "manual"\ntheme = "light"\n[screen]\nsize = "480x320"\n'
            f'fullscreen = false\n[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
    config.write_text(good + '[rules]\npreset = "standrad"\n')
    themes: list[object] = []

    def someone_fixes_it_and_presses(surface: pygame.Surface, theme: object, message: str,
                                     pins: object) -> bool:
        themes.append(theme)
        config.write_text(good)
        return True

    def first_frame_only(self: App, *args: object, **kwargs: object) -> None:
        themes.append(self.theme)

    monkeypatch.setattr(trouble, "show_trouble", someone_fixes_it_and_presses)
    monkeypatch.setattr(App, "run", first_frame_only)
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 0
    assert themes == [theme_named("dark"), theme_named("light")]
