"""The long soak: hours of table time, accelerated, through the app loop headless (recorded tray
sessions and virtual-dice games in turn, one store, one screen), with memory (VmRSS) and open
file descriptors printed as it goes.

    .venv/bin/python benchmarks/soak.py [--hours 3] [--every 10]

A frame is 0.1 s of table time (as `farkle-pi demo --headless`); an hour of play takes about a
minute on a laptop. Exit code 1 if the descriptors grew or memory grew more than --max-growth MB
after the warm-up games.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from soak_harness import Evening, Sample

WARM_UP = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hours", type=float, default=3.0, help="hours of table time")
    parser.add_argument("--every", type=int, default=10, help="print every N games")
    parser.add_argument("--max-growth", type=float, default=8.0, help="MB after warm-up")
    args = parser.parse_args()
    os.environ.setdefault("FARKLE_PI_CACHE", tempfile.mkdtemp(prefix="farkle-coach-"))
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        evening = Evening(Path(folder))
        first = evening.sample()
        warm: Sample | None = None
        print(f"{'games':>6} {'table time':>10} {'wall s':>7} {'RSS MB':>7} {'fds':>4}")
        show(first, start)
        while evening.sample().played < args.hours * 3600:
            evening.play_game()
            now = evening.sample()
            warm = now if now.games == WARM_UP else warm
            if now.games % args.every == 0:
                show(now, start)
        last = evening.sample()
        evening.close()
    show(last, start)
    assert warm is not None, "too short: not even the warm-up games"
    growth = (last.rss_kb - warm.rss_kb) / 1024
    print(f"\n{last.games} games, {last.played / 3600:.1f} h of table time in "
          f"{time.perf_counter() - start:.0f} s; {last.errors} frame errors")
    print(f"RSS {first.rss_kb / 1024:.1f} MB at start, {warm.rss_kb / 1024:.1f} MB after "
          f"{WARM_UP} games, {last.rss_kb / 1024:.1f} MB at the end ({growth:+.1f} MB)")
    print(f"fds {first.fds} at start, {warm.fds} after warm-up, {last.fds} at the end")
    flat = last.fds == warm.fds and growth < args.max_growth and last.errors == 0
    return 0 if flat else 1


def show(sample: Sample, start: float) -> None:
    print(f"{sample.games:6d} {sample.played / 60:8.1f} m {time.perf_counter() - start:7.0f} "
          f"{sample.rss_kb / 1024:7.1f} {sample.fds:4d}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
