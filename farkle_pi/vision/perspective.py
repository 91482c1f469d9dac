"""How much a camera above the tray sees of the dice's side faces.

A camera looking straight down sees the side faces that face it, the more the further a die
lies from the picture's centre: a flat die's outline is longer than wide along the line to
the centre, by about its distance from the centre / the lens's focal length in pixels.
A leaning die's outline is longer than wide too, so the leaning-die rule (reader.py) takes
this stretch off first. It is measured on the dice of a frame (the median: a leaning die is
outvoted), else on the die put in the tray to calibrate, else the widest lens is assumed.
"""

from __future__ import annotations

import math

import numpy as np

from farkle_pi.vision.types import RotatedBox

MIN_DICE = 3  # dice away from the centre a frame's stretch is measured on
# The widest Pi camera (Camera Module 3 Wide, 102 degrees across) has a focal length of 0.4
# picture widths: the most a flat die can stretch when nothing better is known.
WIDEST_FOCAL = 0.4


def radial_sides(box: RotatedBox, centre: tuple[float, float]) -> tuple[float, float, float]:
    """The outline's side nearest the line to the picture's centre, the other side, and the
    die's distance from the centre in pixels."""
    dx, dy = box.center[0] - centre[0], box.center[1] - centre[1]
    distance = math.hypot(dx, dy)
    angle = math.radians(box.angle)
    along_first = abs(dx * math.cos(angle) + dy * math.sin(angle)) >= distance / math.sqrt(2)
    first, second = box.size
    return (first, second, distance) if along_first else (second, first, distance)


def measured_stretch(boxes: list[RotatedBox], centre: tuple[float, float],
                     min_dice: int = MIN_DICE) -> float | None:
    """Stretch per pixel of distance from the centre, the median over the flat-looking dice
    at least a die's length from the centre; None with fewer than `min_dice` of them."""
    stretches = []
    for box in boxes:
        along, across, distance = radial_sides(box, centre)
        if distance > max(box.size) and across > 0:
            stretches.append(max(0.0, along / across - 1.0) / distance)
    if len(stretches) < min_dice:
        return None
    return float(np.median(stretches))


def widest_stretch(width: int) -> float:
    """The stretch per pixel of the widest lens, in a picture `width` pixels across."""
    return 1.0 / (WIDEST_FOCAL * max(1, width))


def unstretched_length(box: RotatedBox, centre: tuple[float, float], stretch: float) -> float:
    """The outline's long side once the side face the camera sees is taken off."""
    along, across, distance = radial_sides(box, centre)
    return max(along / (1.0 + stretch * distance), across)
