"""Any camera OpenCV can open by index: a USB webcam on a laptop or a Pi."""

from __future__ import annotations

import time

import cv2

from farkle_pi.devices.capture import CaptureSource
from farkle_pi.errors import FarkleError
from farkle_pi.opencv_log import opencv_quiet


class OpenCVSource(CaptureSource):
    """Frames from `cv2.VideoCapture(index)`, asked for the given size and rate."""

    def __init__(self, index: int = 0, size: tuple[int, int] = (640, 480), fps: float = 15.0):
        with opencv_quiet():  # a missing camera is our one line, not OpenCV's log lines too
            capture = cv2.VideoCapture(index)
        if not capture.isOpened():
            capture.release()
            raise FarkleError(
                f"no camera found: OpenCV cannot open camera {index}; "
                f"check the USB cable and that no other program has it open, or name another "
                f"source: opencv with another index, "
                f"picamera2, a video or a folder of pictures"
            )
        super().__init__(capture)
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        capture.set(cv2.CAP_PROP_FPS, fps)
        self.fps = fps
        self._start = time.monotonic()

    def frame_time(self, index: int) -> float:
        return time.monotonic() - self._start
