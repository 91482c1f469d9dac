#!/usr/bin/env python3
"""Colour names on real dice: named as a person names them, and dice of one set alike.

    .venv/bin/python benchmarks/bench_colour.py [DATA] [--list]

DATA defaults to ../shared/data; the lists are in fixtures/label_review (how they were made:
its README). Per folder and sample ("design": the rule was made looking at these; "check":
not), it prints how many dice a person named read_dice names right (with --list every die
named wrong), then for made-up throws of up to six dice from photos whose dice a person
grouped by colour: pairs of one set given one name, pairs of two sets given two names, and
three or more dice of one set given one name, by each die's own name and by
set_colour_names (what a two-colour game uses).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.errors import FarkleError  # noqa: E402
from farkle_pi.vision.colour import colour_name, set_colour_names  # noqa: E402
from farkle_pi.vision.colour_check import (  # noqa: E402
    SAMPLES,
    load_colour_sets,
    load_named_dice,
    named_by_reader,
    set_agreement,
    sets_by_reader,
)

LISTS = {"byler_d6": ROOT / "fixtures" / "label_review" / "byler_d6_colours.jsonl",
         "rune55": ROOT / "fixtures" / "label_review" / "rune55_tray_colours.jsonl"}
SET_LISTS = {"byler_d6": ROOT / "fixtures" / "label_review" / "byler_d6_colour_sets.jsonl",
             "rune55": ROOT / "fixtures" / "label_review" / "rune55_tray_colour_sets.jsonl"}
NAMERS = {"own names": lambda colours: [colour_name(c) for c in colours],
          "set names": set_colour_names}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--list", action="store_true", help="print every die named wrong")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    try:
        for folder, names in LISTS.items():
            print_names(args.data / folder, names, args.list)
        for folder, sets in SET_LISTS.items():
            print_sets(args.data / folder, sets)
    except FarkleError as error:
        sys.exit(f"bench_colour: {error}")


def print_names(photos: Path, names: Path, wrong_ones: bool) -> None:
    dice = load_named_dice(names)
    named = named_by_reader(photos, dice)
    for sample in SAMPLES:
        pairs = [(d, n) for d, n in zip(dice, named, strict=True) if d.sample == sample]
        if not pairs:
            continue
        right = sum(1 for d, n in pairs if n in d.colours)
        print(f"{photos.name} {sample}: {right} of {len(pairs)} dice named right "
              f"({100.0 * right / len(pairs):.1f} %)")
        for d, n in pairs if wrong_ones else []:
            if n not in d.colours:
                print(f"  {d.image} {list(d.bbox)}: named {n}, a person says "
                      f"{' or '.join(d.colours)}")


def print_sets(photos: Path, sets: Path) -> None:
    listed = load_colour_sets(sets)
    found = sets_by_reader(photos, listed)
    for sample in SAMPLES:
        in_sample = [d for p, d in zip(listed, found, strict=True) if p.sample == sample]
        if not in_sample:
            continue
        print(f"{photos.name} {sample}, two-colour throws from {len(in_sample)} photos "
              "grouped by eye:")
        for how, namer in NAMERS.items():
            a = set_agreement(in_sample, namer)
            print(f"  {how}: one set alike {_share(a.alike, a.same_set)}, two sets apart "
                  f"{_share(a.apart, a.two_sets)}, three or more of a set alike "
                  f"{_share(a.whole, a.triples)}")


def _share(part: int, whole: int) -> str:
    return f"{100.0 * part / max(1, whole):.1f} % of {whole}"


if __name__ == "__main__":
    main()
