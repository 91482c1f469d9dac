#!/usr/bin/env python3
"""Every figure of the README's vision tables, measured again in one run.

    [FARKLE_MODELS=DIR] .venv/bin/python benchmarks/vision_figures.py [--quick] [--data DIR]

Prints one table: for each set, the dice right, unreadable, wrong and confident, missed and
extra, and the photos with every die right, as `farkle-pi evaluate` counts them (a byler_d6
photo is read once and scored for each set it belongs to); then the tray videos' line of
bench_tray.py. With FARKLE_MODELS naming a folder of other nets it gives the same table for
them, so candidate nets are compared with the shipped ones on every set at once. Sets whose
photos are not in ../shared/data (or --data) are left out with a line saying so. About 25 s on this
machine; --quick reads byler_d6 and the project's renders only (about 5 seconds).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision.dataset import (  # noqa: E402
    LabelledImage,
    apply_review,
    collections,
    is_holdout,
    load_folder,
)
from farkle_pi.vision.evaluate import Score, add_read, evaluate, read_photo  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
REVIEW = ROOT / "fixtures" / "label_review" / "byler_d6.jsonl"
RENDERS = ROOT / "fixtures" / "vision"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="byler_d6 and the renders only: no rune55, no tray videos")
    ap.add_argument("--data", type=Path, default=DATA, metavar="DIR",
                    help=f"the folder holding byler_d6 and rune55 (default {DATA})")
    args = ap.parse_args()
    cv2.setNumThreads(1)  # as evaluate times it
    print("| set | photos | dice | right | unreadable | wrong and confident | missed / extra "
          "| photos fully right |")
    print("|---|---|---|---|---|---|---|---|")
    for name, score in rows(args.quick, args.data):
        print(row(name, score), flush=True)
    if not args.quick:
        from bench_tray import reader_accuracy  # the tray videos, as bench_tray.py reads them

        reader_accuracy()


def rows(quick: bool, data: Path) -> Iterator[tuple[str, Score]]:
    """(set, figures) for every set there is, in the README's order."""
    byler, rune55 = data / "byler_d6", data / "rune55"
    if (byler / "labels.jsonl").is_file():
        yield from byler_rows(byler)
    else:
        print(f"byler_d6 left out: no {byler / 'labels.jsonl'} (give --data DIR)",
              file=sys.stderr)
    if not quick and (rune55 / "labels.jsonl").is_file():
        from bench_unsqueezed import score as stretched_back_score

        names = collections(rune55)
        photos = load_folder(rune55)
        circle = [p for p in photos if names.get(p.path.name) == "circle"]
        tray = [p for p in photos if names.get(p.path.name) == "tray" and p.dice]
        yield "rune55 `circle`", evaluate(circle)
        yield "rune55 `tray`, as stored", evaluate(tray)
        yield "rune55 `tray`, stretched back to 4:3", stretched_back_score(tray, True)
    elif not quick:
        print(f"rune55 left out: no {rune55 / 'labels.jsonl'} (give --data DIR)",
              file=sys.stderr)
    for folder in (RENDERS, RENDERS / "closeup", RENDERS / "hard"):
        yield str(folder.relative_to(ROOT)), evaluate(load_folder(folder))


def byler_rows(byler: Path) -> Iterator[tuple[str, Score]]:
    """The hold-out, all 250 and the training split, each photo read once."""
    labelled = load_folder(byler)
    reviewed, _ = apply_review(labelled, REVIEW)
    warmed: set[tuple[int, ...]] = set()
    reads = {photo.path: read_photo(photo, warmed=warmed) for photo in labelled}

    def holdout(photo: LabelledImage) -> bool:
        return is_holdout(photo.path.name)

    for name, photos, keep in (
        ("byler_d6 hold-out, as labelled", labelled, holdout),
        ("byler_d6 hold-out, labels reviewed", reviewed, holdout),
        ("byler_d6 all 250, as labelled", labelled, lambda photo: True),
        ("byler_d6 all 250, labels reviewed", reviewed, lambda photo: True),
        ("byler_d6 training split, labels reviewed", reviewed,
         lambda photo: not holdout(photo)),
    ):
        score = Score()
        for photo in filter(keep, photos):
            add_read(score, photo, reads[photo.path])
        yield name, score


def row(name: str, s: Score) -> str:
    """One table row; a set with photos left out says how many."""
    rates = s.summary()
    left_out = (f" ({len(s.skipped)} photos could not be read: their dice count as missed)"
                if s.skipped else "")
    return (f"| {name}{left_out} | {s.photos} | {s.dice} | {s.right} "
            f"({rates['die_accuracy']:.1%}) | {s.unreadable} | {s.wrong_confident} "
            f"({rates['wrong_confident_rate']:.2%}) | {s.missed} / {s.extra} | {s.photos_right} |")


if __name__ == "__main__":
    main()
