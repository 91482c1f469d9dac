"""The dice reader the tray uses by default: `farkle_pi.vision.read_dice` with the calibration."""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from farkle_pi.devices.frames import Image
from farkle_pi.errors import FarkleError
from farkle_pi.tray.tray import DiceReader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading


def vision_reader(calibration: Calibration | None) -> DiceReader:
    """The still-image reader bound to this tray's calibration."""
    vision = importlib.import_module("farkle_pi.vision")
    read_dice = getattr(vision, "read_dice", None)
    if read_dice is None:
        raise FarkleError("no dice reader in this build: farkle_pi.vision.read_dice is missing")

    def read(image: Image) -> Sequence[DieReading]:
        found: Sequence[DieReading] = read_dice(image, calibration=calibration)
        return found

    return read
