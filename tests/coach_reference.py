"""A deliberately plain second solver for checking the coach: memoised recursion over
(turn points, dice to throw), using nothing from `farkle_pi.coach`, only `farkle_pi.rules.score`.

It keeps every legal keep (no pruning), sums over every multiset of faces with its multinomial
count, and simply banks at `cap` and above — no closed form — so it shares no shortcut with the
vectorised solver. Under `must_throw_hot_dice` hot dice (all the dice to throw, points in hand)
are never banked: they are thrown again up to `cap` + HOT_PAST_CAP (a turn that gets there is far
too rare to show in the checks' tolerance).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from farkle_pi.rules import Roll, RuleSet, score

# Per dice count: (number of ordered outcomes, [(dice left after the keep, keep points), ...]).
Throws = dict[int, list[tuple[int, list[tuple[int, int]]]]]

HOT_PAST_CAP = 10_000


def must_throw(rules: RuleSet, dice: int) -> bool:
    """Hot dice (every die to throw again, with points in hand) that the rules make be thrown."""
    return rules.must_throw_hot_dice and dice == rules.dice


def throws(rules: RuleSet) -> Throws:
    table: Throws = {}
    for n in range(1, rules.dice + 1):
        table[n] = []
        for faces in combinations_with_replacement(range(1, 7), n):
            ways = math.factorial(n)
            for face in set(faces):
                ways //= math.factorial(faces.count(face))
            keeps = [
                (n - len(option.keep) or rules.dice, option.points)
                for option in score(Roll.of(*faces), rules).options
            ]
            table[n].append((ways, keeps))
    return table


def turn_values(
    rules: RuleSet, bank_min: int = 0, farkle_loss: int = 0, cap: int = 25_000
) -> Callable[[int, int], float]:
    """`roll(points, dice)`: expected points banked when throwing `dice` dice at `points`."""
    table = throws(rules)

    @cache
    def roll(points: int, dice: int) -> float:
        total = 0.0
        for ways, keeps in table[dice]:
            if not keeps:
                total -= ways * farkle_loss
            else:
                total += ways * max(decide(points + p, left) for left, p in keeps)
        outcomes: int = 6**dice
        return total / outcomes

    def decide(points: int, dice: int) -> float:
        hot = must_throw(rules, dice)
        if points >= cap + (HOT_PAST_CAP if hot else 0):
            return float(points)
        rolling = roll(points, dice)
        return max(rolling, float(points)) if points >= bank_min and not hot else rolling

    top = cap + (HOT_PAST_CAP if rules.must_throw_hot_dice else 0)
    for points in range(top, -1, -50):  # fill from the top so the recursion stays shallow
        for dice in table:
            roll(points, dice)
    return roll


def win_chances(rules: RuleSet, need: int, tie: tuple[int, Fraction] | None = None,
                holds: Sequence[Fraction] = ()) -> Callable[[int, int], Fraction]:
    """`chance(points, dice)`: exact P(turn total reaches `need`) throwing `dice` at `points`;
    with `tie` = (points, share), banking exactly those points is won `share` of the time; with
    `holds`, a bank of points p (from the need on) wins `holds[p // 50]` of the time (1 from
    the end of `holds` on), and rolling on may be worth more. Hot dice that must be thrown
    again are thrown from there too: they end with dice to bank `forced_chance` of the time."""
    table = throws(rules)
    sure = max(need, 50 * len(holds))  # from here on a bank wins for sure
    past_sure = forced_chance(table, rules.dice) if rules.must_throw_hot_dice else Fraction(1)

    def hold(points: int) -> Fraction:
        return holds[points // 50] if points // 50 < len(holds) else Fraction(1)

    @cache
    def chance(points: int, dice: int) -> Fraction:
        if points >= sure:
            return past_sure if must_throw(rules, dice) else Fraction(1)
        total = Fraction(0)
        for ways, keeps in table[dice]:
            if keeps:
                total += ways * max(after(points + p, left) for left, p in keeps)
        outcomes: int = 6**dice
        return total / outcomes

    def after(points: int, dice: int) -> Fraction:
        if must_throw(rules, dice):
            return chance(points, dice)
        if points >= sure:
            return Fraction(1)
        if points >= need:
            return max(hold(points), chance(points, dice))
        if tie is not None and points == tie[0]:
            return max(tie[1] * hold(points), chance(points, dice))
        return chance(points, dice)

    for points in range(sure, -1, -50):
        for dice in table:
            chance(points, dice)
    return after


def forced_chance(table: Throws, dice: int) -> Fraction:
    """P(all `dice` thrown, and thrown again each time every die must be kept, end with dice
    left): counted throw by throw, c / (1 - h) with c = P(some keep leaves dice) and h = P(every
    keep takes all the dice)."""
    cool = sum(ways for ways, keeps in table[dice] if any(left < dice for left, _ in keeps))
    hot = sum(ways for ways, keeps in table[dice]
              if keeps and all(left == dice for left, _ in keeps))
    return Fraction(cool, 6**dice - hot)
