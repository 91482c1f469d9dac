"""Monte-Carlo replays: playing the coach's advice on random dice banks what it promises."""

from __future__ import annotations

import math
import random

import pytest

from farkle_pi.coach import Coach, coach
from farkle_pi.rules import Roll, load_rules


def play_turn(coached: Coach, rng: random.Random, need: int | None = None) -> int:
    """One turn following the best choice after every throw; returns the points banked."""
    rules = coached.rules
    points, dice = 0, rules.dice
    while True:
        roll = Roll.of(*(rng.randint(1, 6) for _ in range(dice)))
        ranked = (
            coached.choices(points, roll)
            if need is None
            else coached.win(need).choices(points, roll)
        )
        if not ranked:
            return 0
        best = ranked[0]
        points, dice = best.total, best.dice
        if best.then == "bank":
            return points


@pytest.mark.parametrize(
    ("source", "changes"),
    [("standard", {}), ("tyler", {"six_dice_nothing": 500}), ("portland", {})],
)
def test_replayed_turns_average_the_computed_expectation(
    source: str, changes: dict[str, int]
) -> None:
    coached = coach(load_rules(source, changes))
    rng = random.Random(20_000)
    turns = [play_turn(coached, rng) for _ in range(20_000)]
    mean = sum(turns) / len(turns)
    spread = math.sqrt(sum((t - mean) ** 2 for t in turns) / (len(turns) - 1))
    assert abs(mean - coached.expected_turn) <= 4 * spread / math.sqrt(len(turns))


def test_replayed_chases_reach_the_need_as_often_as_computed() -> None:
    coached = coach(load_rules("standard"))
    need, trials = 1200, 20_000
    rng = random.Random(1200)
    reached = sum(play_turn(coached, rng, need) >= need for _ in range(trials))
    p = coached.win(need).chance(0, 6)
    assert abs(reached / trials - p) <= 4 * math.sqrt(p * (1 - p) / trials)
