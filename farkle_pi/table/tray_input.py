"""Camera mode: what a tray event means for the game — a throw, a keep, or a prompt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from farkle_pi.game import Command, GameState, Keep, Throw
from farkle_pi.rules import Die, Roll
from farkle_pi.vision.colour import set_colour_names

PROMPTS = {
    "cocked": "die cocked - throw it again",
    "outside": "a die left the tray - throw it again",
    "unreadable": "a die cannot be read - throw again or tap it to set it",
}


class TrayDie(Protocol):
    @property
    def value(self) -> int | None: ...
    @property
    def colour_bgr(self) -> tuple[int, int, int]: ...


class TrayNews(Protocol):
    """What the table needs of a tray event (farkle_pi.tray.TrayEvent fits)."""

    @property
    def kind(self) -> str: ...
    @property
    def dice(self) -> Sequence[TrayDie]: ...
    @property
    def reason(self) -> str | None: ...


def tray_step(state: GameState, event: TrayNews) -> Command | str | None:
    """The command the event makes (a settled throw, dice set aside that form a keep), or the
    prompt to show, or None when it changes nothing."""
    if event.kind == "prompt" and event.reason == "count":
        return count_prompt(len(event.dice), state.dice_to_throw)
    if event.kind == "prompt":
        return PROMPTS.get(event.reason or "", "throw again")
    if event.kind == "settled" and state.phase != "keep":
        values = [d.value for d in event.dice]
        if None in values:
            return None  # the tray's prompt (cocked, unreadable) follows and says why
        if len(values) != state.dice_to_throw:
            return count_prompt(len(values), state.dice_to_throw)
        if not state.rules.colour_triples:  # colours matter to the score only then
            return Throw(Roll.of(*(v for v in values if v)))
        colours = set_colour_names([d.colour_bgr for d in event.dice])
        return Throw(Roll(Die(v, c) for v, c in zip(values, colours, strict=True) if v))
    if event.kind == "removed" and state.phase == "keep":
        keep = Roll.of(*(d.value for d in event.dice if d.value is not None))
        if any(o.keep.faces == keep.faces for o in state.options):
            return Keep(with_colours(keep, state))
        return f"{keep} is not a keep: choose with NEXT and KEEP"
    return None  # e.g. the rest of the dice picked up to be thrown again


def count_prompt(found: int, wanted: int) -> str:
    return f"{found} dice in the tray: throw {wanted}"


def with_colours(keep: Roll, state: GameState) -> Roll:
    """The kept faces as the dice of the last throw (so coloured dice keep their colours)."""
    assert state.last_throw is not None
    pool = list(state.last_throw.dice)
    chosen = []
    for face in keep.faces:
        die = next(d for d in pool if d.face == face)
        pool.remove(die)
        chosen.append(die)
    return Roll(chosen)
