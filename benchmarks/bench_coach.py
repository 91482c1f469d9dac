"""How fast the coach is: a cold solve, a load from the disk cache, one recommendation.

    .venv/bin/python benchmarks/bench_coach.py [--repeat 5] [--set must_throw_hot_dice=true]

Goals (issue 4): a solve <= 0.5 s, a recommendation after it <= 1 ms. Each cold solve uses a
rule set this process has never seen (a different `target`, which the solve ignores), so the
scoring engine's per-rules caches start empty too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable

from farkle_pi.coach import Coach
from farkle_pi.coach import cache as disk
from farkle_pi.coach.solve import solve_turn
from farkle_pi.coach.throws import build_table
from farkle_pi.rules import Roll, RuleSet, load_rules, parse_set


def seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def fresh(rules: RuleSet, k: int) -> RuleSet:
    return rules.with_changes({"target": rules.target + 1 + k})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a house rule on top of every preset (repeatable)")
    args = parser.parse_args()
    changes = parse_set(args.set)
    print(
        f"{'rules':<9} {'cold solve':>11} {'cache load':>11} {'advice mean':>12} "
        f"{'advice p99':>11} {'advice max':>11} {'need 1200':>10} {'need 10000':>11}"
    )
    with tempfile.TemporaryDirectory() as folder:
        os.environ["FARKLE_PI_CACHE"] = folder
        for name in ("standard", "classic", "portland", "tyler", "family"):
            row = bench(load_rules(name, changes), args.repeat)
            print(
                f"{name:<9} " + " ".join(f"{ms(v):>{w}}" for v, w in zip(row, WIDTHS, strict=True))
            )
    print(
        "medians of --repeat runs; advice = Coach.choices on 10,000 random throws right after a "
        "cache load, so a throw's first scoring is included"
    )


WIDTHS = (11, 11, 12, 11, 11, 10, 11)


def bench(base: RuleSet, repeat: int) -> tuple[float, ...]:
    cold = [seconds(lambda k=k: solve_without_cache(fresh(base, k))) for k in range(repeat)]
    disk.load_or_solve(base, 0, 0)  # fills the cache
    loads = []
    for k in range(repeat):
        rules = fresh(base, repeat + k).with_changes({"target": base.target})
        loads.append(seconds(lambda rules=rules: disk.load_or_solve(rules, 0, 0)))
    unseen = fresh(base, 2 * repeat)  # nothing scored yet, as in a new process
    table, values = disk.load_or_solve(unseen.with_changes({"target": base.target}), 0, 0)
    coach = Coach(unseen, table, values)
    advice = advice_times(coach)
    return (
        statistics.median(cold),
        statistics.median(loads),
        statistics.mean(advice),
        statistics.quantiles(advice, n=100)[98],
        max(advice),
        seconds(lambda: coach.win(1200).chance(0, base.dice)),
        seconds(lambda: coach.win(10_000).chance(0, base.dice)),
    )


def solve_without_cache(rules: RuleSet) -> None:
    solve_turn(build_table(rules), rules.min_bank, 0, not rules.must_throw_hot_dice)


def advice_times(coach: Coach) -> list[float]:
    rng = random.Random(4)
    times = []
    for _ in range(10_000):
        dice = rng.randint(1, coach.rules.dice)
        roll = Roll.of(*(rng.randint(1, 6) for _ in range(dice)))
        points = 50 * rng.randint(0, 60)
        times.append(seconds(lambda roll=roll, points=points: coach.choices(points, roll)))
    return times


def ms(value: float) -> str:
    return f"{value * 1000:.3f} ms"


if __name__ == "__main__":
    main()
