"""Photos of this table kept with the faces its players named, as a labelled folder.

The readers miss most on dice nobody here has photographed (smoky or see-through bodies,
glossy faces under a lamp), and only real photos of such dice can teach them. A folder in
the format of ../shared/data (NAME.jpg and labels.jsonl) is what `farkle-pi evaluate`
measures and what scripts/train_dice_reader.py --more-data learns from.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError
from farkle_pi.files import give_to_folder_owner, write_whole

Image = npt.NDArray[np.uint8]
Box = tuple[int, int, int, int]  # x, y, w, h in the picture's pixels
LABELS = "labels.jsonl"
JPEG_QUALITY = 95  # the format is .jpg; this keeps pips and glare as the camera saw them

README = """\
# Dice photos kept by farkle-pi

Pictures of one tray, kept by `farkle-pi dice-check --keep`: NAME.jpg, and a line in
labels.jsonl for each, `{"image": NAME, "dice": [{"value": FACE, "bbox": [x, y, w, h]}]}`.
The faces are those the players said they put in; the boxes are where the reader found
the dice. A round was kept only when every die was found lying flat and which die showed
which face was no guess.

Measure the reader on them: `farkle-pi evaluate FOLDER`. Teach it from them:
`scripts/train_dice_reader.py --more-data FOLDER` (models/dice_reader.md).
"""


def keep_photo(folder: Path, stem: str, image: Image, dice: Sequence[tuple[int, Box]]) -> Path:
    """Add the picture and its dice (face, box) to the folder; on disk when it returns."""
    try:
        made = not folder.is_dir()
        folder.mkdir(parents=True, exist_ok=True)
        if made:
            give_to_folder_owner(folder)  # (root keeping photos in the table's folder)
        if not (folder / "README.md").exists():
            (folder / "README.md").write_text(README, encoding="utf-8")
            give_to_folder_owner(folder / "README.md")
        path = _free_name(folder, stem)
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        if not ok:
            raise FarkleError(f"cannot encode the picture for {path}")
        write_whole(path, jpeg.tobytes())
        row = {"image": path.name,
               "dice": [{"value": face, "bbox": list(box)} for face, box in dice]}
        with open(folder / LABELS, "a", encoding="utf-8") as labels:
            labels.write(json.dumps(row) + "\n")
            labels.flush()
            os.fsync(labels.fileno())
        give_to_folder_owner(folder / LABELS)
    except OSError as error:
        raise FarkleError(f"cannot keep the photo in {folder}: {error.strerror or error} "
                          "(free some space, or give a folder you can write to)") from None
    return path


def _free_name(folder: Path, stem: str) -> Path:
    """FOLDER/STEM.jpg, or STEM-2.jpg ... if a photo of that name is kept already."""
    path, count = folder / f"{stem}.jpg", 1
    while path.exists():
        count += 1
        path = folder / f"{stem}-{count}.jpg"
    return path
