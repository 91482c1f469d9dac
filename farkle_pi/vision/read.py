"""Read one die: crop around a candidate, classify the crop, measure its outline.

A square cut of side CROP_SCALE x the die size gives the die's outline (rotated
box, body mask) from its difference to the cut's own border. The reader then sees
the die straightened: turned so its sides are upright and centred on its body,
CROP x CROP pixels, so it only has to tell faces apart in four orientations (a die
without a clear outline is read unturned; the reader also learned any rotation).
The reader's class 0 means "not a die"; 1..6 are faces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError
from farkle_pi.vision.colour import colour_distance
from farkle_pi.vision.find import Candidate
from farkle_pi.vision.learned import LearnedDice
from farkle_pi.vision.model import READER_FILE, load_net
from farkle_pi.vision.types import RotatedBox

Image = npt.NDArray[np.uint8]

CROP = 40
CROP_SCALE = 1.3
CLOSE_VIEW_SCALE = 1.0  # the close reader sees the die's top only (its training's --view-scale)
RECENTRE = 0.35  # the body's centre is trusted within this share of the die size


@dataclass(frozen=True)
class Crop:
    """A candidate's square crop and where it sits in the image."""

    pixels: Image
    x0: int
    y0: int
    side: int


def cut(image: Image, cand: Candidate) -> Crop:
    """Square crop of side CROP_SCALE x size around the candidate, borders replicated."""
    side = max(8, round(cand.size * CROP_SCALE))
    x0, y0 = round(cand.x - side / 2), round(cand.y - side / 2)
    h, w = image.shape[:2]
    pad = [max(0, -y0), max(0, y0 + side - h), max(0, -x0), max(0, x0 + side - w)]
    part = image[max(0, y0):min(h, y0 + side), max(0, x0):min(w, x0 + side)]
    if any(pad):
        part = np.asarray(cv2.copyMakeBorder(part, pad[0], pad[1], pad[2], pad[3],
                                             cv2.BORDER_REPLICATE), np.uint8)
    return Crop(np.ascontiguousarray(part).astype(np.uint8), x0, y0, side)


