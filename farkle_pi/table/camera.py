"""Camera dice: frames through the live tray, its events onto the table's queue.

`TrayPlayer` feeds a recording in step with the table's clock (video time = table time), so a
recorded session plays exactly as it would have live, in a window or headless.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from queue import Queue

import numpy as np

from farkle_pi import assets
from farkle_pi.config import CameraConfig
from farkle_pi.devices import Frame, VideoFileSource, open_source
from farkle_pi.devices.frames import CameraBusy, Image, SourceBase
from farkle_pi.errors import FarkleError
from farkle_pi.tray import DiceReader, Tray, TrayEvent
from farkle_pi.tray.reader import vision_reader
from farkle_pi.vision.calibration import Calibration

log = logging.getLogger(__name__)

RETRY_SECONDS = 2.0  # how often a lost camera is looked for again
STALE_SECONDS = 3.0  # no picture for this long: the camera is shown as lost
NOT_FOUND = "camera not found \N{EM DASH} enter dice by hand; still looking"
# the camera is there but another program has it: the journal names the fix
BUSY = "camera busy: another program has it \N{EM DASH} enter dice by hand; still looking"
OPENING = "camera starting..."  # the first seconds after boot, before its first picture
# learned dice fitted on the reader before an update (as TEACH_HINT, short enough to read)
RELEARN = "dice reader updated - teach me your dice again: farkle-pi dice-check --learn"
UNCALIBRATED = "tray calibration unreadable - calibrate again: farkle-pi calibrate"
# Without one the whole picture is read and no hand resting over the dice is seen as a hand
NOT_CALIBRATED = "tray not calibrated - for surer reads: farkle-pi calibrate"
DEMO_SESSION = assets.DEMO  # fixtures/demo/ in a checkout, shipped inside the package
WARM_UP_AT = 3.5  # seconds into the demo recording: its first throw lies still


@dataclass
class Recording:
    """A recorded tray session: the video, its calibration and (for rendered ones) its script."""

    folder: Path
    name: str = "demo"

    @property
    def video(self) -> Path:
        return self.folder / f"{self.name}.mp4"

    @property
    def calibration(self) -> Calibration:
        return Calibration.load(self.folder / f"{self.name}.calibration.json")

    @property
    def script(self) -> Path:
        return self.folder / f"{self.name}.json"

    def check(self) -> None:
        if not self.video.is_file():
            raise FarkleError(f"no recorded tray session at {self.video}: use `--virtual`")


def recording_reader(
    recording: Recording, frames: Iterable[Frame]
) -> tuple[DiceReader, Iterator[Frame], str]:
    """The dice reader for a recording: the vision reader when it reads the recording's throws
    right, else the recording's own script (the true dice of the rendered scene); `how` says
    which, and why."""
    try:
        reader = vision_reader(recording.calibration)
        problem = misreads(recording, reader)
    except FarkleError as error:
        problem = str(error)
    if problem is None:
        return reader, iter(frames), "the vision reader"
    if not recording.script.is_file():
        raise FarkleError(f"the vision reader cannot play {recording.video}: {problem}")
    from farkle_pi.traysim.scene import load_scene
    from farkle_pi.traysim.truth import TruthReader

    truth = TruthReader(load_scene(recording.script))
    log.info("reading the recording's script: %s", problem)
    return truth, truth.follow(frames), f"the recording's script (vision reader: {problem})"


def misreads(recording: Recording, reader: DiceReader) -> str | None:
    """None when `reader` reads every settled throw of the recording as its script says;
    else how many it got wrong. Reads one still frame half a second after each throw."""
    if not recording.script.is_file():
        return None  # nothing to check against: trust the reader
    events = json.loads(recording.script.read_text())["events"]
    throws = [e for e in events if e["kind"] == "settled"]
    wrong = 0
    with open_source(str(recording.video)) as source:
        pending = list(throws)
        for frame in source:
            if not pending:
                break
            if frame.t < pending[0]["after"] + 0.5:
                continue
            expected = pending.pop(0)
            read = reader(frame.image)
            faces = sorted(d.value for d in read if d.value is not None)
            if faces != sorted(expected["values"]) or len(read) != expected["count"]:
                wrong += 1
    wrong += len(pending)
    return None if wrong == 0 else f"misreads {wrong} of {len(throws)} throws"


class TrayPlayer:
    """Frames up to the table's clock through the tray; `finished` once the recording ends."""

    def __init__(self, source: SourceBase, tray: Tray, frames: Iterator[Frame]) -> None:
        self.source = source
        self.tray = tray
        self.frames = frames
        self.finished = False
        self.latest: Frame | None = None
        self._pending: Frame | None = None

    @classmethod
    def open(cls, recording: Recording) -> tuple[TrayPlayer, str]:
        recording.check()
        source = open_source(str(recording.video))
        reader, frames, how = recording_reader(recording, source)
        return cls(source, Tray(reader, recording.calibration, expect_full=6), frames), how

    def until(self, t: float) -> list[TrayEvent]:
        """The events of every frame up to video time `t`."""
        events: list[TrayEvent] = []
        while not self.finished:
            frame = self._pending or next(self.frames, None)
            self._pending = None
            if frame is None:
                self.finished = True
                break
            if frame.t > t:
                self._pending = frame
                break
            self.latest = frame
            events.extend(self.tray.feed(frame))
        return events

    def close(self) -> None:
        self.source.close()


