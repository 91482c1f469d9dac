"""Body colour of a die: the mean colour of its body pixels (pips and glare left out).

A two-colour Farkle variant tells players' dice apart by this, so the name is
coarse and stable (white, ivory, grey, black, red, orange, yellow, green, blue,
purple, pink) and the BGR mean is given too for finer comparisons.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]


def colour_distance(pixels: Image, ref: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Sum of absolute B, G, R differences of each pixel of an H x W x 3 image to one colour
    (OpenCV: a third of numpy's time on a die's crop)."""
    # an OpenCV Scalar has four numbers; OpenCV 4.6 (Raspberry Pi OS Bookworm) takes no fewer
    scalar: Any = (float(ref[0]), float(ref[1]), float(ref[2]), 0.0)
    diff = cv2.absdiff(pixels.astype(np.float32), scalar)
    return np.asarray(cv2.transform(diff, _CHANNEL_SUM), np.float32)


_CHANNEL_SUM = np.ones((1, 3), np.float32)


def body_colour(crop: Image, mask: npt.NDArray[np.uint8]) -> tuple[int, int, int]:
    """Mean BGR of the mask's majority colour: pixels far from the first mean are pips/glare."""
    if int(cv2.countNonZero(mask)) < 4:
        mask = np.full(mask.shape, 255, np.uint8)
    first = np.array(cv2.mean(crop, mask)[:3], np.float32)
    dist = colour_distance(crop, first)
    near = np.asarray((dist < 90.0) & (mask > 0), np.uint8)
    mean = cv2.mean(crop, near if int(cv2.countNonZero(near)) >= 4 else mask)
    return (int(mean[0]), int(mean[1]), int(mean[2]))


def colour_name(bgr: tuple[int, int, int]) -> str:
    """A coarse, human name for a BGR body colour."""
    pixel = np.array([[bgr]], np.uint8)
    h, s, v = (int(c) for c in cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0])
    if v < 60 or (s < 60 and v < 90):
        return "black"
    if s < 45:
        return "white" if v > 170 else "grey"
    if s < 90 and v > 150 and 10 <= h <= 35:
        return "ivory"
    if h < 8 or h >= 170:
        return "pink" if s < 130 and v > 150 else "red"
    if h < 18:
        return "orange"
    if h < 35:
        return "yellow"
    if h < 85:
        return "green"
    if h < 130:
        return "blue"
    return "pink" if s < 130 and v > 150 else "purple"
