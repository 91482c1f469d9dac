"""Tray calibration: what an empty tray looks like, where it is, how big a die is, and how
much of a die's side faces the camera sees away from the picture's centre.

`farkle-pi calibrate` produces it; the reader uses it when given: detections outside
the tray polygon are dropped, a die must differ from the empty-tray reference image,
die-sized patches that differ from it are candidates too (vision/changes.py), and
the known die size sets the scale the detector works at.
"""

from __future__ import annotations

import difflib
import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeGuard

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError
from farkle_pi.files import write_whole
from farkle_pi.vision.learned import LearnedDice
from farkle_pi.vision.types import Point

FIELDS = ("reference_image", "tray_polygon", "keep_zone_polygon", "die_size_px", "perspective",
          "learned_dice")
DIE_SIDE_PX = (4.0, 4000.0)  # a die's side a calibration may give, in pixels
MAX_PERSPECTIVE = 0.05  # per pixel: a lens with a focal length of 20 px would be past it


@dataclass(frozen=True)
class Calibration:
    """Empty-tray reference image, tray outline, optional keep zone, die size in px,
    the perspective: how much longer than wide a flat die looks per pixel from the picture's
    centre (vision/perspective.py; None: not measured), and the tray's learned dice."""

    reference_image: Path | None = None
    tray_polygon: tuple[Point, ...] = ()
    keep_zone_polygon: tuple[Point, ...] = ()
    die_size_px: float | None = None
    perspective: float | None = None
    learned: LearnedDice | None = None  # the tray's own dice (vision/learned.py), if learned
    _reference: list[npt.NDArray[np.uint8]] = field(default_factory=list, compare=False,
                                                     repr=False)

    @classmethod
    def load(cls, path: Path) -> Calibration:
        """Read a calibration JSON; a relative reference path is relative to the file.

        Every field is checked here: a typo must not quietly read a tray as empty."""
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise FarkleError(f"cannot read calibration {path}: {error.strerror or error} "
                              "(give the file `farkle-pi calibrate` wrote)") from error
        except ValueError as error:  # not UTF-8, or not JSON: a photo or a config given by mistake
            raise FarkleError(f"calibration {path} is not a calibration file ({error}): give "
                              "the JSON file `farkle-pi calibrate` wrote") from error
        if not isinstance(raw, dict) or not raw:
            raise FarkleError(f"calibration {path}: expected a JSON object with reference_image, "
                              "tray_polygon, keep_zone_polygon and die_size_px")
        for key in raw:
            if key not in FIELDS:
                close = difflib.get_close_matches(str(key), FIELDS, n=1)
                hint = f"did you mean {close[0]}? " if close else ""
                raise FarkleError(f"calibration {path}: unknown field {json.dumps(key)}: {hint}"
                                  f"the fields are {', '.join(FIELDS)}")
        ref = raw.get("reference_image")
        if ref is not None and not isinstance(ref, str):
            raise FarkleError(f"calibration {path}: reference_image must be a file name or null")
        ref_path = None if ref is None else (path.parent / ref)
        if ref_path is not None and not ref_path.is_file():
            raise FarkleError(f"calibration {path}: reference_image {ref} is not there "
                              f"(looked in {path.parent}); calibrate again or set it to null")
        return cls(
            reference_image=ref_path,
            tray_polygon=_polygon(raw, "tray_polygon", path),
            keep_zone_polygon=_polygon(raw, "keep_zone_polygon", path),
            die_size_px=_die_size(raw, path),
            perspective=_perspective(raw, path),
            learned=(None if raw.get("learned_dice") is None
                     else LearnedDice.from_json(raw["learned_dice"], f"calibration {path}")),
        )

    def save(self, path: Path) -> None:
        """Write the calibration as JSON, the reference image relative to the file when it
        lies beside it (so that the file can be written again after `load`)."""
        raw: dict[str, object] = {
            "reference_image": self._reference_text(path),
            "tray_polygon": [list(p) for p in self.tray_polygon],
            "keep_zone_polygon": [list(p) for p in self.keep_zone_polygon],
            "die_size_px": self.die_size_px,
            "perspective": self.perspective,
        }
        if self.learned is not None:
            raw["learned_dice"] = self.learned.to_json()
        try:  # a full disk or a power cut leaves the old file whole
            write_whole(path, (json.dumps(raw, indent=1) + "\n").encode("utf-8"))
        except OSError as error:
            raise FarkleError(f"cannot save the calibration {path}: {error.strerror or error} "
                              "(free some space, or give a folder you can write to)") from None

    def _reference_text(self, path: Path) -> str | None:
        ref = self.reference_image
        if ref is None:
            return None
        if not ref.is_absolute() and ref.parent == Path("."):
            return str(ref)  # a name beside the file, as `farkle-pi calibrate` gives it
        try:
            return str(ref.resolve().relative_to(path.parent.resolve()))
        except ValueError:
            return str(ref.resolve())

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

    def for_this_reader(self) -> tuple[Calibration, bool]:
        """This calibration as the installed dice reader can use it, and whether its learned
        dice were left out: dice learned on the reader before an update no longer fit it, and
        the tray then reads as it did before they were learned, rather than not at all."""
        if self.learned is None:
            return self, False
        try:
            self.learned.check_fits()
        except FarkleError:
            return replace(self, learned=None), True
        return self, False

    def check_fits(self, width: int, height: int) -> None:
        """A one-line error for a picture this calibration was not made on: its tray outline
        and die size are in another picture's pixels, so it would read the tray wrongly."""
        ref = self.reference()
        if ref is not None and ref.shape[:2] != (height, width):
            raise FarkleError(
                f"this picture is {width}x{height} px but the calibration was made on "
                f"{ref.shape[1]}x{ref.shape[0]} px pictures (its empty-tray image "
                f"{self.reference_image}): calibrate again with this camera size, "
                "or leave the calibration out")
        boxes = [cv2.boundingRect(polygon) for polygon in self.regions()]
        if boxes and not any(x < width and y < height and x + w > 0 and y + h > 0
                             for x, y, w, h in boxes):
            raise FarkleError(
                f"the calibration's tray outline lies outside this {width}x{height} px picture: "
                "calibrate again with this camera, or leave the calibration out")

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


