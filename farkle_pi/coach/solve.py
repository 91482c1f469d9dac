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
    to make (bank or roll); columns from `top` on must be filled in by the caller. `bank[n, i]`
    is what banking at index i with n dice left is worth (-inf where the rules forbid it); a
    Farkle is worth `farkle`.
    """
    roll = np.zeros((table.dice + 1, top))
    on_farkle = table.farkle_probability * farkle
    for i in range(top - 1, -1, -1):
        best = settled[table.next_dice, table.gain + i].max(axis=1)
        values = _by_dice(table, table.weight * best) + on_farkle
        roll[:, i] = values
        settled[:, i] = np.maximum(values, bank[:, i])
    return roll


def bank_by_dice(table: ThrowTable, bank: FloatArray, hot_dice_bank: bool) -> FloatArray:
    """`bank[i]` for every dice count n: the same, but -inf with all the dice to throw where the
    house rule makes hot dice be thrown again (`must_throw_hot_dice`). With points in hand all
    the dice are left only after hot dice, so that row is exactly the hot dice."""
    rows = np.repeat(bank[None, :], table.dice + 1, axis=0)
    if not hot_dice_bank:
        rows[table.dice] = -np.inf
    return rows


@dataclass(frozen=True)
class HotTail:
    """Throwing n dice at huge turn points t when hot dice must be thrown again and the full
    throw can Farkle: a throw with a keep that leaves dice is kept so (its best such keep) and
    banked; a throw whose every keep takes all the dice (three pairs, say) throws them again.

    Per n: `cool` = P(a keep leaving dice), `cool_gain` = the sum of P x the best such keep's
    points; `hot`, `hot_gain` the same for the throws whose keeps all take every die. Throwing
    all the dice there is worth `slope` t + `offset`, and ends in a bank `slope` of the time.
    """

    cool: FloatArray
    cool_gain: FloatArray
    hot: FloatArray
    hot_gain: FloatArray
    slope: float
    offset: float


def _keep_kinds(table: ThrowTable) -> tuple[BoolArray, FloatArray, FloatArray]:
    """Which options of each row leave dice (a keep of every die throws all the dice next),
    and per row the points of its best keep that leaves dice and of its keep of every die
    (0 where there is none)."""
    cool_keeps = table.next_dice < table.dice
    best_cool = np.where(cool_keeps, table.gain, 0).max(axis=1) * float(table.step)
    best_hot = np.where(cool_keeps, 0, table.gain).max(axis=1) * float(table.step)
    return cool_keeps, best_cool, best_hot


def hot_tail(table: ThrowTable, farkle_loss: int = 0) -> HotTail:
    """`HotTail` of a table. Throwing all the dice comes back to itself through the throws that
    only keep every die: s = cool / (1 - hot), o = (cool_gain + s hot_gain - f loss) / (1 - hot),
    all for the full throw."""
    dice = table.dice
    cool_keeps, best_cool, best_hot = _keep_kinds(table)
    hot_rows = ~cool_keeps.any(axis=1)
    cool = _by_dice(table, np.where(hot_rows, 0.0, table.weight))
    cool_gain = _by_dice(table, np.where(hot_rows, 0.0, table.weight * best_cool))
    hot = _by_dice(table, np.where(hot_rows, table.weight, 0.0))
    hot_gain = _by_dice(table, np.where(hot_rows, table.weight * best_hot, 0.0))
    f = float(table.farkle_probability[dice])
    slope = float(cool[dice] / (1.0 - hot[dice]))
    offset = float((cool_gain[dice] + slope * hot_gain[dice] - f * farkle_loss)
                   / (1.0 - hot[dice]))
    return HotTail(cool, cool_gain, hot, hot_gain, slope, offset)


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
    hot_dice_bank: bool = True  # False: `must_throw_hot_dice`, no bank with all the dice left

    @property
    def top(self) -> int:
        return int(self.roll.shape[1])

    @property
    def dice(self) -> int:
        return int(self.roll.shape[0]) - 1

    def roll_value(self, points: int, dice: int) -> float:
        i = points // self.step
        if i < self.top:
            return float(self.roll[dice, i])
        return float(self.slope[dice] * points + self.offset[dice])

    def must_throw(self, dice: int) -> bool:
        """All the dice left to throw (with points in hand: hot dice) where the house rule
        `must_throw_hot_dice` makes them be thrown again."""
        return dice >= self.dice and not self.hot_dice_bank

    def may_bank(self, points: int, dice: int) -> bool:
        """Whether the rules let `points` be banked with `dice` left to throw."""
        return points > 0 and points >= self.bank_min and not self.must_throw(dice)

    def value(self, points: int, dice: int) -> float:
        """Best of banking (when allowed) and throwing `dice` dice, with `points` this turn."""
        rolling = self.roll_value(points, dice)
        return max(rolling, float(points)) if self.may_bank(points, dice) else rolling


def solve_turn(table: ThrowTable, bank_min: int, farkle_loss: int,
               hot_dice_bank: bool = True) -> TurnValues:
    """Maximise expected points banked this turn.

    `bank_min`: no bank below it (entry minimum or minimum bank). `farkle_loss`: points lost on
    a Farkle beyond the turn (the three-Farkles penalty when this would be the third).
    `hot_dice_bank=False`: hot dice must be thrown again (`must_throw_hot_dice`; `_forced`).

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
    if not hot_dice_bank and not endless.any():
        slope, offset, bounds, beyond = _forced(table, farkle_loss)
    else:  # (endless dice are thrown again anyway: there the rule changes nothing)
        c = _endless_gains(table, endless)
        a = _by_dice(table, table.weight * _best_gain(table, c))
        slope = np.where(endless, 1.0, 1.0 - f)
        offset = np.where(endless, c, a - f * farkle_loss)
        bounds = [a[n] / f[n] - farkle_loss for n in range(1, dice + 1) if not endless[n]]
        beyond = (np.ones(dice + 1), c)
    cap = max([float(bank_min), step, *bounds])
    top = _steps(cap, step, "a turn whose bank minimum or stakes are this high")
    points = np.arange(top + table.max_gain + 1, dtype=np.float64) * step
    settled = np.zeros((dice + 1, points.size))
    settled[:, top:] = beyond[0][:, None] * points[top:] + beyond[1][:, None]
    bank = np.where((points >= bank_min) & (points > 0), points, -np.inf)
    roll = sweep(table, top, settled, bank_by_dice(table, bank, hot_dice_bank),
                 -float(farkle_loss))
    return TurnValues(step=step, bank_min=bank_min, roll=roll, slope=slope, offset=offset,
                      hot_dice_bank=hot_dice_bank)


