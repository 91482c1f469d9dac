"""`farkle-pi evaluate DATASET_DIR [--json] [--split all|holdout|train] [--collection NAME]
[--label-review FILE] [--calibration FILE] [--failures] [--sheet OUT.png]`.

Scores the dice reader. DATASET_DIR is a folder in the shared/data format
(NAME.jpg + labels.jsonl). --split picks the fixed hold-out split (one photo in
five, by file-name hash) that training never sees. --collection keeps one
collection of a mixed folder (rune55's source_names.tsv: circle, tray, ...).
--label-review scores against the faces a review file says the photos show where a
label is wrong (fixtures/label_review/); without it the labels count as given.
--calibration reads the photos as the live tray does (its outline, empty-tray picture and die
size): for photos of one tray, as `dice-check --keep` keeps them.
--sheet draws each die not read right (up to 240) as a tile: the photo around it, what the
label says and what was read.
Timing is single-threaded (cv2.setNumThreads(1)). A labelled photo that cannot be read
(missing, damaged, not a picture) gives a one-line error each, its dice count as missed, and
the exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from farkle_pi.commands.calibration_arg import load_calibration
from farkle_pi.commands.detect import EXIT_BAD_FILE, check_picture_name
from farkle_pi.commands.outputs import check_room_for, refuse_overwrites
from farkle_pi.errors import FarkleError, one_line

if TYPE_CHECKING:
    from farkle_pi.vision.dataset import LabelledImage
    from farkle_pi.vision.evaluate import Score


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("evaluate", help="score the dice reader on a labelled folder",
                              description=__doc__)
    p.add_argument("dataset", type=Path, metavar="DATASET_DIR")
    p.add_argument("--json", action="store_true", help="one JSON object with every figure")
    p.add_argument("--split", choices=["all", "holdout", "train"], default="all")
    p.add_argument("--collection", metavar="NAME",
                   help="only photos of this collection (folders with a source_names.tsv)")
    p.add_argument("--label-review", type=Path, metavar="FILE",
                   help="correct the labels this review lists (fixtures/label_review/*.jsonl)")
    p.add_argument("--calibration", type=Path, metavar="FILE",
                   help="read as the live tray reads, with this tray calibration")
    p.add_argument("--failures", action="store_true",
                   help="list photos not fully right and each die not read right")
    p.add_argument("--sheet", type=Path, metavar="OUT.png",
                   help="draw each die not read right on one picture")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from farkle_pi.vision.dataset import apply_review, collections, is_holdout, load_folder
    from farkle_pi.vision.evaluate import evaluate
    from farkle_pi.vision.reader import read_dice

    if args.dataset.exists() and not args.dataset.is_dir():
        raise FarkleError(f"{args.dataset} is a file, not a folder: give the folder of photos "
                          "with a labels.jsonl")
    if not args.dataset.is_dir():
        raise FarkleError(f"there is no folder {args.dataset}: give a folder of photos with a "
                          "labels.jsonl (the README's ../shared/data sits beside the checkout)")
    if not (args.dataset / "labels.jsonl").is_file():
        raise FarkleError(f"no labels.jsonl in {args.dataset}")
    if args.sheet:
        check_picture_name("--sheet", args.sheet)  # before any work
        check_room_for("--sheet", args.sheet)
    photos = load_folder(args.dataset)
    if args.sheet:  # a labelled photo drawn over would spoil the next evaluation
        refuse_overwrites("--sheet", [(args.dataset, args.sheet)],
                          [args.dataset / "labels.jsonl", *(p.path for p in photos)])
    corrected: list[str] = []
    if args.label_review:
        photos, corrected = apply_review(photos, args.label_review)
    if args.split != "all":
        want = args.split == "holdout"
        photos = [p for p in photos if is_holdout(p.path.name) == want]
    if args.collection:
        table = args.dataset / "source_names.tsv"
        if not table.is_file():
            raise FarkleError(f"--collection needs {table}, which is missing; leave it out")
        names = collections(args.dataset)
        known = sorted(set(names.values()) - {""})
        if args.collection not in known:
            raise FarkleError(f"no collection {args.collection!r} in {table}; "
                              f"choose one of: {', '.join(known)}")
        photos = [p for p in photos if names.get(p.path.name) == args.collection]
    kept = {p.path.name for p in photos}
    corrected = [name for name in corrected if name in kept]
    reader = read_dice
    if args.calibration is not None:
        reader = partial(read_dice, calibration=load_calibration(args.calibration))
    score = evaluate(photos, reader)
    for reason in score.skipped:  # a photo not read must not pass unnoticed: say so, exit 2
        print(one_line(f"farkle-pi: {reason}; its dice count as missed"), file=sys.stderr)
    if args.json:
        print(json.dumps({"dataset": str(args.dataset), "split": args.split,
                          "collection": args.collection,
                          "label_review": str(args.label_review) if args.label_review else None,
                          "calibration": str(args.calibration) if args.calibration else None,
                          "labels_corrected": len(corrected), **score.summary(),
                          "photos_unreadable": len(score.skipped),
                          "failures": score.failures,
                          "mistakes": [asdict(m) for m in score.mistakes]}), flush=True)
    else:
        report(args, score, len(corrected))
    if args.sheet and not write_sheet(args.sheet, score, photos):
        return EXIT_BAD_FILE
    return EXIT_BAD_FILE if score.skipped else 0


def report(args: argparse.Namespace, score: Score, corrected: int) -> None:
    """The figures as lines for people (and --failures' list)."""
    figures = score.summary()
    part = args.split + (f", {args.collection}" if args.collection else "")
    print(f"{args.dataset} ({part}): {score.photos} photos, {score.dice} dice")
    if args.calibration:
        print(f"  read as the tray    {args.calibration}")
    if args.label_review:
        print(f"  labels corrected    {corrected} (by {args.label_review})")
    print(f"  dice right          {score.right}/{score.dice} = {figures['die_accuracy']:.2%}")
    print(f"  found/missed/extra  {score.found} / {score.missed} / {score.extra}")
    print(f"  photos fully right  {score.photos_right}/{score.photos}"
          f" = {figures['photo_accuracy']:.2%}")
    print(f"  unreadable          {score.unreadable}")
    print(f"  wrong but confident {score.wrong_confident}"
          f" = {figures['wrong_confident_rate']:.2%}")
    print(f"  median ms/image     {figures['median_ms']:.1f} (single-threaded)")
    if score.skipped:
        print(f"  photos not read     {len(score.skipped)} (their dice count as missed, see "
              "above)")
    if args.failures:
        print("  not fully right: " + " ".join(score.failures))
        for mistake in score.mistakes:
            print("    " + mistake.line())
    sys.stdout.flush()  # before what write_sheet says on stderr


def write_sheet(path: Path, score: Score, photos: list[LabelledImage]) -> bool:
    """Draw the mistakes (see vision/sheet.py) and say where, on stderr: stdout may be
    --json. False if the file cannot be written."""
    import cv2

    from farkle_pi.devices.imagefile import read_image
    from farkle_pi.vision.sheet import MOST, mistake_sheet

    if not score.mistakes:
        print(f"sheet: every die read right, nothing to draw: {path} not written",
              file=sys.stderr)
        return True
    sheet = mistake_sheet(score.mistakes, {p.path.name: p.path for p in photos}, read_image)
    _, png = cv2.imencode(path.suffix.lower(), sheet)
    try:
        path.write_bytes(png.tobytes())
    except OSError as error:  # no such folder, not writable, disk full: say which
        print(one_line(f"farkle-pi: cannot write {path}: {error.strerror or error}"),
              file=sys.stderr)
        return False
    shown = min(len(score.mistakes), MOST)
    more = f" (the first {shown} of {len(score.mistakes)})" if shown < len(score.mistakes) else ""
    # on stderr, as stdout may be --json; not "farkle-pi: …", which is how errors begin
    print(f"sheet: {shown} dice not read right drawn in {path}{more}", file=sys.stderr)
    return True
