"""Setting up a game by keyboard and touch through the app loop, and by the buttons alone."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from screen_notes import SIZES, draw, size_id, words_drawn
from test_ui_floor import NAMES, overlap
from test_ui_fonts import lacking
from touch import Clock, finger

from farkle_pi.app import App
from farkle_pi.config import load_config
from farkle_pi.errors import FarkleError
from farkle_pi.rules import PRESETS, load_rules
from farkle_pi.store import Store
from farkle_pi.table.setup import step
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.draw import floor_cap
from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.theme import LIGHT
from farkle_pi.ui.view import SETUP_ROWS, SetupView


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    surface = open_surface((480, 320), headless=True)
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), [], "virtual", resume=False)
        yield App(table, surface, LIGHT, clock=Clock())


def key(app: App, name: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, unicode=char, mod=0))
    app.step()


def type_text(app: App, text: str) -> None:
    for char in text:
        key(app, pygame.key.key_code(char), char)


def tap_row(app: App, row: str) -> None:
    finger(app, Action("option", value=SETUP_ROWS.index(row)))


def test_keyboard_and_touch_set_up_a_game(app: App) -> None:
    app.step()
    type_text(app, "Bob")  # b, n and u are letters while a name is typed
    key(app, pygame.K_RETURN)
    type_text(app, "Nunu")
    key(app, pygame.K_RETURN)
    assert app.table.setup.players == ("Bob", "Nunu")
    tap_row(app, "rules")  # a tap on the rules row: the next preset
    assert app.table.setup.preset == PRESETS[1]
    tap_row(app, "target")
    tap_row(app, "dice")
    assert app.table.setup.target == 2000 and app.table.setup.dice_mode == "manual"
    tap_row(app, "start")
    state = app.table.state
    assert state is not None
    assert [p.name for p in state.players] == ["Bob", "Nunu"]
    assert state.rules.name == PRESETS[1] and state.rules.target == 2000
    assert app.table.view().screen == "throw" and app.table.mode == "manual"
    key(app, pygame.K_s)  # s shows the scoreboard once the game runs
    assert app.table.view().screen == "scoreboard"


def test_buttons_alone_set_up_a_game() -> None:
    setup = SetupView(players=(), known_names=("Ann", "Bob", "Cy"))
    presses = ["keep", "keep", "undo", "keep", "next", "keep", "next", "next", "keep"]
    for kind in presses:
        setup, start = step(setup, Action(kind), PRESETS)  # type: ignore[arg-type]
        assert not start
    assert setup.players == ("Ann", "Bob")
    assert setup.preset == PRESETS[1]
    assert setup.dice_mode == "manual"
    setup, start = step(setup, Action("bank"), PRESETS)
    assert start


def test_erase_takes_back_a_letter_then_a_player() -> None:
    setup = SetupView(players=("Ann",), typing="Bo")
    setup, _ = step(setup, Action("erase"), PRESETS)
    assert setup.typing == "B"
    setup, _ = step(setup, Action("erase"), PRESETS)
    setup, _ = step(setup, Action("erase"), PRESETS)
    assert setup.players == () and setup.typing == ""


def test_a_game_needs_a_player(app: App) -> None:
    app.step()
    key(app, pygame.K_b, "b")  # b types a letter on the players row ...
    assert app.table.setup.typing == "b"
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_TAB)
    key(app, pygame.K_b, "b")  # ... and is BANK on the other rows: no players yet
    assert "at least one player" in app.table.view().error


def test_a_name_that_cannot_join_says_why_on_the_screen(app: App,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal on the setup screen is drawn there (BANK with no players looked dead)."""
    drawn = words_drawn(monkeypatch)
    app.step()
    type_text(app, "Ann")
    key(app, pygame.K_RETURN)
    type_text(app, "Ann")
    key(app, pygame.K_RETURN)
    assert app.table.setup.players == ("Ann",) and app.table.setup.typing == "Ann"
    assert any("Ann is already playing" in words for words in drawn)
    setup = SetupView(players=tuple(f"P{i}" for i in range(8)), typing="Late")
    with pytest.raises(FarkleError, match="8 players at most: Late cannot join"):
        step(setup, Action("bank"), PRESETS)
    with pytest.raises(FarkleError, match="8 players at most"):
        step(replace(setup, typing="", known_names=("Zed",)), Action("keep"), PRESETS)
    drawn.clear()
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)  # the typed name, then Ann: no players
    key(app, pygame.K_TAB)
    key(app, pygame.K_b, "b")
    assert any("at least one player" in words for words in drawn)


