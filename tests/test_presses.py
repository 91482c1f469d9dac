"""Presses on the real buttons (gpiozero's mock pins) that come before the players could see
what they act on: BANK while the dice roll into a Farkle, a second BANK that would act for
the next player, two buttons hit together, KEEP twice on virtual dice."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from tray_news import TrayDie, TrayNews

from farkle_pi.app import App
from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.presses import (
    HELD,
    HOLD_SECONDS,
    PICKED_SECONDS,
    SEEN_SECONDS,
    THROWN_FIRST,
    BankHold,
)
from farkle_pi.table.table import BANNER_SECONDS, Table
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import Banner

PINS = ButtonsConfig(bank=19, next=5, keep=6, undo=13, bank_led=26)


class Tabletop:
    """The app with its buttons, a clock the test moves, and a tray that rolls when told."""

    def __init__(self, tmp_path: Path, pins: MockFactory, mode: str,
                 overrides: dict[str, str] | None = None) -> None:
        self.now = 0.0
        self.rolling = False
        self.pins = pins
        self.store = Store(tmp_path / "farkle.db")
        rules = load_rules("standard", overrides or {})
        self.table = Table(self.store, rules, ["Ann", "Bob"], mode, clock=lambda: self.now,
                           resume=False, say=lambda _: None)
        self.table.new_game()
        self.app = App(self.table, open_surface((800, 480), headless=True), DARK,
                       clock=lambda: self.now)
        if mode == "camera":
            self.app.bank_hold = BankHold(lambda: self.now, lambda: self.rolling)
        self.app.buttons = TableButtons(PINS, self.app.actions, pins, clock=lambda: self.now)
        self.app.step()

    def press(self, *pins: int, after: float = SEEN_SECONDS) -> None:
        """Buttons pressed together, `after` seconds on; then one frame."""
        self.now += after
        for pin in pins:
            self.pins.pin(pin).drive_low()
        for pin in pins:
            self.pins.pin(pin).drive_high()
        self.app.step()

    def tray(self, kind: str, faces: str) -> None:
        self.app.tray_events.put(TrayNews(kind, tuple(TrayDie(int(f)) for f in faces)))

    def close(self) -> None:
        assert self.app.buttons is not None
        self.app.buttons.close()
        self.store.close()

    def scores(self) -> dict[str, int]:
        state = self.table.state
        assert state is not None
        return {p.name: p.score for p in state.players}


@pytest.fixture
def camera(tmp_path: Path, mock_pins: MockFactory) -> Iterator[Tabletop]:
    top = Tabletop(tmp_path, mock_pins, "camera")
    top.tray("settled", "155234")  # Ann throws; takes the 1 and 5 5 out; picks up the rest
    top.tray("removed", "155")
    top.tray("removed", "234")
    top.app.step()
    state = top.table.state
    assert state is not None and state.phase == "choose" and state.turn_points == 200
    yield top
    top.close()


def test_bank_while_the_dice_roll_waits_and_a_farkle_landing_counts(camera: Tabletop) -> None:
    camera.rolling = True  # Ann throws her 3 dice and hits BANK as they tumble
    camera.press(PINS.bank)
    assert camera.scores() == {"Ann": 0, "Bob": 0}
    view = camera.app.view
    assert view is not None and view.prompt == HELD
    camera.now += 1.0
    camera.rolling = False
    camera.tray("settled", "234")  # a Farkle
    camera.app.step()
    assert camera.scores() == {"Ann": 0, "Bob": 0}
    state = camera.table.state
    assert state is not None and state.turns[-1].farkle and state.player.name == "Bob"
    assert camera.table.error == THROWN_FIRST


def test_bank_while_dice_are_only_picked_up_banks_once_the_tray_is_still(
    camera: Tabletop
) -> None:
    camera.rolling = True  # a hand in the tray, no throw
    camera.press(PINS.bank)
    assert camera.scores() == {"Ann": 0, "Bob": 0}
    camera.now += 0.5
    camera.rolling = False
    camera.app.step()
    assert camera.scores() == {"Ann": 200, "Bob": 0}


def test_undo_while_bank_waits_for_the_tray_drops_the_bank(camera: Tabletop) -> None:
    """Ann hits BANK as a hand moves in the tray, then holds UNDO to take her keep back: the
    waiting BANK must not keep and bank the highlighted option once the tray is still."""
    camera.rolling = True
    camera.press(PINS.bank)
    assert camera.app.view is not None and camera.app.view.prompt == HELD
    camera.now += 1.0
    camera.app.actions.put(Action("undo", button=True))  # UNDO held for its second
    camera.app.step()
    camera.rolling = False
    camera.now += 0.5
    camera.app.step()
    state = camera.table.state
    assert state is not None and state.player.name == "Ann" and state.phase == "keep"
    assert camera.scores() == {"Ann": 0, "Bob": 0}
    assert camera.app.view is not None and camera.app.view.prompt != HELD


def test_a_look_at_the_scoreboard_while_bank_waits_drops_it(camera: Tabletop) -> None:
    """On the scoreboard BANK only goes back to the throw: the BANK waiting goes, not later."""
    camera.rolling = True
    camera.press(PINS.bank)
    camera.app.actions.put(Action("show", text="scoreboard", tapped=True))
    camera.app.step()
    camera.rolling = False
    camera.now += 0.5
    camera.app.step()
    assert camera.table.screen == "scoreboard" and camera.scores() == {"Ann": 0, "Bob": 0}
    assert camera.app.view is not None and camera.app.view.prompt != HELD


def test_a_hand_that_stays_in_the_tray_does_not_hold_bank_for_ever(camera: Tabletop) -> None:
    camera.rolling = True
    camera.press(PINS.bank)
    camera.now += HOLD_SECONDS
    camera.app.step()
    assert camera.scores() == {"Ann": 200, "Bob": 0}


def test_bank_pressed_as_a_farkle_settles_in_the_same_frame_is_no_bank(
    camera: Tabletop
) -> None:
    """The settle and the press reach the app together: the throw came first."""
    camera.tray("settled", "234")
    camera.press(PINS.bank)
    state = camera.table.state
    assert state is not None and state.turns[-1].farkle
    assert camera.scores() == {"Ann": 0, "Bob": 0} and camera.table.error == ""


@pytest.fixture
def manual(tmp_path: Path, mock_pins: MockFactory) -> Iterator[Tabletop]:
    top = Tabletop(tmp_path, mock_pins, "manual", {"target": "5000", "stealing": "true"})
    yield top
    top.close()


def type_throw(top: Tabletop, faces: str) -> None:
    top.now += SEEN_SECONDS
    for face in faces:
        top.app.actions.put(Action("digit", int(face)))
    top.app.step()


def bank(top: Tabletop, throw: str, keep: str) -> None:
    """A turn: the throw typed, NEXT to the keep wanted, BANK; each press after a look."""
    type_throw(top, throw)
    for _ in range(10):
        option = top.table.view().selected_option
        assert option is not None
        if "".join(map(str, option.keep)) == keep:
            top.press(PINS.bank)
            return
        top.press(PINS.next)
    raise AssertionError(f"no option keeps {keep}")


def test_a_second_bank_a_moment_later_does_not_act_for_the_next_player(
    manual: Tabletop
) -> None:
    bank(manual, "111234", "111")
    assert manual.scores() == {"Ann": 1000, "Bob": 0}
    manual.press(PINS.bank, after=0.03)  # the thumb again
    view = manual.app.view
    assert view is not None and view.error == "" and view.banner is not None
    assert view.banner.kind == "bank"
    manual.press(PINS.bank, after=0.4)
    assert manual.app.view is not None and manual.app.view.error == ""
    manual.press(PINS.bank)  # under the banner BANK only takes it away
    assert manual.app.view.error == "" and manual.app.view.banner is None
    manual.press(PINS.bank)  # a real press, seen: Bob has nothing to bank
    assert "cannot bank" in manual.table.error


def bank_for_a_steal(manual: Tabletop) -> None:
    """Ann and Bob on the board; Ann banks 200 with 155 kept: Bob may steal her three dice."""
    bank(manual, "111234", "111")
    bank(manual, "111234", "111")
    bank(manual, "155234", "155")
    assert manual.table.view().banner == Banner("bank", "BANK +200", "Ann now has 1,200")


def test_next_under_the_bank_banner_takes_it_away_and_steals_nothing(manual: Tabletop) -> None:
    """The steal is offered under "BANK +200": NEXT there was pressed before Bob saw it."""
    bank_for_a_steal(manual)
    manual.press(PINS.next, after=0.6)  # seen the banner, not what it covers
    state = manual.table.state
    assert state is not None and state.player.name == "Bob" and state.stolen == 0
    assert state.steal is not None and manual.table.view().banner is None
    manual.press(PINS.next, after=SEEN_SECONDS / 2)  # the screen under it has just appeared
    state = manual.table.state
    assert state is not None and state.stolen == 0
    manual.press(PINS.next)  # seen: Bob steals Ann's three dice and points
    state = manual.table.state
    assert state is not None and state.stolen == 200 and manual.table.error == ""


def test_a_press_right_after_a_banner_ends_by_itself_is_dropped(manual: Tabletop) -> None:
    bank_for_a_steal(manual)
    manual.press(after=BANNER_SECONDS + 0.1)  # a frame: the banner is gone, the steal shows
    assert manual.table.view().banner is None
    manual.press(PINS.next, after=SEEN_SECONDS / 2)
    state = manual.table.state
    assert state is not None and state.stolen == 0 and state.steal is not None


def test_undo_under_a_banner_takes_back_what_it_announced(manual: Tabletop) -> None:
    bank_for_a_steal(manual)
    manual.now += 0.6
    manual.table.handle(Action("undo", button=True))
    state = manual.table.state
    assert state is not None and state.player.name == "Ann" and state.turn_points == 200
    assert manual.scores() == {"Ann": 1000, "Bob": 1000}


def test_a_key_under_a_banner_acts_as_typed(manual: Tabletop) -> None:
    """Keys are for the desk: `n` steals at once, as the keyboard's user sees the banner go."""
    bank_for_a_steal(manual)
    manual.now += 0.6
    manual.table.handle(Action("next"))
    state = manual.table.state
    assert state is not None and state.stolen == 200


