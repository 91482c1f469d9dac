"""A die the reader no longer finds: taken out, or hidden by a hand resting over it?

Without an empty-tray picture the tray cannot tell a still hand as such (tray/motion.py), so
a palm or a finger resting over a die read as the die taken out, and the die back in view
after it as a new throw. What tells them apart is what the die's place shows now: a die
taken out leaves the floor, the floor that lay around the die when it was last found
(matched for brightness: the light may change meanwhile); a hand shows skin or a sleeve.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from farkle_pi.devices.frames import Image
from farkle_pi.vision.types import DieReading

# Grey levels (the largest of the three channels) by which a taken-out die's place may differ
# from the floor around it: felt and wood grain stay within ~25 of their median
FLOOR_LEVEL = 40.0
RING = 0.5  # the floor around a die: its square grown by this many sides each way
GAP = 0.1  # ... less the squares of the dice (grown by this many sides), the die's own too
SOME_FLOOR = 0.2  # share of the ring that must be floor to judge by it (a die among others)
PLACE = 0.3  # the die's place: this many sides around its centre


def shows_floor(die: DieReading, now: Image, then: Image,
                lying: Sequence[DieReading]) -> bool | None:
    """Whether the die's place in `now` looks like the floor around it in `then` (the picture
    it was last found in, with `lying` the dice found there): True for a die taken out, False
    for one hidden, None where too little floor was to be seen (or nothing of the place)."""
    x, y, w, h = die.bbox
    side = max(w, h)
    grow = round(RING * side)
    x0, y0 = max(0, x - grow), max(0, y - grow)
    x1, y1 = min(then.shape[1], x + w + grow), min(then.shape[0], y + h + grow)
    floor = np.ones((max(0, y1 - y0), max(0, x1 - x0)), bool)
    for other in (*lying, die):
        ox, oy, ow, oh = other.bbox
        gap = round(GAP * max(ow, oh))
        floor[max(0, oy - gap - y0):max(0, oy + oh + gap - y0),
              max(0, ox - gap - x0):max(0, ox + ow + gap - x0)] = False
    cx, cy, r = round(die.center[0]), round(die.center[1]), max(1, round(PLACE * side))
    place = now[max(0, cy - r):cy + r, max(0, cx - r):cx + r].reshape(-1, 3)
    if not floor.size or floor.mean() < SOME_FLOOR or not place.size:
        return None
    around = np.median(then[y0:y1, x0:x1][floor], axis=0)
    gain = _median_grey(now) / max(1.0, _median_grey(then))
    return float(np.abs(np.median(place, axis=0) - around * gain).max()) <= FLOOR_LEVEL


def _median_grey(picture: Image) -> float:
    """The picture's median brightness, from every eighth pixel (a hand in view moves it
    little: the floor is most of the picture)."""
    return float(np.median(cv2.cvtColor(np.ascontiguousarray(picture[::8, ::8]),
                                        cv2.COLOR_BGR2GRAY)))
