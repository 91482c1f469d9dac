"""A table with the four arcade buttons alone (an HDMI monitor, a 3.5" panel without touch, no
keyboard): a held NEXT shows the whole scoreboard, then tonight's history, then the game again.
Before the sixtieth session only the keys `s`/`h`/`t` and taps did, and with five to eight
players the throw screen showed some rows and "+4 more" that the buttons could not reach."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from test_app_game import BANK, KEEP, NEXT, PINS, manual_app, type_keys

from farkle_pi.app import App
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action
from farkle_pi.ui.view import ScreenName


@pytest.fixture
def app(tmp_path: Path, mock_pins: MockFactory) -> Iterator[App]:
    """Ann and Bob's game of manual dice begun, a throw in; NEXT's hold a short 0.2 s."""
    for app in manual_app(tmp_path, mock_pins, load_rules("standard")):
        assert app.buttons is not None
        app.buttons.close()
        app.buttons = TableButtons(PINS, app.actions, mock_pins, hold_seconds=0.05,
                                   next_hold_seconds=0.2, clock=app.seen.clock)
        app.table.new_game()
        app.step()
        type_keys(app, "155234")
        yield app


def hold_next(app: App) -> None:
    """NEXT held until it acts (its hold time), then let go; then a frame."""
    app.clock.now += SEEN_SECONDS  # type: ignore[attr-defined]
    factory = Device.pin_factory
    assert isinstance(factory, MockFactory)
    factory.pin(PINS.next).drive_low()
    deadline = time.monotonic() + 2.0
    while app.actions.empty() and time.monotonic() < deadline:
        time.sleep(0.01)
    factory.pin(PINS.next).drive_high()
    app.step()


def screen(app: App) -> ScreenName:
    assert app.view is not None  # (what the app drew last)
    return app.view.screen


def test_a_held_next_goes_round_the_scoreboard_and_the_history_and_back(app: App) -> None:
    state = app.table.state
    assert screen(app) == "throw" and state is not None and state.phase == "keep"
    hold_next(app)
    assert screen(app) == "scoreboard"
    assert [p.name for p in app.view.players] == ["Ann", "Bob"]  # type: ignore[union-attr]
    hold_next(app)
    assert screen(app) == "history"
    hold_next(app)
    assert screen(app) == "throw"
    assert app.table.state is state  # a look round stores nothing, moves no highlight
    assert app.table.view().selected == 0
    NEXT(app)  # a brief NEXT is NEXT as ever: the next option
    assert app.table.view().selected == 1 and app.table.state is state


def test_a_brief_press_on_the_screens_a_held_next_shows_goes_back_to_the_game(app: App) -> None:
    hold_next(app)
    KEEP(app)  # the scoreboard, no row framed: back, as it always went
    assert screen(app) == "throw"
    hold_next(app)
    hold_next(app)
    BANK(app)  # the history: any button goes back to the game (and banks nothing)
    assert screen(app) == "throw"
    assert {p.name: p.score for p in app.table.view().players} == {"Ann": 0, "Bob": 0}


def finished(tmp_path: Path) -> Table:
    """Ann has won a game to 500 (no final round) on the table's own clock."""
    rules = load_rules("standard", {"target": "500", "final_round": "false"})
    now = [0.0]
    table = Table(Store(tmp_path / "farkle.db"), rules, ["Ann", "Bob"], "manual",
                  clock=lambda: now[0], resume=False, say=lambda _: None)
    table.new_game()
    for face in "111234":
        table.handle(Action("digit", value=int(face)))
    table.handle(Action("bank"))  # the coach's keep, 1 1 1: 1,000
    now[0] += 10  # the banners gone
    state = table.state
    assert state is not None and state.over and table.screen == "winner"
    return table


def test_after_a_game_a_held_next_goes_round_from_the_winner_screen(tmp_path: Path) -> None:
    table = finished(tmp_path)
    seen = []
    for _ in range(3):
        table.handle(Action("cycle", button=True))
        seen.append(table.view().screen)
    assert seen == ["scoreboard", "history", "winner"]
    table.handle(Action("keep", button=True))  # the winner screen's KEEP: the history, as ever
    assert table.view().screen == "history"
    table.store.close()


def test_before_a_game_a_held_next_shows_the_history_and_back_to_the_setup(
        tmp_path: Path) -> None:
    table = finished(tmp_path)
    table.handle(Action("keep", button=True))
    table.handle(Action("keep", button=True))  # the history, then the next game's setup
    assert table.view().screen == "setup"
    table.handle(Action("cycle", button=True))
    assert table.view().screen == "history"  # (no game yet: no scoreboard)
    table.handle(Action("cycle", button=True))
    assert table.view().screen == "setup"
    table.store.close()


@pytest.mark.parametrize("opened_by", [Action("show", text="scoreboard", tapped=True),
                                       Action("show", text="scoreboard")])  # a tap, `s`
def test_a_held_next_comes_back_to_the_game_begun_since_its_last_round(
        tmp_path: Path, opened_by: Action) -> None:
    """A held NEXT round the winner screen, then a new game; the scoreboard opened by a tap (or
    `s`), NEXT held twice comes back to the game being played. Before the fix it came back to
    the screen of its last round (the old game's winner screen, or a setup: a mixed table)."""
    table = finished(tmp_path)
    for _ in range(3):  # round the winner screen, back to it
        table.handle(Action("cycle", button=True))
    table.handle(Action("keep", button=True))
    table.handle(Action("keep", button=True))  # the history, then the next game's setup
    table.handle(Action("cycle", button=True))
    table.handle(Action("cycle", button=True))  # round the setup too: history, back
    table.new_game()
    state = table.state
    assert state is not None and not state.over and table.view().screen == "throw"
    table.handle(opened_by)
    table.handle(Action("cycle", button=True))
    assert table.view().screen == "history"
    table.handle(Action("cycle", button=True))
    assert table.view().screen == "throw" and table.state is state
    table.store.close()


def test_the_bank_lamp_is_dark_on_the_scoreboard_a_held_next_shows(app: App) -> None:
    """BANK on the whole scoreboard goes back to the game and banks nothing: its lamp, lit on
    the throw where BANK would bank, is dark there (it stayed lit before the fix)."""
    factory = Device.pin_factory
    assert isinstance(factory, MockFactory)
    lamp = factory.pin(PINS.bank_led)
    assert screen(app) == "throw" and app.table.view().can_bank
    assert lamp.state in (1, True)
    hold_next(app)
    assert screen(app) == "scoreboard" and lamp.state in (0, False)
    hold_next(app)
    assert screen(app) == "history" and lamp.state in (0, False)
    hold_next(app)
    assert screen(app) == "throw" and lamp.state in (1, True)
