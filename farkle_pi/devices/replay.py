"""Replay sources: a video file or a folder of images, in real time or as fast as possible."""

from __future__ import annotations

import os
from pathlib import Path

import cv2

from farkle_pi.devices.capture import CaptureSource
from farkle_pi.devices.frames import Frame, Pacer, SourceBase
from farkle_pi.devices.imagefile import read_image
from farkle_pi.errors import FarkleError
from farkle_pi.opencv_log import ERRORS_ONLY, set_log_level

# FFmpeg (under OpenCV's video reader) logs damaged files straight to stderr, past the one-line
# errors; it reads this once, when the first video is opened.
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
set_log_level(ERRORS_ONLY)  # and OpenCV's own warnings

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp"})


class VideoFileSource(CaptureSource):
    """Frames of a video file (anything OpenCV's FFmpeg reads: AVI/MJPG, MP4, ...)."""

    def __init__(self, path: str | Path, realtime: bool = False) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise FarkleError(f"no such video: {self.path}")
        capture = _open_video(self.path)
        if not capture.isOpened():
            raise FarkleError(f"cannot open video {self.path}: not a video OpenCV can read")
        super().__init__(capture)
        fps = float(capture.get(cv2.CAP_PROP_FPS))
        self.fps = fps if 0 < fps < 1000 else 15.0
        self._pacer = Pacer(realtime)

    def frame_time(self, index: int) -> float:
        t = index / self.fps
        self._pacer.wait_until(t)
        return t


def _open_video(path: Path) -> cv2.VideoCapture:
    """FFmpeg's reader when OpenCV has it: left to choose, OpenCV tries a damaged video as an
    image sequence too, and libjpeg then writes its complaints to stderr."""
    if cv2.videoio_registry.hasBackend(cv2.CAP_FFMPEG):
        return cv2.VideoCapture(str(path), cv2.CAP_FFMPEG)
    return cv2.VideoCapture(str(path))


class ImageFolderSource(SourceBase):
    """The images of a folder in name order, as frames taken `fps` times a second."""

    def __init__(self, path: str | Path, fps: float = 15.0, realtime: bool = False) -> None:
        self.path = Path(path)
        if not self.path.is_dir():
            raise FarkleError(f"no such image folder: {self.path}")
        self.files = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            raise FarkleError(f"no images (png/jpg/bmp) in {self.path}")
        if not 0.1 <= fps <= 1000:  # NaN fails too: it is no frame rate
            raise FarkleError(f"--fps must be 0.1 to 1000 pictures a second, not {fps}")
        self.fps = fps
        self._pacer = Pacer(realtime)
        self._index = 0

    def read(self) -> Frame | None:
        if self._index >= len(self.files):
            return None
        image = read_image(self.files[self._index])  # a damaged picture is one line, no noise
        frame = Frame(image, self._index / self.fps, self._index)
        self._index += 1
        self._pacer.wait_until(frame.t)
        return frame

    def close(self) -> None:
        self._index = len(self.files)
