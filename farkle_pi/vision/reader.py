"""read_dice: find candidates, read each, measure outline/colour/flags, decide honestly."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.colour import body_colour, colour_name
from farkle_pi.vision.find import Candidate, find_candidates
from farkle_pi.vision.read import classify, cut, outline, straighten
from farkle_pi.vision.types import DieReading, RotatedBox

Image = npt.NDArray[np.uint8]

NOT_DIE = 0.5  # reader's "not a die" probability above which a weak candidate is dropped
WEAK_HEAT = 0.5  # detector score below which the reader may veto a candidate
MIN_CONFIDENCE = 0.7  # below this the value is reported as unreadable (None)
COCKED_ASPECT = 1.6  # outline longer/shorter side above this: a die leaning on something
MIN_REFERENCE_DIFF = 12.0  # mean grey difference to the empty tray a die must exceed


def read_dice(image_bgr: Image, calibration: Calibration | None = None) -> list[DieReading]:
    """Every die in a BGR photo, best-scored first; see the package docstring."""
    if image_bgr.ndim == 2:
        image_bgr = np.asarray(cv2.cvtColor(image_bgr, cv2.COLOR_GRAY2BGR), np.uint8)
    image = np.ascontiguousarray(image_bgr[:, :, :3]).astype(np.uint8)
    size_hint = calibration.die_size_px if calibration else None
    cands = find_candidates(image, size_hint)
    if calibration is not None:
        cands = _in_tray(image, cands, calibration)
    crops = [cut(image, c) for c in cands]
    outlines = [outline(crop, c.size) for crop, c in zip(crops, cands, strict=True)]
    probs = classify([straighten(image, c, box if body else None)
                      for c, (box, _, body) in zip(cands, outlines, strict=True)])
    kept: list[tuple[Candidate, npt.NDArray[np.float32], RotatedBox, tuple[int, int, int]]] = []
    for cand, crop, (box, mask, body), p in zip(cands, crops, outlines, probs, strict=True):
        if p[0] > NOT_DIE and cand.score < WEAK_HEAT:
            continue
        if not body and float(p[1:].max()) < MIN_CONFIDENCE:
            continue  # no die-sized body and no sure face: a speck or a stain, not a die
        kept.append((cand, p, box, body_colour(crop.pixels, mask)))
    h, w = image.shape[:2]
    out: list[DieReading] = []
    for cand, p, box, bgr in kept:
        value = int(np.argmax(p[1:])) + 1
        conf = float(p[value])
        long_side, short_side = max(box.size), max(1.0, min(box.size))
        flat = long_side / short_side < COCKED_ASPECT
        half = cand.size / 2.0
        bbox = (round(cand.x - half), round(cand.y - half), round(cand.size), round(cand.size))
        at_edge = (bbox[0] <= 1 or bbox[1] <= 1 or bbox[0] + bbox[2] >= w - 1
                   or bbox[1] + bbox[3] >= h - 1)
        if calibration is not None and calibration.regions():
            corners = [(bbox[0], bbox[1]), (bbox[0] + bbox[2], bbox[1]),
                       (bbox[0], bbox[1] + bbox[3]), (bbox[0] + bbox[2], bbox[1] + bbox[3])]
            at_edge = at_edge or not all(calibration.inside(c) for c in corners)
        touching = any(
            other is not cand and np.hypot(other.x - cand.x, other.y - cand.y)
            < 0.62 * (other.size + cand.size)
            for other, *_ in kept
        )
        readable = conf >= MIN_CONFIDENCE
        out.append(DieReading(
            value=value if readable else None,
            confidence=conf,
            center=(cand.x, cand.y),
            box=box,
            bbox=bbox,
            colour_name=colour_name(bgr),
            colour_bgr=bgr,
            flat=flat,
            at_edge=at_edge,
            touching=touching,
        ))
    return out


def _in_tray(image: Image, cands: list[Candidate], cal: Calibration) -> list[Candidate]:
    """Keep candidates inside the tray/keep zone that differ from the empty tray."""
    ref = cal.reference()
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    ref_grey = None
    if ref is not None and ref.shape[:2] == image.shape[:2]:
        ref_grey = cv2.cvtColor(ref, cv2.COLOR_BGR2GRAY).astype(np.float32)
    kept = []
    for c in cands:
        if not cal.inside((c.x, c.y)):
            continue
        if ref_grey is not None:
            r = max(2, round(c.size / 4))
            x, y = round(c.x), round(c.y)
            diff = np.abs(grey[y - r:y + r, x - r:x + r] - ref_grey[y - r:y + r, x - r:x + r])
            if diff.size and float(diff.mean()) < MIN_REFERENCE_DIFF:
                continue
        kept.append(c)
    return kept
