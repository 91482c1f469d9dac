"""Score read_dice's colour names against dice a person named (fixtures/label_review).

The labelled photo folders say nothing about colour, so a hand-made list does: each entry
names one die by its labelled box and lists every name a person could give its body.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from farkle_pi.devices.imagefile import read_image
from farkle_pi.errors import FarkleError
from farkle_pi.vision.colour import COLOUR_NAMES
from farkle_pi.vision.dataset import json_lines, load_folder
from farkle_pi.vision.evaluate import match
from farkle_pi.vision.reader import read_dice
from farkle_pi.vision.types import DieReading

SAMPLES = ("design", "check")
_Entry = TypeVar("_Entry")


@dataclass(frozen=True)
class NamedDie:
    """One die named by eye: its box in the photo and the names that count as right."""

    image: str
    bbox: tuple[float, float, float, float]
    colours: tuple[str, ...]
    sample: str  # "design": the rule was made looking at these; "check": scored afterwards


def load_named_dice(path: Path) -> list[NamedDie]:
    """The entries of a colour list, or a one-line error naming the bad line."""
    what = f"colour list {path}"

    def parse(row: Any) -> NamedDie:
        return NamedDie(str(row["image"]), _box(row["bbox"]),
                        tuple(str(c) for c in row["colours"]), str(row["sample"]))

    out = []
    for number, die in _rows(path, what, parse, '{"image": NAME, "bbox": [x, y, w, h], '
                             '"colours": [NAME, ...], "sample": "design" or "check"}'):
        unknown = [c for c in die.colours if c not in COLOUR_NAMES] if die.colours else ["(none)"]
        if unknown or die.sample not in SAMPLES:
            bad = f"colour {unknown[0]!r}" if unknown else f"sample {die.sample!r}"
            raise FarkleError(f"{what} line {number}: unknown {bad}; colours are "
                              f"{', '.join(COLOUR_NAMES)}, samples {' or '.join(SAMPLES)}")
        out.append(die)
    return out


def named_by_reader(folder: Path, dice: list[NamedDie],
                    reader: Callable[[np.ndarray], list[DieReading]] = read_dice
                    ) -> list[str | None]:
    """What the reader names each die (None: no reading there), reading each photo once."""
    readings = _Readings(folder, reader)
    found = [readings.at(die.image, die.bbox) for die in dice]
    return [r.colour_name if r else None for r in found]


@dataclass(frozen=True)
class ColourSets:
    """One photo's dice grouped by eye into the sets a player would call one colour."""

    image: str
    sets: tuple[tuple[tuple[float, float, float, float], ...], ...]  # each set's labelled boxes
    sample: str


def load_colour_sets(path: Path) -> list[ColourSets]:
    """The photos of a colour-set list, or a one-line error naming the bad line."""
    what = f"colour-set list {path}"

    def parse(row: Any) -> ColourSets:
        sets = tuple(tuple(_box(b) for b in group) for group in row["sets"])
        return ColourSets(str(row["image"]), sets, str(row["sample"]))

    out = []
    for number, photo in _rows(path, what, parse, '{"image": NAME, "sets": '
                               '[[[x, y, w, h], ...], ...], "sample": "design" or "check"}'):
        if photo.sample not in SAMPLES or not all(photo.sets):
            bad = f"sample {photo.sample!r}" if photo.sample not in SAMPLES else "an empty set"
            raise FarkleError(f"{what} line {number}: {bad}; samples are "
                              f"{' or '.join(SAMPLES)} and every set holds a box")
        out.append(photo)
    return out


def _rows(path: Path, what: str, parse: Callable[[Any], _Entry], expected: str
          ) -> Iterator[tuple[int, _Entry]]:
    """Each non-blank line's number and what `parse` makes of its JSON; a line it cannot
    make sense of is a one-line error naming `what`, the line and the `expected` form."""
    for number, line in enumerate(json_lines(path, what), start=1):
        if not line.strip():
            continue
        try:
            entry = parse(json.loads(line))
        except (ValueError, KeyError, TypeError):
            raise FarkleError(f"{what} line {number}: expected {expected}") from None
        yield number, entry


Colour = tuple[int, int, int]


