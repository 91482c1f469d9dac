"""A whole game through the app loop: typed throws, mock GPIO presses, a tap that corrects a
misread die, a held UNDO, dummy video driver; it ends with hand-checked scores and winner."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from touch import Clock

from farkle_pi.app import App
from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.rules import RuleSet, load_rules
from farkle_pi.store import Store
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.table.table import BANNER_SECONDS, Table
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import Banner

PINS = ButtonsConfig(bank=5, next=6, keep=13, undo=19, bank_led=26)


@pytest.fixture
def app(tmp_path: Path, mock_pins: MockFactory) -> Iterator[App]:
    yield from manual_app(tmp_path, mock_pins, load_rules("standard", {"target": "2000"}))


def manual_app(tmp_path: Path, pins: MockFactory, rules: RuleSet) -> Iterator[App]:
    """Ann and Bob at a table of manual dice under `rules`, 800x480, buttons on mock pins."""
    surface = open_surface((800, 480), headless=True)
    store = Store(tmp_path / "farkle.db")
    clock = Clock()
    table = Table(store, rules, ["Ann", "Bob"], "manual", clock=clock, resume=False)
    table.setup = table.setup.__class__(players=("Ann", "Bob"), target=rules.target,
                                        dice_mode="manual", preset=rules.name)
    app = App(table, surface, DARK, clock=clock)
    app.clock = clock  # type: ignore[attr-defined]
    app.buttons = TableButtons(PINS, app.actions, pins, hold_seconds=0.05, clock=clock)
    yield app
    app.buttons.close()
    store.close()


def gpio(app: App, pin: int, hold: float = 0.0) -> None:
    """A press by a player who has looked at the screen first (a press sooner is dropped:
    farkle_pi.table.presses)."""
    app.clock.now += SEEN_SECONDS  # type: ignore[attr-defined]
    factory = Device.pin_factory
    assert isinstance(factory, MockFactory)
    factory.pin(pin).drive_low()
    if hold:
        deadline = time.monotonic() + 1.0
        while app.actions.empty() and time.monotonic() < deadline:
            time.sleep(0.01)
    factory.pin(pin).drive_high()
    app.step()


def BANK(app: App) -> None:
    gpio(app, 5)


def NEXT(app: App) -> None:
    gpio(app, 6)


def KEEP(app: App) -> None:
    gpio(app, 13)


def type_keys(app: App, text: str) -> None:
    for char in text:
        key = pygame.key.key_code(char)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))
    app.step()


def tap(app: App, kind: str, value: int, look: float = SEEN_SECONDS) -> None:
    """A mouse click on the region the last frame drew for (kind, value), `look` seconds on."""
    app.clock.now += look  # type: ignore[attr-defined]
    hit = next(h for h in app.hits if h.action.kind == kind and h.action.value == value)
    pos = hit.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    app.step()


def select(app: App, keep: str) -> None:
    """Press NEXT until the highlighted option keeps these dice (as a player reads the screen)."""
    for _ in range(20):
        option = app.table.view().selected_option
        assert option is not None
        if "".join(map(str, option.keep)) == keep:
            return
        NEXT(app)
    raise AssertionError(f"no option keeps {keep}")


def later(app: App, seconds: float) -> None:
    app.clock.now += seconds  # type: ignore[attr-defined]
    app.step()


def scores(app: App) -> dict[str, int]:
    return {p.name: p.score for p in app.table.view().players}


def test_a_whole_game(app: App) -> None:
    app.step()
    assert app.table.view().screen == "setup"
    factory = Device.pin_factory
    assert isinstance(factory, MockFactory) and PINS.bank_led is not None
    lamp = factory.pin(PINS.bank_led)
    assert lamp.state in (1, True)  # BANK starts the game: its lamp says so
    BANK(app)  # start
    assert lamp.state in (0, False)  # nothing to bank before the first throw
    view = app.table.view()
    assert view.screen == "throw" and view.current is not None and view.current.name == "Ann"

    # Ann: typed 111233 by mistake, taps the last die (3 -> 4) to correct it to 111234.
    type_keys(app, "111233")
    tap(app, "die", 5)
    assert app.table.state is not None and app.table.state.last_throw is not None
    assert str(app.table.state.last_throw) == "111234"
    select(app, "111")
    assert app.table.view().can_bank
    BANK(app)  # keeps 111 and banks: 1000
    assert scores(app) == {"Ann": 1000, "Bob": 0}
    assert app.table.view().screen == "results"  # BANK +1000 banner

    # Bob: 222 (200), then 155 with three dice: hot dice (400), then a Farkle.
    type_keys(app, "222346")
    select(app, "222")
    KEEP(app)
    type_keys(app, "155")
    select(app, "155")
    KEEP(app)
    banner = app.table.view().banner
    assert banner is not None and banner.kind == "hot_dice"
    assert app.table.view().turn_points == 400 and app.table.view().dice_to_throw == 6
    type_keys(app, "234662")
    banner = app.table.view().banner
    assert banner is not None and banner.kind == "farkle"
    assert scores(app) == {"Ann": 1000, "Bob": 0}

    # Ann: a wrong throw typed, taken back with a held UNDO; then four 5s and the final round.
    type_keys(app, "666666")
    assert app.table.view().options  # six 6s would score 3000 ...
    gpio(app, 19, hold=0.05)
    assert app.table.state is not None and app.table.state.phase == "start"  # ... taken back
    current = app.table.view().current
    assert app.table.view().options == () and current is not None and current.name == "Ann"
    type_keys(app, "555523")
    select(app, "5555")
    BANK(app)
    assert scores(app) == {"Ann": 2000, "Bob": 0}
    assert app.table.view().final_round

    # Bob's last turn: a straight (hot dice), then five 1s, bank: 3500.
    type_keys(app, "123456")
    options = app.table.view().options  # a last turn: keeps ranked by the chance to win
    chances = [o.chance for o in options]
    assert None not in chances and chances == sorted(chances, reverse=True)  # type: ignore
    assert options[0].best and 0 < (options[0].chance or 0) < 1
    select(app, "123456")
    KEEP(app)
    type_keys(app, "111112")
    select(app, "11111")
    BANK(app)
    assert app.table.view().banner == Banner("bank", "BANK +3,500", "Bob now has 3,500")
    later(app, BANNER_SECONDS + 0.1)
    view = app.table.view()
    assert scores(app) == {"Ann": 2000, "Bob": 3500}
    assert view.screen == "winner" and view.winners == ("Bob",)
    assert app.errors == 0

    # Everything is on disk: the stored game replays to the same end.
    stored = app.table.store.latest()
    assert stored is not None and stored.state.over
    assert [p.score for p in stored.state.players] == [2000, 3500]



def test_on_a_touch_screen_taps_lead_from_the_winner_to_a_new_game(app: App) -> None:
    """Winner, the night's history, then a new game's setup, by taps alone (a table with a
    touch screen and no buttons): the history said "any button: a new game", but a tap on it
    went back to the finished game's throw screen, and no tap led on from there."""
    app.step()
    BANK(app)  # start
    type_keys(app, "111115")  # Ann: 2,000 at once (five 1s); Bob's last turn: a Farkle
    select(app, "11111")
    BANK(app)
    later(app, BANNER_SECONDS + 0.1)
    type_keys(app, "234662")
    later(app, BANNER_SECONDS + 0.1)
    assert app.table.view().screen == "winner"
    tap(app, "show", 0)
    assert app.table.view().screen == "history" and app.table.view().game_over
    tap(app, "keep", 0)
    assert app.table.view().screen == "setup"
    tap(app, "option", 4)  # START
    view = app.table.view()
    assert view.screen == "throw" and not view.game_over and scores(app) == {"Ann": 0, "Bob": 0}
    assert app.errors == 0