def _forced(table: ThrowTable, farkle_loss: int
            ) -> tuple[FloatArray, FloatArray, list[float], tuple[FloatArray, FloatArray]]:
    """`solve_turn`'s closed form where hot dice must be thrown again and no throw is endless.

    At huge t fewer dice are banked (worth t) and all the dice are thrown (`hot_tail`: s t + o,
    s < 1), so a keep that leaves dice beats one of every die, and throwing n dice is worth
    slope[n] t + offset[n], slope = cool + s hot, offset = cool_gain + s hot_gain + o hot
    - f loss. That play is the best from the largest of two kinds of bound on: banking beats
    throwing n (fewer than all) dice from offset / (1 - slope); in a throw with both kinds of
    keep, its best keep leaving dice (G points) beats keeping every die (H) from
    (s H + o - G) / (1 - s). Every policy still Farkles or stops with geometric tails, so this
    closed form is again the one true value there. Returns slopes, offsets, bounds, and what
    standing there with n dice is worth as (a factor of t, a constant) per n: t, or s t + o
    with all the dice."""
    dice = table.dice
    f = table.farkle_probability
    tail = hot_tail(table, farkle_loss)
    s, o = tail.slope, tail.offset
    slope = tail.cool + s * tail.hot
    offset = tail.cool_gain + s * tail.hot_gain + o * tail.hot - f * farkle_loss
    bounds = [float(offset[n] / (1.0 - slope[n])) for n in range(1, dice)]
    cool_keeps, best_cool, best_hot = _keep_kinds(table)
    both = cool_keeps.any(axis=1) & ~cool_keeps.all(axis=1)
    if both.any():
        crossings = (s * best_hot[both] + o - best_cool[both]) / (1.0 - s)
        bounds.append(float(crossings.max()))
    factor, constant = np.ones(dice + 1), np.zeros(dice + 1)
    factor[dice], constant[dice] = s, o
    return slope, offset, bounds, (factor, constant)


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
              holds: tuple[float, ...] = (), hot_dice_bank: bool = True) -> FloatArray:
    """P(winning) when throwing n dice at index i, for i below the target (or below the end of
    `holds`, where there is one).

    Banking short of the target is as good as losing (worth 0), so only Farkles end the chase;
    but banking exactly `tie` = (points, share) below it is worth `share`: a tie settled by a
    roll-off, won one time in so many. A bank from the target on wins for sure, or, with
    `holds`, wins `holds[i]` of the time at index i (players still to play may pass it; 1 from
    the end of `holds` on), so that rolling on to raise the bar can be worth more.
    With `hot_dice_bank=False` hot dice are thrown again, past the target too: from `top` on
    they reach a bank `forced_chance` of the time.
    """
    base = _steps(target, table.step, f"a need of {target}")
    top = max(base, len(holds))
    settled = np.zeros((table.dice + 1, top + table.max_gain + 1))
    settled[:, top:] = 1.0
    if not hot_dice_bank:
        settled[table.dice, top:] = forced_chance(table)
    bank = np.zeros(top)
    bank[base:] = holds[base:top]
    if tie is not None:
        i = tie[0] // table.step
        bank[i] = tie[1] * (holds[i] if i < len(holds) else 1.0)
    return sweep(table, top, settled, bank_by_dice(table, bank, hot_dice_bank), 0.0)


def forced_chance(table: ThrowTable) -> float:
    """P(hot dice, thrown again as often as every die scores, end with dice left to bank):
    `hot_tail`'s slope; 1 where the full throw cannot Farkle."""
    if table.farkle_counts[table.dice] == 0:
        return 1.0
    return hot_tail(table).slope
