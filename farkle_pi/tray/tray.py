"""The live tray: frames in, TrayEvents out. Reads only when the dice are still."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

import cv2
import numpy as np

from farkle_pi.devices.frames import Frame, Image
from farkle_pi.tray.count import DiceCount
from farkle_pi.tray.events import PromptReason, TrayEvent
from farkle_pi.tray.floor import Arms, looks_as_before, shows_empty_tray, shows_floor
from farkle_pi.tray.matching import dedupe, die_px, in_doubt, match, nudged, vote
from farkle_pi.tray.motion import MotionConfig, MotionMeter
from farkle_pi.tray.settle import SettleClock, SettleConfig
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading, Point

# Seconds a still hand keeps the tray from reading, and seconds of motion without a pause,
# before the players are told why nothing is read (reaching in for dice takes less)
HAND_SECONDS = 2.0
MOVING_SECONDS = 8.0
HAND_WAIT = "a hand or arm is in the tray: I read the dice once it is out"
# A "hand" that stays this long, never moving, or that has been there since the tray started, is
# more likely something else: a cup or a phone left in the tray, or a camera or tray moved since
# the empty tray's picture was taken
NOT_EMPTY_SECONDS = 15.0
NOT_EMPTY_WAIT = "the tray never looks empty: take out what lies there, or farkle-pi calibrate"
MOVING_WAIT = "the picture never stops moving: camera or light shaking?"
# How far, in die sides, a die lying among others may be bumped and still lie there
BUMPED = 0.25


class DiceReader(Protocol):
    """Reads every die in one still picture (`farkle_pi.vision.read_dice` with a calibration)."""

    def __call__(self, image: Image) -> Sequence[DieReading]: ...


class Tray:
    """Follows the table from the video alone and tells what happened.

    `expect_full` is the size of the full set (6), so a throw with a wrong count is
    prompted (see `DiceCount`); the game can say exactly how many with `expect(n)`.
    """

    def __init__(
        self,
        reader: DiceReader,
        calibration: Calibration | None = None,
        expect_full: int | None = None,
        settle: SettleConfig | None = None,
        motion: MotionConfig | None = None,
    ) -> None:
        self.reader = reader
        self.calibration = calibration or Calibration()
        self.meter = MotionMeter(
            reference=self.calibration.reference(),
            tray_polygon=self.calibration.tray_polygon,
            die_size_px=self.calibration.die_size_px,
            config=motion,
        )
        self.clock = SettleClock(settle)
        self.dice: tuple[DieReading, ...] | None = None  # in the tray at the last report
        self._rebase = False  # the next report is of dice lying after the camera was away
        self._picture: Image | None = None  # the still picture of the last report
        self._found_in: dict[int, Image | None] = {}  # id of each die of `dice`: the picture
        # the reader last found it in (a die hidden since is kept with its old one)
        self.count = DiceCount(expect_full)
        self._reads: list[Sequence[DieReading]] = []
        self._fits: tuple[int, ...] = ()  # the frame size the calibration was checked on
        self._t = 0.0  # the last frame's time
        self._moving_since: float | None = None  # motion without a still frame since then
        self._hand: tuple[float, float] | None = None  # a hand kept reads away: (first, last)

    @property
    def state(self) -> str:
        """"rolling" (something moves or a hand is in view), "settling" (still, not yet read)
        or "read" (this stillness has been reported): for a screen's status line."""
        return self.clock.phase.value

    @property
    def waiting(self) -> str:
        """Why nothing has been read for a while, for the players ("" if nothing holds it up):
        an arm resting on the rim (for long: something else unlike the empty tray), or a
        picture that never stops changing."""
        if self._hand is not None:
            first, last = self._hand
            if self._t - last < 1.0 and self._t - first >= HAND_SECONDS:
                never_read = self.dice is None  # not once empty or read since it started
                long = self._t - first >= NOT_EMPTY_SECONDS
                return NOT_EMPTY_WAIT if never_read or long else HAND_WAIT
        if self._moving_since is not None and self._t - self._moving_since >= MOVING_SECONDS:
            return MOVING_WAIT
        return ""

    def expect(self, count: int | None) -> None:
        """The game says how many dice the next throw must have (None: don't check)."""
        self.count.exact(count)

    def feed(self, frame: Frame) -> list[TrayEvent]:
        """One frame in; the events it completes out (most frames: none)."""
        # An empty-tray image of another size differs from every frame: a hand always in view
        size = frame.image.shape[:2]
        if size != self._fits:
            self.calibration.check_fits(width=size[1], height=size[0])
            self._fits = size
        still = self.meter.is_still(self.meter.moving_share(frame.image))
        self.clock.step(frame.t, still)
        self._t = frame.t
        if not still:
            if self._moving_since is None:
                self._moving_since = frame.t
            self._reads.clear()
            return []
        self._moving_since = None
        if self.clock.wants_read(frame.t):
            if self.meter.hand_in_view():
                first = self._hand[0] if self._hand is not None else frame.t
                self._hand = (first, frame.t)
                self._reads.clear()
                self.clock.restart(frame.t)
                return []
            self._hand = None
            self._reads.append(dedupe(self.reader(frame.image)))
        if not self.clock.ready(frame.t, len(self._reads)):
            return []
        if len(self._reads) < self.clock.config.most_votes and in_doubt(self._reads):
            return []  # the next frame is read too
        self.clock.done()
        agreed = vote(self._reads)
        self._reads.clear()
        events = self._report(frame.t, agreed, frame.image)
        self._picture = frame.image
        return events

    def run(self, frames: Iterable[Frame]) -> Iterator[TrayEvent]:
        """Every event of a whole stream, in order."""
        for frame in frames:
            yield from self.feed(frame)

    def rebase(self) -> None:
        """The camera was away (the game went on by hand): the dice of the next still picture
        are reported `resumed`, whether they moved or not (the game tells a throw made while
        it was away from the dice left lying)."""
        self._rebase = True

    def _report(self, t: float, seen: tuple[DieReading, ...], picture: Image | None = None
                ) -> list[TrayEvent]:
        in_play = tuple(d for d in seen if not self._in_keep_zone(d.center))
        events = self._changes(t, in_play, picture)
        found = {id(d) for d in in_play}
        self._found_in = {id(d): picture if id(d) in found else self._found_in.get(id(d))
                          for d in self.dice or ()}
        return events

    def _changes(self, t: float, in_play: tuple[DieReading, ...], picture: Image | None
                 ) -> list[TrayEvent]:
        """The events from the dice of the last report to `in_play` (sets `dice`)."""
        before = self.dice
        if self._rebase:
            self._rebase = False
            self.dice = in_play
            inside = tuple(d for d in in_play if self._inside_tray(d))
            return [TrayEvent(t, "settled", inside, resumed=True)] if in_play else []
        if not before:
            self.dice = in_play
            if in_play:
                return self._throw(t, in_play)
            return [TrayEvent(t, "empty")] if before is None else []
        matched = match(before, in_play)
        arms = self._arms(picture)
        covered = {j: before[i] for i, j in matched if self._under_arm(before[i], picture, arms)}
        in_play = tuple(covered.get(j, die) for j, die in enumerate(in_play))
        pairs = [(i, j) for i, j in matched
                 if not self._thrown_again(before[i], in_play[j], picture)]
        lying = [(i, j) for i, j in pairs  # not those that landed near a place: they moved
                 if self._lay_still(before[i], in_play[j], picture)]
        if lying:  # some dice lay still: others of the same faces moved are dice pushed aside
            pairs += nudged(before, in_play, pairs)
        if len(pairs) < len(in_play):  # dice where none were: a new throw
            self.dice = in_play
            return self._throw(t, in_play, lying=len(lying))
        kept = {i for i, _ in pairs}
        gone = tuple(d for i, d in enumerate(before) if i not in kept)
        missed = tuple(d for d in gone
                       if self._still_there(d, picture) or self._hidden(d, picture, before))
        gone = tuple(d for d in gone if d not in missed)
        self.dice = tuple(in_play[j] for _, j in sorted(pairs)) + missed
        events = []
        if gone:
            events.append(TrayEvent(t, "removed", gone))
            self.count.removed(len(before) - len(gone))
        if not self.dice:
            events.append(TrayEvent(t, "empty"))
        return events

    def _throw(self, t: float, thrown: tuple[DieReading, ...], lying: int = 0
               ) -> list[TrayEvent]:
        """The settled event and any prompts about it; `thrown` excludes the keep zone, and
        `lying` of them did not move."""
        inside = tuple(d for d in thrown if self._inside_tray(d))
        events = [TrayEvent(t, "settled", inside, lying=lying)]
        problems: list[tuple[PromptReason, tuple[DieReading, ...]]] = [
            ("cocked", tuple(d for d in inside if not d.flat)),
            ("outside", tuple(d for d in thrown if not self._inside_tray(d))),
            ("unreadable", tuple(d for d in inside if d.flat and d.value is None)),
        ]
        events += [TrayEvent(t, "prompt", dice, reason) for reason, dice in problems if dice]
        expected = self.count.expected
        if self.count.thrown(len(thrown)):
            events.append(TrayEvent(t, "prompt", thrown, "count", expected=expected))
        return events

    def _inside_tray(self, die: DieReading) -> bool:
        if die.at_edge:
            return False
        return _inside(self.calibration.tray_polygon, die.center, default=True)

    def _still_there(self, die: DieReading, picture: Image | None) -> bool:
        """Whether a die the reader no longer finds still lies there: its square looks as it
        did at the last report (a die taken out leaves the tray's floor). A re-read after a hand
        hovered, or glare, can miss a die; reported removed, it became the keep."""
        if picture is None or self._picture is None:
            return False
        return looks_as_before(die, picture, self._picture)

    def _lay_still(self, was: DieReading, found: DieReading, picture: Image | None) -> bool:
        """Whether a die found where one lay is that die, unmoved: its square looks as it did,
        or it shows the same face a quarter of a die from its place at most (bumped by a die put
        back among them: taken for a throw, it would be played)."""
        if picture is None or self._still_there(was, picture):
            return True
        near = math.dist(was.center, found.center) <= BUMPED * die_px(was)
        return near and was.value == found.value

    def _thrown_again(self, was: DieReading, found: DieReading, picture: Image | None) -> bool:
        """Whether a die found within half a die of where one lay is another throw's: it shows
        another face and its square no longer looks as it did. Dice picked up and thrown at
        once (the tray never saw them out) land that near a place of the last report now and
        then (with three places, 30 px dice and a 480 x 440 px tray: one die in a hundred);
        taken for the dice that lay there, they lost the throw, or made it "no throw". A
        face read otherwise than before, or a die nudged, keeps its place."""
        if was.value is None or found.value is None or was.value == found.value:
            return False
        return picture is not None and self._picture is not None and not self._still_there(
            was, picture)

    def _arms(self, picture: Image | None) -> Arms | None:
        """The arms and hands reaching in since the last report's picture (tray/floor.py)."""
        if picture is None or self._picture is None:
            return None
        return Arms(picture, self._picture)

    def _under_arm(self, die: DieReading, picture: Image | None, arms: Arms | None) -> bool:
        """Whether a die of the last report lies under an arm or hand now: what is read of it
        is half a die, and the die keeps its reading."""
        if arms is None or self._still_there(die, picture):
            return False
        return arms.over(die)

    def _hidden(self, die: DieReading, picture: Image | None,
                lying: Sequence[DieReading]) -> bool:
        """Whether a die the reader no longer finds is hidden or unread, not taken out: its
        place shows something else than the floor (tray/floor.py): the empty tray's where
        there is its picture, else the floor around the die when it was last found."""
        if picture is None:
            return False
        empty = self.calibration.reference()
        if empty is not None:
            return shows_empty_tray(die, picture, empty) is False
        then = self._found_in.get(id(die))
        if then is None or picture.shape != then.shape:
            return False
        return shows_floor(die, picture, then, lying) is False

    def _in_keep_zone(self, point: Point) -> bool:
        return _inside(self.calibration.keep_zone_polygon, point, default=False)


def _inside(polygon: tuple[Point, ...], point: Point, default: bool) -> bool:
    if len(polygon) < 3:
        return default
    contour = np.array(polygon, np.float32)
    return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0
