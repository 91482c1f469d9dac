"""Laws any correct coach obeys, whatever the numbers."""

from __future__ import annotations

import doctest
from itertools import pairwise

import farkle_pi.coach
from farkle_pi.coach import coach, decide, expected_turn, farkle_odds
from farkle_pi.game import GameState, PlayerState
from farkle_pi.rules import Roll, load_rules


def test_more_points_are_never_worth_less() -> None:
    for source in ("standard", "portland", "tyler"):
        values = coach(load_rules(source)).values
        for dice in range(1, 7):
            row = [values.value(points, dice) for points in range(0, 25_001, 50)]
            assert all(a <= b for a, b in pairwise(row))


def test_playing_on_is_never_worth_less_than_banking_now() -> None:
    values = coach(load_rules("standard")).values
    for points in range(50, 5001, 50):
        for dice in range(1, 7):
            assert values.value(points, dice) >= points


def test_fewer_scoring_rows_mean_more_farkles_and_a_poorer_turn() -> None:
    standard, classic = load_rules("standard"), load_rules("classic")
    for dice in range(1, 7):
        assert farkle_odds(classic)[dice] >= farkle_odds(standard)[dice]
    assert expected_turn(classic) < expected_turn(standard)


def test_restrictions_and_penalties_never_raise_the_expected_turn() -> None:
    family = load_rules("family")
    assert expected_turn(family, on_board=False) < expected_turn(family)
    risky = load_rules("standard", {"three_farkles": 1000})
    assert expected_turn(risky, farkle_streak=2) < expected_turn(risky, farkle_streak=1)
    assert expected_turn(risky, farkle_streak=1) == expected_turn(load_rules("standard"))


def test_a_player_facing_a_third_farkle_banks_sooner() -> None:
    risky = load_rules("standard", {"three_farkles": 1000})
    calm = coach(risky).bank_thresholds()
    nervous = coach(risky, farkle_streak=2).bank_thresholds()
    for dice, threshold in calm.items():
        assert threshold is not None
        assert nervous[dice] is not None and nervous[dice] <= threshold  # type: ignore[operator]


def test_bank_thresholds_fall_on_the_points_grid_and_respect_the_minimum_bank() -> None:
    portland = coach(load_rules("portland"))
    for threshold in portland.bank_thresholds().values():
        assert threshold is not None and threshold % portland.step == 0 and threshold >= 350
    endless = coach(load_rules("standard", {"six_dice_nothing": 500}))
    assert endless.bank_thresholds()[6] is None


def test_the_rule_sheets_keep_advice() -> None:
    """Keep fewer dice: with a 1 and a 5 keep the 1 and roll five; with two 5s keep one."""
    standard = load_rules("standard")
    assert coach(standard).choices(0, Roll.parse("152336"))[0].keep == Roll.parse("1")
    assert coach(standard).choices(0, Roll.parse("552346"))[0].keep == Roll.parse("5")


def test_the_documented_examples_run() -> None:
    result = doctest.testmod(farkle_pi.coach)
    assert result.attempted > 0 and result.failed == 0


def test_off_the_board_the_coach_needs_what_the_game_needs() -> None:
    """With an entry below the minimum bank (a house rule) a first bank of 300 is legal: the
    coach must not call it impossible and play on at a loss."""
    rules = load_rules("portland", {"entry": "0"})
    game = GameState(rules=rules, players=(PlayerState("Ann"),))
    assert game.bank_minimum == 1
    then, expected = decide(rules, 300, 1, on_board=False)
    assert then == "bank" and expected == 300
