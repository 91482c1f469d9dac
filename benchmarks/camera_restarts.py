"""The long version of tests/test_camera_restarts.py: many seeded camera stories, each
restarted before every one of its events and presses (and while dice roll).

    .venv/bin/python benchmarks/camera_restarts.py [--seeds 1-20] [--turns 4] [--rules tyler]

Prints each restart whose stored game differs from the straight run's, and a tally.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from camera_restarts import all_restarts, straight, write_calibration


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="1-10", help="a range of seeds, e.g. 1-20")
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--rules", default="standard,tyler,portland")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    points = wrong = 0
    start = time.perf_counter()
    for seed in range(int(first), int(last or first) + 1):
        for rules in args.rules.split(","):
            with tempfile.TemporaryDirectory() as folder:
                calibration = write_calibration(Path(folder))
                story = straight(seed, rules, Path(folder), calibration, args.turns)
                for outcome in all_restarts(story, Path(folder), calibration):
                    points += 1
                    if not outcome.ok:
                        wrong += 1
                        print(f"seed {seed} {rules}: restarted before item {outcome.at} "
                              f"({outcome.label}): {outcome.note[:400]}", flush=True)
    print(f"{points} restarts, {wrong} changed the stored game, "
          f"{time.perf_counter() - start:.0f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
