"""The coach on a last turn under `ties = "roll-off"`: a keep that ties the leader is a roll-off
won one time in so many, and the keeps shown, their chances and the bank advice agree on it."""

from __future__ import annotations

import pytest

from farkle_pi.game import Bank, Game, Keep, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.table.adapter import advice, options_for


def _bobs_last_turn(ties: str, players: list[str], first: str = "Bob") -> Game:
    """Everyone banks 500, then Ann banks 500 more and reaches the 1,000 target: the others'
    last turns, 500 short of her (`first` is whose comes first)."""
    game = Game(players, load_rules("standard", {"target": "1000", "ties": ties}))
    for _ in players:
        game.apply(Throw(Roll.parse("555234")))
        game.apply(Keep(Roll.parse("555")))
        game.apply(Bank())
    game.apply(Throw(Roll.parse("555234")))
    game.apply(Keep(Roll.parse("555")))
    game.apply(Bank())
    assert game.state.final_round and game.state.player.name == first
    return game


def test_a_keep_that_ties_for_a_roll_off_is_best_when_the_roll_off_is_likelier() -> None:
    """Bob throws 1 1 2 3 3 3, 500 short of Ann: keeping one 1 and rolling on passes her 36.7 %
    of the time; keeping 1 1 3 3 3 ties her with one die left, and banking that tie is a
    roll-off won one time in two. The tie is BEST, says "then bank" at WIN 50%, and once kept
    the advice is to bank it (before, the keep was ranked at 33 % and said "then roll", and the
    advice after it said BANK)."""
    game = _bobs_last_turn("roll-off", ["Ann", "Bob"])
    game.apply(Throw(Roll.parse("112333")))
    best = options_for(game.state)[0]
    assert (best.keep, best.then, best.best) == ((1, 1, 3, 3, 3), "bank", True)
    assert best.chance == pytest.approx(0.5)
    game.apply(Keep(Roll.parse("11333")))
    assert advice(game.state) == "bank"


def test_a_roll_off_among_three_is_worth_less_than_passing() -> None:
    """The same throw when Cy has tied Ann on his own last turn: the roll-off would be won one
    time in three, less than the 36.7 % of passing them both, so keeping one 1 and rolling on is
    best, and the tie keep's chance is the one in three of its roll-off."""
    game = _bobs_last_turn("roll-off", ["Ann", "Cy", "Bob"], first="Cy")
    game.apply(Throw(Roll.parse("555234")))
    game.apply(Keep(Roll.parse("555")))
    game.apply(Bank())  # Cy ties Ann at 1,000
    assert game.state.player.name == "Bob"
    game.apply(Throw(Roll.parse("112333")))
    views = options_for(game.state)
    assert (views[0].keep, views[0].then) == ((1,), "roll")
    tie = next(v for v in views if v.keep == (1, 1, 3, 3, 3))
    assert tie.chance == pytest.approx(1 / 3)


def test_a_shared_tie_is_a_whole_win() -> None:
    """Under `ties = "shared"` the same keep ties Ann for a shared win: certain, WIN 100%."""
    game = _bobs_last_turn("shared", ["Ann", "Bob"])
    game.apply(Throw(Roll.parse("112333")))
    best = options_for(game.state)[0]
    assert best.keep == (1, 1, 3, 3, 3) and best.chance == pytest.approx(1.0)
