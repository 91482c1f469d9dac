"""Play to win: the float sweep against exact rational arithmetic, and the laws it must obey."""

from __future__ import annotations

from fractions import Fraction

import pytest
from coach_reference import win_chances

from farkle_pi.coach import coach, win_chance, win_choices
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
