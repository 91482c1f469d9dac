"""Tiny hand-made tray films for the settle/event tests, and a fake reader for them.

A die is a 30 px square whose red channel is 255 and whose green channel says
its face (35 x value); face 0 stands for a die the reader cannot read, 7 for a
cocked one. The fake reader finds the squares by colour, so what it reads comes
from the pictures, as with the real reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from farkle_pi.devices.frames import Frame, Image
from farkle_pi.tray import Tray
from farkle_pi.vision.types import DieReading, RotatedBox

FPS = 15.0
SIZE = (640, 480)
SIDE = 30
Die = tuple[int, int, int]  # x, y, face
THREE: list[Die] = [(100, 100, 1), (200, 150, 5), (300, 300, 3)]  # a small throw


@cache
def _background() -> Image:
    rng = np.random.default_rng(0)
    base = np.full((SIZE[1], SIZE[0], 3), (60, 110, 40), np.uint8)
    return np.asarray(np.clip(base + rng.normal(0, 3, base.shape), 0, 255), np.uint8)


def background() -> Image:
    return _background().copy()


def picture(dice: Sequence[Die], hand: tuple[int, int] | None = None, gain: float = 1.0,
            shift: int = 0, shadow: int = 0) -> Image:
    img = background()
    if shadow:  # someone leaning over the table: the right part of the floor evenly darker
        img[:, -shadow:] = (img[:, -shadow:] * 0.6).astype(np.uint8)
    for x, y, face in dice:
        x += shift
        cv2.rectangle(img, (x - SIDE // 2, y - SIDE // 2), (x + SIDE // 2, y + SIDE // 2),
                      (230, 35 * face, 255), -1)
    if hand is not None:  # an arm from the right edge to a palm at `hand`
        hx, hy = hand
        cv2.rectangle(img, (hx - 40, hy - 45), (SIZE[0], hy + 45), (120, 160, 180), -1)
    return np.asarray(np.clip(img * gain, 0, 255), np.uint8)


@dataclass
class Film:
    """Frames appended scene by scene; `t` is where the next scene starts."""

    frames: list[Frame] = field(default_factory=list)

    @property
    def t(self) -> float:
        return len(self.frames) / FPS

    def add(self, image: Image) -> None:
        self.frames.append(Frame(image, len(self.frames) / FPS, len(self.frames)))

    def waits(self, tray: Tray) -> list[str]:
        """What the tray says holds it up, after each frame."""
        said = []
        for frame in self.frames:
            tray.feed(frame)
            said.append(tray.waiting)
        return said

    def still(self, seconds: float, dice: Sequence[Die] = (), **kw: object) -> Film:
        image = picture(dice, **kw)  # type: ignore[arg-type]
        for _ in range(round(seconds * FPS)):
            self.add(image)
        return self

    def rolling(self, seconds: float, dice: Sequence[Die], shadow: int = 0) -> Film:
        """Dice sliding in from the left, a few pixels a frame, stopping where given."""
        count = round(seconds * FPS)
        for k in range(count):
            self.add(picture(dice, shift=-(count - k) * 6, shadow=shadow))
        return self

    def hand_moving(self, seconds: float, dice: Sequence[Die], start: tuple[int, int],
                    end: tuple[int, int]) -> Film:
        count = round(seconds * FPS)
        for k in range(count):
            u = k / max(count - 1, 1)
            at = (round(start[0] + (end[0] - start[0]) * u), round(start[1] + (end[1] - start[1])
                                                                   * u))
            self.add(picture(dice, hand=at))
        return self


class FakeReader:
    """Reads the squares of a `picture`; counts its calls."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self.flicker: dict[int, list[int]] = {}  # face -> faces returned in turn

    def __call__(self, image: Image) -> Sequence[DieReading]:
        self.calls.append(len(self.calls))
        mask = np.asarray((image[:, :, 2] > 150) & (image[:, :, 0] > 150), np.uint8)
        count, _, stats, centres = cv2.connectedComponentsWithStats(mask)
        found = []
        for label in range(1, count):
            x, y, w, h, area = (int(v) for v in stats[label])
            if area < SIDE * SIDE // 2:
                continue
            cx, cy = (float(v) for v in centres[label])
            _, green, red = (int(v) for v in image[int(cy), int(cx)])
            face = round(green * 255 / red / 35)
            if face in self.flicker:
                face = self.flicker[face][len(self.calls) % len(self.flicker[face])]
            value = face if 1 <= face <= 6 else None
            found.append(DieReading(
                value=value, confidence=0.9, center=(cx, cy),
                box=RotatedBox((cx, cy), (float(w), float(h)), 0.0), bbox=(x, y, w, h),
                colour_name="white", colour_bgr=(230, 230, 230), flat=face != 7,
                at_edge=x <= 0 or y <= 0 or x + w >= SIZE[0] or y + h >= SIZE[1],
                touching=False,
            ))
        return found
