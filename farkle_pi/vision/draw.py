"""Annotated picture of a reading: outline, value (or ?) and confidence per die."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.types import DieReading

Image = npt.NDArray[np.uint8]


def draw_readings(image: Image, readings: list[DieReading]) -> Image:
    """A copy of the image with each die's rotated box and label drawn on it.

    Green: read and flat; orange: read but flagged (cocked, edge); red: unreadable. The labels
    go on after every box, each on a dark patch, so a neighbour's box never hides one.
    """
    out = image.copy()
    scale = max(1.0, max(image.shape[:2]) / 640.0)
    colours = [_colour(r) for r in readings]
    for r, colour in zip(readings, colours, strict=True):
        pts = cv2.boxPoints((r.box.center, r.box.size, r.box.angle)).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, max(1, round(2 * scale)), cv2.LINE_AA)
    font, size, thick = cv2.FONT_HERSHEY_SIMPLEX, 0.45 * scale, max(1, round(scale))
    for r, colour in zip(readings, colours, strict=True):
        text = f"{r.value if r.value is not None else '?'} {r.confidence:.2f}"
        (w, h), base = cv2.getTextSize(text, font, size, thick)
        x = max(1, min(r.bbox[0], out.shape[1] - w - 2))  # a die at the right edge: label inside
        y = max(h + 2, r.bbox[1] - 3)
        cv2.rectangle(out, (x - 1, y - h - 2), (x + w + 1, y + base), (0, 0, 0), cv2.FILLED)
        cv2.putText(out, text, (x, y), font, size, colour, thick, cv2.LINE_AA)
    return out


def _colour(reading: DieReading) -> tuple[int, int, int]:
    if reading.value is None:
        return (0, 0, 255)
    if not reading.flat or reading.at_edge:
        return (0, 140, 255)
    return (0, 200, 0)