class LiveTray:
    """The camera in a thread: every frame through the tray, the events onto the table's queue.

    A failure in the camera or the reader is logged and kept in `error` (the table shows it);
    the game goes on with the buttons and keys. Given `reopen`, a camera that stops sending
    pictures (a loose cable) is closed and opened again every `retry_seconds` until it is back;
    without it (a recording) the end of the pictures ends the thread. With no `source` the
    thread opens the camera itself (picamera2 takes 1.5 s, and a driver may hang: the first
    screen must not wait), and looks for it the same way if that fails."""

    def __init__(
        self,
        source: SourceBase | None,
        tray: Tray,
        events: Queue[TrayEvent],
        reopen: Callable[[], SourceBase] | None = None,
        retry_seconds: float = RETRY_SECONDS,
        stale_seconds: float = STALE_SECONDS,
        notice: str = "",
        warm_up: Callable[[], None] | None = None,
    ) -> None:
        self.source = source
        self.notice = notice  # for the players at the start (the table's notice), not trouble
        self.warm_up = warm_up  # run first in the thread: the reader's first read is slow
        self.tray = tray
        self.events = events
        self.reopen = reopen
        self.retry_seconds = retry_seconds
        self.stale_seconds = stale_seconds
        self.latest: Frame | None = None
        self.error = ""
        self.losses = 0  # times the camera went away (and was looked for again)
        self._told: set[str] = set()  # why the camera failed to open, each logged once
        # (until it is back: reasons that take turns would otherwise fill the journal)
        self._busy = False  # ... and whether another program has it
        self._seen = source is not None  # a picture came (or will come) from this camera
        self._warming = warm_up is not None  # the reader's first read: no camera asked yet
        self._last_picture = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tray", daemon=True)

    def start(self) -> None:
        self._last_picture = time.monotonic()
        self._thread.start()

    def status(self) -> str:
        """What the screen should say about the camera: "" while pictures come, else why not
        (a failed read, or no picture for `stale_seconds`: a wedged driver raises nothing)."""
        if self.error:
            return self.error
        if self._warming:  # the camera's clock starts when the reader is ready
            return ""
        if self._stalled():
            if not self._seen:  # still opening it, and a camera driver can hang right there
                return NOT_FOUND
            quiet = time.monotonic() - self._last_picture
            return (f"camera lost (no picture for {quiet:.0f} s): enter the dice by hand, "
                    "or check the cable")
        return ""

    def _stalled(self) -> bool:
        """No picture from the camera for `stale_seconds` (a wedged driver raises nothing)."""
        quiet = time.monotonic() - self._last_picture
        return self.reopen is not None and self._thread.is_alive() and quiet > self.stale_seconds

    def opening(self) -> str:
        """OPENING while the camera's first picture is awaited and it is not yet lost, else "":
        picamera2 takes seconds to start, and a screen that says nothing looks broken."""
        if self.reopen is None or self._seen or self.error or not self._thread.is_alive():
            return ""
        return OPENING if not self.status() else ""

    def _run(self) -> None:
        try:
            if self.warm_up is not None:
                try:
                    self.warm_up()
                finally:
                    self._last_picture = time.monotonic()  # the camera's time starts now
                    self._warming = False
            if self.source is None and not self._open_camera():
                self._look_for_camera(NOT_FOUND)
            while not self._stop.is_set():
                frame, why = self._read()
                if frame is None:
                    if self.reopen is None:
                        self.error = "the camera stopped sending pictures"
                        return
                    self.losses += 1
                    self._look_for_camera(
                        f"camera lost ({why}): enter the dice by hand, or check the cable")
                    continue
                if self._stalled():  # shown lost: the game may have gone on by hand, and
                    self.tray.rebase()  # what lies there now may be no throw
                self.latest = frame
                self._last_picture = time.monotonic()
                for event in self.tray.feed(frame):
                    self.events.put(event)
        except Exception as error:
            log.exception("the tray stopped")
            self.error = f"the tray stopped: {error}"

    def _read(self) -> tuple[Frame | None, str]:
        """A frame, or None and why not; only the camera's failures are caught here."""
        if self.source is None:
            return None, "no camera"
        try:
            frame = self.source.read()
        except Exception as error:
            return None, str(error) or type(error).__name__
        return frame, "" if frame is not None else "no picture"

    def _look_for_camera(self, message: str) -> None:
        """Show `message`, then (re)open the camera every `retry_seconds` until a picture
        comes; the table plays on with typed dice meanwhile."""
        self.latest = None
        self.error = BUSY if self._busy else message
        log.warning("%s; looking for the camera every %g s", self.error, self.retry_seconds)
        while not self._stop.wait(self.retry_seconds):
            if self._open_camera():
                log.info("camera back")
                self.tray.rebase()  # the game went on by hand: what lies there is no throw
                return
            self.error = BUSY if self._busy else message

    def _open_camera(self) -> bool:
        """Open the camera (again) and take its first picture; False if it gives none."""
        if self.source is not None:
            _close_quietly(self.source)
            self.source = None
        try:
            assert self.reopen is not None
            self.source = self.reopen()
            frame = self.source.read()
        except Exception as error:
            why = str(error) or type(error).__name__
            if why not in self._told:  # the journal says why, once, not every retry_seconds
                log.warning("the camera cannot be opened: %s", why)
                self._told.add(why)
            self._busy = isinstance(error, CameraBusy)
            return False
        if frame is None:
            self._busy = False
            return False
        self.error = ""
        self._told.clear()
        self._busy = False
        self.latest = frame
        self._last_picture = time.monotonic()
        self._seen = True
        return True

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2.0)
        if self.source is not None:
            _close_quietly(self.source)


