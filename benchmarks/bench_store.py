"""Command latency at the table: `StoredGame.apply` = rules + a durable SQLite commit.

Prints the median, 95th percentile and worst latency of throw/keep/bank commands in a scripted
game played over and over, with `synchronous=FULL` in WAL mode, on the given folder's disk.

    .venv/bin/python benchmarks/bench_store.py [--commands 600] [--dir /path/on/the/sd/card]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crash_harness import PLAYERS, RULES, reference

from farkle_pi.game import Game
from farkle_pi.store import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=600)
    parser.add_argument("--dir", type=Path, default=None, help="where the database lives")
    args = parser.parse_args()
    commands, _ = reference()
    stored: list[float] = []
    pure: list[float] = []
    with tempfile.TemporaryDirectory(dir=args.dir) as folder, Store(Path(folder) / "b.db") as store:
        while len(stored) < args.commands:
            table = store.new_game(PLAYERS, RULES)
            game = Game(PLAYERS, RULES)
            for command in commands:
                start = time.perf_counter()
                game.apply(command)
                middle = time.perf_counter()
                table.apply(command)
                end = time.perf_counter()
                pure.append(middle - start)
                stored.append(end - middle)
        resume_start = time.perf_counter()
        store.latest()
        resume = time.perf_counter() - resume_start
    for name, times in (("rules only (Game.apply)", pure), ("durable (StoredGame.apply)", stored)):
        ms = sorted(t * 1000 for t in times)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        print(
            f"{name:<28} n={len(ms)}  median {statistics.median(ms):.3f} ms  "
            f"p95 {p95:.3f} ms  max {ms[-1]:.3f} ms"
        )
    print(f"{'resume a game':<28} {len(commands)} commands replayed in {resume * 1000:.1f} ms")


if __name__ == "__main__":
    main()
