"""`farkle-pi learn FOLDER [--calibration FILE]`: teach the reader the dice of every photo kept
in FOLDER (`dice-check --keep`), and keep it in the tray calibration.

`dice-check --learn` learns from one sitting's rounds and replaces what was learned before;
the kept photos gather over many evenings, lights and sets of dice, and here all of them teach
it at once. To say what learning changes on photos it did not learn from, the photos are split
in five groups by name (as the train script and `evaluate --split` split theirs), and each
group is read by a layer learned from the other four: so every photo is checked, not only the
one in five a single hold-out leaves, and every photo then teaches the layer that is kept. If
the photos read that way worse than with no learned dice (fewer right, or more wrong and sure),
the calibration is left as it was (exit code 1).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from farkle_pi.commands.config import add_config_option
from farkle_pi.config import load_config
from farkle_pi.devices.imagefile import read_image
from farkle_pi.errors import FarkleError, about, one_line
from farkle_pi.rules import dice_count
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.dataset import LabelledImage, fold_of, load_folder
from farkle_pi.vision.evaluate import Score, evaluate
from farkle_pi.vision.learned import Examples, learn
from farkle_pi.vision.lessons import labelled
from farkle_pi.vision.reader import read_dice


def register(sub: Any) -> None:
    parser = sub.add_parser("learn", help="teach the reader the dice of the photos kept with "
                                          "`dice-check --keep`",
                            description=__doc__)
    add_config_option(parser)
    parser.add_argument("folder", type=Path, metavar="FOLDER",
                        help="the folder `dice-check --keep` keeps photos in")
    parser.add_argument("--calibration", type=Path, metavar="FILE",
                        help="the tray calibration the photos were kept with, which keeps what "
                             "is learned (default: the config's)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.calibration or load_config(args.config).calibration.path
    if not path.is_file():
        raise FarkleError(f"no tray calibration at {path}: give the one the photos were kept "
                          "with (--calibration FILE), or run `farkle-pi calibrate` first")
    calibration = Calibration.load(path)
    if not (args.folder / "labels.jsonl").is_file():
        raise FarkleError(f"no labels.jsonl in {args.folder}: give the folder that "
                          "`farkle-pi dice-check --keep` keeps photos in")
    photos = load_folder(args.folder)
    print(f"learning from {photo_count(len(photos))} ...", flush=True)
    lessons, unread = lessons_of(photos, calibration)
    for reason in unread:
        print(one_line(f"farkle-pi: {reason}; not learned from"), file=sys.stderr)
    if not lessons:
        raise FarkleError(f"no photo in {args.folder} to learn from ({len(photos)} kept): "
                          "keep some with `farkle-pi dice-check --keep`")
    learned = learn(list(lessons.values()))
    after = replace(calibration, learned=learned)
    print(f"learned your dice from {learned.dice} dice in {photo_count(len(lessons))}",
          flush=True)
    print("checking it: each photo read by what the others taught ...", flush=True)
    before, now = cross_check(lessons, calibration)
    for reason in now.skipped:
        print(one_line(f"farkle-pi: {reason}; not measured with"), file=sys.stderr)
    if not now.photos:
        after.save(path)
        print(f"saved in {path}, not checked: too few photos to read each by what the others "
              "taught - keep more with `farkle-pi dice-check --keep`")
        return 2 if unread or now.skipped else 0
    print(f"{photo_count(now.photos)}, {dice_count(now.dice)}: {now.right} read right, "
          f"{now.wrong_confident} wrong and sure (with no learned dice: {before.right}, "
          f"{before.wrong_confident})")
    if now.right < before.right or now.wrong_confident > before.wrong_confident:
        print(f"not saved: the photos read worse with what the others taught, so {path} "
              "reads as before")
        return 1
    after.save(path)
    print(f"saved in {path}")
    return 2 if unread or now.skipped else 0


def lessons_of(photos: list[LabelledImage], calibration: Calibration
               ) -> tuple[dict[LabelledImage, Examples], list[str]]:
    """Each readable photo's views with their faces; and why each other photo is left out."""
    lessons, unread = {}, []
    for photo in photos:
        try:
            image = read_image(photo.path)
            calibration.check_fits(image.shape[1], image.shape[0])
        except FarkleError as error:
            unread.append(about(photo.path, error))
            continue
        lessons[photo] = labelled(image, photo.dice, calibration)
    return lessons, unread


def cross_check(lessons: dict[LabelledImage, Examples], calibration: Calibration
                ) -> tuple[Score, Score]:
    """The photos read by the reader with no learned dice, and each group of them by a layer
    learned from the other groups (none, if all are in one group: there is no other to learn
    from)."""
    groups: dict[int, list[LabelledImage]] = {}
    for photo in lessons:
        groups.setdefault(fold_of(photo.path.name), []).append(photo)
    plain = replace(calibration, learned=None)
    before, now = Score(), Score()
    if len(groups) < 2:
        return before, now
    for group, checked in sorted(groups.items()):
        teachers = [lessons[photo] for other, photos in groups.items() if other != group
                    for photo in photos]
        before.add(measure(checked, plain))
        now.add(measure(checked, replace(calibration, learned=learn(teachers))))
    return before, now


def measure(photos: list[LabelledImage], calibration: Calibration) -> Score:
    """The photos read as the tray reads them with this calibration."""
    return evaluate(photos, partial(read_dice, calibration=calibration))


def photo_count(count: int) -> str:
    return f"{count} photo" if count == 1 else f"{count} photos"
