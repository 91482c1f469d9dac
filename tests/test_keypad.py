"""A throw entered without a keyboard, through the app loop: finger taps on the touch keypad, or
the arcade buttons alone on mock GPIO (NEXT face, KEEP take, hold UNDO remove). Every throw is
on disk before the screen shows it; a die too many or a face outside 1-6 is refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
import test_app_game
import touch
from gpiozero.pins.mock import MockFactory
from test_app_game import BANK, KEEP, NEXT, gpio

from farkle_pi.app import App
from farkle_pi.errors import FarkleError
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table import entry
from farkle_pi.table.camera import NOT_FOUND, OPENING
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action, ActionKind
from farkle_pi.ui.display import offscreen, open_surface
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import VARIANTS
from farkle_pi.ui.screens import keypad
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import SETUP_ROWS

app = test_app_game.app  # Ann and Bob to 2,000, manual dice, 800x480, buttons on mock pins
UNDO_PIN = 19


def finger(app: App, kind: str, value: int = 0) -> None:
    touch.finger(app, Action(kind, value))  # type: ignore[arg-type]


def stored_throws(app: App) -> list[str]:
    """The throws as a second reader of the database finds them."""
    with Store(app.table.store.path) as store:
        latest = store.latest()
        assert latest is not None
        return [str(t) for t in latest.state.throws]


def start(app: App) -> None:
    app.step()
    BANK(app)  # the setup screen: start the game
    assert app.view is not None and app.view.screen == "throw" and app.view.keypad


def test_a_whole_throw_by_touch(app: App) -> None:
    start(app)
    keys = [h for h in app.hits if h.action.kind in ("digit", "erase")]
    assert sorted(h.action.value for h in keys if h.action.kind == "digit") == [1, 2, 3, 4, 5, 6]
    assert all(h.rect.w >= 48 and h.rect.h >= 48 for h in keys), [h.rect for h in keys]
    for typed, face in enumerate([1, 1, 5, 2, 3], 1):
        finger(app, "digit", face)
        assert app.view is not None and len(app.view.typed) == typed  # shown as entered
    assert app.view is not None and app.view.typed == "11523" and stored_throws(app) == []
    finger(app, "digit", 4)  # the sixth die: the throw is played
    assert stored_throws(app) == ["112345"]  # on disk ...
    assert app.view.keypad is False and [d.face for d in app.view.dice] == [1, 1, 2, 3, 4, 5]
    assert app.view.options and app.errors == 0  # ... and then on the screen
    finger(app, "die", 5)  # a tap on a die still corrects it: 5 -> 6
    assert stored_throws(app) == ["112346"]


def test_a_whole_throw_by_the_buttons_alone(app: App) -> None:
    start(app)
    assert app.view is not None and app.view.face == 1
    hint = keypad.hint(app.view)
    assert "NEXT face" in hint and "KEEP take" in hint and "UNDO remove" in hint
    KEEP(app)
    KEEP(app)  # 1 1
    for _ in range(4):
        NEXT(app)  # 1 -> 5: the next die starts at the face just taken
    assert app.view.face == 5 and app.view.typed == "11"
    KEEP(app)
    for _ in range(3):
        NEXT(app)  # 5 -> 6 -> 1 -> 2
    KEEP(app)
    NEXT(app)
    KEEP(app)  # 3
    assert stored_throws(app) == [] and app.view.typed == "11523"
    NEXT(app)
    KEEP(app)  # 4: the sixth die, the throw is played
    assert stored_throws(app) == ["112345"] and app.view.options and app.errors == 0
    # From here the buttons mean what they did: NEXT moves through the options, KEEP keeps.
    test_app_game.select(app, "115")
    KEEP(app)
    assert app.table.state is not None and app.table.state.turn_points == 250
    assert app.view.keypad and app.view.dice_to_throw == 3 and app.view.face == 1


def test_removing_a_die_by_touch_and_by_a_held_undo(app: App) -> None:
    start(app)
    for face in (6, 6, 2):
        finger(app, "digit", face)
    finger(app, "erase")  # "remove last" on the keypad
    assert app.view is not None and app.view.typed == "66"
    gpio(app, UNDO_PIN, hold=0.05)  # a held UNDO removes the last die entered ...
    assert app.view.typed == "6" and app.table.state is not None and not app.table.state.throws
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="\b",
                                         mod=0))
    app.step()
    assert app.view.typed == ""
    for digit in "155234":
        finger(app, "digit", int(digit))
    test_app_game.select(app, "155")
    KEEP(app)
    assert app.table.state.turn_points == 200
    gpio(app, UNDO_PIN, hold=0.05)  # ... and with none entered, the last game action
    assert app.table.state.turn_points == 0 and app.table.state.phase == "keep"


def test_a_seventh_die_and_a_face_outside_one_to_six_are_refused(app: App) -> None:
    start(app)
    app.actions.put(Action("digit", 7))
    app.actions.put(Action("digit", 0))
    app.step()
    assert app.view is not None and app.view.typed == "" and "1 to 6" in app.view.error
    for face in "222346":
        finger(app, "digit", int(face))
    assert stored_throws(app) == ["222346"]
    assert not [h for h in app.hits if h.action.kind == "digit"]  # no keypad while keeping
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, unicode="2", mod=0))
    app.step()
    assert "keep or bank first" in app.view.error and stored_throws(app) == ["222346"]
    full = entry.Entry(dice=(1, 2, 3, 4, 5, 6))
    with pytest.raises(FarkleError, match="only 6 dice are thrown"):
        entry.step(full, Action("digit", 2), 6)
    with pytest.raises(FarkleError, match="only 6 dice are thrown"):
        entry.step(full, Action("keep"), 6)


def test_keep_declines_a_steal_and_enters_the_players_own_throw(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        rules = load_rules("standard", {"stealing": "true"})
        table = Table(store, rules, ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        table.new_game()
        presses: list[int | ActionKind] = [1, 1, 1, 2, 3, 4, "bank",  # Ann banks the best keep: 111
                                           5, 5, 5, 2, 3, 4, "bank"]  # Bob 500 with 3 dice left
        for press in presses:
            table.handle(Action("digit", press) if isinstance(press, int) else Action(press))
        assert table.view().face is None and "KEEP enters your own" in table.view().prompt
        table.handle(Action("keep"))  # Ann throws her own six dice
        table.handle(Action("next"))  # NEXT now steps the face: no steal
        assert table.state is not None and table.state.stolen == 0
        assert table.view().face == 2 and table.view().typed == ""
        assert table.view().dice_to_throw == 6 and not table.view().error


def test_virtual_dice_cannot_be_typed(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "virtual", resume=False,
                      say=lambda _: None)
        table.new_game()
        for face in (6, 6, 6, 6, 6, 6):
            table.handle(Action("digit", face))
        assert "thrown by the Pi" in table.view().error and not table.view().keypad
        assert table.state is not None and table.state.throws == ()


def camera_app(store: Store) -> App:
    """Ann's camera-dice table on a small screen, not started."""
    table = Table(store, load_rules("standard"), ["Ann"], "camera", resume=False,
                  say=lambda _: None)
    return App(table, open_surface((480, 320), headless=True), DARK, clock=touch.Clock())


