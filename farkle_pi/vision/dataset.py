"""Labelled photo folders (shared/data format) and the fixed hold-out split.

A folder holds NAME.jpg files and a labels.jsonl with one
``{"image": "NAME.jpg", "dice": [{"value": 3, "bbox": [x, y, w, h]}]}`` per line.
The split is a hash of the file name, so every script agrees on it without a list.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

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
    out: list[LabelledImage] = []
    with labels.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            row = json.loads(line)
            dice = tuple(
                LabelledDie(int(d["value"]), tuple(float(v) for v in d["bbox"]))  # type: ignore[arg-type]
                for d in row["dice"]
            )
            out.append(LabelledImage(folder / str(row["image"]), dice))
    return out


def is_holdout(name: str) -> bool:
    """True for the photos kept out of training (stable hash of the file name)."""
    digest = hashlib.sha1(Path(name).name.encode("utf-8")).digest()
    return digest[0] % HOLDOUT_MODULUS == 0


def read_tsv(path: Path) -> list[dict[str, str]]:
    """A small tab-separated file with a header row, as a list of dicts."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=False)) for line in lines[1:] if line]


def collections(folder: Path) -> dict[str, str]:
    """Photo name -> collection, from a mixed folder's source_names.tsv (rune55)."""
    return {r.get("image", ""): r.get("collection", "")
            for r in read_tsv(folder / "source_names.tsv")}
