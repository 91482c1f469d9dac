"""The coach on a last turn with players still to play theirs: a bank past the leader wins only
if none of them passes it, so its chance is no longer 100 %, and rolling on to leave them more
to make can be the better play (before the forty-seventh session the coach counted every bank
past the leader a sure win, whoever was still to play)."""

from __future__ import annotations

import pytest
from test_last_turn_ties import _bobs_last_turn

from farkle_pi.coach import reach_chances
from farkle_pi.game import Bank, Game, Keep, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.table.adapter import advice, options_for


def test_banking_level_with_the_leader_is_no_sure_win_with_a_player_to_come() -> None:
    """Ann has 1,000, Bob and Cy 500, ties shared; Bob plays first and throws 1 1 2 3 3 3.
    Keeping 1 1 3 3 3 ties Ann, but Cy, still to play, passes 1,000 if her turn makes 550
    (about half her turns do): the keep is still best, at that chance, not at 100 %."""
    game = _bobs_last_turn("shared", ["Ann", "Bob", "Cy"])
    game.apply(Throw(Roll.parse("112333")))
    best = options_for(game.state)[0]
    assert (best.keep, best.then, best.best) == ((1, 1, 3, 3, 3), "bank", True)
    cy_passes = reach_chances(game.state.rules)[11]  # 550 points: 11 steps of 50
    assert best.chance is not None and best.chance < 0.5
    assert best.chance == pytest.approx(1 - cy_passes)
    game.apply(Keep(Roll.parse("11333")))
    assert advice(game.state) == "bank"


def test_a_tie_for_a_roll_off_is_its_share_of_what_holds() -> None:
    """The same under a roll-off: the tie is won one time in two, and only if Cy does not pass
    it, about a quarter in all, so keeping one 1 to pass Ann (and leave Cy more to make) is
    best; alone against Ann the tie was best, at 50 %."""
    game = _bobs_last_turn("roll-off", ["Ann", "Bob", "Cy"])
    game.apply(Throw(Roll.parse("112333")))
    views = options_for(game.state)
    assert (views[0].keep, views[0].then) == ((1,), "roll")
    tie = next(v for v in views if v.keep == (1, 1, 3, 3, 3))
    cy_passes = reach_chances(game.state.rules)[11]
    assert tie.then == "bank" and tie.chance == pytest.approx(0.5 * (1 - cy_passes))


def test_with_a_player_close_behind_rolling_on_past_the_leader_can_be_best() -> None:
    """Ann has reached 1,000, Cy has 600, Bob nothing; Bob throws 1 1 5 5 5 5 (1,500: hot dice).
    Banked, it holds unless Cy makes 950 on her last turn, one time in four; throwing all six
    dice again Farkles 1 time in 43, and each step it adds leaves her more to make. The coach
    says roll (it said bank, WIN 100 %)."""
    game = Game(["Ann", "Bob", "Cy"], load_rules("standard", {"target": "1000"}))
    for throw, keep in (("555234", "555"), ("223466", ""), ("555123", "5551"), ("555234", "555")):
        game.apply(Throw(Roll.parse(throw)))
        if keep:
            game.apply(Keep(Roll.parse(keep)))
            game.apply(Bank())
    assert game.state.player.name == "Bob" and game.state.final_round
    game.apply(Throw(Roll.parse("115555")))
    best = options_for(game.state)[0]
    holds = 1 - reach_chances(game.state.rules)[19]  # Cy: 600 + 950 passes 1,500
    assert (best.keep, best.then) == ((1, 1, 5, 5, 5, 5), "roll")
    assert best.chance is not None and holds < best.chance < 0.8
    game.apply(Keep(Roll.parse("115555")))
    assert advice(game.state) == "roll"
