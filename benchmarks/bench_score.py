"""Time scoring every ordered six-dice throw (46,656) under standard: best score and every keep.

The issue's goal is 0.1 s for all of them; the best public Python peer needs 10.7 s for the
best score alone. Cold = a fresh `Chart` (nothing cached); warm = the same chart again. Each
figure is the least CPU time of a few runs, since the machine is shared. The throws are built
from faces inside the timed loop (`Roll.of`), as a caller would; "scoring only" times pre-built
rolls.
Run: .venv/bin/python benchmarks/bench_score.py
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import product

from farkle_pi.rules import Chart, Roll, RuleSet, load_rules

THROWS = list(product(range(1, 7), repeat=6))
RUNS = 5


def score_all(table: Chart) -> tuple[int, int]:
    """Best scores and options of every ordered throw, summed so nothing is optimised away."""
    best_total = options_total = 0
    for faces in THROWS:
        scoring = table.score(Roll.of(*faces))
        best_total += scoring.best
        options_total += len(scoring.options)
    return best_total, options_total


def best_of(runs: int, job: Callable[[], object]) -> float:
    """Least CPU time of a few runs: CPU time, because other jobs share this machine's cores."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    rules: RuleSet = load_rules("standard")
    warm_table = Chart(rules)
    best_total, options_total = score_all(warm_table)
    rolls = [Roll.of(*faces) for faces in THROWS]
    cold = best_of(RUNS, lambda: score_all(Chart(rules)))
    warm = best_of(RUNS, lambda: score_all(warm_table))
    build = best_of(RUNS, lambda: all(Roll.of(*faces) for faces in THROWS))
    cold_only = best_of(RUNS, lambda: [t.score(r) for t in [Chart(rules)] for r in rolls])
    warm_only = best_of(RUNS, lambda: [warm_table.score(r) for r in rolls])
    print(f"{len(THROWS):,} six-dice throws, standard rules: {options_total:,} options")
    print(f"sum of best scores: {best_total:,}")
    print(f"cold (fresh Chart), from faces: {cold:.3f} s")
    print(f"warm (same Chart),  from faces: {warm:.3f} s")
    print(f"  of which Roll.of for every throw: {build:.3f} s")
    print(f"  scoring only, cold: {cold_only:.3f} s   warm: {warm_only:.3f} s")
    verdict = "met" if max(cold, warm) <= 0.1 else "MISSED"
    print(f"goal 0.100 s for every throw, cold and warm: {verdict}")


if __name__ == "__main__":
    main()
