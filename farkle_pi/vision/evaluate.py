"""Score read_dice against a labelled folder: the figures the issue asks for.

A reading matches a label when its centre lies within half the label's box
size (longer side) of the label's centre; matching is one-to-one, nearest
pairs first. A missed die counts as wrong; an unreadable (None) die too, and every die of a
labelled photo that cannot be read (missing, damaged) is missed.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, fields

import cv2
import numpy as np

from farkle_pi.devices.imagefile import read_image
from farkle_pi.errors import FarkleError, about
from farkle_pi.vision.dataset import LabelledDie, LabelledImage
from farkle_pi.vision.reader import read_dice
from farkle_pi.vision.types import DieReading


@dataclass(frozen=True)
class Mistake:
    """One die not read right: where, what the label says and what was read."""

    photo: str
    kind: str  # "missed", "unreadable", "wrong" (read as another face) or "extra" (no die)
    center: tuple[float, float]  # the label's, or the reading's for an extra
    label: int | None  # None for an extra
    value: int | None  # what was read (None: missed or unreadable)
    confidence: float | None  # None for a missed die
    size: float  # px: the label's box (its longer side), or the reading's for an extra

    def line(self) -> str:
        """`IMG.jpg (343, 337): label 2, unreadable (0.62)` and the like."""
        return f"{self.where()}: {self.verdict()}"

    def where(self) -> str:
        """`IMG.jpg (343, 337)`: the photo and the die's centre in it."""
        return f"{self.photo} ({self.center[0]:.0f}, {self.center[1]:.0f})"

    def verdict(self) -> str:
        """`label 2, unreadable (0.62)`: what the label says and what was read."""
        said = "no die" if self.label is None else f"label {self.label}"
        if self.confidence is None:
            return f"{said}, missed"
        read = "unreadable" if self.value is None else f"read {self.value}"
        return f"{said}, {read} ({self.confidence:.2f})"


@dataclass
class Score:
    """Counts over a set of photos; the rates are derived from them."""

    photos: int = 0
    dice: int = 0
    right: int = 0
    found: int = 0
    missed: int = 0
    extra: int = 0
    unreadable: int = 0
    wrong_confident: int = 0
    photos_right: int = 0
    ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    mistakes: list[Mistake] = field(default_factory=list)  # each die of the failures
    skipped: list[str] = field(default_factory=list)  # why each photo could not be read

    def add(self, other: Score) -> None:
        """Count another set of photos in: every count and list of the two together."""
        for name in (f.name for f in fields(self)):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def summary(self) -> dict[str, float | int]:
        """The headline figures (rates as fractions)."""
        counts = {k: v for k, v in asdict(self).items()
                  if k not in ("ms", "failures", "mistakes", "skipped")}
        return {
            **counts,
            "die_accuracy": self.right / max(1, self.dice),
            "photo_accuracy": self.photos_right / max(1, self.photos),
            "wrong_confident_rate": self.wrong_confident / max(1, self.dice),
            "median_ms": statistics.median(self.ms) if self.ms else 0.0,
        }


def match(labels: Iterable[LabelledDie], readings: list[DieReading]
          ) -> list[tuple[LabelledDie, DieReading | None]]:
    """Pair each label with at most one reading (nearest first, within half its box)."""
    labels = list(labels)
    pairs = []
    for i, lab in enumerate(labels):
        cx, cy = lab.center
        for j, r in enumerate(readings):
            d = float(np.hypot(r.center[0] - cx, r.center[1] - cy))
            if d <= lab.size / 2.0:
                pairs.append((d, i, j))
    pairs.sort()
    taken_l: dict[int, int] = {}
    taken_r: set[int] = set()
    for _, i, j in pairs:
        if i not in taken_l and j not in taken_r:
            taken_l[i] = j
            taken_r.add(j)
    return [(lab, readings[taken_l[i]] if i in taken_l else None)
            for i, lab in enumerate(labels)]


def score_photo(score: Score, photo: LabelledImage, readings: list[DieReading],
                read: bool = True) -> None:
    """Add one photo's outcome to the running counts (`read`: False for a photo that could
    not be read, never fully right, even with no die labelled in it)."""
    pairs = match(photo.dice, readings)
    score.photos += 1
    score.dice += len(photo.dice)
    name = photo.path.name
    mistakes = []
    for lab, r in pairs:
        if r is None:
            score.missed += 1
            mistakes.append(Mistake(name, "missed", lab.center, lab.value, None, None,
                                    lab.size))
            continue
        score.found += 1
        if r.value == lab.value:
            score.right += 1
            continue
        if r.value is None:
            score.unreadable += 1
        else:
            score.wrong_confident += 1
        mistakes.append(Mistake(name, "unreadable" if r.value is None else "wrong", lab.center,
                                lab.value, r.value, r.confidence, lab.size))
    matched = {id(r) for _, r in pairs if r is not None}
    extras = [r for r in readings if id(r) not in matched]
    score.extra += len(extras)
    mistakes += [Mistake(name, "extra", r.center, None, r.value, r.confidence,
                         float(max(r.bbox[2:]))) for r in extras]
    if mistakes or not read:
        score.failures.append(name)
        score.mistakes += mistakes
    else:
        score.photos_right += 1


@dataclass(frozen=True)
class PhotoRead:
    """One photo read: its dice and the ms read_dice took, or why it could not be read."""

    readings: list[DieReading]
    ms: float = 0.0
    error: str = ""  # its dice count as missed: the command says so, exit 2


def read_photo(photo: LabelledImage,
               reader: Callable[[np.ndarray], list[DieReading]] = read_dice,
               warmed: set[tuple[int, ...]] | None = None) -> PhotoRead:
    """Read one photo, timing read_dice only (single-threaded: evaluate sets it). The first
    photo of each size in `warmed` is read once untimed first: that read sets the nets up, and
    in a small folder it would be the median."""
    try:
        image = read_image(photo.path)
        if warmed is not None and image.shape not in warmed:
            reader(image)
            warmed.add(image.shape)
        t0 = time.perf_counter()
        readings = reader(image)
    except FarkleError as error:
        return PhotoRead([], error=about(photo.path, error))
    return PhotoRead(readings, (time.perf_counter() - t0) * 1000.0)


def add_read(score: Score, photo: LabelledImage, read: PhotoRead) -> None:
    """Count a photo read against its labels (one that could not be read: every die missed)."""
    if read.error:
        score.skipped.append(read.error)
    else:
        score.ms.append(read.ms)
    score_photo(score, photo, read.readings, read=not read.error)


def evaluate(photos: Iterable[LabelledImage],
             reader: Callable[[np.ndarray], list[DieReading]] = read_dice) -> Score:
    """Run the reader single-threaded on each photo; time read_dice only."""
    cv2.setNumThreads(1)
    score = Score()
    warmed: set[tuple[int, ...]] = set()
    for photo in photos:
        add_read(score, photo, read_photo(photo, reader, warmed))
    return score