def _number(value: object) -> TypeGuard[float]:
    """A finite JSON number (true and false are not numbers here)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _polygon(raw: dict[str, object], key: str, path: Path) -> tuple[Point, ...]:
    """A polygon field: empty (or null, or absent), or three or more [x, y] points."""
    points = raw.get(key)
    if points is None:
        return ()
    if (not isinstance(points, list) or 0 < len(points) < 3
            or not all(isinstance(p, list) and len(p) == 2 and all(_number(v) for v in p)
                       for p in points)):
        raise FarkleError(f"calibration {path}: {key} must be a list of three or more [x, y] "
                          "points, or empty ([] or null)")
    return tuple((float(x), float(y)) for x, y in points)


def die_side(size: object, what: str) -> float:
    """`size` as a die's side in pixels, or a one-line error naming `what` (a field, an option)."""
    low, high = DIE_SIDE_PX
    if not _number(size) or not low <= size <= high:
        raise FarkleError(f"{what} must be a die's side in pixels, {low:g} to {high:g}; "
                          f"not {json.dumps(size)}")
    return float(size)


def _die_size(raw: dict[str, object], path: Path) -> float | None:
    """die_size_px: null, or a die's side in pixels."""
    size = raw.get("die_size_px")
    return None if size is None else die_side(size, f"calibration {path}: die_size_px (or null)")


def _perspective(raw: dict[str, object], path: Path) -> float | None:
    """perspective: null (or absent, as before it was measured), or 0 to MAX_PERSPECTIVE."""
    value = raw.get("perspective")
    if value is None:
        return None
    if not _number(value) or not 0.0 <= value <= MAX_PERSPECTIVE:
        raise FarkleError(f"calibration {path}: perspective must be 0 to {MAX_PERSPECTIVE:g} "
                          f"(or null), not {json.dumps(value)}: calibrate again")
    return float(value)
