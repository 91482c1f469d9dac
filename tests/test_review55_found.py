"""Defects found by the fifty-fifth session's review, each kept as a test."""

from __future__ import annotations

import pytest

from farkle_pi.game import Bank, Game, Keep, Refused, Steal, Throw
from farkle_pi.rules import Roll, load_rules


def test_a_player_alone_cannot_steal_their_own_bank() -> None:
    """Stealing takes over the *previous player's* dice: in a game of one (a practice game
    under tyler) the next turn is the banker's own, and stealing it paid the bank twice."""
    game = Game(["Solo"], load_rules("tyler"))
    for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
        game.apply(command)
    assert game.state.players[0].score == 1000
    assert game.state.steal is None
    with pytest.raises(Refused):
        game.apply(Steal())
