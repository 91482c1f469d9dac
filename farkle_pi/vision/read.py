"""Read one die: crop around a candidate, classify the crop, measure its outline.

The crop is axis-aligned (the reader learned every rotation) with side
CROP_SCALE x the die size, shrunk to CROP x CROP. The reader's class 0 means "not a
die"; 1..6 are faces. The crop is read VIEWS times (turned by 90 degrees each) and
the probabilities averaged, which steadies borderline cases. The outline
(rotated box, body mask) comes from the crop's difference to its own border.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.find import Candidate
from farkle_pi.vision.model import READER_FILE, load_net
from farkle_pi.vision.types import RotatedBox

Image = npt.NDArray[np.uint8]

CROP = 40
CROP_SCALE = 1.3
VIEWS = 1  # reads per crop (turned by 90 degrees each, averaged); 2 or 4 barely help


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


def classify(crops: list[Crop], views: int = VIEWS) -> npt.NDArray[np.float32]:
    """N x 7 class probabilities (0 = not a die, 1..6 = face), `views` turns averaged."""
    if not crops:
        return np.zeros((0, 7), np.float32)
    small = np.stack([cv2.resize(c.pixels, (CROP, CROP), interpolation=cv2.INTER_AREA)
                      for c in crops])
    batch = np.concatenate([np.rot90(small, k, axes=(1, 2)) for k in range(views)])
    logits = load_net(READER_FILE).run(batch)
    logits = logits - logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    out: npt.NDArray[np.float32] = probs.reshape(views, len(crops), -1).mean(axis=0)
    return out.astype(np.float32)


def outline(crop: Crop, size: float) -> tuple[RotatedBox, npt.NDArray[np.uint8], bool]:
    """Rotated box (image coordinates), body mask, and whether a die-sized body was found.

    The die is what differs most from the crop's border colour; the blob at the
    centre is kept. Falls back to an upright square of the detector's size.
    """
    px = crop.pixels
    border = np.concatenate([px[0], px[-1], px[:, 0], px[:, -1]]).astype(np.float32)
    ref = np.median(border, axis=0)
    diff = np.abs(px.astype(np.float32) - ref).sum(axis=2)
    diff8 = np.clip(diff, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(diff8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    k = max(1, crop.side // 12)
    mask = np.asarray(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)),
                      np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    mid = (crop.side / 2.0, crop.side / 2.0)
    best = None
    for cnt in contours:
        if cv2.pointPolygonTest(cnt, mid, True) >= -crop.side * 0.1:
            area = cv2.contourArea(cnt)
            if 0.3 * size * size < area < 1.6 * size * size and (
                best is None or area > cv2.contourArea(best)
            ):
                best = cnt
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
