"""Score read_dice's colour names against dice a person named (fixtures/label_review).

The labelled photo folders say nothing about colour, so a hand-made list does: each entry
names one die by its labelled box and lists every name a person could give its body.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from farkle_pi.devices.imagefile import read_image
from farkle_pi.errors import FarkleError
from farkle_pi.vision.colour import COLOUR_NAMES
from farkle_pi.vision.dataset import json_lines, load_folder
from farkle_pi.vision.evaluate import match
from farkle_pi.vision.reader import read_dice
from farkle_pi.vision.types import DieReading

SAMPLES = ("design", "check")


@dataclass(frozen=True)
class NamedDie:
    """One die named by eye: its box in the photo and the names that count as right."""

    image: str
    bbox: tuple[float, float, float, float]
    colours: tuple[str, ...]
    sample: str  # "design": the rule was made looking at these; "check": scored afterwards


def load_named_dice(path: Path) -> list[NamedDie]:
    """The entries of a colour list, or a one-line error naming the bad line."""
    out = []
    for number, line in enumerate(json_lines(path, f"colour list {path}"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            x, y, w, h = (float(v) for v in row["bbox"])
            die = NamedDie(str(row["image"]), (x, y, w, h),
                           tuple(str(c) for c in row["colours"]), str(row["sample"]))
        except (ValueError, KeyError, TypeError):
            raise FarkleError(f"colour list {path} line {number}: expected "
                              '{"image": NAME, "bbox": [x, y, w, h], "colours": [NAME, ...], '
                              '"sample": "design" or "check"}') from None
        unknown = [c for c in die.colours if c not in COLOUR_NAMES] if die.colours else ["(none)"]
        if unknown or die.sample not in SAMPLES:
            what = f"colour {unknown[0]!r}" if unknown else f"sample {die.sample!r}"
            raise FarkleError(f"colour list {path} line {number}: unknown {what}; colours are "
                              f"{', '.join(COLOUR_NAMES)}, samples {' or '.join(SAMPLES)}")
        out.append(die)
    return out


def named_by_reader(folder: Path, dice: list[NamedDie],
                    reader: Callable[[np.ndarray], list[DieReading]] = read_dice
                    ) -> list[str | None]:
    """What the reader names each die (None: no reading there), reading each photo once.

    Each named die is one of the folder's labelled dice, paired with a reading as
    `farkle-pi evaluate` pairs them (evaluate.match)."""
    photos = {p.path.name: p for p in load_folder(folder)}
    readings: dict[str, dict[tuple[float, ...], DieReading | None]] = {}
    names: list[str | None] = []
    for die in dice:
        photo = photos.get(die.image)
        if photo is None:
            raise FarkleError(f"the colour list names {die.image}, which {folder} has no labels "
                              "for: the list is for another folder")
        if die.image not in readings:
            pairs = match(photo.dice, reader(read_image(photo.path)))
            readings[die.image] = {_box_key(lab.bbox): r for lab, r in pairs}
        if _box_key(die.bbox) not in readings[die.image]:
            raise FarkleError(f"the colour list names a die at {list(die.bbox)} in {die.image}, "
                              f"where {folder} has no labelled die: the list is for other labels")
        reading = readings[die.image][_box_key(die.bbox)]
        names.append(reading.colour_name if reading else None)
    return names


def _box_key(bbox: tuple[float, ...]) -> tuple[float, ...]:
    """A labelled box as the colour lists write it (to 0.1 px)."""
    return tuple(round(v, 1) for v in bbox)
