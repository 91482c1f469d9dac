"""The share of dice thrown that the reader reads unsure, and the one hint it gives."""

from __future__ import annotations

from tray_news import TrayDie as Die

from farkle_pi.table.familiar import ENOUGH_DICE, TEACH_HINT, UnsureShare
from farkle_pi.table.tray_input import read_unsure

SURE = Die(5)
WEAK = Die(5, confidence=0.75)
UNREAD = Die(None, confidence=0.4)
SETTLED = Die(5, confidence=0.9, settled=True)


def test_a_die_is_unsure_without_a_face_under_unsure_or_settled_by_another_reader() -> None:
    assert [read_unsure(d) for d in (SURE, WEAK, UNREAD, SETTLED)] == [False, True, True, True]
    assert not read_unsure(Die(5, confidence=0.8))  # UNSURE itself is sure enough


def test_a_familiar_tray_gets_no_hint() -> None:
    """One die in ten unsure, as on the dice the nets learned from."""
    share = UnsureShare()
    for throw in range(20):
        share.add((WEAK if throw % 2 else SURE, SURE, SURE, SURE, SURE))
        assert share.hint() == ""
    assert (share.dice, share.unsure) == (100, 10)


def test_a_new_tray_gets_the_hint_once_enough_dice_are_thrown() -> None:
    """Half the dice unsure, as on felt trays no net saw: told once, after ENOUGH_DICE."""
    share = UnsureShare()
    hints = []
    for _ in range(12):
        share.add((UNREAD, WEAK, SETTLED, SURE, SURE, SURE))
        hints.append(share.hint())
    told = [n for n, hint in enumerate(hints) if hint]
    assert told == [ENOUGH_DICE // 6 - 1] and hints[told[0]] == TEACH_HINT


def test_a_bad_first_throw_alone_says_nothing() -> None:
    share = UnsureShare()
    share.add((UNREAD,) * 6)
    assert share.hint() == ""
    for _ in range(4):
        share.add((SURE,) * 6)  # 6 of 30: a fifth
    assert share.hint() == ""
    share.add((WEAK, WEAK, SURE, SURE, SURE, SURE))  # 8 of 36
    assert share.hint() == ""
    share.add((WEAK, SURE, SURE, SURE, SURE, SURE))  # 9 of 42: still under a quarter
    assert share.hint() == ""
    share.add((WEAK,) * 6)  # 15 of 48
    assert share.hint() == TEACH_HINT
