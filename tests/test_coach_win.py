"""Play to win: the float sweep against exact rational arithmetic, and the laws it must obey."""

from __future__ import annotations

from fractions import Fraction

import pytest
from coach_reference import win_chances

from farkle_pi.coach import coach, holds, reach_chances, win_chance, win_choices
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Roll, load_rules, score


@pytest.mark.parametrize(
    ("source", "need", "on_board", "target"),
    [
        ("standard", 1200, True, 1200),
        ("tyler", 2000, True, 2000),
        ("portland", 300, True, 350),  # a bank below the 350 minimum is no bank
        ("portland", 500, False, 750),  # nor one below the 750 entry
    ],
)
def test_chances_equal_the_exact_fractions(
    source: str, need: int, on_board: bool, target: int
) -> None:
    rules = load_rules(source)
    exact = win_chances(rules, target)
    plan = coach(rules, on_board=on_board).win(need)
    for points in range(0, target + 100, 50):
        for dice in range(1, rules.dice + 1):
            assert abs(plan.chance(points, dice) - exact(points, dice)) < 1e-12


@pytest.mark.parametrize("share", [Fraction(1, 2), Fraction(1, 3)])
def test_a_tie_for_a_roll_off_counts_as_the_roll_off_s_chance_exactly(share: Fraction) -> None:
    """Banking the leader's total (1,000, one point short of the need) is a roll-off won one time
    in two or three: every state's chance, the tie's own included, is the exact one."""
    rules = load_rules("standard")
    exact = win_chances(rules, 1001, (1000, share))
    plan = coach(rules).win(1001, float(share))
    for points in range(0, 1150, 50):
        for dice in range(1, rules.dice + 1):
            assert abs(plan.chance(points, dice) - exact(points, dice)) < 1e-12
    then, chance = plan.decide(1000, 1)  # one die scores 1 time in 3: a roll-off of two is likelier
    assert chance == pytest.approx(float(share)) and (then == "bank" or share < Fraction(1, 2))
    then, chance = plan.decide(1000, 2)  # two dice score 5 times in 9: roll on
    assert then == "roll" and chance == pytest.approx(5 / 9)


def test_a_tie_for_a_roll_off_can_be_the_best_keep() -> None:
    """500 short of the leader, throwing 1 1 2 3 3 3: keeping one 1 passes more often (36.7 %)
    than keeping 1 1 3 3 3 (500, one die left: 1 in 3), but banking that tie is a roll-off won
    one time in two."""
    rules = load_rules("standard")
    roll = Roll.parse("112333")
    passing = win_choices(rules, 501, 0, roll)
    assert passing[0].keep == Roll.parse("1") and passing[0].probability < 0.5
    with_tie = win_choices(rules, 501, 0, roll, tie_share=0.5)
    assert (with_tie[0].keep, with_tie[0].then) == (Roll.parse("11333"), "bank")
    assert with_tie[0].probability == pytest.approx(0.5)
    with pytest.raises(FarkleError, match="less than always"):
        win_chance(rules, 501, 0, 6, tie_share=1.0)


def test_best_choice_is_the_exact_best() -> None:
    rules = load_rules("standard")
    exact = win_chances(rules, 1200)

    def after(points: int, dice: int) -> Fraction:
        return Fraction(1) if points >= 1200 else exact(points, dice)

    for points, faces in [(300, "155"), (0, "115523"), (900, "15"), (700, "1555")]:
        roll = Roll.parse(faces)
        best = max(
            after(points + o.points, len(roll) - len(o.keep) or 6) for o in score(roll, rules)
        )
        ranked = win_choices(rules, 1200, points, roll)
        assert abs(ranked[0].probability - best) < 1e-12
        assert ranked[0].then == ("bank" if ranked[0].total >= 1200 else "roll")


def test_more_need_never_helps_and_more_points_never_hurt() -> None:
    rules = load_rules("standard")
    for dice in range(1, 7):
        by_need = [win_chance(rules, need, 300, dice) for need in range(350, 3001, 250)]
        assert by_need == sorted(by_need, reverse=True)
        by_points = [win_chance(rules, 2000, points, dice) for points in range(0, 2001, 50)]
        assert by_points == sorted(by_points)
    assert win_chance(rules, 1200, 1200, 2) == 1.0


def test_play_to_win_keeps_rolling_where_averaging_banks() -> None:
    rules = load_rules("standard")
    roll = Roll.parse("1234")  # 500 points, keep the 1: 600 with three dice left
    assert coach(rules).choices(500, roll)[0].then == "bank"
    assert win_choices(rules, 1000, 500, roll)[0].then == "roll"


def test_a_bank_that_players_to_come_may_pass_is_valued_exactly() -> None:
    """With players still to play their last turns, a bank past the need wins only as often as
    none of them passes it (here made up: 1 - 0.8^(steps - 5) from 300 on). Every state's
    chance is the exact one, and past the need rolling on can beat banking."""
    rules = load_rules("standard")
    holds = [Fraction(0)] * 6 + [1 - Fraction(4, 5) ** (i - 5) for i in range(6, 40)]
    exact = win_chances(rules, 300, holds=holds)
    plan = coach(rules).win(300, holds=tuple(float(h) for h in holds))
    for points in range(0, 2100, 50):
        for dice in range(1, rules.dice + 1):
            assert abs(plan.chance(points, dice) - exact(points, dice)) < 1e-12
    assert plan.decide(300, 6)[0] == "roll"  # six dice Farkle 1 time in 43: raise the bar
    then, chance = plan.decide(1500, 1)  # one die: bank what holds 99.99 % of the time
    assert then == "bank" and chance == pytest.approx(float(holds[30]))


def test_a_turn_reaches_each_total_as_often_as_a_turn_played_for_it() -> None:
    """`reach_chances`: one solve gives the chance to make every total from the turn's start
    (a turn with i steps made is a fresh turn for the rest), with the entry minimum still to
    make for a player not yet on the board."""
    for rules, on_board in ((load_rules("standard"), True), (load_rules("portland"), False)):
        reach = reach_chances(rules, on_board)
        assert reach[0] == 1.0 and 1e-7 <= reach[-1] < 1e-6  # up to where it falls below 1e-7
        for steps in (1, 5, 10, 15, 40, 80):
            expected = win_chance(rules, steps * 50, 0, rules.dice, on_board=on_board)
            assert reach[steps] == pytest.approx(expected, rel=1e-9, abs=1e-15)


def test_a_bank_holds_when_no_player_to_come_passes_it() -> None:
    """Two players to come, one 100 behind and one 200 ahead of this player: a bank of i steps
    holds when the first fails to make i steps and 100 points more, and a point, and the
    second fails to make i steps less 200, and a point."""
    rules = load_rules("standard")
    reach = reach_chances(rules)
    chances = holds(rules, [(100, True), (-200, True)])
    for i in (0, 3, 4, 5, 10, 30):
        first = reach[i + 3]  # 100 behind: i steps + 100 + 1 point -> i + 3 steps
        second = reach[max(0, i - 3)]  # 200 ahead: i steps - 200 + 1 point -> i - 3 steps
        assert chances[i] == pytest.approx((1 - first) * (1 - second))
    assert chances[:4] == (0.0, 0.0, 0.0, 0.0)  # the one ahead has passed a bank under 200
    assert holds(rules, []) == ()
