"""Do the dice look fair? Pearson's chi-square over every die value thrown, with its p-value.

The chi-square survival function has a closed form for whole degrees of freedom, so no scipy is
needed at run time. "How many throws that needs" is answered two ways: the rule of thumb that
the test is only valid with at least 5 expected per face (30 dice values), and the number of
dice values needed to catch a die that shows one face 1 time in 5 instead of 1 in 6, with 80%
power at the 5% level (from the noncentral chi-square distribution, computed here too).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

FACES = 6
DF = FACES - 1
ALPHA = 0.05
POWER = 0.8
MIN_EXPECTED = 5  # per face, for the chi-square approximation to hold
BIASED_FACE = 1 / 5  # the loaded die we want to be able to catch: one face 1 in 5


@dataclass(frozen=True)
class Fairness:
    counts: tuple[int, ...]  # how often each face came up, 1s first
    dice: int  # dice values in the test
    chi_square: float
    p_value: float
    minimum: int  # dice values for the test to be valid (5 expected per face)
    needed: int  # dice values to catch a face at 1 in 5 with 80% power

    @property
    def verdict(self) -> str:
        if self.dice < self.minimum:
            return f"not enough throws yet: {self.dice} dice values, the test needs {self.minimum}"
        if self.p_value < ALPHA:
            return f"the dice look biased (p = {self.p_value:.3g} < {ALPHA})"
        if self.dice < self.needed:
            return (
                f"no sign of bias yet (p = {self.p_value:.3g}), but a mild bias needs "
                f"{self.needed} dice values to show"
            )
        return f"the dice look fair (p = {self.p_value:.3g})"


def fairness(counts: Sequence[int]) -> Fairness:
    """The test for dice that showed each face `counts[face - 1]` times."""
    total = sum(counts)
    expected = total / FACES
    statistic = sum((n - expected) ** 2 / expected for n in counts) if total else 0.0
    return Fairness(
        counts=tuple(counts),
        dice=total,
        chi_square=statistic,
        p_value=chi_square_sf(statistic, DF) if total else 1.0,
        minimum=MIN_EXPECTED * FACES,
        needed=dice_needed(BIASED_FACE),
    )


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X ~ chi-square with `df` (whole) degrees of freedom, in closed form."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for j in range(1, df // 2):
            term *= half / j
            total += term
        return math.exp(-half) * total
    tail = math.erfc(math.sqrt(half))
    term, total = math.sqrt(2 * x / math.pi) * math.exp(-half), 0.0
    for j in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * j + 1)
    return min(1.0, tail + total)


def noncentral_sf(x: float, df: int, noncentrality: float) -> float:
    """P(X >= x) for a noncentral chi-square: a Poisson mixture of central ones."""
    half = noncentrality / 2
    total, weight = 0.0, math.exp(-half)
    for j in range(400):
        total += weight * chi_square_sf(x, df + 2 * j)
        weight *= half / (j + 1)
        if j > half and weight < 1e-12:
            break
    return total


def _bisect(falling: Callable[[float], float], target: float) -> float:
    """Where a falling function of [0, 200] crosses `target`."""
    lo, hi = 0.0, 200.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if falling(mid) > target else (lo, mid)
    return (lo + hi) / 2


def critical_value(df: int = DF, alpha: float = ALPHA) -> float:
    """The chi-square value that a fair die exceeds with probability `alpha`."""
    return _bisect(lambda x: chi_square_sf(x, df), alpha)


def noncentrality_for_power(df: int = DF, alpha: float = ALPHA, power: float = POWER) -> float:
    """The noncentrality at which the chi-square test rejects with probability `power`."""
    critical = critical_value(df, alpha)
    return _bisect(lambda nc: -noncentral_sf(critical, df, nc), -power)


@cache
def dice_needed(biased_face: float = BIASED_FACE) -> int:
    """Dice values needed to catch one face coming up with probability `biased_face`."""
    fair = 1 / FACES
    others = (1 - biased_face) / (FACES - 1)
    effect = ((biased_face - fair) ** 2 + (FACES - 1) * (others - fair) ** 2) / fair  # Cohen's w²
    return math.ceil(noncentrality_for_power() / effect)
