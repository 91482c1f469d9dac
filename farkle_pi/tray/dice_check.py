"""Can the camera read these dice on this tray? Dice put in showing known faces, read as a throw.

The reader was measured on other people's photos; a table it never saw (other dice, cloth,
light, camera) may read much worse. Players find out at set-up instead of mid-game by
putting the dice in the tray showing faces they name (1 to 6 by default) and comparing.
The dice are read as the live tray reads a throw: once still, a vote over several frames.
A two-colour game (portland) also needs each die's colour: named with theirs (`1:red`), the
dice are compared by face and colour, the colours named as the table names a throw's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from farkle_pi.devices.frames import Frame, Image
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Die, dice_count, parse_dice
from farkle_pi.tray.tray import Tray
from farkle_pi.vision.colour import COLOUR_NAMES, set_colour_names
from farkle_pi.vision.types import DieReading

FACES = tuple(Die(face) for face in range(1, 7))
WAIT_SECONDS = 60.0


@dataclass(frozen=True)
class DiceCheck:
    """The dice put in the tray (sorted), and what the tray read: dice in it and dice outside."""

    faces: tuple[Die, ...]
    dice: tuple[DieReading, ...]
    outside: int = 0

    @property
    def coloured(self) -> bool:
        return any(die.colour is not None for die in self.faces)

    @property
    def read(self) -> tuple[Die, ...]:
        """The flat dice read, with the colours the table would name if the check has them."""
        flat = [d for d in self.dice if d.flat]
        names: list[str | None] = [None] * len(flat)
        if self.coloured:
            names = list(set_colour_names([d.colour_bgr for d in flat]))
        return tuple(sorted(Die(d.value, name) for d, name in zip(flat, names, strict=True)
                            if d.value is not None))

    @property
    def unreadable(self) -> int:
        return sum(1 for d in self.dice if d.flat and d.value is None)

    @property
    def leaning(self) -> int:
        """Dice called leaning: the players put them in flat."""
        return sum(1 for d in self.dice if not d.flat)

    @property
    def missing(self) -> tuple[Die, ...]:
        """Faces put in that were not read (misread, unreadable, or not found)."""
        return tuple(sorted((Counter(self.faces) - Counter(self.read)).elements()))

    @property
    def right(self) -> int:
        """How many of the dice put in were read right."""
        return len(self.faces) - len(self.missing)

    @property
    def wrong(self) -> tuple[Die, ...]:
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
        if (not (self.unreadable or self.leaning)
                and sorted(d.face for d in self.wrong) == sorted(d.face for d in self.missing)):
            lines.append("the faces are right, the colours are not: the table tells a die's "
                         "colour by its body; try even, white light, or two colours further "
                         "apart (red and white, not red and orange)")
            return lines
        lines.append("the camera does not read these dice well here: try more even light "
                     "without glare, a plain cloth unlike the dice in colour, the camera "
                     "straight above, `farkle-pi calibrate` again; or play with the buttons "
                     "(`--dice manual`)")
        return lines


def check_dice(frames: Iterable[Frame], tray: Tray, faces: tuple[Die, ...] = FACES,
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


def until_taken_out(frames: Iterable[Frame], tray: Tray, wait: float = WAIT_SECONDS) -> None:
    """Read frames until the tray is empty again (the dice taken out for another round)."""
    start: float | None = None
    for frame in frames:
        if any(e.kind == "empty" for e in tray.feed(frame)):
            return
        start = frame.t if start is None else start
        if frame.t - start > wait:
            raise FarkleError(f"the dice were not taken out of the tray within {wait:.0f} s "
                              "for the next round: take them all out, then put them in again")
    raise FarkleError("the recording ended before the dice were taken out for the next round")


def parse_faces(text: str) -> tuple[Die, ...]:
    """`123456`, `1,2,3,4,5,6` or `1:red 2:red 3:white` from the command line: 1 to 12 dice,
    faces 1..6, every die with a colour (a name the table uses) or none."""
    try:
        dice = parse_dice(text)
    except FarkleError:
        dice = []
    if not 1 <= len(dice) <= 12:
        raise FarkleError(f"--faces must be 1 to 12 faces from 1 to 6, like 123456, "
                          f"not {text!r}")
    if len({die.colour is None for die in dice}) > 1:
        raise FarkleError(f"--faces: give every die a colour (1:red 2:white ...) or none, "
                          f"not {text!r}")
    for die in dice:
        if die.colour is not None and die.colour not in COLOUR_NAMES:
            raise FarkleError(f"--faces: {die.colour!r} is not a colour the table names: use "
                              f"{', '.join(COLOUR_NAMES)}")
    return tuple(sorted(dice))


def faces_text(faces: tuple[Die, ...]) -> str:
    """`1 2 3`, `1:red 2:white`, or `none`."""
    return " ".join(map(str, faces)) or "none"
