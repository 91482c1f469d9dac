"""Hardware seams. Cameras are frame sources behind one protocol (like gpiozero's pin factories).

    from farkle_pi.devices import open_source, Frame, FrameSource

    with open_source("picamera2") as source:      # or "opencv:0", "game.avi", "frames/"
        while (frame := source.read()) is not None:
            frame.image   # BGR uint8, HxWx3 (what OpenCV expects)
            frame.t       # seconds since the source opened (video time for replays)
            frame.index   # 0, 1, 2, ...

Sources: `Picamera2Source` (picamera2 imported only when opened; exposure, white
balance and focus locked after a warm-up), `OpenCVSource(index)` (USB webcam),
`VideoFileSource(path, realtime=False)`, `ImageFolderSource(path, fps, realtime=False)`.
Every source is a context manager and iterable; `read()` gives None at the end.
A camera that is not there raises FarkleError("no camera found: ...").
"""

from farkle_pi.devices.factory import SPEC_HELP, open_source
from farkle_pi.devices.frames import Frame, FrameSource, Image, SourceBase
from farkle_pi.devices.opencv_camera import OpenCVSource
from farkle_pi.devices.picamera import Picamera2Source
from farkle_pi.devices.replay import ImageFolderSource, VideoFileSource

__all__ = [
    "SPEC_HELP",
    "Frame",
    "FrameSource",
    "Image",
    "ImageFolderSource",
    "OpenCVSource",
    "Picamera2Source",
    "SourceBase",
    "VideoFileSource",
    "open_source",
]
