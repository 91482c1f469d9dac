"""Cheap motion and hand checks on a shrunken frame: the per-frame cost while waiting.

Every frame is shrunk to about 160 px wide and blurred a little; the count of
pixels that changed since the previous frame, in any colour channel, says whether
anything moves. Only
when the picture is still does the hand check run: against the empty-tray
reference (brightness-matched), a foreground blob much bigger than a die, or one
that reaches in from the tray border, is a hand or arm.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.devices.frames import Image

SMALL_WIDTH = 160
Mask = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class MotionConfig:
    """Thresholds, in grey levels and in shares of the shrunken frame."""

    diff_level: int = 18
    still_share: float = 0.0008
    foreground_level: int = 40
    hand_die_areas: float = 6.0
    border_die_areas: float = 2.5


class MotionMeter:
    """Feeds on full frames; tells the moving share and whether a hand is in view."""

    def __init__(
        self,
        reference: Image | None = None,
        tray_polygon: tuple[tuple[float, float], ...] = (),
        die_size_px: float | None = None,
        config: MotionConfig | None = None,
    ) -> None:
        self.config = config or MotionConfig()
        self._previous: Image | None = None  # the last frame, shrunk and blurred
        self._colour: Image | None = None
        self._scale = 1.0
        self._reference_image = reference
        self._reference: Image | None = None
        self._tray_polygon = tray_polygon
        self._tray_mask: Mask | None = None
        self._die_size_px = die_size_px

    def shrink(self, image: Image) -> Image:
        """About 160 px wide (kept for the hand check), then lightly blurred: what the motion
        check looks at."""
        height, width = image.shape[:2]
        self._scale = SMALL_WIDTH / width
        size = (SMALL_WIDTH, max(1, round(height * self._scale)))
        step = max(1, width // (2 * SMALL_WIDTH))  # skip pixels first: big frames cost no more
        small = np.asarray(cv2.resize(image[::step, ::step], size, interpolation=cv2.INTER_AREA),
                           np.uint8)
        self._colour = small
        return np.asarray(cv2.blur(small, (3, 3)), np.uint8)

    def moving_share(self, image: Image) -> float:
        """Share of pixels that changed since the last frame (1.0 for the first frame), in any
        colour channel: a red die sliding on brown wood is nearly as bright as the wood (in
        grey alone it went unseen below 8 px a frame; now below 4)."""
        small = self.shrink(image)
        previous, self._previous = self._previous, small
        if previous is None or previous.shape != small.shape:
            return 1.0
        blue, green, red = cv2.split(cv2.absdiff(small, previous))
        diff = cv2.max(cv2.max(blue, green), red)  # numpy's max over channels: 70x the time
        changed = int(np.count_nonzero(diff > self.config.diff_level))
        return changed / int(small.shape[0] * small.shape[1])

    def is_still(self, share: float) -> bool:
        return share <= self.config.still_share

    @property
    def sees_hands(self) -> bool:
        """Whether hand_in_view can see a hand at all (it needs the empty-tray picture)."""
        return self._reference_image is not None

    def hand_in_view(self) -> bool:
        """True when the last frame shows a hand or arm (needs the empty-tray reference)."""
        colour = self._colour
        if colour is None or not self.sees_hands:
            return False
        found = self._foreground(colour, self._small_reference(colour.shape))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(found, connectivity=8)
        die_area = self._die_area_small()
        border = self._border_ring(colour.shape[:2])
        for label in range(1, count):
            area = int(stats[label, cv2.CC_STAT_AREA])
            if area >= self.config.hand_die_areas * die_area:
                return True
            if area >= self.config.border_die_areas * die_area and np.any(
                labels[border] == label
            ):
                return True
        return False

    def _border_ring(self, shape: tuple[int, ...]) -> npt.NDArray[np.bool_]:
        """Pixels on the tray's edge (or the frame's edge when no tray is known)."""
        mask = self._tray_region(shape)
        if mask is None:
            mask = np.zeros(shape[:2], np.uint8)
            mask[1:-1, 1:-1] = 1
            return np.asarray(mask == 0)
        inner = cv2.erode(mask, np.ones((3, 3), np.uint8))
        return np.asarray((mask > 0) & (inner == 0))

    def _foreground(self, colour: Image, reference: Image) -> Mask:
        mask = self._tray_region(colour.shape)
        return foreground(colour, reference, mask, self.config.foreground_level)

    def _small_reference(self, shape: tuple[int, ...]) -> Image:
        if self._reference is None or self._reference.shape != shape:
            assert self._reference_image is not None
            self._reference = np.asarray(
                cv2.resize(self._reference_image, (shape[1], shape[0]),
                           interpolation=cv2.INTER_AREA), np.uint8)
        return self._reference

    def _tray_region(self, shape: tuple[int, ...]) -> Mask | None:
        """The tray polygon (grown by a margin, so a hand on the rim counts) as a mask."""
        if len(self._tray_polygon) < 3:
            return None
        if self._tray_mask is None or self._tray_mask.shape != shape[:2]:
            mask = np.zeros(shape[:2], np.uint8)
            points = np.array(self._tray_polygon, np.float32) * self._scale
            cv2.fillPoly(mask, [np.round(points).astype(np.int32)], (1,))
            self._tray_mask = np.asarray(cv2.dilate(mask, np.ones((5, 5), np.uint8)), np.uint8)
        return self._tray_mask

    def _die_area_small(self) -> float:
        size = (self._die_size_px or 48.0) * self._scale
        return size * size


def foreground(colour: Image, reference: Image, region: Mask | None, level: int) -> Mask:
    """Pixels unlike the empty tray in any channel once brightness is matched, in the region.

    Shadows (the floor evenly darker in every channel: someone leaning over the
    table, a die's own shadow) are not foreground; skin and dice change the colour.
    """
    inside = np.ones(colour.shape[:2], bool) if region is None else region > 0
    gain = float(np.median(reference[inside])) / max(float(np.median(colour[inside])), 1.0)
    matched = np.asarray(cv2.convertScaleAbs(colour, alpha=gain), np.uint8)
    diff = cv2.absdiff(matched, reference).max(axis=2)
    found = np.asarray((diff > level) & ~_shadow(matched, reference), np.uint8)
    if region is not None:
        found &= region
    return np.asarray(cv2.morphologyEx(found, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)))


def _shadow(image: Image, reference: Image) -> npt.NDArray[np.bool_]:
    """Where the picture is the floor darkened evenly in every channel."""
    ratio = (image.astype(np.float32) + 1) / (reference.astype(np.float32) + 1)
    darker = np.all((ratio > 0.25) & (ratio < 0.97), axis=2)
    even = (ratio.max(axis=2) - ratio.min(axis=2)) < 0.15
    return np.asarray(darker & even)
