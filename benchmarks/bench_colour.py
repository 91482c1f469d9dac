#!/usr/bin/env python3
"""Colour names on real dice: how many of the dice a person named read_dice names right.

    .venv/bin/python benchmarks/bench_colour.py [DATA] [--list]

DATA defaults to ../shared/data; the names are in fixtures/label_review/byler_d6_colours.jsonl
and rune55_tray_colours.jsonl (how they were made: its README). Prints one line per folder
and sample ("design": the naming rule was made looking at these dice; "check": not), and
with --list every die named wrong.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.errors import FarkleError  # noqa: E402
from farkle_pi.vision.colour_check import (  # noqa: E402
    SAMPLES,
    load_named_dice,
    named_by_reader,
)

LISTS = {"byler_d6": ROOT / "fixtures" / "label_review" / "byler_d6_colours.jsonl",
         "rune55": ROOT / "fixtures" / "label_review" / "rune55_tray_colours.jsonl"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--list", action="store_true", help="print every die named wrong")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    for folder, names in LISTS.items():
        try:
            dice = load_named_dice(names)
            named = named_by_reader(args.data / folder, dice)
        except FarkleError as error:
            sys.exit(f"bench_colour: {error}")
        for sample in SAMPLES:
            pairs = [(d, n) for d, n in zip(dice, named, strict=True) if d.sample == sample]
            if not pairs:
                continue
            right = sum(1 for d, n in pairs if n in d.colours)
            print(f"{folder} {sample}: {right} of {len(pairs)} dice named right "
                  f"({100.0 * right / len(pairs):.1f} %)")
            if args.list:
                for d, n in pairs:
                    if n not in d.colours:
                        print(f"  {d.image} {list(d.bbox)}: named {n}, a person says "
                              f"{' or '.join(d.colours)}")


if __name__ == "__main__":
    main()
