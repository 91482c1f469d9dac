"""Dice as small value types: a `Die` is a face (and maybe a colour), a `Roll` a sorted multiset."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from farkle_pi.errors import FarkleError

FACES = range(1, 7)
MAX_DICE = 6


@dataclass(frozen=True, order=True, slots=True)
class Die:
    """One die as it lies: the face that points up and, for two-colour games, its colour."""

    face: int
    colour: str | None = None

    def __post_init__(self) -> None:
        if self.face not in FACES:
            raise FarkleError(f"{self.face} is not a die face: faces are 1 to 6")

    def __str__(self) -> str:
        return str(self.face) if self.colour is None else f"{self.face}:{self.colour}"


def _sort_key(die: Die) -> tuple[int, str]:
    return (die.face, die.colour or "")


_PLAIN_DICE = {face: Die(face) for face in FACES}
_PLAIN_FACES = frozenset(FACES)


@dataclass(frozen=True, init=False)
class Roll:
    """A multiset of dice, kept sorted so that equal rolls are equal values."""

    # `dice` is the one field; faces and colouredness are held too, because scoring asks for
    # them on every throw.
    __slots__ = ("_coloured", "_faces", "dice")
    dice: tuple[Die, ...]
    if TYPE_CHECKING:  # slots only, not dataclass fields
        _faces: tuple[int, ...]
        _coloured: bool

    def __init__(self, dice: Iterable[Die]) -> None:
        ordered = tuple(sorted(dice, key=_sort_key))
        coloured = any(die.colour is not None for die in ordered)
        self._hold(ordered, tuple(die.face for die in ordered), coloured)

    def _hold(self, ordered: tuple[Die, ...], faces: tuple[int, ...], coloured: bool) -> None:
        if len(ordered) > MAX_DICE:
            raise FarkleError(f"{len(ordered)} dice is too many: a roll has 1 to {MAX_DICE} dice")
        object.__setattr__(self, "dice", ordered)
        object.__setattr__(self, "_faces", faces)
        object.__setattr__(self, "_coloured", coloured)

    def __reduce__(self) -> tuple[type[Roll], tuple[tuple[Die, ...]]]:
        return (Roll, (self.dice,))  # rebuilt through __init__, which a frozen value needs

    @classmethod
    def of(cls, *faces: int) -> Roll:
        """Colourless dice; they share one `Die` per face, which makes this the fast way in."""
        if not _PLAIN_FACES.issuperset(faces):
            for face in faces:
                Die(face)  # explains the bad face
        ordered = tuple(sorted(faces))
        roll = cls.__new__(cls)
        roll._hold(tuple(map(_PLAIN_DICE.__getitem__, ordered)), ordered, coloured=False)
        return roll

    @classmethod
    def parse(cls, text: str | Sequence[str]) -> Roll:
        """Read dice as typed by a person: `111155`, `1 1 1 1 5 5`, `1,5` or `5:red 5:blue`."""
        return cls(parse_dice(text))

    @property
    def faces(self) -> tuple[int, ...]:
        return self._faces

    @property
    def coloured(self) -> bool:
        return self._coloured

    def counts(self) -> tuple[int, int, int, int, int, int]:
        """How many of each face, 1s first."""
        c = Counter(self.faces)
        return (c[1], c[2], c[3], c[4], c[5], c[6])

    def contains(self, other: Roll) -> bool:
        mine = Counter(self.dice)
        return all(mine[die] >= n for die, n in Counter(other.dice).items())

    def without(self, other: Roll) -> Roll:
        """The dice left after setting `other` aside (which must be part of this roll)."""
        left = Counter(self.dice)
        left.subtract(Counter(other.dice))
        if any(n < 0 for n in left.values()):
            raise FarkleError(f"{other} is not part of the roll {self}")
        return Roll(left.elements())

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice)

    def __str__(self) -> str:
        if self.coloured:
            return " ".join(str(die) for die in self.dice)
        return "".join(str(die) for die in self.dice)


_TOKEN = re.compile(r"^(\d+)(?::([a-z]+))?$")


def parse_dice(text: str | Sequence[str]) -> list[Die]:
    """Dice as typed by a person, as many as typed: `111155`, `1 1 1 1 5 5`, `1,5` or
    `5:red 5:blue` (a roll holds six at most; other counts are the caller's to check)."""
    tokens = (
        text.split() if isinstance(text, str) else [t for part in text for t in part.split()]
    )
    tokens = [t for part in tokens for t in part.split(",") if t]
    if len(tokens) == 1 and ":" not in tokens[0]:
        tokens = list(tokens[0])
    if not tokens:
        raise FarkleError("no dice given: type the faces, e.g. 111155 or 1 1 1 1 5 5")
    return [_parse_die(token) for token in tokens]


# The colour names a die may have: the camera names dice by these (vision/colour.py), and a
# typed colour outside them is a typo that two-colour rules would score
COLOURS = ("white", "ivory", "grey", "black", "red", "orange", "yellow", "green", "blue",
           "purple", "pink")


def _parse_die(token: str) -> Die:
    match = _TOKEN.match(token.strip().lower())
    if match is None:
        raise FarkleError(f"{token!r} is not a die: use faces 1 to 6, e.g. 111155 or 5:red")
    return Die(int(match.group(1)), match.group(2))


def dice_count(n: int) -> str:
    """`1 die`, `5 dice`."""
    return f"{n} {'die' if n == 1 else 'dice'}"