def test_bank_and_next_together_do_not_steal_for_the_next_player(manual: Tabletop) -> None:
    bank(manual, "111234", "111")
    bank(manual, "111234", "111")  # Bob is on the board: he may steal from now on
    type_throw(manual, "155234")
    while "".join(map(str, manual.table.view().selected_option.keep)) != "155":  # type: ignore
        manual.press(PINS.next)
    manual.press(PINS.bank, PINS.next)  # both at once: Ann banks, NEXT would steal for Bob
    state = manual.table.state
    assert state is not None and state.player.name == "Bob" and state.phase == "start"
    assert state.steal is not None and state.stolen == 0  # offered, not taken
    assert manual.scores() == {"Ann": 1200, "Bob": 1000}


def test_next_pressed_before_a_throw_lands_and_let_go_after_it_moves_no_highlight(
        camera: Tabletop) -> None:
    """NEXT acts when let go (held, it shows the next screen), but counts from when it went
    down: pressed before the throw landed and let go 0.6 s after, it was meant for the screen
    before, so the new throw's highlight stays on the coach's choice (counted from its
    release, it moved it to an option nobody had read when pressing)."""
    camera.now += SEEN_SECONDS
    camera.pins.pin(PINS.next).drive_low()
    camera.tray("settled", "115")  # the three dice land as NEXT goes down
    camera.app.step()
    state = camera.table.state
    assert state is not None and state.phase == "keep" and camera.table.selected == 0
    camera.now += 0.6
    camera.app.step()
    camera.pins.pin(PINS.next).drive_high()
    camera.app.step()
    assert camera.table.selected == 0 and camera.table.state is state
    camera.press(PINS.next)  # a NEXT after looking: the next option
    assert camera.table.selected == 1


