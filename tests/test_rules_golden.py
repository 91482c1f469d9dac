"""Every distinct throw of 1-6 dice, engine against the independent brute-force scorer."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product
from math import factorial, prod

import pytest
from brute_scorer import CASES, SHEETS, STANDARD, Dice, Sheet, distinct_rolls, options, plain

from farkle_pi.rules import Die, Roll, RuleSet, load_rules, score

FACES = range(1, 7)


def ordered_count(faces: tuple[int, ...]) -> int:
    """How many ordered throws show this multiset of faces."""
    return factorial(len(faces)) // prod(factorial(faces.count(f)) for f in set(faces))


def engine_options(roll: Roll, rules: RuleSet) -> dict[Dice, int]:
    scoring = score(roll, rules)
    found = {
        tuple(sorted((d.face, d.colour or "") for d in o.keep)): o.points for o in scoring.options
    }
    assert len(found) == len(scoring.options), "one option per distinct keep"
    return found


def assert_same_as_brute(roll: Roll, rules: RuleSet, sheet: Sheet) -> None:
    dice = tuple(sorted((d.face, d.colour or "") for d in roll))
    expected = options(dice, sheet)
    assert engine_options(roll, rules) == expected, str(roll)
    assert score(roll, rules).best == max(expected.values(), default=0), str(roll)
    assert score(roll, rules).farkle == (not expected), str(roll)


def test_there_are_923_distinct_rolls() -> None:
    assert len(distinct_rolls(6)) == 923


@pytest.mark.parametrize(
    ("source", "overrides", "sheet"),
    CASES,
    ids=[f"{source}-{'-'.join(overrides) or 'as-printed'}" for source, overrides, _ in CASES],
)
def test_every_distinct_roll_matches_brute_force(
    source: str, overrides: dict[str, str], sheet: Sheet
) -> None:
    rules = load_rules(source, overrides)
    for faces in distinct_rolls(sheet.dice):
        assert_same_as_brute(Roll.of(*faces), rules, sheet)


def two_colour_throws(count: int, seed: int) -> list[Roll]:
    """Throws of a red-and-blue set (three of each): every die of a six-dice throw is coloured."""
    rng = random.Random(seed)
    throws = []
    for _ in range(count):
        n = rng.randint(1, 6)
        colours = rng.sample(["red"] * 3 + ["blue"] * 3, n)
        throws.append(Roll(Die(rng.randint(1, 6), colour) for colour in colours))
    return throws


def coloured_triple_throws() -> list[Roll]:
    """Every six-dice throw whose red half and blue half are each a triple or hold a triple."""
    throws = []
    for red, blue in product(FACES, repeat=2):
        for extra in FACES:
            throws.append(
                Roll([Die(red, "red")] * 3 + [Die(blue, "blue")] * 2 + [Die(extra, "blue")])
            )
    return throws


@pytest.mark.parametrize(
    ("source", "overrides", "sheet"),
    [
        ("standard", {"colour_triples": "true"}, replace(STANDARD, colour_triples=True)),
        ("portland", {}, SHEETS["portland"]),
        ("standard", {}, STANDARD),  # colours are ignored when the switch is off
    ],
    ids=["standard-colour_triples", "portland", "standard"],
)
def test_two_colour_throws_match_brute_force(
    source: str, overrides: dict[str, str], sheet: Sheet
) -> None:
    rules = load_rules(source, overrides)
    for roll in two_colour_throws(600, seed=2) + coloured_triple_throws():
        assert_same_as_brute(roll, rules, sheet)


# Farkles among the 6**n ordered throws of n dice: the sheet's 2/3, 4/9, 5/18, 17/108, 25/324
# and 5/216 (1,080 of 46,656).
FARKLES = {1: 4, 2: 16, 3: 60, 4: 204, 5: 600, 6: 1080}


@pytest.mark.parametrize("n", sorted(FARKLES))
def test_standard_farkle_counts_over_every_ordered_throw(n: int) -> None:
    rules = load_rules("standard")
    farkles = sum(score(Roll.of(*faces), rules).farkle for faces in product(FACES, repeat=n))
    assert farkles == FARKLES[n]


def test_brute_force_gives_the_same_farkle_odds() -> None:
    assert Fraction(FARKLES[6], 6**6) == Fraction(5, 216)
    for n, count in FARKLES.items():
        rolls = [faces for faces in distinct_rolls(n) if len(faces) == n]
        assert sum(ordered_count(f) for f in rolls if not options(plain(f), STANDARD)) == count
    assert sum(ordered_count(f) for f in distinct_rolls(6) if len(f) == 6) == 6**6
