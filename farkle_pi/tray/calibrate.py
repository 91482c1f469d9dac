"""Calibrating the tray from the camera: the empty tray, its outline, and how big a die is.

The reference is the per-pixel median of a few still frames of the empty tray
(noise and a passing flicker vanish). The outline is the region around the
picture's centre that looks like the tray floor, grown from the centre and
simplified to a polygon. The die size is measured on the first still frame that
shows dice: the median side (from the area) of the die-sized blobs unlike the
reference, shadows (the floor evenly darker) left out. The same blobs measure the
camera's perspective (vision/perspective.py) when one lies away from the centre.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from farkle_pi.devices.frames import Frame, Image
from farkle_pi.errors import FarkleError
from farkle_pi.tray.motion import MotionMeter, foreground
from farkle_pi.vision.perspective import measured_stretch
from farkle_pi.vision.types import Point, RotatedBox

REFERENCE_FRAMES = 5
FLOOD_TOLERANCE = 5
MIN_DIE_PX, MAX_DIE_SHARE = 8, 0.2
ROUNDED_SQUARE = 0.97  # area of a die's outline / side squared (rounded corners)
DIE_LEVEL = 22  # grey levels: a white die on white paper still stands out this much


def empty_tray(frames: Iterator[Frame], count: int = REFERENCE_FRAMES) -> Image:
    """The median of the first `count` still frames: the empty tray without noise."""
    meter = MotionMeter()
    still: list[Image] = []
    for frame in frames:
        if meter.is_still(meter.moving_share(frame.image)):
            still.append(frame.image)
        else:
            still.clear()
        if len(still) == count:
            return np.asarray(np.median(np.stack(still), axis=0), np.uint8)
    raise FarkleError("no still view of the empty tray: keep the tray empty and the camera still")


def find_tray(reference: Image) -> tuple[Point, ...]:
    """The tray floor's outline: flood-filled from the picture's centre, as a simple polygon."""
    height, width = reference.shape[:2]
    scale = 160 / width
    small = cv2.resize(reference, (160, round(height * scale)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (5, 5), 0)
    mask = np.zeros((small.shape[0] + 2, small.shape[1] + 2), np.uint8)
    seed = (small.shape[1] // 2, small.shape[0] // 2)
    tol = (FLOOD_TOLERANCE,) * 3
    flags = 4 | cv2.FLOODFILL_MASK_ONLY | (255 << 8)
    cv2.floodFill(small, mask, seed, (0, 0, 0), tol, tol, flags)
    region = cv2.morphologyEx(mask[1:-1, 1:-1], cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    region = cv2.dilate(region, np.ones((5, 5), np.uint8))  # give back what the blur took
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        raise FarkleError("cannot find the tray outline; give it with --tray x,y,x,y,...")
    outline = cv2.convexHull(max(contours, key=cv2.contourArea))
    if cv2.contourArea(outline) < 0.1 * region.size:
        raise FarkleError("the tray outline found is too small; give it with --tray x,y,x,y,...")
    poly = cv2.approxPolyDP(outline, 0.02 * cv2.arcLength(outline, True), True)
    return tuple((round(float(x) / scale, 1), round(float(y) / scale, 1)) for x, y in poly[:, 0])


@dataclass(frozen=True)
class DieMeasure:
    """A die's side in pixels and the perspective its outline shows (None: too near the
    picture's centre to tell)."""

    side: float
    perspective: float | None


def die_size(frames: Iterable[Frame], reference: Image, tray: tuple[Point, ...]) -> DieMeasure:
    """The die (or dice) put into the tray, measured once they lie still."""
    region = np.zeros(reference.shape[:2], np.uint8)
    cv2.fillPoly(region, [np.array(tray, np.int32)], (1,))
    meter = MotionMeter()
    still_for = 0
    for frame in frames:
        still_for = still_for + 1 if meter.is_still(meter.moving_share(frame.image)) else 0
        if still_for < 5:
            continue
        blobs = _die_blobs(foreground(frame.image, reference, region, DIE_LEVEL), region)
        if blobs:
            height, width = reference.shape[:2]
            centre = (width / 2, height / 2)
            stretch = measured_stretch([box for box, _ in blobs], centre, 1)
            sides = [side / math.sqrt(1.0 + (stretch or 0.0) * math.dist(box.center, centre))
                     for box, side in blobs]  # the top face's side: the side face left out
            return DieMeasure(round(float(np.median(sides)), 1),
                              None if stretch is None else round(stretch, 6))
    raise FarkleError("no die seen in the tray: put one die in the tray and keep it still")


def _die_blobs(found: Image, region: Image) -> list[tuple[RotatedBox, float]]:
    """Each die-sized blob's outline and its side from the area."""
    closed = cv2.morphologyEx(found, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    opened = np.asarray(cv2.morphologyEx(closed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    limit = MAX_DIE_SHARE * float(np.count_nonzero(region))
    blobs = []
    for contour in contours:
        (x, y), (w, h), angle = cv2.minAreaRect(contour)
        area = cv2.contourArea(contour)
        square = min(w, h) > 0.7 * max(w, h)
        if min(w, h) >= MIN_DIE_PX and area < limit and square:
            box = RotatedBox((float(x), float(y)), (float(w), float(h)), float(angle))
            blobs.append((box, float(np.sqrt(area / ROUNDED_SQUARE))))
    return blobs


def parse_points(text: str, what: str) -> tuple[Point, ...]:
    """`x,y,x,y,...` (at least three points) from the command line."""
    try:
        numbers = [float(v) for v in text.split(",")]
    except ValueError:
        raise FarkleError(f"{what} must be numbers x,y,x,y,..., not {text!r}") from None
    if len(numbers) % 2 or len(numbers) < 6:
        raise FarkleError(f"{what} needs at least three x,y points, got {text!r}")
    if not all(math.isfinite(v) for v in numbers):
        raise FarkleError(f"{what} must be plain numbers (pixels), not {text!r}")
    points = tuple(zip(numbers[::2], numbers[1::2], strict=True))
    if _sides_cross(points):
        raise FarkleError(f"{what}: its sides cross; give the corners in order round the "
                          "outline")
    return points


def check_holds_dice(points: Sequence[Point], what: str, side: float) -> None:
    """An outline that cannot hold a few dice puts every die "outside": refused, not saved."""
    area = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, [*points[1:], points[0]], strict=True))) / 2
    if area < MIN_DICE_INSIDE * side * side:
        raise FarkleError(f"{what} encloses {area:,.0f} px², less than {MIN_DICE_INSIDE} dice of "
                          f"{side:.0f} px: give the corners of the whole outline")


MIN_DICE_INSIDE = 4  # an outline smaller than this many dice's tops is a mistake


def _sides_cross(points: Sequence[Point]) -> bool:
    """Whether two sides that do not meet at a corner cross (a bow tie: corners out of order)."""
    sides = list(zip(points, [*points[1:], points[0]], strict=True))
    n = len(sides)
    return any(_cross(sides[i], sides[j]) for i in range(n) for j in range(i + 2, n)
               if not (i == 0 and j == n - 1))


def _cross(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    def turn(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2 = turn(*b, a[0]), turn(*b, a[1])
    d3, d4 = turn(*a, b[0]), turn(*a, b[1])
    return d1 * d2 < 0 and d3 * d4 < 0
