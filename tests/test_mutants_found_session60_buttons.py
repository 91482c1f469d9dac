"""Mutants of the sixtieth session's buttons-alone change (a held NEXT round the screens, NEXT
acting when let go, the press guards counting from when a button went down, the scoreboard's
framed row) that the tests let live, pinned here: each test fails with its mutant in."""

from __future__ import annotations

from pathlib import Path
from queue import Queue
from types import SimpleNamespace

import pytest
from gpiozero.pins.mock import MockFactory
from test_buttons import PINS, drain, let_go

from farkle_pi.devices.buttons import TableButtons, _ShortOrHeld
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.entry import Entry
from farkle_pi.table.presses import SEEN_SECONDS, SeenGuard
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def test_a_button_down_before_the_table_started_gives_nothing_as_it_is_let_go() -> None:
    """NEXT and UNDO act when let go: one pressed before the table started (a thumb resting
    on it as the service restarts: gpiozero reports the release, never that press) is no
    NEXT, no frame (mutant: `released` without `self._down`, a NEXT nobody pressed on this
    screen, counted as down since the clock began)."""
    queue: Queue[Action] = Queue()
    for short, held in (("next", "cycle"), ("fix", "undo")):
        _ShortOrHeld(queue, short, held, lambda: 1000.0).released()  # type: ignore[arg-type]
    assert drain(queue) == []


@pytest.mark.parametrize("first_release", [True, False])
def test_next_let_go_at_the_moment_of_its_hold_is_one_action_not_two(
        first_release: bool) -> None:
    """Either order of gpiozero's two threads gives one action: the short NEXT, or the next
    screen (never both: a look round and a highlight moved)."""
    queue: Queue[Action] = Queue()
    now = [10.0]
    next_button = _ShortOrHeld(queue, "next", "cycle", lambda: now[0])
    next_button.pressed()
    now[0] += 1.0
    if first_release:
        next_button.released()
        next_button.held()
    else:
        next_button.held()
        next_button.released()
    got = drain(queue)
    assert [a.kind for a in got] == (["next"] if first_release else ["cycle"])
    assert not next_button.short_to_come


def _shown(state: object, asking: object) -> SimpleNamespace:
    """A stand-in table for the guard: the throw shown, a question on the dice's colours or
    none."""
    return SimpleNamespace(state=state, screen="throw", selected=0, entry=Entry(), framed=2,
                           asking=asking, banner_up=lambda: False, seat_question=None,
                           seat_framed=None)


def test_next_pressed_before_a_colour_question_came_and_let_go_after_is_dropped() -> None:
    """A tap on a die brings up the question of the dice's colours (a change its tapper sees:
    `watched`): NEXT pressed before it came and let go after would answer NO unseen. Counted
    from when NEXT went down it is dropped (mutant: the question's time counted from the
    release, and NEXT answered)."""
    now = [100.0]
    guard, state = SeenGuard(lambda: now[0]), object()
    guard.look(_shown(state, None))  # type: ignore[arg-type]
    now[0] += 5
    guard.look(_shown(state, object()), watched=True)  # type: ignore[arg-type]
    now[0] += SEEN_SECONDS + 0.2  # NEXT let go well after; it went down just before
    assert guard.drops(Action("next", button=True, down=SEEN_SECONDS + 0.3))
    assert not guard.drops(Action("next", button=True, down=0.1))  # down after: it answers


def test_a_framed_row_does_not_survive_the_scoreboard_left_for_the_history(
        tmp_path: Path) -> None:
    """A row NEXT framed, then NEXT held round the history and the game to the scoreboard
    again: no row framed, and KEEP goes back to the game; it does not ask about a player
    framed a look round ago (mutant: `_show` keeping the frame)."""
    now = [0.0]
    table = Table(Store(tmp_path / "farkle.db"), load_rules("standard"), ["Ann", "Bob"],
                  "manual", clock=lambda: now[0], resume=False, say=lambda _: None)
    try:
        table.new_game()
        table.handle(Action("cycle", button=True))
        table.handle(Action("next", button=True))
        assert table.view().seat_framed == "Ann"
        for _ in range(3):  # the history, the throw, the scoreboard again
            table.handle(Action("cycle", button=True))
        view = table.view()
        assert view.screen == "scoreboard" and view.seat_framed is None
        table.handle(Action("keep", button=True))
        assert table.view().screen == "throw" and table.seat_question is None
    finally:
        table.store.close()


def test_next_held_shows_the_next_screen_once_not_again_and_again(
        mock_pins: MockFactory) -> None:
    """NEXT held on and on shows the next screen once (gpiozero's hold_repeat off): a thumb
    resting on it does not spin the screens round."""
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins, next_hold_seconds=0.05)
    try:
        assert let_go(mock_pins, PINS.next, queue, 0.4, wait=0.05) == [
            Action("cycle", button=True)]
    finally:
        buttons.close()
