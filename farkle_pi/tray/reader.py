"""The dice reader the tray uses by default: `farkle_pi.vision.read_dice` with the calibration.

The reader is asked to look at the whole picture, not only the tray: a die that
jumped out onto the table must be seen, so the tray can prompt "outside". The
empty-tray reference and the die size still guide it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import replace

from farkle_pi.devices.frames import Image
from farkle_pi.errors import FarkleError
from farkle_pi.tray.tray import DiceReader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading


def vision_reader(calibration: Calibration | None) -> DiceReader:
    """The still-image reader bound to this tray's calibration, searching the whole picture."""
    vision = importlib.import_module("farkle_pi.vision")
    read_dice = getattr(vision, "read_dice", None)
    if read_dice is None:
        raise FarkleError("no dice reader in this build: farkle_pi.vision.read_dice is missing")
    whole: dict[tuple[int, int], Calibration] = {}

    def read(image: Image) -> Sequence[DieReading]:
        if calibration is None:
            found: Sequence[DieReading] = read_dice(image)
            return found
        height, width = image.shape[:2]
        if (width, height) not in whole:
            frame = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
            whole[(width, height)] = replace(calibration, tray_polygon=frame,
                                             keep_zone_polygon=())
        found = read_dice(image, calibration=whole[(width, height)])
        return found

    return read
