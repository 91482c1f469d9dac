"""Can the camera read these dice on this tray? Dice put in showing known faces, read as a throw.

The reader was measured on other people's photos; a table it never saw (other dice, cloth,
light, camera) may read much worse. Players find out at set-up instead of mid-game by
putting the dice in the tray showing faces they name (1 to 6 by default) and comparing.
The dice are read as the live tray reads a throw: once still, a vote over several frames.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from farkle_pi.devices.frames import Frame, Image
from farkle_pi.errors import FarkleError
from farkle_pi.rules import dice_count
from farkle_pi.tray.tray import Tray
from farkle_pi.vision.types import DieReading

FACES = (1, 2, 3, 4, 5, 6)
WAIT_SECONDS = 60.0


@dataclass(frozen=True)
class DiceCheck:
    """The faces put in the tray, and what the tray read: dice in it and dice outside."""

    faces: tuple[int, ...]
    dice: tuple[DieReading, ...]
    outside: int = 0

    @property
    def read(self) -> tuple[int, ...]:
        return tuple(sorted(d.value for d in self.dice if d.flat and d.value is not None))

    @property
    def unreadable(self) -> int:
        return sum(1 for d in self.dice if d.flat and d.value is None)

    @property
    def leaning(self) -> int:
        """Dice called leaning: the players put them in flat."""
        return sum(1 for d in self.dice if not d.flat)

    @property
    def missing(self) -> tuple[int, ...]:
        """Faces put in that were not read (misread, unreadable, or not found)."""
        return tuple(sorted((Counter(self.faces) - Counter(self.read)).elements()))

    @property
    def wrong(self) -> tuple[int, ...]:
        """Faces read that were not put in: misread dice (or something taken for a die)."""
        return tuple(sorted((Counter(self.read) - Counter(self.faces)).elements()))

    @property
    def passed(self) -> bool:
        return not (self.missing or self.wrong or self.unreadable or self.leaning
                    or self.outside)

    def report(self) -> list[str]:
        """What a player should know, one point a line."""
        shown = " ".join([*map(str, self.read), *"?" * self.unreadable,
                          *["leaning"] * self.leaning])
        lines = [f"read: {shown or 'no dice'} (put in: {faces_text(self.faces)})"]
        if self.passed:
            sure = min(d.confidence for d in self.dice)
            lines.append(f"all {len(self.faces)} dice read right (the least sure at {sure:.2f})")
            return lines
        found = len(self.dice) + self.outside
        if found != len(self.faces):
            lines.append(f"{dice_count(found)} found, {len(self.faces)} put in: are they all "
                         "in the tray, apart and not against its wall?")
        if len(self.wrong) == 1 and len(self.missing) == 1:
            lines.append(f"misread: the {self.missing[0]} was read as {self.wrong[0]}")
        elif self.wrong:
            lines.append(f"misread: {faces_text(self.wrong)} read, where "
                         f"{faces_text(self.missing)} were put in")
        if self.unreadable:
            lines.append(f"{dice_count(self.unreadable)} not read: the table would ask for "
                         "the face")
        if self.leaning:
            lines.append(f"{dice_count(self.leaning)} put in flat but taken for leaning: the "
                         "table would ask for a re-throw")
        if self.outside:
            lines.append(f"{dice_count(self.outside)} seen outside the tray's outline")
        if not (self.wrong or self.unreadable or self.leaning):
            lines.append("put them all in the tray and check again")
            return lines
        lines.append("the camera does not read these dice well here: try more even light "
                     "without glare, a plain cloth unlike the dice in colour, the camera "
                     "straight above, `farkle-pi calibrate` again; or play with the buttons "
                     "(`--dice manual`)")
        return lines


def check_dice(frames: Iterable[Frame], tray: Tray, faces: tuple[int, ...] = FACES,
               wait: float = WAIT_SECONDS) -> tuple[DiceCheck, Image]:
    """The first still view with as many dice as were put in (the last one with any dice if
    none has them within `wait` seconds of the first dice), and its picture."""
    last: tuple[DiceCheck, Image] | None = None
    first_seen: float | None = None
    for frame in frames:
        events = tray.feed(frame)
        settled = [e for e in events if e.kind == "settled" and e.dice]
        if settled:
            outside = sum(len(e.dice) for e in events if e.reason == "outside")
            last = (DiceCheck(faces, settled[0].dice, outside), frame.image)
            first_seen = frame.t if first_seen is None else first_seen
            if len(settled[0].dice) + outside >= len(faces):
                return last
        if last is not None and first_seen is not None and frame.t - first_seen > wait:
            return last
    if last is None:
        raise FarkleError(f"no dice seen lying still in the tray: put in {len(faces)} dice "
                          f"showing {faces_text(faces)} and keep the camera still")
    return last


def parse_faces(text: str) -> tuple[int, ...]:
    """`123456` or `1,2,3,4,5,6` from the command line: 1 to 12 faces of 1..6."""
    digits = [c for c in text if c not in ", "]
    if not 1 <= len(digits) <= 12 or any(c not in "123456" for c in digits):
        raise FarkleError(f"--faces must be 1 to 12 faces from 1 to 6, like 123456, "
                          f"not {text!r}")
    return tuple(sorted(int(c) for c in digits))


def faces_text(faces: tuple[int, ...]) -> str:
    """`1 2 3`, or `none`."""
    return " ".join(map(str, faces)) or "none"
