#!/usr/bin/env python3
"""Time read_dice single-threaded on 640x480 photos: median and 90th percentile ms.

    .venv/bin/python benchmarks/bench_vision.py [FOLDER] [--limit N]

FOLDER defaults to ../shared/data/byler_d6; each photo is shrunk to 640x480
(the Pi camera's working size) before timing, and read 3 times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision import read_dice  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", type=Path,
                    default=ROOT.parent / "shared" / "data" / "byler_d6")
    ap.add_argument("--limit", type=int, default=100)
    args = ap.parse_args()
    cv2.setNumThreads(1)
    paths = sorted(args.folder.glob("*.jpg"))[: args.limit] + sorted(
        args.folder.glob("*.png"))[: args.limit]
    times = []
    for path in paths:
        img = cv2.imread(str(path))
        if img is None:
            continue
        img = np.asarray(cv2.resize(img, (640, 480), interpolation=cv2.INTER_AREA), np.uint8)
        read_dice(img)  # warm-up (model load)
        for _ in range(3):
            t0 = time.perf_counter()
            read_dice(img)
            times.append((time.perf_counter() - t0) * 1000.0)
    if not times:
        sys.exit(f"bench_vision: no readable .jpg or .png photos in {args.folder} "
                 "(give a folder of photos, e.g. ../shared/data/byler_d6)")
    times.sort()
    print(f"{len(paths)} photos at 640x480: median {statistics.median(times):.2f} ms, "
          f"p90 {times[int(0.9 * (len(times) - 1))]:.2f} ms (single-threaded)")


if __name__ == "__main__":
    main()
