"""Random tray stories against what happened in them: throws (the dice picked up and thrown at
once, so the tray may never see the tray empty between), throws of some dice with the rest left
lying, dice taken out or moved into the keep zone, hands resting over the dice, the room's
light changing, dim moments the reader sees no die in, dice nudged. The tray must report every
throw with its faces and how many dice lay still, every die taken out, and nothing else.

The fake reader of tray_scenes reads what the pictures show; with and without the empty-tray
picture; and a flaky one that misses or misreads a die now and then, as the real reader does
at the edge of what it sees. Seeds the tray once got wrong are kept as examples."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import pytest
from fuzzing import fuzz_settings, tally
from hypothesis import example, given
from hypothesis import strategies as st
from tray_scenes import FPS, SIDE, Die, FakeReader, Film, background, picture

from farkle_pi.devices.frames import Image
from farkle_pi.tray import Tray
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading

TRAY = ((20.0, 20.0), (500.0, 20.0), (500.0, 460.0), (20.0, 460.0))
KEEP = ((530.0, 20.0), (630.0, 20.0), (630.0, 460.0), (530.0, 460.0))
LIGHTS = (0.7, 0.85, 1.0)  # the room's light, as a gain on the picture
BLIND = 0.45  # a light so dim the reader sees no die (and no hand shows a hand)
Event = tuple[str, tuple[int, ...], int]  # kind, sorted faces, dice lying still


@dataclass
class Story:
    """A film and the events that what happens in it should give."""

    rng: random.Random
    film: Film = field(default_factory=Film)
    lying: list[Die] = field(default_factory=list)
    light: float = 1.0
    expected: list[Event] = field(default_factory=list)

    def hand(self, seconds: float, dice: list[Die], start: tuple[int, int],
             end: tuple[int, int]) -> None:
        count = round(seconds * FPS)
        for k in range(count):
            u = k / max(count - 1, 1)
            at = (round(start[0] + (end[0] - start[0]) * u),
                  round(start[1] + (end[1] - start[1]) * u))
            self.film.add(picture(dice, hand=at, gain=self.light))

    def still(self, seconds: float, **kw: object) -> None:
        self.film.still(seconds, self.lying, gain=self.light, **kw)

    def places(self, count: int, among: list[Die]) -> list[Die]:
        dice: list[Die] = []
        while len(dice) < count:
            x, y = self.rng.randint(60, 470), self.rng.randint(60, 430)
            if all(abs(x - a) > 45 or abs(y - b) > 45 for a, b, _ in [*dice, *among]):
                dice.append((x, y, self.rng.randint(1, 6)))
        return dice

    def roll(self, new: list[Die], lying: list[Die]) -> None:
        """The `new` dice slide 100 px to rest among those `lying`. A new die may come to rest
        where one lay, but not with its face as well (nothing in the picture tells that from
        the die nudged: the tray takes it so, see docs/tray.md)."""
        new = [(x, y, face % 6 + 1 if self.lay_there(x, y, face) else face)
               for x, y, face in new]
        count = round(0.8 * FPS)
        for k in range(count):
            u = (count - k) / count
            rolling = [(round(x - 100 * u) if x > 130 else round(x + 100 * u), y, f)
                       for x, y, f in new]
            self.film.add(picture([*lying, *rolling], gain=self.light))
        self.lying = [*lying, *new]
        self.still(1.2)
        self.expected.append(("settled", faces(self.lying), len(lying)))

    def throw(self) -> None:
        """The dice lying are picked up and thrown at once."""
        if self.lying:
            self.hand(0.4, self.lying, (640, 200), (300, 200))
            self.hand(0.4, [], (300, 200), (700, 200))
            self.film.still(0.1, gain=self.light)
        self.roll(self.places(self.rng.randint(1, 6), []), [])

    def lay_there(self, x: int, y: int, face: int) -> bool:
        """Whether a die of that face lay within half a die of (x, y)."""
        return any(f == face and math.dist((x, y), (a, b)) <= SIDE / 2 + 1
                   for a, b, f in self.lying)

    def throw_some(self) -> None:
        """Some of the dice picked up and thrown, the rest left lying (the table refuses it)."""
        staying = self.rng.sample(self.lying, self.rng.randint(1, len(self.lying) - 1))
        thrown = [die for die in self.lying if die not in staying]
        x, y, _ = thrown[0]
        self.hand(0.4, self.lying, (640, y), (x + 30, y))
        self.hand(0.4, staying, (x + 30, y), (700, y))
        self.roll(self.places(len(thrown), staying), staying)

    def take(self) -> None:
        taken = self.rng.sample(self.lying, self.rng.randint(1, len(self.lying)))
        rest = [die for die in self.lying if die not in taken]
        x, y, _ = taken[0]
        self.hand(0.5, self.lying, (640, y), (x + 30, y))
        self.hand(0.5, rest, (x + 30, y), (700, y))
        self.lying = rest
        self.still(1.2)
        self.removed(taken)

    def into_keep_zone(self) -> None:
        die = self.rng.choice(self.lying)
        x, y, face = die
        rest = [other for other in self.lying if other != die]
        self.hand(0.5, self.lying, (640, y), (x + 30, y))
        kept = [*rest, (580, y, face)]
        self.hand(0.5, kept, (x + 30, y), (700, y))
        self.lying = rest
        self.film.still(1.2, kept, gain=self.light)
        self.removed([die])

    def removed(self, dice: list[Die]) -> None:
        self.expected.append(("removed", faces(dice), 0))
        if not self.lying:
            self.expected.append(("empty", (), 0))

    def light_changes(self) -> None:
        if self.rng.random() < 0.5:
            self.light = self.rng.choice(LIGHTS)
            self.still(1.2)
        else:  # a dim moment, then the light as it was
            self.film.still(1.2, self.lying, gain=BLIND)
            self.still(1.2)

    def hand_rests(self) -> None:
        x, y = self.rng.randint(100, 450), self.rng.randint(100, 400)
        self.hand(0.5, self.lying, (640, y), (x, y))
        self.still(2.5, hand=(x, y))
        self.hand(0.5, self.lying, (x, y), (700, y))
        self.still(1.2)

    def nudge(self) -> None:
        i = self.rng.randrange(len(self.lying))
        x, y, face = self.lying[i]
        moved = (x + self.rng.choice([-8, 8]), y + self.rng.choice([-8, 8]), face)
        others = self.lying[:i] + self.lying[i + 1:]
        if any(abs(moved[0] - a) < 40 and abs(moved[1] - b) < 40 for a, b, _ in others):
            return
        self.hand(0.5, self.lying, (640, y), (x + 25, y))
        self.lying = [*others, moved]
        self.hand(0.5, self.lying, (x + 25, y), (700, y))
        self.still(1.2)


def faces(dice: list[Die]) -> tuple[int, ...]:
    return tuple(sorted(face for _, _, face in dice))


def story(seed: int, calibrated: bool) -> Story:
    """Three to eight steps; the keep zone is known only to a calibrated tray."""
    s = Story(random.Random(seed))
    s.film.still(1.0)
    s.expected.append(("empty", (), 0))
    steps = ["throw", "throw", "take", "light", "rest", "nudge", "some"]
    for _ in range(s.rng.randint(3, 8)):
        step = s.rng.choice([*steps, "keep"] if calibrated else steps)
        if step == "throw" or not s.lying or (step == "some" and len(s.lying) < 2):
            s.throw()
        elif step == "take":
            s.take()
        elif step == "light":
            s.light_changes()
        elif step == "rest":
            s.hand_rests()
        elif step == "nudge":
            s.nudge()
        elif step == "some":
            s.throw_some()
        else:
            s.into_keep_zone()
    return s


@pytest.fixture(scope="module")
def calibration(tmp_path_factory: pytest.TempPathFactory) -> Calibration:
    empty = tmp_path_factory.mktemp("tray") / "empty.png"
    cv2.imwrite(str(empty), background())
    return Calibration(Path(empty), TRAY, KEEP, 30.0)


@fuzz_settings(ci_examples=12)
@given(seed=st.integers(0, 2**32 - 1), calibrated=st.booleans())
@example(seed=0, calibrated=False)  # dice picked up and thrown at once, one landing within
@example(seed=10, calibrated=True)  # half a die of where one lay: the throw was lost
@example(seed=1, calibrated=True)  # a dim moment in a calibrated tray: dice taken as set aside
@example(seed=808, calibrated=False)  # a die half under a resting hand read otherwise: a throw
def test_the_tray_reports_what_happened(seed: int, calibrated: bool,
                                        calibration: Calibration) -> None:
    tally("tray: random stories")
    s = story(seed, calibrated)
    tray = Tray(FakeReader(), calibration=calibration if calibrated else None)
    got = [(e.kind, tuple(sorted(v for v in e.values if v is not None)), e.lying)
           for e in tray.run(s.film.frames) if e.kind != "prompt"]
    assert got == s.expected


class FlakyReader(FakeReader):
    """Misses or misreads one die in half of its reads, at random, but never a die it missed or
    misread in either of its last two reads: so most of any three reads see each die right,
    and the tray must still report exactly what happened."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.spoiled: list[tuple[int, int] | None] = []  # each read's spoiled die, by place

    def __call__(self, image: Image) -> Sequence[DieReading]:
        found = list(super().__call__(image))
        spoiled = None
        if found and self.rng.random() < 0.5:
            k = self.rng.randrange(len(found))
            place = (round(found[k].center[0]), round(found[k].center[1]))
            if place not in self.spoiled[-2:]:
                spoiled = place
                value = found[k].value
                if value is None or self.rng.random() < 0.5:
                    del found[k]
                else:
                    found[k] = replace(found[k], value=self.rng.choice(
                        [v for v in range(1, 7) if v != value]))
        self.spoiled.append(spoiled)
        return found


@fuzz_settings(ci_examples=6)
@given(seed=st.integers(0, 2**32 - 1), calibrated=st.booleans())
def test_the_tray_reports_what_happened_with_a_flaky_reader(
        seed: int, calibrated: bool, calibration: Calibration) -> None:
    """A vote on the count alone lost a die missed by one read and another missed by the next
    (then a throw nobody made), and three reads of which one misread a die made it unreadable."""
    tally("tray: random stories, flaky reader")
    s = story(seed, calibrated)
    tray = Tray(FlakyReader(random.Random(seed)),
                calibration=calibration if calibrated else None)
    got = [(e.kind, tuple(sorted(v for v in e.values if v is not None)), e.lying)
           for e in tray.run(s.film.frames) if e.kind != "prompt"]
    assert got == s.expected
