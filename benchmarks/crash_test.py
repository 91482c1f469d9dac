"""The long SIGKILL test: many more kill points than CI runs, with the figures printed.

    .venv/bin/python benchmarks/crash_test.py [--trials 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crash_harness import run_trials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        report = run_trials(Path(folder), args.trials, args.seed, resume_every=5)
    took = time.perf_counter() - start
    print(
        f"{report.trials} SIGKILL trials in {took:.0f} s: lost {report.lost}, "
        f"doubled {report.doubled}, wrong state {report.wrong}; "
        f"{report.unfinished_commit} kills landed between a commit and its report"
    )
    for failure in report.failures[:10]:
        print(f"  {failure}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
