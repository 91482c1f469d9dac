"""Body colour of a die: the mean colour of its body pixels (pips and glare left out).

A two-colour Farkle variant tells players' dice apart by this, so the name is
coarse and stable (white, ivory, grey, black, red, orange, yellow, green, blue,
purple, pink) and the BGR mean is given too for finer comparisons.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.rules.dice import COLOURS

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
    """Mean BGR of the mask's pixels near their median colour: pips and glare are a minority,
    so the median is the body's even where blurred red pips tint a black die's mean."""
    if int(cv2.countNonZero(mask)) < 4:
        mask = np.full(mask.shape, 255, np.uint8)
    median = np.array([_median(crop, channel, mask) for channel in range(3)], np.float32)
    near = np.asarray((colour_distance(crop, median) < BODY_SPREAD) & (mask > 0), np.uint8)
    mean = cv2.mean(crop, near if int(cv2.countNonZero(near)) >= 4 else mask)
    return (int(mean[0]), int(mean[1]), int(mean[2]))


def _median(image: Image, channel: int, mask: npt.NDArray[np.uint8]) -> float:
    """Median of one channel under the mask, from its histogram (half numpy's time)."""
    counts = np.cumsum(cv2.calcHist([image], [channel], mask, [256], [0, 256]).ravel())
    return float(np.searchsorted(counts, counts[-1] / 2.0))


COLOUR_NAMES = COLOURS  # the names typed dice may have too
BODY_SPREAD = 60.0  # summed B, G, R difference from the median within which a pixel is body
# Hue angles (degrees, CIELAB a*b* plane) where each name starts, going round from red
HUE_NAMES = ((-150.0, "blue"), (-50.0, "purple"), (-10.0, "red"), (45.0, "orange"),
             (70.0, "yellow"), (115.0, "green"))
PINK_BELOW = 20.0  # a light red (lightness over LIGHT_PINK) of hue below this is pink
LIGHT_PINK = 110.0
# Chroma (distance from grey in the a*b* plane) below which a body has no colour. Warm hues
# need more: a camera's warm cast and blurred red pips tint black dice that way.
GREY_CHROMA, WARM_GREY_CHROMA = 8.0, 15.0
PALE_CHROMA = 20.0  # a light body (lightness over LIGHT) below this chroma is white or ivory
LIGHT, DARK = 160.0, 95.0  # lightness (OpenCV's 0..255) of white and black bodies
IVORY_YELLOW = 8.0  # b* (yellowness) from which a pale body is ivory ...
WARM_HUES = (-10.0, 60.0)  # ... if its hue is past the warm ones (red to orange), i.e. yellow


def colour_name(bgr: tuple[int, int, int]) -> str:
    """A coarse, human name for a BGR body colour.

    Named in CIELAB by hue angle and chroma, not HSV: a dark purple die has little HSV
    value and a white die in shade little HSV brightness, yet people name both at a glance.
    """
    lab = cv2.cvtColor(np.array([[bgr]], np.uint8), cv2.COLOR_BGR2Lab)[0, 0].astype(float)
    lightness, a, b = lab[0], lab[1] - 128.0, lab[2] - 128.0
    chroma, hue = math.hypot(a, b), math.degrees(math.atan2(b, a))
    warm = WARM_HUES[0] <= hue < WARM_HUES[1]
    if chroma < (WARM_GREY_CHROMA if warm else GREY_CHROMA) or (
            lightness > LIGHT and chroma < PALE_CHROMA):
        if lightness > LIGHT:
            return "ivory" if b >= IVORY_YELLOW and hue >= WARM_HUES[1] else "white"
        return "black" if lightness < DARK else "grey"
    name = "green"  # hue below -150 or from 115 on
    for start, hue_name in HUE_NAMES:
        if hue >= start:
            name = hue_name
    if name == "red" and hue < PINK_BELOW and lightness > LIGHT_PINK:
        return "pink"
    return name


# Dice thrown together in a two-colour game: complete-linkage groups in CIELAB (OpenCV's
# 0..255 units), lightness weighted by SET_LIGHTNESS because shade and glare change a die's
# lightness far more than its hue; one group when every pair is within SET_SPREAD. Chosen on
# byler_d6's training split (benchmarks/bench_colour.py).
SET_SPREAD = 8.0
SET_LIGHTNESS = 0.2


def set_colour_names(colours: Sequence[tuple[int, int, int]], sets: int = 2) -> list[str]:
    """A name for each of the dice thrown together (BGR body colours), one name a set.

    Alone, a die near a border between two names (a mauve die among purple ones, a shaded
    one among white ones) can be named apart from its set-mates, and a one-colour triple
    would then go unscored. In one picture a set's dice lie close in colour, and a two-colour
    game throws at most two sets: so the dice are grouped, closest first, into at most `sets`
    groups (fewer while every pair in a group is within SET_SPREAD), and each group takes
    the name most of its dice have (on a tie, its mean colour's name, if that is one of them).
    """
    if not colours:
        return []
    lab = cv2.cvtColor(np.array([colours], np.uint8), cv2.COLOR_BGR2Lab)[0].astype(np.float32)
    lab[:, 0] *= SET_LIGHTNESS
    distance = np.linalg.norm(lab[:, None] - lab[None], axis=2)
    own = [colour_name(c) for c in colours]
    names = list(own)
    for group in _complete_linkage(distance, SET_SPREAD, sets):
        votes = Counter(own[i] for i in group).most_common()
        tied = [name for name, count in votes if count == votes[0][1]]
        mean = np.mean([colours[i] for i in group], axis=0)
        by_mean = colour_name((int(mean[0]), int(mean[1]), int(mean[2])))
        for i in group:
            names[i] = by_mean if by_mean in tied else tied[0]
    return names


def _complete_linkage(distance: npt.NDArray[np.float32], limit: float, most: int
                      ) -> list[list[int]]:
    """Groups of indices, merged closest first while there are more than `most` or every
    pair in the merged group is within `limit` (complete linkage)."""
    groups = [[i] for i in range(len(distance))]
    far = distance.astype(np.float64)
    np.fill_diagonal(far, np.inf)
    while len(groups) > 1:
        a, b = divmod(int(np.argmin(far)), len(groups))
        if far[a, b] > limit and len(groups) <= most:
            break
        a, b = min(a, b), max(a, b)
        groups[a] += groups.pop(b)
        far[a] = np.maximum(far[a], far[b])  # a group is as far as its farthest member
        far[:, a] = far[a]
        far[a, a] = np.inf
        far = np.delete(np.delete(far, b, axis=0), b, axis=1)
    return groups