def straighten(image: Image, cand: Candidate, box: RotatedBox | None,
               scale: float = CROP_SCALE, out: int = CROP) -> Image:
    """out x out view of side scale x die size, turned upright by the outline if known.

    Training cuts its crops with this same function, so the reader sees dice the
    way it learned them.
    """
    centre, angle = (cand.x, cand.y), 0.0
    if box is not None:
        angle = box.angle
        if math.hypot(box.center[0] - cand.x, box.center[1] - cand.y) < RECENTRE * cand.size:
            centre = box.center
    zoom = out / max(4.0, scale * cand.size)
    if zoom < 0.8:  # shrinking: smooth first, as warpAffine samples without averaging
        sigma = 0.5 * (1.0 / zoom - 1.0) + 0.2
        r = int(0.75 * scale * cand.size + 3 * sigma) + 2
        x0, y0 = max(0, round(centre[0]) - r), max(0, round(centre[1]) - r)
        part = image[y0:round(centre[1]) + r, x0:round(centre[0]) + r]
        image = np.asarray(cv2.GaussianBlur(part, (0, 0), sigma), np.uint8)
        centre = (centre[0] - x0, centre[1] - y0)
    m = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), float(angle), zoom)
    m[:, 2] += np.array([out / 2.0 - centre[0], out / 2.0 - centre[1]])
    turned = cv2.warpAffine(image, m, (out, out), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(turned, np.uint8)


def classify(views: list[Image], net: str = READER_FILE, learned: LearnedDice | None = None
             ) -> npt.NDArray[np.float32]:
    """N x 7 class probabilities (0 = not a die, 1..6 = face) for CROP x CROP views; the
    first reader scores with a tray's learned dice when given them."""
    if not views:
        return np.zeros((0, 7), np.float32)
    if learned is not None and net == READER_FILE:
        logits = learned.scores(views)
    else:
        logits = load_net(net).run(np.stack(views))
    if logits.shape != (len(views), 7):
        raise FarkleError(f"model {net} gives {logits.shape[1:]} per view, not 7 classes: "
                          "it is not a dice reader (check $FARKLE_MODELS or models/)")
    logits = logits - logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    out: npt.NDArray[np.float32] = probs.astype(np.float32)
    return out


Outline = tuple[RotatedBox, npt.NDArray[np.uint8], bool]  # box, body mask, die-sized body found


def outline(crop: Crop, size: float, others: Sequence[tuple[float, float]] = ()) -> Outline:
    """Rotated box (image coordinates), body mask, and whether a die-sized body was found.

    The die is what differs most from the crop's border colour; the blob at the
    centre is kept. Pixels nearer another die's centre (`others`, image coordinates)
    are that die's: without this, two dice side by side merge into one long outline,
    which a tray takes for a leaning die. Falls back to an upright square of the
    detector's size.
    """
    px = crop.pixels
    border = np.sort(np.concatenate([px[0], px[-1], px[:, 0], px[:, -1]]), axis=0)
    n = len(border)  # the border's median colour (np.median is slow on such small arrays)
    ref = (border[(n - 1) // 2].astype(np.float32) + border[n // 2]) / np.float32(2.0)
    diff = colour_distance(px, ref)
    diff8 = np.clip(diff, 0, 255).astype(np.uint8)
    _, otsu = cv2.threshold(diff8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    k = max(1, crop.side // 12)
    mask = np.asarray(cv2.morphologyEx(otsu, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)),
                      np.uint8)
    _cut_neighbours(mask, crop, others)
    mid = (crop.side / 2.0, crop.side / 2.0)
    best = _central_body(mask, mid, crop.side, size)
    fallback = RotatedBox((crop.x0 + mid[0], crop.y0 + mid[1]), (size * 0.8, size * 0.8), 0.0)
    if best is None:
        body = np.zeros_like(mask)
        q = crop.side // 4
        body[q:-q, q:-q] = 255
        return fallback, body, False
    (cx, cy), (bw, bh), ang = cv2.minAreaRect(best)
    body = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(body, [best], -1, (255,), -1)
    return RotatedBox((crop.x0 + cx, crop.y0 + cy), (bw, bh), float(ang)), body, True


def _central_body(mask: npt.NDArray[np.uint8], mid: tuple[float, float], side: int,
                  size: float) -> npt.NDArray[np.int32] | None:
    """The biggest die-sized blob of the mask at (or next to) the crop's middle."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    best: npt.NDArray[np.int32] | None = None
    for cnt in contours:
        if cv2.pointPolygonTest(cnt, mid, True) >= -side * 0.1:
            area = cv2.contourArea(cnt)
            if 0.3 * size * size < area < 1.6 * size * size and (
                best is None or area > cv2.contourArea(best)
            ):
                best = np.asarray(cnt, np.int32)
    return best


def _cut_neighbours(mask: npt.NDArray[np.uint8], crop: Crop,
                    others: Sequence[tuple[float, float]]) -> None:
    """Clear the mask's pixels nearer another centre than the crop's own (in place): the
    half-plane beyond the line halfway between the two centres."""
    mid = crop.side / 2.0
    for x, y in others:
        dx, dy = x - crop.x0 - mid, y - crop.y0 - mid
        gap = math.hypot(dx, dy)
        if gap == 0.0 or gap > 2.0 * crop.side:
            continue
        ux, uy = dx / gap, dy / gap  # towards the other die
        far = 4.0 * crop.side
        cx, cy = mid + dx / 2.0, mid + dy / 2.0  # halfway
        corners = [(cx - uy * far, cy + ux * far), (cx + uy * far, cy - ux * far),
                   (cx + uy * far + ux * far, cy - ux * far + uy * far),
                   (cx - uy * far + ux * far, cy + ux * far + uy * far)]
        # pixel (i, j) is the square [j, j+1) x [i, i+1): its centre is at + 0.5
        points = np.round((np.array(corners) - 0.5) * 16).astype(np.int32)
        cv2.fillConvexPoly(mask, points, (0,), cv2.LINE_8, 4)
