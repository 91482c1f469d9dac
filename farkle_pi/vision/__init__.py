"""Frames -> dice (issue 5). Only the shared types live here until the reader lands."""

from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading, Point, RotatedBox

__all__ = ["Calibration", "DieReading", "Point", "RotatedBox"]
