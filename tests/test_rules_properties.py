"""Laws that any correct scorer obeys, for any throw under any mix of presets and house rules."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from farkle_pi.errors import FarkleError
from farkle_pi.rules import PRESETS, Die, Roll, RuleSet, keep_points, load_rules, score

SWITCHES = {
    "three_ones": ["1000", "300"],
    "kinds": ["fixed", "doubling", "none"],
    "small_straights": ["off", "500/750", "1000"],
    "six_dice_nothing": ["0", "500"],
    "must_take_triples": ["none", "twos", "all"],
    "colour_triples": ["false", "true"],
    "dice": ["5", "6"],
}

rule_sets = st.builds(
    load_rules,
    st.sampled_from(PRESETS),
    st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in SWITCHES.items()}),
)
faces = st.integers(1, 6)
colours = st.sampled_from(["red", "blue"])


@st.composite
def throws(draw: st.DrawFn, rules: RuleSet, coloured: bool = False) -> Roll:
    n = draw(st.integers(1, rules.dice))
    if coloured:
        return Roll(Die(draw(faces), draw(colours)) for _ in range(n))
    return Roll.of(*draw(st.lists(faces, min_size=n, max_size=n)))


@st.composite
def rules_and_throw(draw: st.DrawFn, coloured: bool = False) -> tuple[RuleSet, Roll]:
    rules = draw(rule_sets)
    return rules, draw(throws(rules, coloured))


def sub_rolls(roll: Roll) -> set[Roll]:
    dice = list(roll)
    return {
        Roll(d for d, pick in zip(dice, picks, strict=True) if pick)
        for picks in product([False, True], repeat=len(dice))
        if any(picks)
    }


def is_nothing_option(roll: Roll, rules: RuleSet, keep: Roll, points: int) -> bool:
    """The six-dice-with-nothing payout, the one keep that is not a scoring split."""
    return bool(rules.six_dice_nothing) and keep == roll and points == rules.six_dice_nothing


@given(rules_and_throw())
def test_options_are_the_legal_keeps_with_their_points(case: tuple[RuleSet, Roll]) -> None:
    rules, roll = case
    scoring = score(roll, rules)
    keeps = [o.keep for o in scoring.options]
    assert len(set(keeps)) == len(keeps)
    for option in scoring.options:
        assert roll.contains(option.keep)
        assert option.points == sum(c.points for c in option.combinations)
        if not is_nothing_option(roll, rules, option.keep, option.points):
            assert option.points == keep_points(option.keep, rules)
    legal = {sub for sub in sub_rolls(roll) if keep_points(sub, rules) is not None}
    if not legal and rules.six_dice_nothing and len(roll) == rules.dice:
        legal = {roll}
    if rules.must_take_triples == "none":
        assert set(keeps) == legal
    else:
        assert set(keeps) <= legal


@given(rules_and_throw(coloured=True))
def test_best_is_the_first_and_largest_option(case: tuple[RuleSet, Roll]) -> None:
    rules, roll = case
    scoring = score(roll, rules)
    points = [o.points for o in scoring.options]
    assert points == sorted(points, reverse=True)
    assert scoring.best == max(points, default=0)
    assert scoring.farkle == (not scoring.options) == (scoring.best == 0)
    assert all(p > 0 and p % 50 == 0 for p in points)


@given(rules_and_throw())
def test_an_extra_1_adds_at_least_a_single_1(case: tuple[RuleSet, Roll]) -> None:
    rules, roll = case
    if len(roll) < rules.dice:
        more = Roll.of(*roll.faces, 1)
        assert score(more, rules).best >= score(roll, rules).best + rules.single_one


@given(rule_sets, st.lists(faces, min_size=1, max_size=6), st.randoms())
def test_order_of_the_dice_does_not_matter(
    rules: RuleSet, thrown: list[int], rng: random.Random
) -> None:
    shuffled = list(thrown)
    rng.shuffle(shuffled)
    assert Roll.of(*shuffled) == Roll.of(*thrown)
    assert Roll.of(*shuffled).faces == tuple(sorted(thrown))
    if len(thrown) <= rules.dice:
        assert score(Roll.of(*shuffled), rules) == score(Roll.of(*thrown), rules)


@given(rules_and_throw(coloured=True))
def test_parse_round_trips(case: tuple[RuleSet, Roll]) -> None:
    _, roll = case
    assert Roll.parse(str(roll)) == roll
    plain = Roll.of(*roll.faces)
    assert Roll.parse(str(plain)) == plain
    assert Roll.parse(" ".join(str(f) for f in plain.faces)) == plain
    assert Roll.parse([str(f) for f in plain.faces]) == plain


@given(rules_and_throw(coloured=True))
def test_colours_only_matter_with_colour_triples(case: tuple[RuleSet, Roll]) -> None:
    rules, roll = case
    plain = Roll.of(*roll.faces)
    coloured, colourless = score(roll, rules), score(plain, rules)
    if rules.colour_triples:
        assert coloured.best >= colourless.best
        return
    by_faces = {(o.keep.faces, o.points) for o in coloured.options}
    assert set(by_faces) == {(o.keep.faces, o.points) for o in colourless.options}


@given(rules_and_throw(), rules_and_throw())
def test_two_scoring_keeps_together_score_at_least_their_sum(
    first: tuple[RuleSet, Roll], second: tuple[RuleSet, Roll]
) -> None:
    rules, a = first
    b = second[1]
    if len(a) + len(b) <= rules.dice:
        pa, pb = keep_points(a, rules), keep_points(b, rules)
        if pa is not None and pb is not None:
            together = keep_points(Roll(list(a) + list(b)), rules)
            assert together is not None and together >= pa + pb


@given(rules_and_throw())
def test_setting_a_keep_aside_leaves_the_rest(case: tuple[RuleSet, Roll]) -> None:
    rules, roll = case
    for option in score(roll, rules).options:
        rest = roll.without(option.keep)
        assert Roll(list(rest) + list(option.keep)) == roll
        assert len(rest) == len(roll) - len(option.keep)


@given(st.lists(faces, min_size=6, max_size=6))
def test_six_dice_with_nothing_pays_exactly_when_standard_farkles(thrown: list[int]) -> None:
    roll = Roll.of(*thrown)
    paid = score(roll, load_rules("standard", {"six_dice_nothing": "500"}))
    if score(roll).farkle:
        assert [(o.keep, o.points) for o in paid.options] == [(roll, 500)]
    else:
        assert paid.options == score(roll).options


@given(st.lists(faces, min_size=0, max_size=6))
def test_of_and_the_constructor_build_the_same_roll(thrown: list[int]) -> None:
    quick, built = Roll.of(*thrown), Roll(Die(face) for face in thrown)
    assert quick == built and hash(quick) == hash(built)
    assert quick.faces == built.faces == tuple(sorted(thrown))
    assert quick.counts() == built.counts()
    assert not quick.coloured and not built.coloured
    assert str(quick) == str(built) and repr(quick) == repr(built)


@given(st.lists(st.integers(-3, 12), min_size=1, max_size=6))
def test_faces_off_the_die_are_refused(thrown: list[int]) -> None:
    if all(1 <= face <= 6 for face in thrown):
        assert Roll.of(*thrown).faces == tuple(sorted(thrown))
    else:
        with pytest.raises(FarkleError, match="is not a die face"):
            Roll.of(*thrown)


@given(rules_and_throw(coloured=True))
def test_rolls_survive_pickle_and_copy(case: tuple[RuleSet, Roll]) -> None:
    _, roll = case
    for again in (pickle.loads(pickle.dumps(roll)), copy.deepcopy(roll)):
        assert again == roll and hash(again) == hash(roll)
        assert (again.faces, again.coloured, str(again)) == (roll.faces, roll.coloured, str(roll))
    assert [f.name for f in dataclasses.fields(roll)] == ["dice"]
