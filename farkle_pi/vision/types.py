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

    def to_json(self, details: bool = True, size: tuple[int, int] | None = None
                ) -> dict[str, object]:
        """This die as JSON: the `farkle-pi detect --json` contract's keys, exactly, and with
        `details` the other flags after them (`detect --details`, the tray's events). Given the
        picture's (width, height), `bbox` is the part of the die's square inside it (a die at
        the edge: `at_edge`); `self.bbox` stays the whole square, centred on the die."""
        x, y, w, h = self.bbox
        if size is not None:
            x0, y0 = min(max(0, x), size[0] - 1), min(max(0, y), size[1] - 1)
            x, y, w, h = x0, y0, max(1, min(size[0], x + w) - x0), max(1, min(size[1], y + h) - y0)
        out: dict[str, object] = {
            "value": self.value,
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "bbox": [x, y, w, h],
            "confidence": round(self.confidence, 3),
            "color": self.colour_name,
            "flat": self.flat,
        }
        if details:
            out.update(color_bgr=list(self.colour_bgr), at_edge=self.at_edge,
                       touching=self.touching, settled=self.settled)
        return out
