"""The edges of the learn-your-dice hint (farkle_pi/table/familiar.py) that a hand-made
mutation review found untested: exactly ENOUGH_DICE thrown, exactly a quarter unsure."""

from __future__ import annotations

from tray_news import TrayDie as Die

from farkle_pi.table.familiar import ENOUGH_DICE, TEACH_FROM, TEACH_HINT, UnsureShare

SURE = Die(5)
WEAK = Die(5, confidence=0.75)


def share_of(unsure: int, dice: int) -> UnsureShare:
    """A share that has seen `dice` dice, `unsure` of them read unsure (thrown one by one)."""
    share = UnsureShare()
    for n in range(dice):
        share.add((WEAK if n < unsure else SURE,))
    return share


def test_the_constants_are_thirty_dice_and_a_quarter() -> None:
    """Five throws or so, and a quarter: the figures the module's docstring argues for."""
    assert (ENOUGH_DICE, TEACH_FROM) == (30, 0.25)


def test_the_hint_comes_at_exactly_enough_dice() -> None:
    assert share_of(10, ENOUGH_DICE - 1).hint() == ""
    assert share_of(10, ENOUGH_DICE).hint() == TEACH_HINT


def test_exactly_a_quarter_unsure_is_enough() -> None:
    assert share_of(10, 40).hint() == TEACH_HINT
    assert share_of(9, 40).hint() == ""  # just under a quarter


def test_the_hint_is_given_once_and_never_again() -> None:
    share = share_of(20, 40)
    assert share.hint() == TEACH_HINT
    share.add((WEAK,) * 6)
    assert share.hint() == "" and share.hint() == ""
