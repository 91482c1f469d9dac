"""The `--calibration FILE` of the commands that read photos or recordings (detect, evaluate,
replay): dice learned on the reader before an update are left out with one line saying so,
so an update never stops a tray that read dice the day before."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from farkle_pi.errors import one_line

if TYPE_CHECKING:
    from farkle_pi.vision.calibration import Calibration

STALE = "the dice learned in this tray were for the dice reader before the update"
STALE_LEARNED = f"{STALE}: reading without them; learn them again with farkle-pi dice-check --learn"


def load_calibration(path: Path | None) -> Calibration | None:
    """The calibration at `path` as the installed dice reader can use it, or None without one."""
    from farkle_pi.vision.calibration import Calibration  # cv2 only when a command runs

    if path is None:
        return None
    calibration, stale = Calibration.load(path).for_this_reader()
    if stale:
        print(one_line(f"farkle-pi: {path}: {STALE_LEARNED}"), file=sys.stderr)
    return calibration


def calibration_files(path: Path | None, calibration: Calibration | None) -> list[Path]:
    """The calibration's own files (itself and its empty-tray picture): never to be drawn over."""
    if path is None or calibration is None:
        return []
    return [path, *([calibration.reference_image] if calibration.reference_image else [])]
