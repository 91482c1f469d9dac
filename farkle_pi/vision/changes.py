"""Find dice as what changed from the empty tray: works for any dice on any cloth.

The detector learned what dice look like from other people's photos and misses dice
unlike them (neon on purple felt, see docs/vision-log.md). A calibrated tray knows its
empty look, so a die-sized patch that differs from it is a die candidate whatever
its colours; the reader then reads it or calls it no die (a hand, a shadow).
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.find import shrink

Image = npt.NDArray[np.uint8]

CHANGED = 40.0  # summed |B|+|G|+|R| difference (blurred) a changed pixel exceeds
MIN_AREA = 0.35  # a spot covers at least this share of a die's top (in die sides squared)
PEAK_GAP = 0.8  # two dice's centres in one spot lie at least this many sides apart
MIN_CORE = 0.25  # a spot's centre lies this many sides from its edge (a die, not a line)
SETTLE_STEPS = 4
WORK_SIDE = 16.0  # px a die's side is shrunk to (never enlarged) before comparing
MOST = 0.5  # share of the picture changed above which the empty look says nothing


def changed_spots(image: Image, reference: Image, die_side: float) -> list[tuple[float, float]]:
    """Centres of die-sized patches that differ from the empty tray; touching dice are split
    at the narrow parts of their patch (peaks of the distance to its edge)."""
    # compared where a die is WORK_SIDE px: a sixth of the work and memory for a 40 px die
    scale = min(1.0, WORK_SIDE / die_side)
    if scale < 1.0:
        width, height = (max(1, round(n * scale)) for n in (image.shape[1], image.shape[0]))
        image, reference = shrink(image, width, height), shrink(reference, width, height)
    spots = _spots(image, reference, die_side * scale)
    return [((x + 0.5) / scale - 0.5, (y + 0.5) / scale - 0.5) for x, y in spots]


def _spots(image: Image, reference: Image, die_side: float) -> list[tuple[float, float]]:
    """changed_spots at the working scale."""
    sigma = max(0.8, die_side / 16.0)
    now = cv2.GaussianBlur(image, (0, 0), sigma).astype(np.int16)
    empty = cv2.GaussianBlur(reference, (0, 0), sigma).astype(np.int16)
    change = now - empty
    # the light drifts (clouds, the camera's exposure): most of the tray is empty, so its
    # median change is the drift, not dice
    change -= np.median(change[::4, ::4].reshape(-1, 3), axis=0).astype(np.int16)
    mask = np.asarray(np.abs(change).sum(axis=2) > CHANGED, np.uint8)
    if float(mask.mean()) > MOST:  # camera moved or the tray is covered: nothing to compare with
        return []
    k = max(3, round(die_side / 6) | 1)
    mask = np.asarray(cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((k, k), np.uint8)), np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    distance = np.asarray(cv2.distanceTransform(mask, cv2.DIST_L2, 3), np.float32)
    gap = max(3, round(PEAK_GAP * die_side) | 1)
    peaks = (distance >= MIN_CORE * die_side) & (
        distance >= cv2.dilate(distance, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (gap, gap))))
    spots: list[tuple[float, float]] = []
    for label in range(1, count):
        if stats[label, cv2.CC_STAT_AREA] < MIN_AREA * die_side * die_side:
            continue
        ys, xs = np.nonzero(peaks & (labels == label))
        order = np.argsort(-distance[ys, xs])
        kept: list[tuple[float, float]] = []
        for y, x in zip(ys[order].tolist(), xs[order].tolist(), strict=True):
            if all((x - kx) ** 2 + (y - ky) ** 2 >= (PEAK_GAP * die_side) ** 2 for kx, ky in kept):
                kept.append((float(x), float(y)))
        if kept:  # a thin patch (an arm's edge, a line of light) has no die-wide core
            spots.extend(_settle(np.column_stack(np.nonzero(labels == label)[::-1]), kept))
    return spots


def _settle(pixels: npt.NDArray[np.intp], seeds: list[tuple[float, float]]
            ) -> list[tuple[float, float]]:
    """Move each seed to the middle of the pixels nearest to it (a few k-means steps): the
    peaks of a patch of touching dice lie towards the contact, the dice's middles do not."""
    points = pixels.astype(np.float32)
    centres = np.array(seeds, np.float32)
    for _ in range(SETTLE_STEPS):
        nearest = ((points[:, None, :] - centres[None]) ** 2).sum(axis=2).argmin(axis=1)
        centres = np.array([points[nearest == k].mean(axis=0) if (nearest == k).any()
                            else centres[k] for k in range(len(centres))], np.float32)
    return [(float(x), float(y)) for x, y in centres]