def test_a_tap_right_after_the_screen_changed_is_dropped(app: App) -> None:
    """A finger on its way to the screen before aimed at what was drawn there: the first row
    of a throw just replaced is the new throw's best option, kept unseen. A double tap
    (select, then take) is as quick as a finger goes: it is not held back."""
    BANK(app)
    type_keys(app, "155234")  # a new throw on the screen: its options now
    assert app.table.view().screen == "throw" and app.table.view().selected == 0
    tap(app, "option", 0, look=0)
    tap(app, "option", 0, look=0)
    state = app.table.state
    assert state is not None and state.phase == "keep" and state.turn_points == 0
    later(app, SEEN_SECONDS)
    second = app.table.view().options[1]
    tap(app, "option", 1, look=0)  # select
    tap(app, "option", 1, look=0)  # and take, straight away
    state = app.table.state
    assert state is not None and state.phase == "choose"
    assert state.turn_points == second.points > 0


def test_quick_taps_on_a_die_step_that_die_on_each_time(app: App) -> None:
    """The player looks at the die they correct: its own change does not hold the next tap
    back, and the die stays under the finger (the dice are drawn sorted, so a 4 stepped to 5
    moved past the other 4, and the next tap stepped that one)."""
    BANK(app)
    type_keys(app, "123455")
    tap(app, "die", 2)  # the 3 -> 4
    tap(app, "die", 2, look=0.2)  # -> 5
    tap(app, "die", 2, look=0.2)  # -> 6
    assert [d.face for d in app.table.view().dice] == [1, 2, 6, 4, 5, 5]
    state = app.table.state
    assert state is not None and str(state.last_throw) == "124556"
    select(app, "1")
    KEEP(app)
    type_keys(app, "65421")  # the next throw is drawn sorted again
    assert [d.face for d in app.table.view().dice] == [1, 2, 4, 5, 6]


