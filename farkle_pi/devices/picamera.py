"""The Raspberry Pi camera through picamera2, with exposure, colour and focus locked.

picamera2 is imported only when this source is opened (it exists only on a Pi,
from apt's python3-picamera2). After a warm-up the automatic exposure, white
balance and focus are read back and frozen, so the tray looks the same all night
and a passing shadow does not retune the camera into "motion".
"""

from __future__ import annotations

import contextlib
import importlib
import time
from typing import Any

import numpy as np

from farkle_pi.devices.frames import CameraBusy, Frame, SourceBase
from farkle_pi.errors import CAMERA_BUSY_HINT, FarkleError

AF_MODE_MANUAL = 0  # libcamera AfModeEnum.Manual
# (not "use --source": `replay` takes its source as an argument, the table from the config)
CAMERA_HINT = ("check the ribbon cable and `rpicam-hello --list-cameras`, or name another "
               "source: opencv:INDEX, a video or a folder of pictures")


class Picamera2Source(SourceBase):
    """Frames from the Pi camera module as BGR arrays (picamera2's RGB888 is B,G,R)."""

    def __init__(
        self,
        size: tuple[int, int] = (640, 480),
        fps: float = 15.0,
        warmup_s: float = 1.5,
        camera_num: int = 0,
    ) -> None:
        try:
            module = importlib.import_module("picamera2")
        except ImportError as error:
            raise FarkleError(
                f"no camera found: picamera2 is not installed ({error}); on a Pi install "
                f"python3-picamera2 from apt; elsewhere name another source: opencv:0, a video "
                f"or a folder of pictures"
            ) from error
        self._camera: Any = None
        try:
            self._camera = module.Picamera2(camera_num)
            config = self._camera.create_video_configuration(
                main={"size": size, "format": "RGB888"},
                controls={"FrameDurationLimits": (int(1e6 / fps), int(1e6 / fps))},
            )
            self._camera.configure(config)
            self._camera.start()
        except (IndexError, RuntimeError, OSError) as error:
            if self._camera is not None:  # else it stays claimed and every retry finds it busy
                with contextlib.suppress(Exception):
                    self._camera.close()
            if not_acquired(error) is not None:
                raise CameraBusy(f"camera busy: another program has it open ({error}); "
                                 f"{CAMERA_BUSY_HINT}") from error
            raise FarkleError(f"no camera found: {error}; {CAMERA_HINT}") from error
        self.fps = fps
        self._start = time.monotonic()
        self._index = 0
        self._closed = False
        time.sleep(warmup_s)
        self._camera.set_controls(locked_controls(self._camera))

    def read(self) -> Frame | None:
        if self._closed:
            return None
        image = np.asarray(self._camera.capture_array("main"), np.uint8)[:, :, :3]
        frame = Frame(np.ascontiguousarray(image), time.monotonic() - self._start, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._camera.stop()
            self._camera.close()


def not_acquired(error: BaseException) -> str | None:
    """Why libcamera let another process have the camera ("Pipeline handler in use by another
    process"), or None for any other failure: picamera2 says "Camera __init__ sequence did not
    complete.", with "Failed to acquire camera" or "camera.acquire() returned unexpected code:
    -16" (EBUSY) under it."""
    seen: BaseException | None = error
    for _ in range(8):  # (a chain is short; a cycle must not hang the camera's thread)
        if seen is None:
            return None
        if "acquire" in str(seen).lower():
            return str(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def locked_controls(camera: Any) -> dict[str, Any]:
    """Controls that freeze what the automatic loops settled on during the warm-up."""
    meta: dict[str, Any] = camera.capture_metadata()
    controls: dict[str, Any] = {"AeEnable": False, "AwbEnable": False}
    for name in ("ExposureTime", "AnalogueGain", "ColourGains"):
        if name in meta:
            controls[name] = meta[name]
    if "AfMode" in getattr(camera, "camera_controls", {}):
        controls["AfMode"] = AF_MODE_MANUAL
        if "LensPosition" in meta:
            controls["LensPosition"] = meta["LensPosition"]
    return controls
