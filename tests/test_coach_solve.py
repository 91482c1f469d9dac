"""The vectorised solve against the plain recursion in `coach_reference`, rule set by rule set."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from coach_reference import turn_values

from farkle_pi.coach import Coach, coach
from farkle_pi.rules import Roll, RuleSet, load_rules, score

# (preset, --set changes, on the board?, Farkles in a row before this throw)
CASES: dict[str, tuple[str, dict[str, object], bool, int]] = {
    "standard": ("standard", {}, True, 0),
    "tyler": ("tyler", {}, True, 0),
    "classic": ("classic", {}, True, 0),
    "portland min bank 350": ("portland", {}, True, 0),
    "family, not on the board": ("family", {}, False, 0),
    "old chart, doubling, five dice": (
        "standard",
        {"three_ones": 300, "kinds": "doubling", "dice": 5},
        True,
        0,
    ),
    "six dice nothing 500": (
        "standard",
        {"six_dice_nothing": 500, "small_straights": "500/750"},
        True,
        0,
    ),
    "third Farkle costs 1000": ("standard", {"three_farkles": 1000}, True, 2),
    "hot dice must be thrown": ("standard", {"must_throw_hot_dice": True}, True, 0),
    "hot dice must be thrown, five dice, third Farkle": (
        "tyler", {"must_throw_hot_dice": True, "dice": 5, "three_farkles": 500}, True, 2),
    "hot dice must be thrown, six dice nothing 500": (
        "standard", {"must_throw_hot_dice": True, "six_dice_nothing": 500}, True, 0),
}


@pytest.fixture(scope="module", params=list(CASES))
def solved(request: pytest.FixtureRequest) -> tuple[Coach, Callable[[int, int], float]]:
    source, changes, on_board, streak = CASES[request.param]
    rules = load_rules(source, changes)
    coached = coach(rules, on_board=on_board, farkle_streak=streak)
    bank_min = rules.min_bank if on_board else max(rules.entry, rules.min_bank)
    loss = rules.three_farkles if streak >= 2 else 0
    return coached, turn_values(rules, bank_min, loss)


def test_every_state_matches_the_plain_recursion(
    solved: tuple[Coach, Callable[[int, int], float]],
) -> None:
    coached, reference = solved
    for points in range(0, 6001, 50):
        for dice in range(1, coached.rules.dice + 1):
            expected = reference(points, dice)
            assert coached.values.roll_value(points, dice) == pytest.approx(expected, rel=1e-9)


def test_expected_turn_matches_the_plain_recursion(
    solved: tuple[Coach, Callable[[int, int], float]],
) -> None:
    coached, reference = solved
    assert coached.expected_turn == pytest.approx(reference(0, coached.rules.dice), rel=1e-12)


def test_the_best_choice_of_sample_throws_is_the_best_by_the_plain_recursion(
    solved: tuple[Coach, Callable[[int, int], float]],
) -> None:
    coached, reference = solved
    rules, bank_min = coached.rules, coached.values.bank_min
    for points, faces in [(0, "115523"), (350, "15234"), (300, "15"), (1000, "5"), (450, "155")]:
        roll = Roll.parse(faces[: rules.dice])
        options = score(roll, rules).options
        best = max(
            _decided(reference, points + o.points, len(roll) - len(o.keep) or rules.dice, bank_min)
            for o in options
        )
        ranked = coached.choices(points, roll)
        assert [c.expected for c in ranked] == sorted((c.expected for c in ranked), reverse=True)
        assert ranked[0].expected == pytest.approx(best, rel=1e-9)
        assert len(ranked) == len(options)


def test_bank_thresholds_match_the_plain_recursion(
    solved: tuple[Coach, Callable[[int, int], float]],
) -> None:
    coached, reference = solved
    bank_min = coached.values.bank_min
    for dice, threshold in coached.bank_thresholds().items():
        if threshold is None:  # never a Farkle, or hot dice that must be thrown again
            hot = coached.rules.must_throw_hot_dice and dice == coached.rules.dice
            assert coached.table.farkle_counts[dice] == 0 or hot
            continue
        banks = [
            points > 0 and points >= bank_min and points >= reference(points, dice) - 1e-7
            for points in range(0, 24_001, 50)
        ]
        last_roll = max((i for i, ok in enumerate(banks) if not ok), default=-1)
        assert threshold == (last_roll + 1) * 50


def _decided(
    reference: Callable[[int, int], float], points: int, dice: int, bank_min: int
) -> float:
    rolling = reference(points, dice)
    return max(rolling, points) if points >= bank_min else rolling


def test_standard_expected_turn_and_thresholds() -> None:
    """The figures the issue quotes and docs/coach.md discusses (checked above independently)."""
    standard: RuleSet = load_rules("standard")
    assert round(coach(standard).expected_turn, 2) == 601.56
    assert coach(standard).bank_thresholds() == {
        1: 350,
        2: 300,
        3: 450,
        4: 1050,
        5: 3100,
        6: 18400,
    }