def test_next_and_bank_together_do_not_bank_an_option_nobody_saw(manual: Tabletop) -> None:
    type_throw(manual, "155234")
    first = manual.table.view().selected_option
    before = manual.table.state
    manual.press(PINS.next, PINS.bank)  # NEXT moves the highlight; BANK was meant for the first
    state = manual.table.state
    assert state is before  # nothing kept, nothing banked
    shown = manual.table.view().selected_option
    assert shown is not None and shown != first and manual.scores() == {"Ann": 0, "Bob": 0}
    manual.press(PINS.bank, after=PICKED_SECONDS)  # seen, and meant: the new highlight
    assert manual.scores() == {"Ann": shown.points, "Bob": 0}


def test_keep_a_moment_after_next_keeps_the_new_highlight(manual: Tabletop) -> None:
    type_throw(manual, "155234")
    manual.press(PINS.next)
    shown = manual.table.view().selected_option
    assert shown is not None
    manual.press(PINS.keep, after=PICKED_SECONDS)  # a sure player, quick but not together
    state = manual.table.state
    assert state is not None and [d.face for d in state.kept[-1].dice] == list(shown.keep)


def test_keep_twice_on_virtual_dice_throws_but_does_not_keep_unseen(
    tmp_path: Path, mock_pins: MockFactory
) -> None:
    with closing(Tabletop(tmp_path, mock_pins, "virtual")) as top:
        top.press(PINS.keep)
        top.press(PINS.keep, after=0.05)
        state = top.table.state
        assert state is not None and len(state.throws) == 1 and state.kept == ()


