"""Annotated picture of a reading: outline, value (or ?) and confidence per die."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.types import DieReading

Image = npt.NDArray[np.uint8]


def draw_readings(image: Image, readings: list[DieReading]) -> Image:
    """A copy of the image with each die's rotated box and label drawn on it.

    Green: read and flat; orange: read but flagged (cocked, edge); red: unreadable.
    """
    out = image.copy()
    scale = max(1.0, max(image.shape[:2]) / 640.0)
    for r in readings:
        colour = (0, 200, 0)
        if r.value is None:
            colour = (0, 0, 255)
        elif not r.flat or r.at_edge:
            colour = (0, 140, 255)
        pts = cv2.boxPoints((r.box.center, r.box.size, r.box.angle)).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, max(1, round(2 * scale)), cv2.LINE_AA)
        text = f"{r.value if r.value is not None else '?'} {r.confidence:.2f}"
        x, y = r.bbox[0], max(10, r.bbox[1] - 3)
        for thick, col in ((max(2, round(3 * scale)), (0, 0, 0)), (max(1, round(scale)), colour)):
            cv2.putText(out, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, 0.45 * scale, col, thick,
                        cv2.LINE_AA)
    return out
