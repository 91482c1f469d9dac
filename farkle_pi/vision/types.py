"""What the reader reports about one die: plain frozen data, no OpenCV types."""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class RotatedBox:
    """A die's outline as OpenCV's rotated rectangle: centre, (w, h), angle in degrees."""

    center: Point
    size: tuple[float, float]
    angle: float


@dataclass(frozen=True)
class DieReading:
    """One die found in a picture, in that picture's pixel coordinates.

    ``value`` is the face pointing up, or None when the reader cannot tell
    (leaning die, cut by the edge, odd face, blur): the caller should ask for a
    re-throw or a correction rather than guess. ``confidence`` is the reader's
    probability for ``value`` (for None: for its best guess). ``settled``: the first
    reader was unsure and another reader, sure of the same face, settled it; on dice no
    reader saw, such agreements are often wrong (docs/vision-log.md), so the table names them.
    """

    value: int | None
    confidence: float
    center: Point
    box: RotatedBox
    bbox: tuple[int, int, int, int]
    colour_name: str
    colour_bgr: tuple[int, int, int]
    flat: bool
    at_edge: bool
    touching: bool
    settled: bool = False

    def to_json(self) -> dict[str, object]:
        """The `farkle-pi detect --json` form of this die."""
        return {
            "value": self.value,
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "bbox": list(self.bbox),
            "confidence": round(self.confidence, 3),
            "color": self.colour_name,
            "color_bgr": list(self.colour_bgr),
            "flat": self.flat,
            "at_edge": self.at_edge,
            "touching": self.touching,
            "settled": self.settled,
        }
