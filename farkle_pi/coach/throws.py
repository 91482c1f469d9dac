"""Every throw of 1..6 dice as arrays for the solver: how likely it is and where each keep leads.

A throw of n dice is a multiset of faces; its probability is the multinomial count of ordered
outcomes over 6**n. For the solver a throw only matters through its options "gain g points and
throw n' dice next" (n' = the rules' dice again after hot dice). Values never fall as points
grow, so per n' only the largest gain is worth keeping; throws of n dice with the same options
are merged into one row whose weight is their summed probability.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from farkle_pi.rules import FACES, Roll, RuleSet, chart

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, eq=False)
class ThrowTable:
    """The throws of a rule set, one row per distinct set of options, for vectorised sweeps.

    Row r belongs to throws of `owner[r]` dice and has probability `weight[r]`; its options are
    the columns of `next_dice[r]` (dice to throw after the keep) and `gain[r]` (points kept, in
    units of `step`). Short rows repeat their first option, which leaves a max unchanged.
    """

    dice: int
    step: int
    owner: IntArray
    weight: FloatArray
    next_dice: IntArray
    gain: IntArray
    farkle_counts: IntArray  # [n] = ordered outcomes of n dice that score nothing

    def farkle_odds(self, n: int) -> Fraction:
        return Fraction(int(self.farkle_counts[n]), 6**n)

    @property
    def farkle_probability(self) -> FloatArray:
        """P(Farkle) by number of dice, index 0 unused."""
        return np.array([self.farkle_counts[n] / 6**n for n in range(self.dice + 1)])

    @property
    def max_gain(self) -> int:
        return int(self.gain.max())


def multinomial(faces: tuple[int, ...]) -> int:
    """Ordered outcomes that show this multiset of faces."""
    counts = [faces.count(face) for face in FACES]
    return math.factorial(len(faces)) // math.prod(math.factorial(c) for c in counts)


def build_table(rules: RuleSet) -> ThrowTable:
    """Enumerate every throw under `rules` (colourless dice) and reduce it to solver rows."""
    table = chart(rules)
    rows: dict[tuple[int, tuple[tuple[int, int], ...]], int] = defaultdict(int)
    farkles = [0] * (rules.dice + 1)
    all_points: list[int] = []
    for n in range(1, rules.dice + 1):
        for faces in combinations_with_replacement(FACES, n):
            options = table.score(Roll.of(*faces)).options
            if not options:
                farkles[n] += multinomial(faces)
                continue
            best: dict[int, int] = {}
            for option in options:
                left = n - len(option.keep) or rules.dice
                best[left] = max(best.get(left, 0), option.points)
                all_points.append(option.points)
            rows[(n, tuple(sorted(best.items())))] += multinomial(faces)
    step = reduce(math.gcd, all_points)
    width = max(len(moves) for _, moves in rows)
    ordered = sorted(rows.items())
    next_dice = np.zeros((len(ordered), width), dtype=np.int64)
    gain = np.zeros((len(ordered), width), dtype=np.int64)
    for r, ((_, moves), _count) in enumerate(ordered):
        padded = list(moves) + [moves[0]] * (width - len(moves))
        next_dice[r] = [left for left, _ in padded]
        gain[r] = [points // step for _, points in padded]
    return ThrowTable(
        dice=rules.dice,
        step=step,
        owner=np.array([n for (n, _), _ in ordered], dtype=np.int64),
        weight=np.array([count / 6**n for (n, _), count in ordered], dtype=np.float64),
        next_dice=next_dice,
        gain=gain,
        farkle_counts=np.array(farkles, dtype=np.int64),
    )
