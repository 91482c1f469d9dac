"""Labelled photo folders (shared/data format) and the fixed hold-out split.

A folder holds NAME.jpg files and a labels.jsonl with one
``{"image": "NAME.jpg", "dice": [{"value": 3, "bbox": [x, y, w, h]}]}`` per line.
The split is a hash of the file name, so every script agrees on it without a list.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, replace
from pathlib import Path

from farkle_pi.errors import FarkleError

HOLDOUT_MODULUS = 5  # one photo in five is held out of training


@dataclass(frozen=True)
class LabelledDie:
    """One labelled die: its top face and its axis-aligned box (x, y, w, h)."""

    value: int
    bbox: tuple[float, float, float, float]

    @property
    def center(self) -> tuple[float, float]:
        x, y, w, h = self.bbox
        return (x + w / 2.0, y + h / 2.0)

    @property
    def size(self) -> float:
        return max(self.bbox[2], self.bbox[3])


@dataclass(frozen=True)
class LabelledImage:
    """One photo with every die in it."""

    path: Path
    dice: tuple[LabelledDie, ...]


def load_folder(folder: Path) -> list[LabelledImage]:
    """Read a dataset folder's labels.jsonl (images are not loaded here)."""
    labels = folder / "labels.jsonl"
    lines = json_lines(labels, str(labels))
    out: list[LabelledImage] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            dice = tuple(_labelled_die(d) for d in row["dice"])
            out.append(LabelledImage(folder / str(row["image"]), dice))
        except (ValueError, KeyError, TypeError):
            raise FarkleError(f"{labels} line {number}: expected "
                              '{"image": NAME, "dice": [{"value": 1..6, "bbox": [x, y, w, h]}]} '
                              "with w and h above 0") from None
    return out


def _labelled_die(raw: dict[str, object]) -> LabelledDie:
    """One label, or ValueError: a face 1..6 (a whole number) and a box of positive size."""
    value, bbox = raw["value"], raw["bbox"]
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(value)
    if not isinstance(bbox, list) or len(bbox) != 4:
        raise ValueError(bbox)
    x, y, w, h = (float(v) for v in bbox)
    if not all(math.isfinite(v) for v in (x, y, w, h)) or w <= 0 or h <= 0:
        raise ValueError(bbox)
    return LabelledDie(value, (x, y, w, h))


def apply_review(photos: list[LabelledImage], review: Path
                 ) -> tuple[list[LabelledImage], list[str]]:
    """The photos with the labels a review file corrects (see fixtures/label_review), and the
    photo of each correction. Each entry must name a labelled die exactly: image, bbox, value."""
    lines = json_lines(review, f"label review {review}")
    fixed = {p.path.name: p for p in photos}
    corrected: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"label review {review} line {number}"
        try:
            entry = json.loads(line)
            name, value, seen = str(entry["image"]), int(entry["value"]), int(entry["seen"])
            bbox = tuple(float(v) for v in entry["bbox"])
        except (ValueError, KeyError, TypeError):
            raise FarkleError(f"{where}: expected image, bbox, value and seen") from None
        if not 1 <= seen <= 6:
            raise FarkleError(f"{where}: seen must be a face 1..6, not {seen}")
        photo = fixed.get(name)
        if photo is None:
            raise FarkleError(f"{where}: no photo {name} here; the review is for another folder")
        dice = list(photo.dice)
        hits = [i for i, d in enumerate(dice) if d.bbox == bbox and d.value == value]
        if not hits:
            raise FarkleError(f"{where}: {name} has no die labelled {value} at {list(bbox)}; "
                              "the review is for another folder or other labels")
        dice[hits[0]] = replace(dice[hits[0]], value=seen)
        fixed[name] = replace(photo, dice=tuple(dice))
        corrected.append(name)
    return [fixed[p.path.name] for p in photos], corrected


def json_lines(path: Path, what: str) -> list[str]:
    """A JSON-lines file's lines, or a one-line error naming `what`."""
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise FarkleError(f"cannot read {what}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise FarkleError(f"{what} is not UTF-8 text: give a .jsonl file, "
                          "one JSON object per line") from None


def fold_of(name: str) -> int:
    """Which of HOLDOUT_MODULUS groups a photo falls in, by a stable hash of its file name;
    group 0 is the hold-out."""
    digest = hashlib.sha1(Path(name).name.encode("utf-8")).digest()
    return digest[0] % HOLDOUT_MODULUS


def is_holdout(name: str) -> bool:
    """True for the photos kept out of training."""
    return fold_of(name) == 0


def read_tsv(path: Path) -> list[dict[str, str]]:
    """A small tab-separated file with a header row, as a list of dicts."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=False)) for line in lines[1:] if line]


def collections(folder: Path) -> dict[str, str]:
    """Photo name -> collection, from a mixed folder's source_names.tsv (rune55)."""
    return {r.get("image", ""): r.get("collection", "")
            for r in read_tsv(folder / "source_names.tsv")}
