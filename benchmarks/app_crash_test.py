"""The long SIGKILL test of the whole table: `farkle-pi table` killed at many random frames of
one long scripted evening, restarted each time, its first frame checked against the reference.

    .venv/bin/python benchmarks/app_crash_test.py [--trials 300] [--seed 1]

Each trial costs a table start-up (about half a second on a laptop, more on a Pi).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_crash_harness import run_trials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("FARKLE_PI_CACHE", tempfile.mkdtemp(prefix="farkle-coach-"))
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        report = run_trials(Path(folder), args.trials, args.seed, units=args.trials * 40 + 200)
    took = time.perf_counter() - start
    print(
        f"{report.trials} SIGKILL trials of the whole table in {took:.0f} s, "
        f"{report.commands} commands stored: lost {report.lost}, doubled {report.doubled}, "
        f"wrong screen after restart {report.wrong_screen}, frame errors {report.frame_errors}; "
        f"{report.ahead_of_report} kills landed between a commit and its report"
    )
    for failure in report.failures[:10]:
        print(f"  {failure}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
