"""A die the reader no longer finds: taken out, or hidden by a hand resting over it?

Without an empty-tray picture the tray cannot tell a still hand as such (tray/motion.py), so
a palm or a finger resting over a die read as the die taken out, and the die back in view
after it as a new throw; and a reader that loses dice in a dim moment took them all out.
What tells them apart is what the die's place shows now: a die taken out leaves the floor
(matched for brightness: the light may change meanwhile); a hand, or the die itself, shows
something else. The floor is the empty-tray picture's where the tray has one, else the floor
that lay around the die when it was last found.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.devices.frames import Image
from farkle_pi.vision.types import DieReading

# Mean colour difference (0-255) of a die's square between two still pictures, brightness
# matched, under which the die has not moved: a die taken out leaves the floor, 50-126 in the
# fixtures' recordings
STILL_THERE = 12.0
# Grey levels (the largest of the three channels) by which a taken-out die's place may differ
# from the floor around it: felt and wood grain stay within ~25 of their median
FLOOR_LEVEL = 40.0
RING = 0.5  # the floor around a die: its square grown by this many sides each way
GAP = 0.1  # ... less the squares of the dice (grown by this many sides), the die's own too
SOME_FLOOR = 0.2  # share of the ring that must be floor to judge by it (a die among others)
PLACE = 0.3  # the die's place: this many sides around its centre
# A change from the last still picture (grey levels, the largest channel, brightness matched)
# at least this many die squares big that reaches the picture's edge is an arm reaching in
# (tray/motion.py's rule for a hand over the rim); looked at every ARM_STEP-th pixel
ARM_LEVEL = 40.0
ARM_DICE = 2.5
ARM_STEP = 4


def looks_as_before(die: DieReading, now: Image, then: Image) -> bool:
    """Whether the die's square in `now` looks as it did in `then` (brightened or darkened as
    the whole picture was since): the die lies there still, read or not."""
    if now.shape != then.shape:
        return False
    x, y, w, h = die.bbox
    x0, y0 = max(0, x), max(0, y)
    square_now = now[y0:y + h, x0:x + w].astype(np.float32)
    gain = _median_grey(now) / max(1.0, _median_grey(then))
    square_then = then[y0:y + h, x0:x + w].astype(np.float32) * gain
    return bool(square_now.size) and float(np.abs(square_now - square_then).mean()) < STILL_THERE


class Arms:
    """The arms and hands reaching in between two pictures: changes from `then` bigger than
    ARM_DICE die squares that reach the picture's edge. Without an empty-tray picture a hand
    resting over the dice is read (tray/motion.py): a die half under it may be read with
    another face, and must not be taken for a new throw. The change map is made once, on the
    first die asked about, for every die of a report."""

    def __init__(self, now: Image, then: Image) -> None:
        self._now, self._then = now, then
        self._map: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] | None = None

    def over(self, die: DieReading) -> bool:
        """Whether the die's square in `now` lies in an arm or hand that was not in `then`."""
        if self._now.shape != self._then.shape:
            return False
        if self._map is None:
            self._map = _edge_changes(self._now, self._then)
        labels, stats = self._map
        x, y, w, h = (v // ARM_STEP for v in die.bbox)
        square = labels[max(0, y):y + max(1, h), max(0, x):x + max(1, w)]
        rows, cols = labels.shape
        for label in {int(v) for v in np.unique(square)} - {0}:
            left, top, width, height, area = (int(v) for v in stats[label])
            edge = left == 0 or top == 0 or left + width == cols or top + height == rows
            if edge and area >= ARM_DICE * max(1, w) * max(1, h):
                return True
        return False


def under_arm(die: DieReading, now: Image, then: Image) -> bool:
    """Whether the die's square in `now` lies in an arm or hand that was not in `then`."""
    return Arms(now, then).over(die)


def _edge_changes(now: Image, then: Image
                  ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Connected changes from `then` to `now` (every ARM_STEP-th pixel, brightness matched):
    their labels and OpenCV's stats (left, top, width, height, area) of each."""
    small_now = now[::ARM_STEP, ::ARM_STEP].astype(np.float32)
    gain = _median_grey(now) / max(1.0, _median_grey(then))
    small_then = then[::ARM_STEP, ::ARM_STEP].astype(np.float32) * gain
    changed = (np.abs(small_now - small_then).max(axis=2) > ARM_LEVEL).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(changed, connectivity=8)
    return np.asarray(labels, np.int32), np.asarray(stats, np.int32)


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
    place = _place(die, now)
    if not floor.size or floor.mean() < SOME_FLOOR or not place.size:
        return None
    return _alike(place, then[y0:y1, x0:x1][floor], now, then)


def shows_empty_tray(die: DieReading, now: Image, empty: Image) -> bool | None:
    """Whether the die's place in `now` looks as it does in the empty-tray picture: True for
    a die taken out, False for one still there (unread) or hidden, None if the place is
    out of the picture. The floor right under the die, so a die by the tray's wall is judged
    too (the floor around it would be half wall)."""
    place = _place(die, now)
    if not place.size or now.shape != empty.shape:
        return None
    return _alike(place, _place(die, empty), now, empty)


def _place(die: DieReading, picture: Image) -> npt.NDArray[np.uint8]:
    """The pixels of the die's place (the middle of its square), one row each."""
    cx, cy = round(die.center[0]), round(die.center[1])
    r = max(1, round(PLACE * max(die.bbox[2], die.bbox[3])))
    return np.asarray(picture[max(0, cy - r):cy + r, max(0, cx - r):cx + r].reshape(-1, 3))


def _alike(place: npt.NDArray[np.uint8], floor: npt.NDArray[np.uint8], now: Image,
           then: Image) -> bool:
    """Whether the place's median colour is the floor's, once the floor (seen in `then`) is
    brightened or darkened as the whole picture was since."""
    gain = _median_grey(now) / max(1.0, _median_grey(then))
    difference = np.median(place, axis=0) - np.median(floor, axis=0) * gain
    return float(np.abs(difference).max()) <= FLOOR_LEVEL


def _median_grey(picture: Image) -> float:
    """The picture's median brightness, from every eighth pixel (a hand in view moves it
    little: the floor is most of the picture)."""
    return float(np.median(cv2.cvtColor(np.ascontiguousarray(picture[::8, ::8]),
                                        cv2.COLOR_BGR2GRAY)))
