"""What can happen at the table, as small frozen values that round-trip through JSON.

An accepted command *is* the event that records it (a `Throw` in the log says "these dice came
up"), so commands and events are one vocabulary. A few outcome events (`Farkled`,
`FinalRound`, `GameOver`) follow the command that caused them: they tell a screen or a history
what happened, and replay recomputes them rather than trusting them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from farkle_pi.errors import FarkleError
from farkle_pi.rules import Roll, RuleSet
from farkle_pi.rules.ruleset import STORED


@dataclass(frozen=True)
class NewGame:
    """The first event of every game: who sits where, and the table's rules."""

    players: tuple[str, ...]
    rules: RuleSet
    kind: ClassVar[str] = "new_game"


@dataclass(frozen=True)
class Throw:
    """The dice that came up, for the player whose turn it is.

    `entered`: those of them whose faces were entered by hand, so a table started again knows
    what it knew (which die the camera could not read; whether the table gave the colours).
    A keypad gives faces only (the colours of a typed throw are the table's); a die the camera
    saw but could not read has the colour it saw. None: not said (a throw stored before the
    table kept it, or by a caller that does not say); stored only then. Scores ignore it."""

    roll: Roll
    entered: Roll | None = None
    kind: ClassVar[str] = "throw"


@dataclass(frozen=True)
class Keep:
    """Set these scoring dice of the last throw aside."""

    roll: Roll
    kind: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Bank:
    """Put the turn's points on the scoreboard and pass the dice."""

    kind: ClassVar[str] = "bank"


@dataclass(frozen=True)
class Steal:
    """Take over the previous player's remaining dice and turn points (where the rules allow)."""

    kind: ClassVar[str] = "steal"


@dataclass(frozen=True)
class Correct:
    """The last throw was misread: these are the dice that really came up."""

    roll: Roll
    kind: ClassVar[str] = "correct"


@dataclass(frozen=True)
class Undo:
    """Take back the last command, whatever it was."""

    kind: ClassVar[str] = "undo"


@dataclass(frozen=True)
class AddPlayer:
    """A late player joins at the end of the seat order with 0 points."""

    name: str
    kind: ClassVar[str] = "add_player"


@dataclass(frozen=True)
class LeavePlayer:
    """A player goes home mid-game: no more turns, no win; their score stays on the board."""

    name: str
    kind: ClassVar[str] = "leave_player"


@dataclass(frozen=True)
class RollOff:
    """The players tied at the end under `ties = "roll-off"` rolled for it: `winner` won."""

    winner: str
    kind: ClassVar[str] = "roll_off"


@dataclass(frozen=True)
class Farkled:
    """Outcome: the throw scored nothing; the turn's points are lost (and maybe a penalty)."""

    player: str
    lost: int
    penalty: int
    kind: ClassVar[str] = "farkled"


@dataclass(frozen=True)
class FinalRound:
    """Outcome: `player` banked past the target; everybody else gets one last turn."""

    player: str
    kind: ClassVar[str] = "final_round"


@dataclass(frozen=True)
class GameOver:
    """Outcome: the game has ended; a shared top score has several winners."""

    winners: tuple[str, ...]
    roll_off: bool
    kind: ClassVar[str] = "game_over"


Command = Throw | Keep | Bank | Steal | Correct | Undo | AddPlayer | LeavePlayer | RollOff
Outcome = Farkled | FinalRound | GameOver
Event = NewGame | Command | Outcome

_TYPES: dict[str, type[Any]] = {
    cls.kind: cls
    for cls in (
        NewGame, Throw, Keep, Bank, Steal, Correct, Undo, AddPlayer, LeavePlayer, RollOff, Farkled,
        FinalRound, GameOver,
    )
}
OUTCOMES = (Farkled, FinalRound, GameOver)


def is_outcome(event: Event) -> bool:
    return isinstance(event, OUTCOMES)


def event_to_json(event: Event) -> dict[str, Any]:
    """A plain dict for the store; dice as strings ("5" or "5:red") so colours survive."""
    body: dict[str, Any] = {"type": event.kind}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if value is None and field.default is None:
            continue  # not said: stored as before the field was (old logs load the same)
        if isinstance(value, Roll):
            value = [str(die) for die in value]
        elif isinstance(value, RuleSet):
            value = dataclasses.asdict(value)
        elif isinstance(value, tuple):
            value = list(value)
        body[field.name] = value
    return body


_PLAIN: dict[str, type] = {"str": str, "int": int, "bool": bool}  # the other fields' types


def event_from_json(body: Mapping[str, Any]) -> Event:
    """The event a dict from `event_to_json` describes; FarkleError if it is not one."""
    try:
        cls = _TYPES[body["type"]]
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            if field.default is None and body.get(field.name) is None:
                continue  # not said (a log stored before the field was): its default
            raw = body[field.name]
            if field.type == "Roll | None" and raw == []:
                values[field.name] = Roll([])  # said: none (a camera's throw read whole)
            elif field.type in ("Roll", "Roll | None"):
                values[field.name] = Roll.parse([str(token) for token in raw])
            elif field.type == "RuleSet":
                values[field.name] = RuleSet().with_changes(raw, origin=STORED)
            elif field.type == "tuple[str, ...]":
                values[field.name] = tuple(str(item) for item in raw)
            elif not isinstance(raw, _PLAIN[str(field.type)]) or (
                    field.type == "int" and isinstance(raw, bool)):
                raise TypeError(f"{field.name} is not {field.type}")  # a hand edit: the game
                # is left out of reports, not a traceback in every one
            else:
                values[field.name] = raw
        event: Event = cls(**values)
    except (KeyError, TypeError, ValueError) as error:
        raise FarkleError(f"not a stored farkle-pi event: {dict(body)!r} ({error})") from None
    return event
