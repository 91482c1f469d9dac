"""A reader that knows the script: the true dice of a rendered scene at the frame's time.

It lets tests and benchmarks check the tray's timing and event logic on the
project's sequences apart from how well the still-image reader reads them.
Dice under a hand are hidden from it, as they are from a camera.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

from farkle_pi.devices.frames import Frame, Image
from farkle_pi.traysim.scene import Scene
from farkle_pi.vision.types import DieReading, RotatedBox


class TruthReader:
    """Call `follow(frames)` on the stream the tray reads, then use it as the tray's reader."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.t = 0.0
        self.calls = 0

    def follow(self, frames: Iterable[Frame]) -> Iterator[Frame]:
        for frame in frames:
            self.t = frame.t
            yield frame

    def __call__(self, image: Image) -> Sequence[DieReading]:
        self.calls += 1
        size = float(self.scene.spec.die_px)
        out = []
        for die in self.scene.truth(self.t):
            if self._covered(die.center):
                continue
            x, y = die.center
            half = int(size / 2)
            box = RotatedBox(die.center, (size, size), 0.0)
            out.append(DieReading(
                value=None if die.cocked else die.value, confidence=1.0, center=die.center,
                box=box, bbox=(int(x) - half, int(y) - half, 2 * half, 2 * half),
                colour_name="white", colour_bgr=(235, 235, 235), flat=not die.cocked,
                at_edge=False, touching=False,
            ))
        return out

    def _covered(self, point: tuple[float, float]) -> bool:
        for h in self.scene.spec.hands:
            if h.t_in <= self.t < h.t_out and math.dist(h.tip, point) < h.width:
                return True
        return False
