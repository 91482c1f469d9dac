"""Button presses at the table: which a guard drops as meant for the screen before, as a
hand-made mutation review of farkle_pi/table/presses.py found untested. Each test fails on
the mutant named in its docstring (ids from /work/scratch47/review_mutants_D.md, not kept in
the repository)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from seating import seated, typed
from test_presses import PINS, Tabletop
from touch import Clock

from farkle_pi.rules import load_rules
from farkle_pi.table.presses import HELD, SeenGuard
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Ann and Bob, standard rules, dice typed with the keys: 1 5 5 2 3 4 thrown."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual") as table:
        typed(table, "155234")
        yield table


def test_keep_a_third_of_a_second_after_next_is_a_sure_players_press(table: Table) -> None:
    """P11 (presses.py:27, PICKED_SECONDS 0.25 -> 0.5): a person needs a quarter of a second
    to see the new highlight and press; KEEP 0.3 s after NEXT is that, and is acted on (only
    a press sooner was made with NEXT, and is dropped)."""
    clock = Clock()
    guard = SeenGuard(clock)
    guard.look(table)
    clock.now = 5.0
    table.handle(Action("next", button=True))
    guard.look(table)
    clock.now = 5.2
    assert guard.drops(Action("keep", button=True))
    clock.now = 5.3
    assert not guard.drops(Action("keep", button=True))
    assert not guard.drops(Action("bank", button=True))


def test_a_held_bank_acts_once_and_never_for_the_next_player(
        tmp_path: Path, mock_pins: MockFactory) -> None:
    """P19 (presses.py:97, the held BANK not let go once acted on): Ann's BANK waited for the
    tray to be still and banked her 200. Bob then throws and keeps; the frames that follow
    must not press BANK again for him (nor say it still waits)."""
    top = Tabletop(tmp_path, mock_pins, "camera")
    try:
        top.tray("settled", "155234")
        top.tray("removed", "155")
        top.tray("removed", "234")
        top.app.step()
        top.rolling = True
        top.press(PINS.bank)
        top.now += 0.5
        top.rolling = False
        top.app.step()
        assert top.scores() == {"Ann": 200, "Bob": 0}
        top.tray("settled", "155234")  # Bob throws, keeps the 1
        top.tray("removed", "1")
        top.tray("removed", "55234")
        top.now += 1.0
        top.app.step()
        top.app.step()
        state = top.table.state
        assert state is not None and state.player.name == "Bob" and state.turn_points > 0
        assert top.scores() == {"Ann": 200, "Bob": 0}
        assert top.app.view is not None and top.app.view.prompt != HELD
    finally:
        top.close()
