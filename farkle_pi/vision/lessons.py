"""A lesson for the reader: a tray picture of dice whose faces the players named.

The players name the faces, not which die shows which, so the faces are given to the dice
found the likeliest way by the reader's odds (vision/learned.labelling); a picture where that
is a guess, or where not every die was found, teaches nothing. Whatever else the detector
marks in the tray is a lesson in what is not a die.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.dataset import LabelledDie
from farkle_pi.vision.find import Candidate, find_candidates
from farkle_pi.vision.learned import Examples, Image, labelling
from farkle_pi.vision.model import READER_FILE
from farkle_pi.vision.read import classify
from farkle_pi.vision.reader import TURNS, first_looks, quarter_turns
from farkle_pi.vision.types import DieReading


def lesson(image: Image, dice: Sequence[DieReading], faces: Sequence[int],
           calibration: Calibration | None = None) -> Examples | str:
    """The picture's views with their classes, or why it teaches nothing. `dice` are the
    dice read in it (the faces given to them by their odds under the calibration's learned
    dice, if any)."""
    labels = faces_of(image, dice, faces, calibration)
    if isinstance(labels, str):
        return labels
    return examples(image, _spots(dice), labels, calibration)


def faces_of(image: Image, dice: Sequence[DieReading], faces: Sequence[int],
             calibration: Calibration | None = None) -> list[int] | str:
    """The face each die read shows, of the faces put in; or why that is not known."""
    if len(dice) != len(faces):
        return f"{len(dice)} dice found where {len(faces)} were put in"
    if not all(d.flat for d in dice):
        return "a die leans"
    learned = calibration.learned if calibration is not None else None
    labels = labelling(classify(first_looks(image, _spots(dice))[3], READER_FILE, learned),
                       faces)
    if labels is None:
        return "which die shows which face is a guess (two dice read alike)"
    return labels


def labelled(image: Image, dice: Sequence[LabelledDie],
             calibration: Calibration | None = None) -> Examples:
    """A kept photo's views (`dice-check --keep`): its labels say which die shows which face,
    so no odds are needed, and photos kept over many evenings can all teach the reader."""
    spots = [Candidate(*die.center, die.size, 1.0) for die in dice]
    return examples(image, spots, [die.value for die in dice], calibration)


def _spots(dice: Sequence[DieReading]) -> list[Candidate]:
    """The dice read, as the candidates they were found as."""
    return [Candidate(d.center[0], d.center[1], float(d.bbox[2]), 1.0) for d in dice]


def examples(image: Image, dice: Sequence[Candidate], faces: Sequence[int],
             calibration: Calibration | None = None) -> Examples:
    """Views of the dice with their faces, and of what else the detector marks (in the tray)
    as no die, each also in its three other quarter turns. No more no-dice than dice, the
    likeliest-looking first: on a busy table they would outweigh the dice."""
    size = calibration.die_size_px if calibration is not None else None
    others = [c for c in find_candidates(image, size)
              if all(math.hypot(c.x - d.x, c.y - d.y) > max(c.size, d.size) for d in dice)
              and (calibration is None or calibration.inside((c.x, c.y)))]
    others = sorted(others, key=lambda c: -c.score)[:len(dice)]
    views = first_looks(image, [*dice, *others])[3]
    classes = [*faces, *[0] * len(others)]
    turned = [t for v in views for t in quarter_turns(v)]  # a face is the same face turned
    return Examples(views + turned, classes + [c for c in classes for _ in range(TURNS)],
                    len(dice))
