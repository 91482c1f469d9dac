"""Backward induction over (turn points, dice to throw): exact values, not samples.

Every keep adds at least one `step` of points, so a state only depends on states with more
points and one sweep from the top down settles them all. Above a cap the values have a closed
form, derived in `solve_turn`, which is what makes the sweep finite and still exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from farkle_pi.coach.throws import BoolArray, FloatArray, ThrowTable
from farkle_pi.errors import FarkleError


def sweep(
    table: ThrowTable, top: int, settled: FloatArray, bank: FloatArray, farkle: float
) -> FloatArray:
    """Values of rolling n dice at points index top-1 down to 0; fills `settled` on the way.

    `settled[n, i]` is the value of standing at index i with n dice to throw and the choice still
    to make (bank or roll); columns from `top` on must be filled in by the caller. `bank[i]` is
    what banking at index i is worth (-inf where the rules forbid it); a Farkle is worth `farkle`.
    """
    roll = np.zeros((table.dice + 1, top))
    on_farkle = table.farkle_probability * farkle
    for i in range(top - 1, -1, -1):
        best = settled[table.next_dice, table.gain + i].max(axis=1)
        values = _by_dice(table, table.weight * best) + on_farkle
        roll[:, i] = values
        settled[:, i] = np.maximum(values, bank[i])
    return roll


@dataclass(frozen=True, eq=False)
class TurnValues:
    """Expected points banked this turn from any state, when played to maximise that.

    Below `top` (in steps) rolling is tabulated; from `top` on, rolling n dice at t points is
    worth `slope[n] * t + offset[n]` and the best play is fixed (see `solve_turn`).
    """

    step: int
    bank_min: int
    roll: FloatArray  # [n, i]: value of throwing n dice at i * step points
    slope: FloatArray
    offset: FloatArray

    @property
    def top(self) -> int:
        return int(self.roll.shape[1])

    def roll_value(self, points: int, dice: int) -> float:
        i = points // self.step
        if i < self.top:
            return float(self.roll[dice, i])
        return float(self.slope[dice] * points + self.offset[dice])

    def may_bank(self, points: int) -> bool:
        return points > 0 and points >= self.bank_min

    def value(self, points: int, dice: int) -> float:
        """Best of banking (when allowed) and throwing `dice` dice, with `points` this turn."""
        rolling = self.roll_value(points, dice)
        return max(rolling, float(points)) if self.may_bank(points) else rolling


def solve_turn(table: ThrowTable, bank_min: int, farkle_loss: int) -> TurnValues:
    """Maximise expected points banked this turn.

    `bank_min`: no bank below it (entry minimum or minimum bank). `farkle_loss`: points lost on
    a Farkle beyond the turn (the three-Farkles penalty when this would be the third).

    The cap: call n "endless" when n dice can never Farkle (six dice with six-dice-nothing). At
    huge t an endless throw is always taken and any other throw never is, so there rolling n
    dice is worth t + c[n] (endless) or (1 - f[n]) t + a[n] - f[n] loss, with c and a below.
    For a non-endless n banking beats that exactly when t >= a[n] / f[n] - loss; from the cap,
    the largest such bound, this closed form satisfies the Bellman equation for every t, and
    as every policy Farkles or stops with geometric tails it is the one true value there.
    """
    dice, step = table.dice, table.step
    f = table.farkle_probability
    endless = np.array([n > 0 and table.farkle_counts[n] == 0 for n in range(dice + 1)])
    c = _endless_gains(table, endless)
    a = _by_dice(table, table.weight * _best_gain(table, c))
    slope = np.where(endless, 1.0, 1.0 - f)
    offset = np.where(endless, c, a - f * farkle_loss)
    bounds = [a[n] / f[n] - farkle_loss for n in range(1, dice + 1) if not endless[n]]
    cap = max([float(bank_min), step, *bounds])
    top = _steps(cap, step, "a turn whose bank minimum or stakes are this high")
    points = np.arange(top + table.max_gain + 1, dtype=np.float64) * step
    settled = np.zeros((dice + 1, points.size))
    settled[:, top:] = points[top:] + c[:, None]
    bank = np.where((points >= bank_min) & (points > 0), points, -np.inf)
    roll = sweep(table, top, settled, bank, -float(farkle_loss))
    return TurnValues(step=step, bank_min=bank_min, roll=roll, slope=slope, offset=offset)


MAX_STEPS = 100_000  # 5,000,000 points in steps of 50: far beyond any real turn


def _steps(points: float, step: int, what: str) -> int:
    """Points in grid steps, refusing sizes that would only exhaust memory and patience."""
    steps = math.ceil(points / step)
    if steps > MAX_STEPS:
        raise FarkleError(f"{what} is beyond the coach: at most {MAX_STEPS * step:,} points")
    return steps


def _by_dice(table: ThrowTable, per_row: FloatArray) -> FloatArray:
    """Sum row values by the number of dice thrown."""
    return np.bincount(table.owner, per_row, table.dice + 1).astype(np.float64)


def _best_gain(table: ThrowTable, extra: FloatArray) -> FloatArray:
    """Per row, the largest of (points kept + extra[dice next]) over its options."""
    best: FloatArray = (table.gain * table.step + extra[table.next_dice]).max(axis=1)
    return best


def _endless_gains(table: ThrowTable, endless: BoolArray) -> FloatArray:
    """c[n]: what throwing an endless n dice adds at huge t, by fixed-point iteration."""
    c = np.zeros(table.dice + 1)
    if not endless.any():
        return c
    mine = endless[table.owner]
    for _ in range(100_000):
        best = _best_gain(table, c)
        new = _by_dice(table, np.where(mine, table.weight * best, 0.0))
        if np.max(np.abs(new - c)) <= 1e-12 * max(1.0, float(np.max(new))):
            return new
        if np.max(new) > 1e12:
            break
        c = new
    raise FarkleError("these rules let a turn score without end: the coach cannot solve them")


def solve_win(table: ThrowTable, target: int, tie: tuple[int, float] | None = None,
              holds: tuple[float, ...] = ()) -> FloatArray:
    """P(winning) when throwing n dice at index i, for i below the target (or below the end of
    `holds`, where there is one).

    Banking short of the target is as good as losing (worth 0), so only Farkles end the chase;
    but banking exactly `tie` = (points, share) below it is worth `share`: a tie settled by a
    roll-off, won one time in so many. A bank from the target on wins for sure, or, with
    `holds`, wins `holds[i]` of the time at index i (players still to play may pass it; 1 from
    the end of `holds` on), so that rolling on to raise the bar can be worth more.
    """
    base = _steps(target, table.step, f"a need of {target}")
    top = max(base, len(holds))
    settled = np.zeros((table.dice + 1, top + table.max_gain + 1))
    settled[:, top:] = 1.0
    bank = np.zeros(top)
    bank[base:] = holds[base:top]
    if tie is not None:
        i = tie[0] // table.step
        bank[i] = tie[1] * (holds[i] if i < len(holds) else 1.0)
    return sweep(table, top, settled, bank, 0.0)
