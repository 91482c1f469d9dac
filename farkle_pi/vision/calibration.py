"""Tray calibration: what an empty tray looks like, where it is, how big a die is.

A later issue produces it; the reader uses it when given: detections outside the
tray polygon are dropped, a die must differ from the empty-tray reference image,
and the known die size sets the scale the detector works at.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError
from farkle_pi.vision.types import Point


@dataclass(frozen=True)
class Calibration:
    """Empty-tray reference image, tray outline, optional keep zone, die size in px."""

    reference_image: Path | None = None
    tray_polygon: tuple[Point, ...] = ()
    keep_zone_polygon: tuple[Point, ...] = ()
    die_size_px: float | None = None
    _reference: list[npt.NDArray[np.uint8]] = field(default_factory=list, compare=False,
                                                     repr=False)

    @classmethod
    def load(cls, path: Path) -> Calibration:
        """Read a calibration JSON; a relative reference path is relative to the file."""
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise FarkleError(f"cannot read calibration {path}: {error}") from error
        ref = raw.get("reference_image")
        ref_path = None if ref is None else (path.parent / str(ref))
        size = raw.get("die_size_px")
        return cls(
            reference_image=ref_path,
            tray_polygon=tuple((float(x), float(y)) for x, y in raw.get("tray_polygon", [])),
            keep_zone_polygon=tuple(
                (float(x), float(y)) for x, y in raw.get("keep_zone_polygon", [])
            ),
            die_size_px=None if size is None else float(size),
        )

    def save(self, path: Path) -> None:
        """Write the calibration as JSON (the reference path as given)."""
        raw = {
            "reference_image": None if self.reference_image is None else str(self.reference_image),
            "tray_polygon": [list(p) for p in self.tray_polygon],
            "keep_zone_polygon": [list(p) for p in self.keep_zone_polygon],
            "die_size_px": self.die_size_px,
        }
        path.write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")

    def reference(self) -> npt.NDArray[np.uint8] | None:
        """The empty-tray image (loaded once), or None when there is none."""
        if self.reference_image is None:
            return None
        if not self._reference:
            img = cv2.imread(str(self.reference_image), cv2.IMREAD_COLOR)
            if img is None:
                raise FarkleError(f"cannot read reference image {self.reference_image}")
            self._reference.append(img.astype(np.uint8))
        return self._reference[0]

    def regions(self) -> list[npt.NDArray[np.float32]]:
        """The polygons a die may lie in (tray and keep zone); empty = anywhere."""
        return [np.array(p, np.float32) for p in (self.tray_polygon, self.keep_zone_polygon)
                if len(p) >= 3]

    def inside(self, point: Point) -> bool:
        """True when the point lies in the tray or the keep zone (or no tray is known)."""
        regions = self.regions()
        return not regions or any(
            cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), False) >= 0
            for poly in regions
        )
