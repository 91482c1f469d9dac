"""A throw entered by hand, as a pure step: (entry, action, dice thrown) -> entry.

Keys `1`-`6` and the touch keypad's faces add a die; Backspace and the keypad's "remove last"
take one back. With the buttons alone NEXT steps the face of the die being entered
(1 -> 2 -> ... -> 6 -> 1), KEEP takes it and held UNDO removes the last die taken. The next die
starts at the face just taken, so dice entered in order need few presses (1 1 5 5: KEEP KEEP,
four NEXT, KEEP KEEP). The table plays the throw once `count` dice are in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from farkle_pi.errors import FarkleError
from farkle_pi.rules import dice_count
from farkle_pi.ui.actions import Action

FACES = range(1, 7)


@dataclass(frozen=True)
class Entry:
    """The dice entered so far and the face the buttons are on (None: not started yet)."""

    dice: tuple[int, ...] = ()
    face: int | None = None

    @property
    def shown_face(self) -> int:
        """The face NEXT steps from and KEEP takes: 1 until the buttons choose another."""
        return self.face or 1

    @property
    def text(self) -> str:
        return "".join(map(str, self.dice))


def step(entry: Entry, action: Action, count: int) -> Entry:
    """The entry after one `digit`, `erase`, `next`, `keep` or `undo`; a die too many or a face
    outside 1-6 is refused with a FarkleError (the entry is unchanged)."""
    kind = action.kind
    if kind == "digit":
        return add(entry, action.value, count)
    if kind == "keep":
        return add(entry, entry.shown_face, count)
    if kind == "next":
        return replace(entry, face=entry.shown_face % 6 + 1)
    if kind in ("erase", "undo"):
        return replace(entry, dice=entry.dice[:-1])
    return entry


def add(entry: Entry, face: int, count: int) -> Entry:
    if face not in FACES:
        raise FarkleError(f"a die shows 1 to 6, not {face}")
    if len(entry.dice) >= count:
        raise FarkleError(f"only {dice_count(count)} are thrown")
    return Entry(dice=(*entry.dice, face), face=face)
