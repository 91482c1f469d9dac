"""Setting a misread die right with the four buttons alone (a plain HDMI screen, no touch): a
short UNDO frames a die of the throw shown, NEXT steps its face as a tap would, UNDO again
frames the next die, KEEP ends it. Without it such a table had no way to fix a misread but
a held UNDO and a new throw."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory
from seating import seated, typed
from touch import Clock
from tray_news import TrayDie as Die
from tray_news import TrayNews as News
from tray_news import dice

from farkle_pi.app import App
from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.game import Throw, Undo
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action, ActionKind
from farkle_pi.ui.display import offscreen, open_surface
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import THROW
from farkle_pi.ui.screens.throw import FIX_HINT
from farkle_pi.ui.theme import DARK, LIGHT, Theme

PINS = ButtonsConfig(bank=5, next=6, keep=13, undo=19, bank_led=None)
FIX_SIX: tuple[ActionKind, ...] = ("fix",) * 6  # the frame on the sixth die


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "camera") as table:
        yield table


def press(table: Table, *kinds: ActionKind) -> None:
    for kind in kinds:
        table.handle(Action(kind, button=True))


def framed(table: Table) -> list[int]:
    """The places of the dice drawn framed."""
    return [place for place, die in enumerate(table.view().dice) if die.framed]


def faces(table: Table) -> str:
    return "".join(str(die.face) for die in table.view().dice)


def test_a_short_undo_frames_each_die_in_turn_then_none(table: Table) -> None:
    table.tray(News("settled", dice("155234")))
    assert framed(table) == []
    for place in range(6):
        press(table, "fix")
        assert framed(table) == [place] and table.framed == place
    press(table, "fix")  # past the last die: the frame goes
    assert framed(table) == [] and table.framed is None
    press(table, "fix")  # and comes back on the first
    assert framed(table) == [0]


def test_the_first_frame_goes_on_the_first_die_to_check(table: Table) -> None:
    """"check the 3 and 4: read unsure - tap a die (or UNDO) to correct it": the short UNDO
    frames the 3 (where the CHECK ring is), not the first die; then on as usual."""
    table.tray(News("settled", (*dice("1552"), Die(4, confidence=0.79),
                                Die(3, confidence=0.74))))
    checked = [place for place, die in enumerate(table.view().dice) if die.flag == "check"]
    assert faces(table) == "123455" and checked == [2, 3]
    press(table, "fix")
    assert framed(table) == [2]
    press(table, "fix")
    assert framed(table) == [3]
    press(table, "fix", "fix", "fix")
    assert framed(table) == []
    press(table, "fix")  # round again: the first to check
    assert framed(table) == [2]


def test_next_steps_the_framed_die_and_the_correction_is_stored(table: Table) -> None:
    """Read 1 2 3 4 5 5 where the 4 is a 6: NEXT twice on the 4 makes it 6, each step a
    correction in the game (as a tap's), and the frame stays on that die."""
    table.tray(News("settled", dice("155234")))
    assert faces(table) == "123455"
    press(table, "fix", "fix", "fix", "fix")
    assert framed(table) == [3]
    press(table, "next")
    assert table.state is not None and str(table.state.last_throw) == "123555"
    assert faces(table) == "123555" and framed(table) == [3]  # the die stays in its place
    press(table, "next")
    assert str(table.state.last_throw) == "123556" and framed(table) == [3]
    assert table.state.phase == "keep" and table.state.turn_points == 0


def test_keep_ends_the_framing_and_only_the_next_keep_takes_an_option(table: Table) -> None:
    """The options change with a corrected die: the KEEP that ends the framing keeps nothing,
    so the players see the new options before one is taken."""
    table.tray(News("settled", dice("155234")))
    press(table, "fix", "fix", "fix", "fix", "next", "next")  # the 4 is a 6
    press(table, "keep")
    assert framed(table) == [] and table.state is not None
    assert table.state.phase == "keep" and table.state.kept == ()
    selected = table.view().selected_option
    assert selected is not None
    press(table, "keep")
    assert list(table.state.kept) == [Roll.of(*selected.keep)]


def test_next_without_a_frame_still_moves_the_highlight(table: Table) -> None:
    table.tray(News("settled", dice("155234")))
    press(table, "fix", "fix", "fix", "fix", "fix", "fix", "fix")  # framed, then past the end
    press(table, "next")
    assert table.view().selected == 1 and faces(table) == "123455"


def test_a_face_that_scores_nothing_is_held_while_the_frame_moves_on(table: Table) -> None:
    """Read 1 3 3 4 4 6 where the 1 is a 3 and a 4 is a 5: stepping the 1 to 2 scores
    nothing (held, not stored, the frame stays), the 3 is stored; then UNDO frames the next
    dice and the 4 stepped to 5 is stored too."""
    table.tray(News("settled", dice("133446")))
    press(table, "fix", "next")
    assert table.state is not None and str(table.state.last_throw) == "133446"
    assert "233446 scores nothing: step on" in table.view().prompt
    press(table, "next")
    assert str(table.state.last_throw) == "333446"  # 3 3 3 scores: stored
    press(table, "fix", "fix", "fix")
    assert framed(table) == [3]
    press(table, "next")  # 4 -> 5 scores at once
    assert str(table.state.last_throw) == "333456" and framed(table) == [3]


def test_keep_takes_a_farkle_stepped_with_next(table: Table) -> None:
    table.tray(News("settled", dice("133446")))
    press(table, "fix", "next")  # 1 -> 2: nothing scores, held
    press(table, "keep")  # "KEEP for Farkle"
    assert table.state is not None and table.state.current == 1 and framed(table) == []


def test_a_held_undo_or_bank_ends_the_framing_and_does_what_it_says(table: Table) -> None:
    table.tray(News("settled", dice("155234")))
    press(table, "fix")
    press(table, "undo")  # held: the throw is taken back
    assert table.state is not None and table.state.phase == "start" and table.framed is None
    table.tray(News("settled", dice("111555")))
    assert framed(table) == []  # a new throw comes unframed
    highlighted = table.view().selected_option
    assert highlighted is not None and highlighted.keep == (1, 1, 1, 5, 5, 5)
    press(table, "fix", "bank")  # banks the highlighted keep: all six
    assert table.state.players[0].score == highlighted.points > 0
    assert table.state.current == 1
    assert table.framed is None and not table.error


def test_the_frame_goes_when_the_dice_are_taken_out(table: Table) -> None:
    table.tray(News("settled", dice("155234")))
    press(table, "fix")
    table.tray(News("removed", dice("15")))  # the keep, by the tray
    assert table.state is not None and table.state.phase == "choose"
    assert table.framed is None and framed(table) == []
    table.tray(News("settled", dice("5523")))
    assert framed(table) == []


def test_a_misread_farkle_is_set_right_with_the_buttons(table: Table) -> None:
    """2 2 3 4 4 6 read where the 6 is a 1: the turn passed; the dice stay on the screen and
    UNDO, then NEXT on the framed 6, gives Ann her turn back."""
    table.tray(News("settled", tuple(Die(face, center=(40.0 * k, 0.0))
                                     for k, face in enumerate((2, 2, 3, 4, 4, 6)))))
    assert table.state is not None and table.state.current == 1
    press(table, *FIX_SIX)
    assert framed(table) == [5]
    press(table, "next")
    assert table.state.current == 0 and table.state.phase == "keep"
    assert str(table.state.last_throw) == "122344"


def test_a_short_undo_with_no_throw_to_fix_says_to_hold_it(table: Table) -> None:
    press(table, "fix")
    assert table.error.startswith("hold UNDO to undo") and table.framed is None


def test_virtual_dice_cannot_be_framed(tmp_path: Path) -> None:
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "virtual") as table:
        press(table, "keep")  # the Pi throws
        assert table.state is not None and table.state.last_throw is not None
        press(table, "fix")
        assert "cannot be corrected" in table.error and table.framed is None


