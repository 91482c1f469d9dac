"""`open_source(spec)`: one config string names the camera, as `--source` does."""

from __future__ import annotations

from pathlib import Path

from farkle_pi.devices.frames import SourceBase
from farkle_pi.devices.opencv_camera import OpenCVSource
from farkle_pi.devices.picamera import Picamera2Source
from farkle_pi.devices.replay import IMAGE_SUFFIXES, ImageFolderSource, VideoFileSource
from farkle_pi.errors import FarkleError

SPEC_HELP = "picamera2 | opencv:INDEX | VIDEO_FILE | IMAGE_FOLDER"


def open_source(
    spec: str, realtime: bool = False, fps: float = 15.0, size: tuple[int, int] = (640, 480)
) -> SourceBase:
    """Open the source a spec names; `realtime` paces replays at their own frame rate.

    `size` (width, height) and `fps` are asked of cameras; a folder of images is
    replayed at `fps`; a video keeps its own size and rate.
    """
    if spec == "picamera2":
        return Picamera2Source(size=size, fps=fps)
    if spec == "opencv" or spec.startswith("opencv:"):
        index = spec.partition(":")[2] or "0"
        if not index.isdecimal():  # (int() refuses a "²", a digit)
            raise FarkleError(f"bad source {spec!r}: the camera index must be a number")
        return OpenCVSource(int(index), size=size, fps=fps)
    path = Path(spec)
    if path.is_dir():
        return ImageFolderSource(path, fps=fps, realtime=realtime)
    if path.is_file() and path.suffix.lower() in IMAGE_SUFFIXES:  # one frame never settles
        raise FarkleError(f"source {spec}: one photo is not a tray to follow; give a video or "
                          f"a folder of frames (for one photo: farkle-pi detect {spec})")
    if path.is_file():
        return VideoFileSource(path, realtime=realtime)
    raise FarkleError(f"bad source {spec!r}: no such file or folder (expected {SPEC_HELP})")
