"""The coach: exact best play for any rule set — Farkle odds, best keep, bank or roll, play to win.

One turn is solved by backward induction over (turn points, dice to throw), hot dice and the
house rules included; the values are exact up to float rounding, not sampled (`solve.py`).

    >>> from farkle_pi.coach import choices, farkle_odds, expected_turn, win_choices
    >>> from farkle_pi.rules import Roll, load_rules
    >>> rules = load_rules("standard")
    >>> best = choices(rules, 350, Roll.parse("15234"))[0]   # 350 this turn, threw 1 5 2 3 4
    >>> best.keep, best.points, best.then, round(best.expected, 1)
    (Roll(dice=(Die(face=1, colour=None),)), 100, 'roll', 542.3)
    >>> farkle_odds(rules)[6]
    Fraction(5, 216)
    >>> round(expected_turn(rules), 2)
    601.56

API (all take the `RuleSet`; keyword `on_board=False` applies the entry minimum instead of the
minimum bank, `farkle_streak=2` makes a Farkle cost the three-Farkles penalty too):

- `choices(rules, points, roll) -> list[Choice]`: every legal keep of `roll` thrown with `points`
  this turn, best first (empty list = Farkle). `Choice(keep: Roll, points: int, total: int,
  dice: int, then: "bank" | "roll", expected: float)`: the keep's points, the turn total after
  it, the dice a roll would throw (all of them after hot dice), what to do next, and the
  expected points banked this turn.
- `decide(rules, points, dice) -> ("bank" | "roll", expected)`: before a throw.
- `farkle_odds(rules) -> {n: Fraction}` for 1 .. rules.dice dice.
- `expected_turn(rules) -> float`, `bank_thresholds(rules) -> {n: points | None}`.
- Play to win, when only ending the turn with at least `need` points counts:
  `win_choices(rules, need, points, roll) -> list[WinChoice]` (as `Choice`, with `probability`
  instead of `expected`) and `win_chance(rules, need, points, dice) -> float`; keyword
  `tie_share=0.5` counts ending the turn one point short (a tie settled by a roll-off) as won
  that often.
- `coach(rules) -> Coach`: the solved object behind these (cached in memory and on disk).

Limits: dice are treated as colourless (Portland's one-colour triples score when a coloured
roll is given, but future throws are valued without colours), and Portland's six-1s-per-turn
bonus is not modelled. Each turn is valued on its own (points banked this turn).
"""

from __future__ import annotations

from fractions import Fraction

from farkle_pi.coach.cache import load_or_solve
from farkle_pi.coach.policy import Choice, Coach, Then, WinChoice, WinPlan
from farkle_pi.rules import Roll, RuleSet

_coaches: dict[tuple[RuleSet, int, int], Coach] = {}


def coach(rules: RuleSet, *, on_board: bool = True, farkle_streak: int = 0) -> Coach:
    """The solved turn for these rules; solved once per process (and once per disk cache)."""
    bank_min = rules.min_bank if on_board else rules.entry  # as the game: entry, not both
    farkle_loss = rules.three_farkles if farkle_streak >= 2 else 0
    key = (rules, bank_min, farkle_loss)
    found = _coaches.get(key)
    if found is None:
        table, values = load_or_solve(rules, bank_min, farkle_loss)
        found = _coaches[key] = Coach(rules, table, values)
    return found


def choices(
    rules: RuleSet, points: int, roll: Roll, *, on_board: bool = True, farkle_streak: int = 0
) -> list[Choice]:
    return coach(rules, on_board=on_board, farkle_streak=farkle_streak).choices(points, roll)


def decide(
    rules: RuleSet, points: int, dice: int, *, on_board: bool = True, farkle_streak: int = 0
) -> tuple[Then, float]:
    return coach(rules, on_board=on_board, farkle_streak=farkle_streak).decide(points, dice)


def expected_turn(rules: RuleSet, *, on_board: bool = True, farkle_streak: int = 0) -> float:
    return coach(rules, on_board=on_board, farkle_streak=farkle_streak).expected_turn


def bank_thresholds(rules: RuleSet, *, on_board: bool = True) -> dict[int, int | None]:
    return coach(rules, on_board=on_board).bank_thresholds()


def farkle_odds(rules: RuleSet) -> dict[int, Fraction]:
    return coach(rules).farkle_odds()


def win_choices(
    rules: RuleSet, need: int, points: int, roll: Roll, *, on_board: bool = True,
    tie_share: float = 0.0,
) -> list[WinChoice]:
    return coach(rules, on_board=on_board).win(need, tie_share).choices(points, roll)


def win_chance(
    rules: RuleSet, need: int, points: int, dice: int, *, on_board: bool = True,
    tie_share: float = 0.0,
) -> float:
    return coach(rules, on_board=on_board).win(need, tie_share).chance(points, dice)


__all__ = [
    "Choice",
    "Coach",
    "Then",
    "WinChoice",
    "WinPlan",
    "bank_thresholds",
    "choices",
    "coach",
    "decide",
    "expected_turn",
    "farkle_odds",
    "win_chance",
    "win_choices",
]
