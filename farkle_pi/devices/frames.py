"""The one seam between a camera and the rest: a Frame and the FrameSource protocol."""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import TracebackType
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError

Image = npt.NDArray[np.uint8]


class CameraBusy(FarkleError):
    """The camera is there but another program holds it (a leftover `rpicam-hello`, a
    `farkle-pi calibrate` still running): closing that program, not the ribbon cable, is the
    fix, so the table says so instead of "camera not found"."""


@dataclass(frozen=True)
class Frame:
    """One picture (BGR, HxWx3 uint8) and when it was taken, in seconds since the source opened.

    Replay sources give video time (frame index / fps), so a replay is repeatable;
    live cameras give monotonic clock time.
    """

    image: Image
    t: float
    index: int


@runtime_checkable
class FrameSource(Protocol):
    """Anything that yields frames: `read()` gives the next one or None at the end."""

    fps: float

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...

    def __enter__(self) -> FrameSource: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None: ...


class SourceBase:
    """Context manager and iteration shared by every source; subclasses give read/close."""

    fps: float = 15.0

    def read(self) -> Frame | None:
        raise NotImplementedError

    def close(self) -> None:
        """Release the device or file; safe to call twice."""

    def __enter__(self) -> SourceBase:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __iter__(self) -> SourceBase:
        return self

    def __next__(self) -> Frame:
        frame = self.read()
        if frame is None:
            raise StopIteration
        return frame


class Pacer:
    """Holds replayed frames back to their video time when replaying in real time."""

    def __init__(self, realtime: bool) -> None:
        self.realtime = realtime
        self._start: float | None = None

    def wait_until(self, t: float) -> None:
        if not self.realtime:
            return
        now = time.monotonic()
        if self._start is None:
            self._start = now - t
        delay = self._start + t - now
        if delay > 0:
            time.sleep(delay)
