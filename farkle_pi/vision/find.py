"""Find dice: a tiny fully convolutional net marks die centres on a shrunken photo.

The photo is scaled so a die is about 14 px across (from the calibration's die
size, else by fitting the longer side to 224 px), the net gives a centre heat
map at half that resolution plus a sub-cell offset and the log die size, and
local maxima above a threshold become candidates. Reading them is read.py's job.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.model import DETECTOR_FILE, load_net

Image = npt.NDArray[np.uint8]

DETECT_SIDE = 224  # longer side of the detector's input without a calibration
DETECT_DIE_PX = 14.0  # die size the detector sees with a calibration (as byler at 224 px)
MIN_HEAT = 0.2
# Close-ups: a coarse pass (longer side COARSE_SIDE) measures the dice; when its confident
# dice would be over CLOSE_UP_DIE_PX at the default scale, the photo is read at their size
# (but never shrunk below the coarse pass: the net needs context around a die).
COARSE_SIDE = 96
STRONG_HEAT = 0.3
CLOSE_UP_DIE_PX = 24.0
# Two dice cannot lie closer than their side (each holds a circle of that diameter). Boxes
# are up to 1.41 sides and the detector's sizes are rough: closer than CLOSEST x the bigger
# box is one die. With a calibrated side, closer than CLOSEST_SIDES x that side. But touching
# dice merge into one big box that swallows its neighbour: a candidate closer than CLOSEST x
# the bigger box and further than CROWDED x the smaller one is kept as `crowded`, a die only
# if the reader is sure of it.
CLOSEST = 0.55
CROWDED = 0.65
CLOSEST_SIDES = 0.8


@dataclass(frozen=True)
class Candidate:
    """A likely die centre with its size, in input-image pixels, and the net's score."""

    x: float
    y: float
    size: float
    score: float
    crowded: bool = False  # squeezed against a stronger candidate (see CROWDED)


def detector_scale(shape: tuple[int, ...], die_size_px: float | None) -> float:
    """Input-image to detector-image scale factor."""
    if die_size_px:
        return DETECT_DIE_PX / die_size_px
    return DETECT_SIDE / float(max(shape[0], shape[1]))


def find_candidates(image: Image, die_size_px: float | None = None) -> list[Candidate]:
    """Every local maximum of the centre heat map, best first.

    Without a known die size, a close-up (dice bigger than the net saw at the
    default scale, where it marks pips instead) is noticed on a coarse pass at a
    fifth of the cost and read at a scale that fits its dice.
    """
    default_scale = detector_scale(image.shape, None)
    coarse_scale = default_scale * COARSE_SIDE / DETECT_SIDE
    if die_size_px is not None:  # big dice: never smaller than the coarse pass (as below)
        scale = max(detector_scale(image.shape, die_size_px), coarse_scale)
        return _suppress_close(_detect(image, scale), die_size_px)
    half = _half(image)  # both passes would halve the photo first: halve it once
    coarse = _detect(image, coarse_scale, half)
    strong = [c.size for c in coarse if c.score >= STRONG_HEAT]
    size = float(np.median(strong)) if strong else 0.0
    if size * default_scale <= CLOSE_UP_DIE_PX:  # not a close-up: the default scale
        return _suppress_close(_detect(image, default_scale, half), None)
    # the net needs some context around dice: never smaller than the coarse pass
    scale = max(detector_scale(image.shape, size), coarse_scale)
    found = coarse if scale == coarse_scale else _detect(image, scale, half)
    return _suppress_close(found, size)


def _detect(image: Image, scale: float, half: Image | None = None) -> list[Candidate]:
    """Heat-map peaks of the detector run on the image shrunk by scale, best first."""
    h, w = image.shape[:2]
    dw, dh = max(4, round(w * scale / 4) * 4), max(4, round(h * scale / 4) * 4)
    small = shrink(image, dw, dh, half)
    out = load_net(DETECTOR_FILE).run(small[None])[0]
    heat = 1.0 / (1.0 + np.exp(-out[0]))
    peaks = (heat >= MIN_HEAT) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    ys, xs = np.nonzero(peaks)
    sx, sy = w / dw, h / dh
    found = [
        Candidate(
            x=float((x + out[1, y, x]) * 2.0 * sx),
            y=float((y + out[2, y, x]) * 2.0 * sy),
            size=float(np.exp(out[3, y, x]) * (sx + sy) / 2.0),
            score=float(heat[y, x]),
        )
        for y, x in zip(ys.tolist(), xs.tolist(), strict=True)
    ]
    found.sort(key=lambda c: -c.score)
    return found


def _half(image: Image) -> Image:
    """The image at half size, as shrink's first halving makes it."""
    size = (image.shape[1] // 2, image.shape[0] // 2)
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), np.uint8)


def shrink(image: Image, width: int, height: int, half: Image | None = None) -> Image:
    """Area-averaged resize; halving first is twice as fast and looks the same. `half` is
    the image already halved by _half (shared between passes)."""
    if half is not None and image.shape[1] >= 2 * width and image.shape[0] >= 2 * height:
        image = half
    while image.shape[1] >= 2 * width and image.shape[0] >= 2 * height:
        image = _half(image)
    return np.asarray(cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA), np.uint8)


def _suppress_close(found: list[Candidate], die_side: float | None) -> list[Candidate]:
    """Drop a pip-sized candidate inside a bigger one, then a weaker one close to a stronger
    (or keep it as crowded)."""
    found = [
        c for c in found
        if not any(math.hypot(c.x - k.x, c.y - k.y) < 0.45 * k.size and c.size < 0.6 * k.size
                   for k in found)
    ]
    floor = CLOSEST_SIDES * (die_side or 0.0)
    kept: list[Candidate] = []
    for c in found:  # a crowded candidate may be no die: it holds back only crowded ones
        gaps = [(math.hypot(c.x - k.x, c.y - k.y), k) for k in kept]
        if all(gap > max(CLOSEST * max(c.size, k.size), floor) for gap, k in gaps
               if not k.crowded):
            kept.append(c)
        elif all(gap > max(CROWDED * min(c.size, k.size), floor) for gap, k in gaps):
            kept.append(replace(c, crowded=True))
    return kept
