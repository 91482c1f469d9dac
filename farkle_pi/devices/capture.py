"""What every `cv2.VideoCapture`-backed source shares: read a frame, number it, release."""

from __future__ import annotations

import cv2
import numpy as np

from farkle_pi.devices.frames import Frame, SourceBase


class CaptureSource(SourceBase):
    """A source reading `cv2.VideoCapture`; subclasses say what time a frame was taken."""

    def __init__(self, capture: cv2.VideoCapture) -> None:
        self._capture: cv2.VideoCapture | None = capture
        self._index = 0

    def frame_time(self, index: int) -> float:
        raise NotImplementedError

    def read(self) -> Frame | None:
        if self._capture is None:
            return None
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        frame = Frame(np.asarray(image, np.uint8), self.frame_time(self._index), self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
