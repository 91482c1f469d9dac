#!/usr/bin/env python3
"""rune55's felt-tray photos read as the camera took them, not as Roboflow squeezed them.

    [FARKLE_MODELS=DIR] .venv/bin/python benchmarks/bench_unsqueezed.py [--collection tray]
        [--unsqueezed-only] [--min-heat H ...]

Roboflow resized the Pixel's 4:3 photos to 640 x 640, so their dice look oblong (rune55's
README). No camera makes such pictures, so a figure for "a table no net saw" is fairer on the
photos stretched back: each photo is made 4/3 wider where its labelled boxes are narrower than
tall (a landscape photo), else 4/3 taller, and its labels with it. The labels only undo the
squeeze; they choose nothing else. Prints the `farkle-pi evaluate` figures, squeezed and
unsqueezed. For the unseen-table figure, give nets trained with `--leave-out tray`.

`--min-heat` reads again at each detector bar given (`find.MIN_HEAT`): two detectors are
compared fairly at the same number of dice missed, not at one bar, since a net that is merely
less sure of everything misses more dice and finds fewer extras at the same bar.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.devices.imagefile import read_image  # noqa: E402
from farkle_pi.errors import FarkleError, about  # noqa: E402
from farkle_pi.vision import find, read_dice  # noqa: E402
from farkle_pi.vision.dataset import LabelledImage, collections, load_folder  # noqa: E402
from farkle_pi.vision.evaluate import Score, score_photo  # noqa: E402

RUNE55 = ROOT.parent / "shared" / "data" / "rune55"
SQUEEZE = 4.0 / 3.0  # the Pixel's 4:3 put into a square


def unsqueeze(photo: LabelledImage) -> tuple[float, float]:
    """The photo's width and height factors back to the camera's shape."""
    aspect = float(np.median([d.bbox[2] / d.bbox[3] for d in photo.dice]))
    return (SQUEEZE, 1.0) if aspect < 1.0 else (1.0, SQUEEZE)


def scaled(photo: LabelledImage, fx: float, fy: float) -> LabelledImage:
    dice = tuple(replace(d, bbox=(d.bbox[0] * fx, d.bbox[1] * fy, d.bbox[2] * fx,
                                  d.bbox[3] * fy)) for d in photo.dice)
    return replace(photo, dice=dice)


def score(photos: list[LabelledImage], back: bool) -> Score:
    cv2.setNumThreads(1)
    out = Score()
    for photo in photos:
        fx, fy = unsqueeze(photo) if back else (1.0, 1.0)
        try:
            image = read_image(photo.path)
        except FarkleError as error:  # its dice are not counted: said once, exit 2 at the end
            out.skipped.append(about(photo.path, error))
            continue
        image = np.asarray(cv2.resize(image, None, fx=fx, fy=fy, interpolation=cv2.INTER_CUBIC),
                           np.uint8)
        t0 = time.perf_counter()
        readings = read_dice(image)
        out.ms.append((time.perf_counter() - t0) * 1000.0)
        score_photo(out, scaled(photo, fx, fy), readings)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--collection", default="tray", help="a squeezed rune55 collection")
    ap.add_argument("--unsqueezed-only", action="store_true",
                    help="skip the photos as stored")
    ap.add_argument("--min-heat", type=float, nargs="+", metavar="H",
                    help=f"detector bars to read at (default: the shipped {find.MIN_HEAT})")
    args = ap.parse_args()
    heats = args.min_heat or [find.MIN_HEAT]
    if not all(0.0 < heat < 1.0 for heat in heats):
        fail(f"--min-heat takes bars between 0 and 1, not {args.min_heat}")
    if not (RUNE55 / "labels.jsonl").is_file():
        fail(f"{RUNE55} is missing: put shared/data beside the checkout")
    names = collections(RUNE55)
    photos = [p for p in load_folder(RUNE55)
              if names.get(p.path.name) == args.collection and p.dice]
    if not photos:
        fail(f"no labelled photos in collection {args.collection!r}: choose one of "
             f"{', '.join(sorted(set(names.values()) - {''}))}")
    for heat, back in itertools.product(heats, (True,) if args.unsqueezed_only else (False, True)):
        find.MIN_HEAT = heat
        s = score(photos, back)
        for reason in dict.fromkeys(s.skipped):
            print(f"bench_unsqueezed: {reason}; its dice are not counted", file=sys.stderr)
        f = s.summary()
        bar = f" at detector bar {heat:g}" if args.min_heat else ""
        print(f"{args.collection} {'unsqueezed' if back else 'as stored'}{bar}: {s.photos} photos, "
              f"{s.dice} dice: right {s.right} ({f['die_accuracy']:.1%}), found / missed / "
              f"extra {s.found} / {s.missed} / {s.extra}, unreadable {s.unreadable}, wrong and "
              f"confident {s.wrong_confident} ({f['wrong_confident_rate']:.2%}), photos fully "
              f"right {s.photos_right}, median {f['median_ms']:.1f} ms")
        if s.skipped:
            sys.exit(2)


def fail(reason: str) -> NoReturn:
    print(f"bench_unsqueezed: {reason}", file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    main()
