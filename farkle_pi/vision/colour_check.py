"""Score read_dice's colour names against dice a person named (fixtures/label_review).

The labelled photo folders say nothing about colour, so a hand-made list does: each entry
names one die by its labelled box and lists every name a person could give its body.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from farkle_pi.devices.imagefile import read_image
from farkle_pi.errors import FarkleError
from farkle_pi.vision.colour import COLOUR_NAMES
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
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise FarkleError(f"cannot read colour list {path}: {err.strerror}") from None
    out = []
    for number, line in enumerate(lines, start=1):
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
        unknown = [c for c in die.colours if c not in COLOUR_NAMES] or (
            [] if die.colours else ["(none)"])
        if unknown or die.sample not in SAMPLES:
            what = f"colour {unknown[0]!r}" if unknown else f"sample {die.sample!r}"
            raise FarkleError(f"colour list {path} line {number}: unknown {what}; colours are "
                              f"{', '.join(COLOUR_NAMES)}, samples {' or '.join(SAMPLES)}")
        out.append(die)
    return out


def named_by_reader(folder: Path, dice: list[NamedDie],
                    reader: Callable[[np.ndarray], list[DieReading]] = read_dice
                    ) -> list[str | None]:
    """What the reader names each die (None: no reading there), reading each photo once."""
    readings: dict[str, list[DieReading]] = {}
    names: list[str | None] = []
    for die in dice:
        if die.image not in readings:
            readings[die.image] = reader(read_image(folder / die.image))
        names.append(_name_at(readings[die.image], die.bbox))
    return names


def _name_at(readings: list[DieReading], bbox: tuple[float, float, float, float]
             ) -> str | None:
    """The colour name of the reading nearest the box's centre, within half its size."""
    x, y, w, h = bbox
    centre = (x + w / 2.0, y + h / 2.0)
    near = [(math.dist(r.center, centre), r) for r in readings]
    near = [(d, r) for d, r in near if d <= max(w, h) / 2.0]
    return min(near, key=lambda pair: pair[0])[1].colour_name if near else None
