"""Frame sources: replays give every frame with its video time; missing cameras say so."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest

from farkle_pi.devices import (
    Frame,
    FrameSource,
    ImageFolderSource,
    Picamera2Source,
    VideoFileSource,
    open_source,
)
from farkle_pi.devices.frames import CameraBusy
from farkle_pi.errors import FarkleError


def numbered(i: int) -> np.ndarray:
    """A frame whose brightness says its number, so order survives compression."""
    return np.full((48, 64, 3), 20 + 20 * i, np.uint8)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for i in range(5):
        cv2.imwrite(str(tmp_path / f"frame{i:02d}.png"), numbered(i))
    (tmp_path / "notes.txt").write_text("not a frame")
    return tmp_path


@pytest.fixture
def video(tmp_path: Path) -> Path:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10, (64, 48))
    for i in range(6):
        writer.write(numbered(i))
    writer.release()
    return path


def test_image_folder_gives_frames_in_name_order_with_video_time(folder: Path) -> None:
    with ImageFolderSource(folder, fps=4) as source:
        frames = list(source)
        assert source.read() is None
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert [f.t for f in frames] == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert [int(f.image.mean()) for f in frames] == [20, 40, 60, 80, 100]
    assert isinstance(source, FrameSource)


def test_video_file_gives_every_frame_at_its_fps(video: Path) -> None:
    with VideoFileSource(video) as source:
        assert source.fps == pytest.approx(10)
        frames: list[Frame] = list(source)
    assert len(frames) == 6
    assert frames[-1].t == pytest.approx(0.5)
    brightness = [float(f.image.mean()) for f in frames]
    assert brightness == sorted(brightness)
    assert frames[0].image.shape == (48, 64, 3) and frames[0].image.dtype == np.uint8


def test_open_source_picks_the_source_from_the_spec(folder: Path, video: Path) -> None:
    with open_source(str(folder), fps=5) as source:
        assert isinstance(source, ImageFolderSource) and source.fps == 5
    with open_source(str(video)) as source:
        assert isinstance(source, VideoFileSource)


@pytest.mark.parametrize("spec", ["no/such/file.mp4", "opencv:usb", "opencv:x1"])
def test_bad_specs_are_one_line_errors(spec: str) -> None:
    with pytest.raises(FarkleError, match="bad source"):
        open_source(spec)


def test_replays_refuse_what_they_cannot_read(tmp_path: Path) -> None:
    junk = tmp_path / "junk.mp4"
    junk.write_bytes(b"this is not a video")
    with pytest.raises(FarkleError, match="cannot open video"):
        VideoFileSource(junk)
    with pytest.raises(FarkleError, match="no images"):
        ImageFolderSource(tmp_path)
    with pytest.raises(FarkleError, match="no such image folder"):
        ImageFolderSource(tmp_path / "missing")


def test_picamera2_not_installed_is_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # makes `import picamera2` fail
    with pytest.raises(FarkleError, match="no camera found: picamera2 is not installed"):
        Picamera2Source()


class FakePicamera2:
    """Enough of picamera2.Picamera2 for the source: records what it was told."""

    cameras = 1
    instances: ClassVar[list[FakePicamera2]] = []

    def __init__(self, camera_num: int = 0) -> None:
        if camera_num >= self.cameras:
            raise IndexError("list index out of range")
        self.controls: list[dict[str, Any]] = []
        self.camera_controls = {"AfMode": (0, 2, 0), "LensPosition": (0.0, 15.0, 1.0)}
        self.started = self.closed = False
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, **kwargs: Any) -> dict[str, Any]:
        return kwargs

    def configure(self, config: dict[str, Any]) -> None:
        self.config = config

    def start(self) -> None:
        self.started = True

    def capture_metadata(self) -> dict[str, Any]:
        return {"ExposureTime": 12000, "AnalogueGain": 2.5, "ColourGains": (1.8, 1.5),
                "LensPosition": 3.2, "Lux": 140.0}

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.controls.append(controls)

    def capture_array(self, name: str) -> np.ndarray:
        image = np.zeros((480, 640, 3), np.uint8)
        image[:, :, 0] = 200  # picamera2 RGB888: channel 0 is blue
        return image

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch: pytest.MonkeyPatch) -> type[FakePicamera2]:
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.instances.clear()
    return FakePicamera2


def test_no_camera_on_the_ribbon_is_a_clear_message(fake_picamera2: type[FakePicamera2]) -> None:
    with pytest.raises(FarkleError, match=r"no camera found: .*ribbon cable"):
        Picamera2Source(camera_num=1, warmup_s=0)


def test_a_camera_that_fails_to_start_is_let_go(
    fake_picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table tries again every few seconds: a half-opened camera would stay claimed."""

    def start(self: FakePicamera2) -> None:
        raise RuntimeError("Failed to start camera: Device or resource busy")

    monkeypatch.setattr(FakePicamera2, "start", start)
    with pytest.raises(FarkleError, match="no camera found: Failed to start camera"):
        Picamera2Source(warmup_s=0)
    assert fake_picamera2.instances[-1].closed