def sets_by_reader(folder: Path, photos: list[ColourSets],
                   reader: Callable[[np.ndarray], list[DieReading]] = read_dice
                   ) -> list[list[tuple[int, Colour]]]:
    """For each photo, every die the reader finds: its set (by eye) and its body colour."""
    readings = _Readings(folder, reader)
    out = []
    for photo in photos:
        found = [(k, readings.at(photo.image, box)) for k, group in enumerate(photo.sets)
                 for box in group]
        out.append([(k, r.colour_bgr) for k, r in found if r is not None])
    return out


@dataclass(frozen=True)
class SetAgreement:
    """Pairs of dice in made-up throws, and whether the names tell their sets apart."""

    alike: int  # pairs of one set given one name ...
    same_set: int  # ... of all pairs of one set
    apart: int  # pairs of two sets given two names ...
    two_sets: int  # ... of all pairs of two sets
    whole: int  # three or more dice of one set in a throw, all given one name ...
    triples: int  # ... of all such


ONE_SET_THROWS = 0.25  # share of made-up throws from one set only


def set_agreement(photos: list[list[tuple[int, Colour]]],
                  namer: Callable[[list[Colour]], list[str]],
                  throws: int = 40, seed: int = 0) -> SetAgreement:
    """Throws of a two-colour game made up from each photo, named together by `namer`: up to
    six dice drawn from two of the photo's sets, or from one set a quarter of the time."""
    rng = random.Random(seed)
    alike = same_set = apart = two_sets = whole = triples = 0
    for dice in photos:
        sets = sorted({k for k, _ in dice})
        sets_of_two = [k for k in sets if sum(j == k for j, _ in dice) >= 2]
        if len(sets) < 2:
            continue
        for _ in range(throws):
            one_set = rng.random() < ONE_SET_THROWS and bool(sets_of_two)
            chosen = [rng.choice(sets_of_two)] if one_set else rng.sample(sets, 2)
            pool = [d for d in dice if d[0] in chosen]
            throw = rng.sample(pool, min(6, len(pool)))
            named = list(zip((k for k, _ in throw), namer([c for _, c in throw]), strict=True))
            for (set_a, name_a), (set_b, name_b) in combinations(named, 2):
                if set_a == set_b:
                    same_set, alike = same_set + 1, alike + (name_a == name_b)
                else:
                    two_sets, apart = two_sets + 1, apart + (name_a != name_b)
            for k, count in Counter(k for k, _ in named).items():
                if count >= 3:
                    triples += 1
                    whole += len({name for j, name in named if j == k}) == 1
    return SetAgreement(alike, same_set, apart, two_sets, whole, triples)


class _Readings:
    """The reader's readings of a labelled folder, each photo read once, by labelled box.

    Dice are paired with readings as `farkle-pi evaluate` pairs them (evaluate.match), so
    a list made for another folder or other labels is a one-line error."""

    def __init__(self, folder: Path, reader: Callable[[np.ndarray], list[DieReading]]) -> None:
        self.folder, self.reader = folder, reader
        self.photos = {p.path.name: p for p in load_folder(folder)}
        self.read: dict[str, dict[tuple[float, ...], DieReading | None]] = {}

    def at(self, image: str, bbox: tuple[float, ...]) -> DieReading | None:
        photo = self.photos.get(image)
        if photo is None:
            raise FarkleError(f"the list names {image}, which {self.folder} has no labels "
                              "for: the list is for another folder")
        if image not in self.read:
            pairs = match(photo.dice, self.reader(read_image(photo.path)))
            self.read[image] = {_box_key(lab.bbox): r for lab, r in pairs}
        if _box_key(bbox) not in self.read[image]:
            raise FarkleError(f"the list names a die at {list(bbox)} in {image}, where "
                              f"{self.folder} has no labelled die: the list is for other labels")
        return self.read[image][_box_key(bbox)]


def _box(value: Any) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in value)
    return (x, y, w, h)


def _box_key(bbox: tuple[float, ...]) -> tuple[float, ...]:
    """A labelled box as the colour lists write it (to 0.1 px)."""
    return tuple(round(v, 1) for v in bbox)
