"""Farkle odds as exact fractions, against the rule sheet and a count of every ordered throw."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from farkle_pi.coach import farkle_odds
from farkle_pi.rules import Roll, load_rules, score


def test_standard_farkle_odds_are_the_rule_sheets_fractions() -> None:
    assert farkle_odds(load_rules("standard")) == {
        1: Fraction(2, 3),
        2: Fraction(4, 9),
        3: Fraction(5, 18),
        4: Fraction(17, 108),
        5: Fraction(25, 324),
        6: Fraction(5, 216),
    }


@pytest.mark.parametrize(
    ("source", "changes"),
    [
        ("classic", {}),
        ("tyler", {"dice": "5"}),
        ("standard", {"six_dice_nothing": "500"}),
        ("standard", {"small_straights": "500/750", "three_pairs": "0"}),
    ],
)
def test_farkle_odds_match_a_count_of_every_ordered_throw(
    source: str, changes: dict[str, str]
) -> None:
    rules = load_rules(source, changes)
    for n in range(1, rules.dice + 1):
        farkles = sum(
            score(Roll.of(*faces), rules).farkle for faces in product(range(1, 7), repeat=n)
        )
        assert farkle_odds(rules)[n] == Fraction(farkles, 6**n)


def test_six_dice_nothing_means_six_dice_never_farkle() -> None:
    assert farkle_odds(load_rules("standard", {"six_dice_nothing": "500"}))[6] == 0