def _close_quietly(source: SourceBase) -> None:
    try:
        source.close()
    except Exception:  # a camera that has gone away may fail to close as well
        log.debug("closing the lost camera failed", exc_info=True)


def open_live_tray(
    config: CameraConfig, calibration_file: Path, events: Queue[TrayEvent]
) -> LiveTray:
    """The configured camera and the vision reader, the reader checked before the game.

    The camera is asked for the config's size, as `farkle-pi calibrate` asks for it: the
    calibration is in that picture's pixels. A camera (not a recording) is opened by the tray's
    thread: the first screen does not wait for it, and one that cannot be opened or gives no
    picture does not stop the table, which plays with typed dice while it is looked for."""
    calibration, notice = _calibration(calibration_file)
    reader = vision_reader(calibration)
    warm_up = warming(reader)
    tray = Tray(reader, calibration, expect_full=6)
    spec = config.source
    camera = spec == "picamera2" or spec.startswith("opencv")  # a recording's end is the end

    def reopen() -> SourceBase:
        return open_source(spec, realtime=True, fps=config.fps, size=(config.width, config.height))

    if camera:
        _check_reader(reader, np.zeros((config.height, config.width, 3), np.uint8))
        # a table started again mid-turn (a power cut, a crash) finds dice lying in the tray:
        # the first still picture is no throw if they are what the game left there
        tray.rebase()
        notice = notice or ("" if calibration is not None else NOT_CALIBRATED)
        return LiveTray(None, tray, events, reopen=reopen, retry_seconds=RETRY_SECONDS,
                        notice=notice, warm_up=warm_up)
    source, first = _first_picture(reopen, spec)  # a recording that is not there: config error
    try:
        _check_reader(reader, first.image)
    except FarkleError:
        source.close()
        raise
    return LiveTray(source, tray, events, retry_seconds=RETRY_SECONDS, notice=notice,
                    warm_up=warm_up)


def _check_reader(reader: DiceReader, image: Image) -> None:
    """A broken reader (a net missing or unreadable) is not the camera's fault: say so now."""
    try:
        reader(image)
    except FarkleError as error:
        raise FarkleError(
            f"{error}; without it play with `--dice manual` or `--dice virtual`"
        ) from None


def warming(reader: DiceReader, seconds: float = WARM_UP_AT) -> Callable[[], None]:
    """Reads one picture with dice (the demo recording's first throw) through `reader`: OpenCV
    sets each net up at its first run, so the evening's first throw would take ~0.1 s more
    here (up to a second on a Pi: long enough for a hand reaching in to lose the throw)."""

    def warm() -> None:
        try:
            with VideoFileSource(DEMO_SESSION / "demo.mp4") as source:  # not a camera's seam
                frame = next(f for f in source if f.t >= seconds)
            reader(frame.image)
        except Exception:  # only speed is at stake: the table reads all the same
            log.warning("the dice reader could not warm up", exc_info=True)

    return warm


def _calibration(path: Path) -> tuple[Calibration | None, str]:
    """The tray calibration, and what to tell the players about it (Calibration.for_this_reader:
    learned dice that no longer fit the reader are left out, and the table still starts)."""
    if not path.is_file():
        return None, ""
    try:
        loaded = Calibration.load(path)
    except FarkleError as error:  # a damaged file (a power cut while saving): play uncalibrated
        log.warning("%s: reading the whole picture without it", error)
        return None, UNCALIBRATED
    calibration, stale = loaded.for_this_reader()
    if stale:
        log.warning("%s: reading without them", RELEARN)
    return calibration, RELEARN if stale else ""


def _first_picture(open_camera: Callable[[], SourceBase], spec: str) -> tuple[SourceBase, Frame]:
    """The opened source and its first picture; a source that gives none is let go again."""
    source = open_camera()
    try:
        first = source.read()
        if first is None:
            raise FarkleError(f"the camera {spec} gave no picture")
    except BaseException:
        _close_quietly(source)
        raise
    return source, first