def test_a_typo_in_a_throw_entered_by_hand_is_fixed_with_the_buttons(tmp_path: Path) -> None:
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual") as table:
        typed(table, "111233")
        press(table, *FIX_SIX, "next")  # the last 3 was a 4
        assert table.state is not None and str(table.state.last_throw) == "111234"


@pytest.mark.parametrize("theme", [DARK, LIGHT], ids=["dark", "light"])
def test_the_framed_die_is_drawn_framed_and_the_hint_says_what_the_buttons_do(theme: Theme
                                                                              ) -> None:
    """A frame in the theme's focus colour, not the blue of the highlighted option's dice (in
    the light theme the first frame was that blue, and looked like them)."""
    assert theme.focus != theme.accent
    surface = offscreen((800, 480))
    plain = THROW
    with_frame = replace(plain, dice=tuple(replace(die, framed=place == 3)
                                           for place, die in enumerate(plain.dice)))
    hits = render(surface, plain, theme)
    before = pygame.surfarray.array3d(surface).copy()
    render(surface, with_frame, theme)
    after = pygame.surfarray.array3d(surface)
    changed = (before != after).any(axis=2)
    die = next(hit.rect for hit in hits if hit.action == Action("die", value=3))
    around = die.inflate(die.w // 4, die.h // 4)
    inside = changed[around.left:around.right, around.top:around.bottom]
    assert inside.sum() > 300  # a frame round the die
    others = [hit.rect for hit in hits if hit.action.kind == "die" and hit.action.value != 3]
    assert all(not changed[r.left:r.right, r.top:r.bottom].any() for r in others)
    focus = (after == theme.focus).all(axis=2)
    assert focus[around.left:around.right, around.top:around.bottom].sum() > 300
    strip_top = max(hit.rect.bottom for hit in hits) + 1
    assert changed[:, strip_top:].any()  # the hint line changed too
    assert "steps the framed die" in FIX_HINT


# Found by a review of the first version (each failed there): the frame outlived what it was
# put on, or sat on dice the screen did not show.


def test_next_at_the_keypad_steps_the_face_not_a_hidden_farkle_die(table: Table) -> None:
    """Ann's Farkle on the screen; someone presses UNDO briefly to look at a die, then Bob
    throws and the camera cannot read one die: the keypad comes up and the Farkle's dice are
    no longer drawn. Bob's NEXT must step the keypad's face; it stepped Ann's hidden die
    instead (twice: 2 -> 3 -> 4 makes three 4s, Ann gets her turn back, Bob's throw is lost)."""
    table.tray(News("settled", dice("223446")))  # Ann's Farkle
    press(table, "fix")
    assert framed(table) == [0]
    table.tray(News("settled", dice("12?456")))  # Bob's throw, one die unread
    view = table.view()
    assert view.keypad and view.dice == () and view.face == 1
    assert table.framed is None  # nothing framed is drawn: NEXT must not step anything
    press(table, "next", "next")
    assert table.state is not None and table.state.current == 1  # still Bob's throw
    assert str(table.state.last_throw) == "223446"  # Ann's Farkle as read
    assert table.view().face == 3  # NEXT twice on the keypad: 1 -> 2 -> 3


def test_a_short_undo_at_the_keypad_frames_nothing_unseen(table: Table) -> None:
    """The same keypad after a camera's Farkle: a short UNDO there framed die 0 of the
    Farkle the keypad hides (no frame drawn, no FIX hint), so NEXT stepped it unseen."""
    table.tray(News("settled", dice("223446")))
    table.tray(News("settled", dice("12?456")))
    press(table, "fix")
    assert table.framed is None
    press(table, "next")
    assert table.state is not None and str(table.state.last_throw) == "223446"
    assert "scores nothing" not in table.view().prompt


def test_the_frame_does_not_come_back_when_a_kept_die_is_put_back(table: Table) -> None:
    """The frame goes when the tray takes the keep (test_fix_with_buttons); the die put back
    (the tray undoes the keep) brought it back unbidden, and NEXT, meant to move the
    highlight, turned the 1 into a 2 and stored it."""
    table.tray(News("settled", dice("155234")))
    press(table, "fix")
    table.tray(News("removed", dice("1")))  # the tray keeps the 1: the frame goes
    assert table.state is not None and table.state.phase == "choose" and framed(table) == []
    table.tray(News("settled", dice("155234"), lying=5))  # the 1 put back: keep undone
    back = table.state
    assert back is not None and back.phase == "keep" and back.kept == ()
    assert framed(table) == [] and table.framed is None
    press(table, "next")
    assert str(table.state.last_throw) == "123455" and table.view().selected == 1


def test_a_game_played_on_elsewhere_takes_the_frame_away(tmp_path: Path) -> None:
    """The throw framed was taken back and thrown again by another farkle-pi: the NEXT is
    refused (ChangedElsewhere) and the game as stored shows, with the frame on die 2 of a
    throw nobody framed (same number of throws)."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual") as table:
        for face in "155234":
            table.handle(Action("digit", value=int(face)))
        press(table, "fix", "fix", "fix")
        assert framed(table) == [2]
        with Store(tmp_path / "farkle.db") as other:
            elsewhere = other.latest()
            assert elsewhere is not None
            elsewhere.apply(Undo())
            elsewhere.apply(Throw(Roll.parse("222346")))
        press(table, "next")
        assert "another farkle-pi" in table.error
        assert table.state is not None and str(table.state.last_throw) == "222346"
        assert table.framed is None and framed(table) == []


def test_a_frame_left_in_one_game_does_not_show_in_the_next(tmp_path: Path) -> None:
    """Bob frames a die on his last turn, then the tray plays on to the end of the game (his
    keep, his Farkle): no button cleared the frame, and in the next game the second throw
    (after a Farkle) came up framed on its first die."""
    with seated(tmp_path, load_rules("standard", {"target": "300"}), ["Ann", "Bob"],
                "camera") as table:
        table.tray(News("settled", dice("111234")))
        table.tray(News("removed", dice("111")))
        press(table, "bank")  # 1,000: the final round, Bob's last turn
        table.tray(News("settled", dice("155234")))
        press(table, "fix")
        assert framed(table) == [0]
        table.tray(News("removed", dice("1")))
        table.tray(News("settled", dice("22346")))  # Bob's Farkle: Ann wins
        assert table.state is not None and table.state.over
        table.new_game()  # (KEEP, KEEP and the setup screen's start do this)
        table.tray(News("settled", dice("223446")))  # Ann's Farkle: throw 1
        table.tray(News("settled", dice("155234")))  # Bob's throw: throw 2
        assert table.state.phase == "keep" and len(table.state.throws) == 2
        assert table.framed is None and framed(table) == []


@pytest.fixture
def app(tmp_path: Path, mock_pins: MockFactory) -> Iterator[App]:
    surface = open_surface((800, 480), headless=True)
    clock = Clock()
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual",
                clock=clock) as table:
        app = App(table, surface, DARK, clock=clock)
        app.clock = clock  # type: ignore[attr-defined]
        app.buttons = TableButtons(PINS, app.actions, mock_pins, hold_seconds=0.2, clock=clock)
        try:
            yield app
        finally:
            app.buttons.close()


def gpio(app: App, mock_pins: MockFactory, pin: int, look: float = SEEN_SECONDS) -> None:
    """A brief press `look` seconds after the last frame, then one turn of the app's loop."""
    app.clock.now += look  # type: ignore[attr-defined]
    mock_pins.pin(pin).drive_low()
    mock_pins.pin(pin).drive_high()
    deadline = time.monotonic() + 1.0
    while app.actions.empty() and time.monotonic() < deadline:
        time.sleep(0.005)
    app.step()


def test_through_the_gpio_buttons_and_the_press_guards(app: App, mock_pins: MockFactory
                                                       ) -> None:
    """A brief UNDO press frames the first die; a NEXT pressed with it (before the frame could
    be seen) is dropped, not stepped onto a die the player did not look at; then NEXT presses
    in quick succession each step the framed die (its player watches it)."""
    app.step()
    typed(app.table, "233456")  # the 2 was a 1
    app.step()
    gpio(app, mock_pins, PINS.undo)
    assert app.table.framed == 0
    gpio(app, mock_pins, PINS.next, look=0.1)
    assert app.table.state is not None and str(app.table.state.last_throw) == "233456"
    for step in ("333456", "433456", "533456", "633456", "133456"):
        gpio(app, mock_pins, PINS.next, look=0.6 if step == "333456" else 0.2)
        assert str(app.table.state.last_throw) == "".join(sorted(step)), step
    assert app.table.view().dice[0].framed and app.table.view().dice[0].face == 1
    gpio(app, mock_pins, PINS.keep)
    assert app.table.framed is None and app.table.state.kept == ()
