#!/usr/bin/env python3
"""Learned dice on a table the reader never saw: dice right and sure-but-wrong, before and after.

    FARKLE_MODELS=DIR .venv/bin/python benchmarks/bench_learn.py [--set tray|holdout]
        [--photos K ...] [--seeds S ...] [--kept FOLDER]

For each seed, K photos of the set are learned from (their labelled dice, as
`dice-check --learn` learns a round's dice, and whatever else the detector marks in them as
no die) and the set's other photos are read with and without the learned dice. With --kept, the
photos learned from are a kept folder's (`dice-check --keep`, or photos of the set in that
format), and the set's photos of other names are read.

Give nets that never saw the set, or the figure says nothing about dice nobody here has
seen: for rune55 `tray`, `scripts/train_dice_reader.py --leave-out tray`; for the byler_d6
hold-out, `--leave-out byler` (the shipped detector saw both; see docs/vision.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision import read_dice  # noqa: E402
from farkle_pi.vision.calibration import Calibration  # noqa: E402
from farkle_pi.vision.dataset import LabelledImage, collections, is_holdout, load_folder  # noqa: E402
from farkle_pi.vision.evaluate import Score, evaluate  # noqa: E402
from farkle_pi.vision.learned import Examples, learn  # noqa: E402
from farkle_pi.vision.lessons import labelled  # noqa: E402
from farkle_pi.vision.model import MODEL_DIR  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def photos(name: str) -> list[LabelledImage]:
    if name == "holdout":
        return [p for p in load_folder(DATA / "byler_d6") if is_holdout(p.path.name)]
    names = collections(DATA / "rune55")
    return [p for p in load_folder(DATA / "rune55") if names.get(p.path.name) == name]


def lessons_of(photo: LabelledImage) -> Examples:
    """The photo's labelled dice as a lesson (dice where the labels put them)."""
    return labelled(np.asarray(cv2.imread(str(photo.path)), np.uint8), photo.dice)


def line(tag: str, score: Score) -> str:
    return (f"{tag:8s} right {score.right}/{score.dice} ({100 * score.right / score.dice:.1f} %) "
            f"unreadable {score.unreadable} sure-but-wrong {score.wrong_confident} "
            f"missed {score.missed} extra {score.extra}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default="tray", choices=["tray", "holdout", "circle"])
    ap.add_argument("--photos", type=int, nargs="+", default=[3, 10])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--kept", type=Path, metavar="FOLDER",
                    help="learn from this folder's photos instead of K drawn from the set")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    if not DATA.is_dir():
        sys.exit(f"bench_learn: no {DATA} (the shared photos) beside the repository")
    every = sorted(photos(args.set), key=lambda p: p.path.name)
    print(f"nets: {MODEL_DIR}; set {args.set}: {len(every)} photos")
    if args.kept is not None:
        taught = load_folder(args.kept)
        names = {p.path.name for p in taught}
        report(f"the {len(taught)} photos of {args.kept}", taught,
               [p for p in every if p.path.name not in names])
        return
    for k in args.photos:
        for seed in args.seeds:
            taught = random.Random(seed).sample(every, k)
            report(f"{k} photos (seed {seed})", taught, [p for p in every if p not in taught])


def report(what: str, taught: list[LabelledImage], rest: list[LabelledImage]) -> None:
    """Learn from `taught`; read `rest` before and after."""
    t0 = time.perf_counter()
    learned = learn([lessons_of(p) for p in taught])
    seconds = time.perf_counter() - t0
    reader = partial(read_dice, calibration=Calibration(learned=learned))
    print(f"{what} learned ({learned.dice} dice, {seconds:.1f} s); the other {len(rest)}:")
    print("  " + line("before", evaluate(rest)))
    print("  " + line("learned", evaluate(rest, reader)))


if __name__ == "__main__":
    main()