def test_a_typed_name_the_screen_has_no_font_for_is_refused_saying_what_to_install(
        app: App, no_fonts: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """"李雷" and "王芳" were both drawn as two boxes: two players alike on the scoreboard."""
    drawn = words_drawn(monkeypatch)
    app.step()
    for char in "李雷":
        key(app, 0, char)
    key(app, pygame.K_RETURN)
    refused = app.table.setup
    assert refused.players == () and refused.typing == "李雷"  # (shown, as boxes)
    assert ("! this screen has no font for 2 of the name's letters (it draws boxes): sudo apt "
            "install fonts-noto-cjk, or type another name (UNDO erases)") in " ".join(drawn)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "Ann")
    key(app, pygame.K_RETURN)
    assert app.table.setup.players == ("Ann",)


def test_a_typed_name_an_installed_font_draws_joins(monkeypatch: pytest.MonkeyPatch) -> None:
    letter = lacking()  # a letter pygame's own font lacks (Vietnamese ễ where DejaVu is)
    setup, _ = step(SetupView(players=(), typing=f"Nguy{letter}n"), Action("keep"), PRESETS)
    assert setup.players == (f"Nguy{letter}n",)


def test_the_configs_rules_file_comes_round_again_on_the_rules_row(tmp_path: Path) -> None:
    """Game night review: a table whose config names a rules file (its preset shown as the
    file's name) stepped the rules row through the five presets only, so one KEEP too many
    lost the house rules until the table was started again."""
    sheet = tmp_path / "our-table.toml"
    sheet.write_text('base = "tyler"\nentry = 750\nthree_farkles = 1000\n')
    rules = load_rules(str(sheet))
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        table.handle(Action("next"))  # the rules row
        shown = []
        for _ in range(len(PRESETS) + 1):
            table.handle(Action("keep"))
            shown.append(table.setup.preset)
        assert shown == [*PRESETS, "our-table"]
        table.handle(Action("bank"))
        assert table.state is not None and table.state.rules == rules.with_changes(
            {"target": rules.target})


def test_the_configs_house_rules_are_offered_by_their_name_beside_the_plain_presets(
        tmp_path: Path) -> None:
    """A config of `preset = "standard"` and `must_throw_hot_dice = true` showed "standard"
    on the rules row, and choosing standard played the config's changed rules: the plain chart
    could not be had for one game. Now both are offered, and KEEP comes round to the config's."""
    config = tmp_path / "config.toml"
    config.write_text('[rules]\npreset = "standard"\nmust_throw_hot_dice = true\n',
                      encoding="utf-8")
    rules = load_config(str(config)).rules.ruleset
    own = "standard + must throw hot dice"
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        assert table.setup.preset == own
        table.handle(Action("next"))  # the rules row
        shown = []
        for _ in range(len(PRESETS) + 1):
            table.handle(Action("keep"))
            shown.append(table.setup.preset)
        assert shown == [*PRESETS, own]  # one KEEP too many does not lose them
        table.handle(Action("keep"))  # standard, as printed
        table.handle(Action("bank"))
        assert table.state is not None and table.state.rules == load_rules("standard")
        assert table.view().rules_name == "standard"


def test_the_configs_target_comes_round_again_on_the_target_row(tmp_path: Path) -> None:
    """Game night review: a config's `target = 4000` showed on the setup screen, but KEEP on
    the target row went 2,000, 5,000, 10,000 and never back to 4,000."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard", {"target": "4000"}), ["Ann", "Bob"],
                      "manual", resume=False, say=lambda _: None)
        for _ in range(2):
            table.handle(Action("next"))  # the target row
        shown = [table.setup.target]
        for _ in range(4):
            table.handle(Action("keep"))
            shown.append(table.setup.target)
        assert shown == [4000, 5000, 10000, 2000, 4000]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("count", [1, 3, 5, 8])
def test_the_players_row_shows_every_name_whole_and_big_enough_to_check(
        count: int, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The players row wraps its names: on one line, eight names as long as a name may be
    were drawn 4 px tall on the 3.5" panel. They are checked from the chair before a game
    (half the two-metre floor), each whole, inside the row, clear of the hint under them."""
    sample = SAMPLES["setup"].setup
    assert sample is not None
    setup = replace(sample, players=NAMES[:count], known_names=(*NAMES, "Zed"))
    frame = draw(replace(SAMPLES["setup"], setup=setup), size, monkeypatch)
    row = next(d for d in frame.texts if d.text == "PLAYERS")
    hint = next(d for d in frame.texts if d.text.startswith("KEEP adds: "))
    lines = [d for d in frame.texts
             if d is not hint and any(name in d.text for name in NAMES)]
    assert " ".join(d.text for d in lines) == ", ".join(NAMES[:count])  # whole, in order
    assert min(d.cap for d in lines) >= floor_cap(size) / 2
    panel = next(rect for rect, _ in frame.outlines if rect.colliderect(row.rect))
    assert all(panel.contains(d.rect) and not overlap(d, hint) for d in lines)
    assert all(not overlap(a, b) for a, b in itertools.combinations(lines, 2))