@pytest.mark.parametrize("inner", [
    "Failed to acquire camera: Device or resource busy",  # picamera2 on Bookworm
    "camera.acquire() returned unexpected code: -16",  # older picamera2 (EBUSY)
])
def test_a_camera_another_program_has_is_called_busy_not_missing(
    fake_picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch, inner: str
) -> None:
    """A leftover `rpicam-hello` holds the camera: the fix is to close it, not to reseat the
    ribbon cable that the "no camera found" line sent the owner to."""

    def held(self: FakePicamera2, camera_num: int = 0) -> None:
        try:
            raise RuntimeError(inner)
        except RuntimeError:  # as picamera2 wraps it
            raise RuntimeError("Camera __init__ sequence did not complete.") from None

    monkeypatch.setattr(FakePicamera2, "__init__", held)
    with pytest.raises(CameraBusy) as caught:
        Picamera2Source(warmup_s=0)
    message = str(caught.value)
    assert message.startswith("camera busy: another program has it open")
    assert "rpicam-hello" in message and "ribbon" not in message


def test_picamera2_locks_exposure_colour_and_focus_after_warmup(
    fake_picamera2: type[FakePicamera2],
) -> None:
    with Picamera2Source(warmup_s=0) as source:
        frame = source.read()
    camera = fake_picamera2.instances[-1]
    assert camera.controls == [{
        "AeEnable": False, "AwbEnable": False, "ExposureTime": 12000, "AnalogueGain": 2.5,
        "ColourGains": (1.8, 1.5), "AfMode": 0, "LensPosition": 3.2,
    }]
    assert camera.config["main"]["format"] == "RGB888"
    assert frame is not None and frame.image.shape == (480, 640, 3)
    assert frame.image[0, 0].tolist() == [200, 0, 0]  # BGR as OpenCV expects
    assert camera.closed and source.read() is None


def test_a_missing_usb_camera_is_a_clear_message() -> None:
    with pytest.raises(FarkleError, match="no camera found: OpenCV cannot open camera 97"):
        open_source("opencv:97")


def test_realtime_replay_waits_for_each_frame_time(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slept: list[float] = []
    monkeypatch.setattr("farkle_pi.devices.frames.time.monotonic", lambda: 100.0)  # frozen clock
    monkeypatch.setattr("farkle_pi.devices.frames.time.sleep", slept.append)
    with ImageFolderSource(folder, fps=4, realtime=True) as source:
        list(source)
    assert slept == pytest.approx([0.25, 0.5, 0.75, 1.0])
    slept.clear()
    with ImageFolderSource(folder, fps=4) as source:
        list(source)
    assert slept == []


def test_a_missing_camera_names_no_option_replay_and_the_table_do_not_have(
    fake_picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    """They said "use --source": `replay` takes its source as an argument, the table from the
    config; they now say what to name instead, wherever it is named."""
    said = []
    with pytest.raises(FarkleError) as error:
        open_source("opencv:97")
    said.append(str(error.value))
    with pytest.raises(FarkleError) as error:
        Picamera2Source(camera_num=1, warmup_s=0)
    said.append(str(error.value))
    monkeypatch.setitem(sys.modules, "picamera2", None)  # not installed
    with pytest.raises(FarkleError) as error:
        Picamera2Source(warmup_s=0)
    said.append(str(error.value))
    for message in said:
        assert "--source" not in message and "name another source" in message
        assert "a video or a folder of pictures" in message