@pytest.mark.parametrize(("missing", "note"), [(True, NOT_FOUND), (False, OPENING)],
                         ids=["not found", "starting"])
def test_without_a_camera_the_throw_is_entered_by_hand(
    tmp_path: Path, missing: bool, note: str
) -> None:
    """Camera dice while the camera is missing: the keypad and the buttons, as in manual mode;
    once the camera gives pictures again KEEP asks for a throw into the tray as before. While
    it is only starting, the screens say so and no keypad comes: its dice will come from it."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        said = [note]
        app = App(table, open_surface((480, 320), headless=True), DARK, clock=touch.Clock())
        if missing:
            app.camera_status = lambda: said[0]
        else:
            app.camera_opening = lambda: said[0]
        app.step()
        assert app.view is not None and app.view.prompt == note  # on the setup screen
        app.actions.put(Action("bank"))
        app.step()
        assert app.view.screen == "throw" and app.view.prompt == note
        assert app.view.keypad == missing
        if missing:
            digits = {h.action.value for h in app.hits if h.action.kind == "digit"}
            assert digits == set(range(1, 7))
            app.actions.put(Action("keep"))  # the buttons alone: KEEP takes a 1
            app.step()
            assert app.view.typed == "1"
        said[0] = ""  # the camera is back, or its first picture came
        app.step()
        assert not app.view.keypad and app.view.prompt == ""
        app.actions.put(Action("keep"))
        app.step()
        assert "into the tray" in app.view.error and app.view.typed == ("1" if missing else "")


@pytest.mark.parametrize("size", [(800, 480), (480, 320), (720, 1280)], ids=str)
def test_the_keypad_fits_every_screen(size: tuple[int, int]) -> None:
    surface = offscreen(size)
    hits = render(surface, VARIANTS["entry"], DARK)
    keys = [h.rect for h in hits if h.action.kind in ("digit", "erase")]
    assert len(keys) == 7
    bounds = surface.get_rect()
    assert all(bounds.contains(rect) for rect in keys)
    assert not any(a.colliderect(b) for i, a in enumerate(keys) for b in keys[i + 1:])
    assert min(min(rect.w, rect.h) for rect in keys) >= 48


def test_setup_offers_camera_dice_only_where_a_camera_was_opened(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        rules = load_rules("standard")
        without = App(Table(store, rules, ["Ann"], "manual", resume=False),
                      open_surface((800, 480), headless=True), DARK, clock=touch.Clock())
        without.step()
        modes = set()
        for _ in range(6):  # a tap on the dice row steps the mode, round and round
            finger(without, "option", SETUP_ROWS.index("dice"))
            modes.add(without.table.setup.dice_mode)
        assert modes == {"virtual", "manual"}

        # the dice row says why camera is not among them (the rest of the screen is the same)
        view = without.table.view()
        assert view.setup is not None and "camera" not in view.setup.dice_modes
        offered = replace(view, setup=replace(view.setup, dice_modes=("manual", "camera")))
        pictures = []
        for shown in (view, offered):
            surface = offscreen((800, 480))
            hits = render(surface, shown, DARK)
            pictures.append(pygame.surfarray.array3d(surface))
        row = next(h.rect for h in hits if h.action == Action("option", SETUP_ROWS.index("dice")))
        xs, ys = (pictures[0] != pictures[1]).any(axis=2).nonzero()
        assert len(xs) > 200
        assert all(row.collidepoint(x, y) for x, y in zip(xs, ys, strict=True))

        table = Table(store, rules, ["Ann"], "manual", resume=False, camera=True)
        seen = set()
        for _ in range(3):
            table.handle(Action("option", SETUP_ROWS.index("dice")))
            seen.add(table.setup.dice_mode)
        assert seen == {"virtual", "manual", "camera"}


class NoThread:
    """What `open_live_tray` hands `farkle-pi table`, without a camera or a thread."""

    latest = None
    notice = ""

    def __init__(self, opened: list[str]) -> None:
        self.opened = opened
        self.tray = self

    def expect(self, count: int | None) -> None:
        pass

    def status(self) -> str:
        return ""

    def opening(self) -> str:
        return ""

    def start(self) -> None:
        self.opened.append("started")

    def stop(self) -> None:
        pass


@pytest.mark.parametrize("dice", ["manual", "camera"])
def test_farkle_pi_table_offers_camera_dice_where_its_config_has_a_camera(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mock_pins: MockFactory, dice: str
) -> None:
    """An unfinished virtual-dice game is resumed in virtual mode; the camera of a camera
    config is opened all the same, so the next game can choose it; a manual config has none."""
    from fuzzing import run_cli

    import farkle_pi.table.camera as camera_module

    with Store(tmp_path / "farkle.db") as store:
        Table(store, load_rules("standard"), ["Ann"], "virtual", resume=False,
              say=lambda _: None).new_game()
    opened: list[str] = []
    seen: list[tuple[str, tuple[str, ...]]] = []

    def first_frame(app: App) -> bool:
        seen.append((app.table.mode, app.table.setup.dice_modes))
        return False  # and quit

    monkeypatch.setattr(camera_module, "open_live_tray", lambda *a: NoThread(opened))
    monkeypatch.setattr(App, "step", first_frame)
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\ndice = "{dice}"\n[screen]\nsize = "480x320"\n'
                      f'fullscreen = false\n[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
    outcome = run_cli(["table", "--config", str(config), "--windowed"])
    assert outcome.code == 0, outcome
    assert seen[0][0] == "virtual"  # the resumed game keeps its dice
    assert ("camera" in seen[0][1]) == (dice == "camera")
    assert opened == (["started"] if dice == "camera" else [])
