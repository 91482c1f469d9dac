"""Advice at a decision point: every legal keep ranked, then bank or roll, and the turn's odds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Literal

from farkle_pi.coach.solve import MAX_STEPS, TurnValues, forced_chance, solve_win
from farkle_pi.coach.throws import FloatArray, ThrowTable
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Roll, RuleSet, ScoringOption, chart

Then = Literal["bank", "roll"]
Decide = Callable[[int, int], tuple[Then, float]]


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal keep and what playing on best after it is worth.

    `total` is the turn points after the keep, `dice` how many dice a roll would throw (all of
    them again after hot dice), `expected` the expected points banked this turn.
    """

    keep: Roll
    points: int
    total: int
    dice: int
    then: Then
    expected: float


@dataclass(frozen=True, slots=True)
class WinChoice:
    """A legal keep when only reaching the need counts, with the chance of reaching it."""

    keep: Roll
    points: int
    total: int
    dice: int
    then: Then
    probability: float


def bank_or_roll(may_bank: bool, points: int, rolling: float) -> tuple[Then, float]:
    """Bank when the rules allow it and it is at least as good as rolling (a tie banks)."""
    if may_bank and points >= rolling:
        return "bank", float(points)
    return "roll", rolling


class Coach:
    """The solved turn for one rule set and one player situation (on the board, Farkle streak)."""

    def __init__(self, rules: RuleSet, table: ThrowTable, values: TurnValues) -> None:
        self.rules = rules
        self.table = table
        self.values = values
        self._plans: dict[tuple[int, float, tuple[float, ...]], WinPlan] = {}

    @property
    def step(self) -> int:
        """Turn totals under these rules are multiples of this (50 for every published chart)."""
        return self.table.step

    @property
    def expected_turn(self) -> float:
        """Expected points banked by a whole turn played best."""
        return self.values.roll_value(0, self.rules.dice)

    def decide(self, points: int, dice: int) -> tuple[Then, float]:
        """Bank or throw `dice` dice with `points` this turn, and the expected points banked."""
        self.check(points, dice)
        return bank_or_roll(
            self.values.may_bank(points, dice), points, self.values.roll_value(points, dice)
        )

    def choices(self, points: int, roll: Roll) -> list[Choice]:
        """Every legal keep of `roll` thrown at `points`, best first; empty on a Farkle."""
        return [
            Choice(o.keep, o.points, total, dice, then, value)
            for o, total, dice, then, value in rank(self, points, roll, self.decide)
        ]

    def farkle_odds(self) -> dict[int, Fraction]:
        """P(nothing scores) for 1 .. all dice, exactly."""
        return {n: self.table.farkle_odds(n) for n in range(1, self.rules.dice + 1)}

    def bank_thresholds(self) -> dict[int, int | None]:
        """Per dice count, the smallest turn total from which banking is always at least as good
        as throwing that many dice; None when throwing them never risks a Farkle, or when they
        are hot dice that the rules never let a player bank (`must_throw_hot_dice`)."""
        return {n: self._threshold(n) for n in range(1, self.rules.dice + 1)}

    def _threshold(self, dice: int) -> int | None:
        if self.table.farkle_counts[dice] == 0 or self.values.must_throw(dice):
            return None
        values, last_bad = self.values, -1
        for i in range(values.top):
            points = i * self.step
            rolling = values.roll_value(points, dice)
            if not (values.may_bank(points, dice)
                    and points >= rolling - 1e-9 * max(1.0, rolling)):
                last_bad = i
        return (last_bad + 1) * self.step

    def win(self, need: int, tie_share: float = 0.0, holds: tuple[float, ...] = ()
            ) -> WinPlan:
        """The plan that maximises the chance to end the turn with at least `need` points;
        with a `tie_share`, ending it with one point less is a roll-off won that often; with
        `holds`, a bank of i steps wins only `holds[i]` of the time (players still to play)."""
        if need <= 0:
            raise FarkleError(f"need {need}: the points needed must be above 0")
        if not 0.0 <= tie_share < 1.0:
            raise FarkleError(f"a tie's share of {tie_share}: a roll-off is won less than always")
        if not all(0.0 <= hold <= 1.0 for hold in holds):
            raise FarkleError("a bank's chance to hold must be between 0 and 1")
        plan = self._plans.get((need, tie_share, holds))
        if plan is None:
            plan = self._plans[need, tie_share, holds] = WinPlan(self, need, tie_share, holds)
        return plan

    def check(self, points: int, dice: int) -> None:
        if not 1 <= dice <= self.rules.dice:
            raise FarkleError(
                f"{dice} dice: the {self.rules.called} throw 1 to {self.rules.dice} dice"
            )
        if points < 0 or points % self.step:
            raise FarkleError(
                f"{points} turn points cannot happen: under the {self.rules.called} turn "
                f"points come in steps of {self.step}"
            )
        if points > MAX_STEPS * self.step:  # past float's exact integers long before a real turn
            raise FarkleError(f"{points:,} turn points are beyond the coach: at most "
                              f"{MAX_STEPS * self.step:,}")


