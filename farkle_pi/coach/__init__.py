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
minimum bank, `farkle_streak=2` makes a Farkle cost the three-Farkles penalty too, `score=`
the player's total caps that penalty as the game does):

- `choices(rules, points, roll) -> list[Choice]`: every legal keep of `roll` thrown with `points`
  this turn, best first (empty list = Farkle). `Choice(keep: Roll, points: int, total: int,
  dice: int, then: "bank" | "roll", expected: float)`: the keep's points, the turn total after
  it, the dice a roll would throw (all of them after hot dice), what to do next, and the
  expected points banked this turn.
- `decide(rules, points, dice) -> ("bank" | "roll", expected)`: before a throw.
- `farkle_odds(rules) -> {n: Fraction}` for 1 .. rules.dice dice.
- `expected_turn(rules) -> float`, `bank_thresholds(rules) -> {n: points | None}` (None: those
  dice cannot Farkle, or are hot dice that `must_throw_hot_dice` makes be thrown again).
- Play to win, when only ending the turn with at least `need` points counts:
  `win_choices(rules, need, points, roll) -> list[WinChoice]` (as `Choice`, with `probability`
  instead of `expected`) and `win_chance(rules, need, points, dice) -> float`; keyword
  `tie_share=0.5` counts ending the turn one point short (a tie settled by a roll-off) as won
  that often; keyword `later=[(behind, on_board), ...]` names the players still to play their
  last turns (points behind this player, on the board or not): a bank past the need then wins
  only as often as none of them passes it (`holds(rules, later)`, from `reach_chances`).
  `win_decide(...)` is bank or roll with the chance.
- `coach(rules) -> Coach`: the solved object behind these (cached in memory and on disk).

Limits: dice are treated as colourless (Portland's one-colour triples score when a coloured
roll is given, but future throws are valued without colours), and Portland's six-1s-per-turn
bonus is not modelled. Each turn is valued on its own (points banked this turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

from farkle_pi.coach.cache import load_or_solve
from farkle_pi.coach.policy import Choice, Coach, Then, WinChoice, WinPlan
from farkle_pi.coach.solve import solve_win
from farkle_pi.coach.throws import FloatArray
from farkle_pi.rules import Roll, RuleSet

Later = tuple[int, bool]  # a player still to play a last turn: (points behind, on the board)

_coaches: dict[tuple[RuleSet, int, int], Coach] = {}


def coach(rules: RuleSet, *, on_board: bool = True, farkle_streak: int = 0,
          score: int | None = None) -> Coach:
    """The solved turn for these rules; solved once per process (and once per disk cache).
    `score`: the player's total, when known: the three-Farkles penalty takes at most that
    (a score never goes below 0)."""
    bank_min = rules.min_bank if on_board else rules.entry  # as the game: entry, not both
    farkle_loss = rules.three_farkles if farkle_streak >= 2 else 0
    if score is not None:
        farkle_loss = min(farkle_loss, max(score, 0))
    key = (rules, bank_min, farkle_loss)
    found = _coaches.get(key)
    if found is None:
        table, values = load_or_solve(rules, bank_min, farkle_loss)
        found = _coaches[key] = Coach(rules, table, values)
    return found


def choices(
    rules: RuleSet, points: int, roll: Roll, *, on_board: bool = True, farkle_streak: int = 0,
    score: int | None = None,
) -> list[Choice]:
    return coach(rules, on_board=on_board, farkle_streak=farkle_streak,
                 score=score).choices(points, roll)


def decide(
    rules: RuleSet, points: int, dice: int, *, on_board: bool = True, farkle_streak: int = 0,
    score: int | None = None,
) -> tuple[Then, float]:
    return coach(rules, on_board=on_board, farkle_streak=farkle_streak,
                 score=score).decide(points, dice)


def expected_turn(rules: RuleSet, *, on_board: bool = True, farkle_streak: int = 0) -> float:
    return coach(rules, on_board=on_board, farkle_streak=farkle_streak).expected_turn


def bank_thresholds(rules: RuleSet, *, on_board: bool = True) -> dict[int, int | None]:
    return coach(rules, on_board=on_board).bank_thresholds()


def farkle_odds(rules: RuleSet) -> dict[int, Fraction]:
    return coach(rules).farkle_odds()


def win_choices(
    rules: RuleSet, need: int, points: int, roll: Roll, *, on_board: bool = True,
    tie_share: float = 0.0, later: Sequence[Later] = (),
) -> list[WinChoice]:
    return _plan(rules, need, on_board, tie_share, later).choices(points, roll)


def win_chance(
    rules: RuleSet, need: int, points: int, dice: int, *, on_board: bool = True,
    tie_share: float = 0.0, later: Sequence[Later] = (),
) -> float:
    return _plan(rules, need, on_board, tie_share, later).chance(points, dice)


def win_decide(
    rules: RuleSet, need: int, points: int, dice: int, *, on_board: bool = True,
    tie_share: float = 0.0, later: Sequence[Later] = (),
) -> tuple[Then, float]:
    return _plan(rules, need, on_board, tie_share, later).decide(points, dice)


def _plan(rules: RuleSet, need: int, on_board: bool, tie_share: float,
          later: Sequence[Later]) -> WinPlan:
    return coach(rules, on_board=on_board).win(need, tie_share, holds(rules, later))


# Below this chance of being passed by the players still to play, a bank is taken as sure
SURE = 1e-7
REACH_CAP = 40_000  # points: no turn reaches this oftener than SURE under any published chart


def holds(rules: RuleSet, later: Sequence[Later]) -> tuple[float, ...]:
    """holds[i]: the chance that none of the players still to play their last turn passes a
    bank of i steps this turn (empty when none is left). Each is (behind, on_board): how many
    points behind this player they start, and whether the entry minimum is behind them. Each
    plays to pass the new top score; a tie with it is counted as no pass (under a roll-off it
    is one in two: the chance is a little high there)."""
    if not later:
        return ()
    step = coach(rules).step
    reach = {board: reach_chances(rules, board) for board in {board for _, board in later}}
    last = max(len(reach[board]) - 1 - (behind + 1) // step for behind, board in later)
    chances = []
    for i in range(max(0, last) + 1):
        hold = 1.0
        for behind, board in later:  # they must make i steps and their gap, and a point more
            j = max(0, -(-(i * step + behind + 1) // step))
            hold *= 1.0 - float(reach[board][j]) if j < len(reach[board]) else 1.0
        chances.append(hold)
    return tuple(chances)


@lru_cache(maxsize=8)
def reach_chances(rules: RuleSet, on_board: bool = True) -> FloatArray:
    """r[j]: the chance that a turn played to make j steps of points makes them, j = 0 up to
    where it falls below SURE. One solve gives them all: throwing every die with i steps made
    and j to go is throwing them at the start with j to go, minimums apart (a turn must still
    make the entry minimum, or the minimum bank, to count)."""
    solved = coach(rules, on_board=on_board)
    step, dice = solved.step, rules.dice
    top = -(-REACH_CAP // step)
    chase = solve_win(solved.table, top * step, hot_dice_bank=solved.values.hot_dice_bank
                      )[dice]  # chase[i]: P(top steps made from i)
    least = -(-solved.values.bank_min // step)
    chances = [1.0] + [float(chase[top - max(j, least)]) for j in range(1, top + 1)]
    end = next((j for j, chance in enumerate(chances) if chance < SURE), len(chances))
    return np.array(chances[:end], np.float64)


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
    "holds",
    "reach_chances",
    "win_chance",
    "win_choices",
    "win_decide",
]