def test_the_winning_bank_pressed_twice_still_shows_the_winner(
    tmp_path: Path, mock_pins: MockFactory
) -> None:
    to_1000 = {"target": "1000", "final_round": "false"}
    with closing(Tabletop(tmp_path, mock_pins, "manual", to_1000)) as top:
        bank(top, "111234", "111")  # Ann reaches 1,000: she wins at once
        top.press(PINS.bank, after=0.05)  # the echo
        assert top.table.view().screen in ("results", "winner")
        top.now += 2.0
        top.app.step()
        assert top.table.view().screen == "winner"


def test_bank_on_a_keep_goes_through_while_hands_take_dice_out(
    tmp_path: Path, mock_pins: MockFactory
) -> None:
    """BANK where a keep is due keeps the highlighted option and banks: nothing to wait for,
    though hands move in the tray (held, it banked whatever the tray kept meanwhile)."""
    with closing(Tabletop(tmp_path, mock_pins, "camera")) as top:
        top.tray("settled", "155234")
        top.app.step()
        assert top.table.state is not None and top.table.state.phase == "keep"
        top.rolling = True  # a hand in the tray, taking the keep out
        top.press(PINS.bank)
        assert top.scores()["Ann"] > 0  # banked now, not held


def test_a_held_bank_goes_through_at_once_when_the_camera_is_lost(camera: Tabletop) -> None:
    camera.rolling = True
    camera.press(PINS.bank)
    assert camera.scores() == {"Ann": 0, "Bob": 0}  # held
    camera.app.camera_status = lambda: "no picture from the camera"
    camera.now += 0.1
    camera.app.step()
    assert camera.scores() == {"Ann": 200, "Bob": 0}


def test_in_manual_mode_a_moving_tray_does_not_hold_bank(
    tmp_path: Path, mock_pins: MockFactory
) -> None:
    """Typed dice do not come from the tray: what moves in its view is no throw."""
    with closing(Tabletop(tmp_path, mock_pins, "manual")) as top:
        top.app.bank_hold = BankHold(lambda: top.now, lambda: top.rolling)
        type_throw(top, "155234")
        top.press(PINS.keep)  # the best keep, 1 5 5 ...
        top.rolling = True
        top.press(PINS.bank)
        assert top.scores()["Ann"] > 0


def test_next_and_keep_together_on_the_keypad_enter_no_face_nobody_saw(
    manual: Tabletop
) -> None:
    """Typing a throw with the buttons: NEXT steps the face, KEEP enters it."""
    manual.press(PINS.next, PINS.keep)
    assert (manual.table.entry.dice, manual.table.entry.face) == ((), 2)
    manual.press(PINS.keep, after=PICKED_SECONDS)  # the 2 shown, seen, entered
    assert manual.table.entry.text == "2"