class WinPlan:
    """Play to reach `need` points this turn (final round, or to pass the leader).

    Under a roll-off rule, `tie_share` values a bank of one point less (the leader's total: a
    tie) as the roll-off's chance, 1/2 against one leader, 1/3 against two. With players still
    to play their last turns, `holds[i]` is the chance that a bank of i steps is not passed by
    any of them (1 from the end of `holds` on): banking the need is then no sure win, and
    rolling on to leave them more to make can be the better play."""

    def __init__(self, coach: Coach, need: int, tie_share: float = 0.0,
                 holds: tuple[float, ...] = ()) -> None:
        self.coach = coach
        self.need = need
        self.target = max(need, coach.values.bank_min)  # a bank below the minimum is no bank
        self.tie_share = tie_share
        self.holds = holds
        tie = need - 1  # (below the target: the target is at least the need)
        bankable = tie % coach.step == 0 and coach.values.may_bank(tie, 1)  # (dice left)
        self.tie = tie if tie_share > 0.0 and bankable else None

    @cached_property
    def _roll(self) -> FloatArray:
        tie = None if self.tie is None else (self.tie, self.tie_share)
        return solve_win(self.coach.table, self.target, tie, self.holds,
                         self.coach.values.hot_dice_bank)

    def _holds(self, points: int) -> float:
        i = points // self.coach.step
        return self.holds[i] if i < len(self.holds) else 1.0

    def chance(self, points: int, dice: int) -> float:
        """P(reaching the need) with `points` this turn and `dice` to throw, played best (a
        roll-off counted as won by its share)."""
        return self.decide(points, dice)[1]

    def decide(self, points: int, dice: int) -> tuple[Then, float]:
        """Bank once the need is reached, or a tie when the roll-off is likelier than passing;
        else roll; with the chance of winning."""
        self.coach.check(points, dice)
        i = points // self.coach.step
        banks = self.coach.values.may_bank(points, dice)  # (not hot dice that must be thrown)
        if banks and points >= self.target and i >= len(self.holds):
            return "bank", 1.0
        rolling = self._rolling(dice, i)
        if banks and points >= self.target and self._holds(points) >= rolling:
            return "bank", self._holds(points)
        if banks and points == self.tie and self.tie_share * self._holds(points) >= rolling:
            return "bank", self.tie_share * self._holds(points)
        return "roll", rolling

    def _rolling(self, dice: int, i: int) -> float:
        """P(reaching the need) throwing `dice` at i steps; past the solved steps only hot
        dice that must be thrown again are thrown, and reach a bank `forced_chance` of the
        time."""
        if i < self._roll.shape[1]:
            return float(self._roll[dice, i])
        return forced_chance(self.coach.table)

    def choices(self, points: int, roll: Roll) -> list[WinChoice]:
        """Every legal keep of `roll`, the one most likely to reach the need first."""
        return [
            WinChoice(o.keep, o.points, total, dice, then, value)
            for o, total, dice, then, value in rank(self.coach, points, roll, self.decide)
        ]


def rank(
    coach: Coach, points: int, roll: Roll, decide: Decide
) -> list[tuple[ScoringOption, int, int, Then, float]]:
    """The legal keeps of a throw with their follow-up and value, best value first."""
    coach.check(points, len(roll))
    ranked = []
    for option in chart(coach.rules).score(roll).options:
        total = points + option.points
        dice = len(roll) - len(option.keep) or coach.rules.dice
        then, value = decide(total, dice)
        ranked.append((option, total, dice, then, value))
    ranked.sort(key=lambda entry: -entry[4])
    return ranked