def test_a_refused_command_is_shown_not_raised(app: App) -> None:
    app.step()
    BANK(app)
    type_keys(app, "5")
    BANK(app)  # nothing to bank before the first throw
    assert "Ann cannot bank now" in app.table.view().error
    type_keys(app, "23462")  # completes 523462 -> 5 scores
    assert app.table.view().options and not app.table.view().error


def test_history_screen_lists_the_finished_game_and_player_stats(app: App) -> None:
    test_a_whole_game(app)
    KEEP(app)  # the winner screen: KEEP shows the night's history
    view = app.table.view()
    assert view.screen == "history"
    assert [(h.players, h.winner, h.score) for h in view.history] == [("Ann, Bob", "Bob", 3500)]
    stats = {s.name: s for s in view.stats}
    assert stats["Bob"].wins == 1 and stats["Ann"].wins == 0
    assert stats["Bob"].best_turn == 3500 and stats["Ann"].best_turn == 1000
    KEEP(app)  # and then a new game's setup
    assert app.table.view().screen == "setup"


def test_a_crash_in_one_frame_is_shown_and_the_game_goes_on(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.step()
    BANK(app)
    import farkle_pi.app as app_module
    from farkle_pi.ui.render import render as real_render  # what farkle_pi.app calls
    calls = {"n": 0}

    def flaky(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("boom")
        return real_render(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app_module, "render", flaky)
    type_keys(app, "1")  # the frame that draws this typed die breaks
    assert app.errors == 1 and "boom" in app.table.view().error
    assert app.step() is True and calls["n"] == 2  # the next frame shows the error
    type_keys(app, "11234")  # and the game goes on
    assert app.table.view().options and app.errors == 1


def test_an_unchanged_screen_is_not_redrawn(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import farkle_pi.app as app_module
    from farkle_pi.ui.render import render as real_render  # what farkle_pi.app calls
    calls = []

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real_render(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app_module, "render", counting)
    app.step()
    for _ in range(5):
        app.step()
    assert len(calls) == 1  # waiting for input costs no drawing
    type_keys(app, "b")
    assert len(calls) == 2


def test_new_camera_frames_redraw_only_the_screen_that_shows_them(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tray's picture is on the throw screen while a throw is awaited; with the dice of a
    throw on the screen, 15 new frames a second must not redraw it (a Pi's CPU, all evening)."""
    from dataclasses import replace

    import numpy as np
    from tray_news import TrayDie, TrayNews

    import farkle_pi.app as app_module
    from farkle_pi.devices import Frame
    from farkle_pi.ui.render import render as real_render

    frames = iter(range(1_000))
    app.camera = lambda: Frame(np.zeros((48, 64, 3), np.uint8), 0.0, next(frames))
    calls = []

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(args[4] is not None if len(args) > 4 else kwargs.get("picture") is not None)
        return real_render(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app_module, "render", counting)
    app.table.setup = replace(app.table.setup, dice_mode="camera")
    app.step()  # setup: no picture there
    BANK(app)  # Ann's turn: the tray is shown, a new frame each step redraws it
    calls.clear()
    for _ in range(3):
        app.step()
    assert calls == [True, True, True]
    app.tray_events.put(TrayNews("settled", tuple(TrayDie(int(f)) for f in "155234")))
    app.step()  # the throw's dice on the screen now
    calls.clear()
    for _ in range(3):
        app.step()
    assert calls == []


def test_the_table_command_plays_from_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from farkle_pi.cli import main
    from farkle_pi.table.fairdice import SeedBook
    from farkle_pi.ui.actions import Action

    db = tmp_path / "farkle.db"
    config = tmp_path / "config.toml"
    config.write_text(
        '[table]\nplayers = ["Ann", "Bob"]\ndice = "virtual"\ntheme = "light"\n'
        '[screen]\nsize = "480x320"\nfullscreen = false\n'
        f'[store]\ndatabase = "{db}"\n'
    )
    seen: dict[str, object] = {}

    def scripted_run(self: App, *args: object, **kwargs: object) -> None:
        for action in (Action("bank"), Action("keep")):  # start, then the Pi throws
            self.actions.put(action)
            self.step()
        seen["size"] = self.surface.get_size()
        seen["view"] = self.table.view()

    monkeypatch.setattr(App, "run", scripted_run)
    assert main(["table", "--config", str(config)]) == 0
    assert seen["size"] == (480, 320)
    with Store(db) as store:
        stored = store.latest()
        assert stored is not None and len(stored.state.throws) == 1
        assert [p.name for p in stored.state.players] == ["Ann", "Bob"]
    assert SeedBook(db).load(stored.id) is not None  # committed before that throw
