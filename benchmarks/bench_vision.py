#!/usr/bin/env python3
"""Time read_dice single-threaded on 640x480 photos: median and 90th percentile ms.

    .venv/bin/python benchmarks/bench_vision.py [FOLDER] [--limit N] [--stages]

FOLDER defaults to ../shared/data/byler_d6; each photo is shrunk to 640x480
(the Pi camera's working size) before timing, and read 3 times. `--stages` also
says where the time goes: the detector's passes, the first reader (its first look
and the quarter turns of unsure dice), the second opinions, and the rest (finding
peaks, outlines, views, colour, flags), as mean ms a photo, so that a machine
slower or faster than ours (a Pi) shows which part to make cheaper. For each net
it also gives the floating-point operations it does a photo (OpenCV's count) and
the rate it ran at: a rate near the CPU's peak means only a net with fewer
operations can be faster.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from unittest.mock import patch

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision import read_dice  # noqa: E402
from farkle_pi.vision.model import DETECTOR_FILE, READER_FILE, TINY_READER_FILE, Net  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", type=Path,
                    default=ROOT.parent / "shared" / "data" / "byler_d6")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--stages", action="store_true",
                    help="also print the mean ms a photo of each stage")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    paths = sorted(args.folder.glob("*.jpg"))[: args.limit] + sorted(
        args.folder.glob("*.png"))[: args.limit]
    times: list[float] = []
    spent: dict[str, float] = defaultdict(float)  # seconds in each net, over the timed reads
    views: Counter[str] = Counter()
    flops: Counter[str] = Counter()
    for path in paths:
        photo = cv2.imread(str(path))
        if photo is None:
            continue
        img = np.asarray(cv2.resize(photo, (640, 480), interpolation=cv2.INTER_AREA), np.uint8)
        read_dice(img)  # warm-up (model load)
        with nets_timed(spent, views, flops) if args.stages else nullcontext():
            for _ in range(3):
                t0 = time.perf_counter()
                read_dice(img)
                times.append((time.perf_counter() - t0) * 1000.0)
    if not times:
        sys.exit(f"bench_vision: no readable .jpg or .png photos in {args.folder} "
                 "(give a folder of photos, e.g. ../shared/data/byler_d6)")
    photos = len(times) // 3
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{photos} photo{'' if photos == 1 else 's'} at 640x480: "
          f"median {statistics.median(times):.2f} ms, p90 {p90:.2f} ms (single-threaded)")
    if args.stages:
        print_stages(spent, views, flops, statistics.mean(times), len(times))


@contextmanager
def nets_timed(spent: dict[str, float], views: Counter[str], flops: Counter[str]
               ) -> Iterator[None]:
    """Every net run timed and its operations counted, by net file (a perf_counter pair:
    ~0.1 us of each run; the count is taken outside the timed part)."""
    run = Net.run

    def timed(net: Net, images: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
        t0 = time.perf_counter()
        out = run(net, images)
        spent[net.path.name] += time.perf_counter() - t0
        views[net.path.name] += len(images)
        flops[net.path.name] += net.flops(images.shape)
        return out

    with patch.object(Net, "run", timed):
        yield


def print_stages(spent: dict[str, float], views: Counter[str], flops: Counter[str],
                 mean_ms: float, reads: int) -> None:
    """Mean ms a photo of each stage; the rest is read_dice's own work. Each net's line ends
    with its operations a photo and the rate they ran at."""
    ms = {name: 1000.0 * seconds / reads for name, seconds in spent.items()}
    detector = ms.pop(DETECTOR_FILE, 0.0)
    tiny = ms.pop(TINY_READER_FILE, 0.0)
    first = ms.pop(READER_FILE, 0.0)
    others = sum(ms.values())
    rest = mean_ms - detector - tiny - first - others
    per_view = first / max(1.0, views[READER_FILE] / reads)
    nets = (DETECTOR_FILE, TINY_READER_FILE, READER_FILE)
    asked = sum(views.values()) - sum(views[net] for net in nets)
    others_flops = sum(flops.values()) - sum(flops[net] for net in nets)
    others_seconds = sum(spent.values()) - sum(spent[net] for net in nets)

    def rate(operations: float, seconds: float) -> str:
        if not operations:
            return ""
        return (f"; {operations / reads / 1e6:.0f} MFLOP at "
                f"{operations / seconds / 1e9:.0f} GFLOP/s")

    detector_rate = rate(flops[DETECTOR_FILE], spent[DETECTOR_FILE])
    tiny_rate = rate(flops[TINY_READER_FILE], spent[TINY_READER_FILE])
    first_rate = rate(flops[READER_FILE], spent[READER_FILE])
    print(f"where the time goes (mean ms a photo; mean {mean_ms:.2f} ms):")
    for name, value, note in (
        ("detector passes", detector,
         f"{views[DETECTOR_FILE] / reads:.2f} passes a photo{detector_rate}"),
        ("tiny reader", tiny, f"{views[TINY_READER_FILE] / reads:.1f} views a photo{tiny_rate}"),
        ("first reader", first, f"{views[READER_FILE] / reads:.1f} views a photo, "
                                f"{per_view:.2f} ms a view{first_rate}"),
        ("second opinions", others,
         f"{asked / reads:.2f} views a photo{rate(others_flops, others_seconds)}"),
        ("the rest", rest, "peaks, outlines, views, colour, flags"),
    ):
        print(f"  {name:<16} {value:6.2f} ms  {100.0 * value / mean_ms:4.0f} %   {note}")


if __name__ == "__main__":
    main()
