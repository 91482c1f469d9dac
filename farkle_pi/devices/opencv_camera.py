"""Any camera OpenCV can open by index: a USB webcam on a laptop or a Pi."""

from __future__ import annotations

import time

import cv2
import numpy as np

from farkle_pi.devices.frames import Frame, SourceBase
from farkle_pi.errors import FarkleError


class OpenCVSource(SourceBase):
    """Frames from `cv2.VideoCapture(index)`, asked for the given size and rate."""

    def __init__(self, index: int = 0, size: tuple[int, int] = (640, 480), fps: float = 15.0):
        self._capture: cv2.VideoCapture | None = cv2.VideoCapture(index)
        if not self._capture.isOpened():
            self._capture.release()
            raise FarkleError(
                f"no camera found: OpenCV cannot open camera {index}; "
                f"check the USB cable or use --source with another index, picamera2 or a video"
            )
        self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._capture.set(cv2.CAP_PROP_FPS, fps)
        self.fps = fps
        self._start = time.monotonic()
        self._index = 0

    def read(self) -> Frame | None:
        if self._capture is None:
            return None
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        frame = Frame(np.asarray(image, np.uint8), time.monotonic() - self._start, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
