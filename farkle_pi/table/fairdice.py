"""Provably fair virtual dice: the Pi commits to a secret seed before the game and reveals it
after, so anyone can recompute every throw (`farkle-pi verify GAME`).

Throw number k (counting every throw in the game's log, undone ones too) of game g is
HMAC-SHA256(seed, "g:k"), read as dice by rejecting bytes >= 252 (so every face is exactly
equally likely). The commitment is SHA-256(seed), stored and shown before the first throw.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from farkle_pi.errors import FarkleError
from farkle_pi.files import sqlite_name
from farkle_pi.game import Event, Game, Refused, Throw, Undo, event_from_json
from farkle_pi.rules import Die, Roll

_SCHEMA = """CREATE TABLE IF NOT EXISTS fair_dice (
    game INTEGER PRIMARY KEY, commitment TEXT NOT NULL, seed TEXT NOT NULL)"""


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def throw_faces(seed: bytes, game_id: int, number: int, dice: int) -> tuple[int, ...]:
    """The faces of throw `number` (1-based) of game `game_id`, unbiased."""
    faces: list[int] = []
    block = 0
    while len(faces) < dice:
        message = f"{game_id}:{number}" + (f":{block}" if block else "")
        digest = hmac.new(seed, message.encode(), hashlib.sha256).digest()
        faces.extend(byte % 6 + 1 for byte in digest if byte < 252)
        block += 1
    return tuple(faces[:dice])


@dataclass(frozen=True)
class FairDice:
    """The seed of one game; `throw` gives the dice of its next throw."""

    game_id: int
    seed: bytes

    @classmethod
    def fresh(cls, game_id: int) -> FairDice:
        return cls(game_id, secrets.token_bytes(32))

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def throw(self, number: int, dice: int) -> tuple[int, ...]:
        return throw_faces(self.seed, self.game_id, number, dice)


def even_mix(dice: int) -> tuple[str, ...]:
    """Red and blue in turn: the Pi's set of `dice` dice in a two-colour game (a real
    portland set of six: three of each), and the mix thrown where the dice set aside are not
    known."""
    return tuple(("red", "blue")[i % 2] for i in range(dice))


def coloured_throw(faces: Sequence[int], kept: Sequence[Roll], dice: int = 6) -> Roll:
    """The Pi's dice thrown in a two-colour game of `dice` dice: `faces` as the seed gave
    them, in the colours of the set's dice not set aside since all were last thrown (`kept`:
    the turn's keeps, the latest of them as many dice as are not thrown)."""
    left = Counter(even_mix(dice))
    aside = dice - len(faces)
    uncoloured = False  # a keep stored before the Pi's dice had colours: which, not known
    for keep in reversed(kept):
        if aside <= 0:
            break
        for die in keep:
            if die.colour is None or die.colour not in left:
                uncoloured = True
            else:
                left[die.colour] -= 1
        aside -= len(keep)
    known = not uncoloured and aside == 0 and all(n >= 0 for n in left.values())
    colours = sorted(left.elements()) if known else list(even_mix(len(faces)))
    return Roll(Die(face, colour) for face, colour in zip(faces, colours, strict=True))


def pis_throw(dice: FairDice, game: Game) -> Roll:
    """The Pi's next throw in `game`: the seed's faces for it, and under two-colour rules
    their colours (the set's dice not set aside), as the table throws and verify checks."""
    state = game.state
    number = sum(1 for _ in throws_in(game.events)) + 1
    faces = dice.throw(number, state.dice_to_throw)
    if not state.rules.colour_triples:
        return Roll.of(*faces)
    return coloured_throw(faces, _set_aside(game), state.rules.dice)


def _set_aside(game: Game) -> tuple[Roll, ...]:
    """The keeps whose dice are not thrown now: this turn's; after a steal, those of the turn
    whose dice were stolen, as the game stood before its bank (found by undoing the steal
    and the bank on a copy)."""
    if game.state.phase != "steal":
        return game.state.kept
    before = game.copy()
    try:
        for _ in range(2):
            before.apply(Undo())
    except Refused:
        return ()  # (not known: an even mix)
    return before.state.kept


def throws_in(events: Iterable[Event]) -> Iterator[Throw]:
    """Every throw of a game's log in order, undone throws included (they were thrown)."""
    return (event for event in events if isinstance(event, Throw))


def record_seed(db: sqlite3.Connection, dice: FairDice) -> None:
    """The seed and its commitment into `db` (in the caller's transaction, if any)."""
    db.execute(_SCHEMA)
    db.execute("INSERT OR REPLACE INTO fair_dice (game, commitment, seed) VALUES (?, ?, ?)",
               (dice.game_id, dice.commitment, dice.seed.hex()))


class SeedBook:
    """The seeds in the game database (its own table next to the store's event log)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def _open(self) -> Iterator[sqlite3.Connection]:
        """A connection for one look, its SQLite errors one line."""
        try:
            with closing(sqlite3.connect(sqlite_name(self.path), timeout=5,
                                         isolation_level=None)) as db:
                db.execute("PRAGMA synchronous=FULL")
                db.execute(_SCHEMA)
                yield db
        except sqlite3.Error as error:
            raise FarkleError(f"cannot read the dice seeds in {self.path}: {error}") from None

    def events(self, game_id: int) -> list[Event]:
        """The game's log as stored, read without replaying it (a tampered log may not replay)."""
        with self._open() as db:
            rows = db.execute(
                "SELECT body FROM events WHERE game = ? ORDER BY seq", (game_id,)
            ).fetchall()
        try:
            return [event_from_json(json.loads(body)) for (body,) in rows]
        except (ValueError, FarkleError) as error:
            raise FarkleError(f"{self.path}: game {game_id}'s log is unreadable: {error}") from None

    def load(self, game_id: int) -> tuple[str, FairDice] | None:
        """(stored commitment, dice) for a virtual-dice game, None for other games."""
        with self._open() as db:
            row = db.execute(
                "SELECT commitment, seed FROM fair_dice WHERE game = ?", (game_id,)
            ).fetchone()
        if row is None:
            return None
        return str(row[0]), FairDice(game_id, bytes.fromhex(str(row[1])))


def verify(stored_commitment: str, dice: FairDice, events: Iterable[Event]) -> list[str]:
    """Problems found (empty = every throw is what the seed says); the first mismatch is named."""
    if dice.commitment != stored_commitment:
        return [f"the seed does not match its commitment {stored_commitment[:16]}..."]
    try:
        return _throws_checked(dice, events)
    except Refused as error:  # changed so that it breaks the rules: the log is not the game's
        return [f"the stored log does not replay: {error}"]


def _throws_checked(dice: FairDice, events: Iterable[Event]) -> list[str]:
    """The first throw of the log that is not the seed's (its faces, and under two-colour
    rules its colours, which follow from the dice set aside), replaying it as it goes."""
    number = 0
    for game, event in Game.stepwise(events):
        if not isinstance(event, Throw):
            continue
        number += 1
        expected = tuple(sorted(dice.throw(number, len(event.roll))))
        if tuple(event.roll.faces) != expected:
            shown = "".join(map(str, expected))
            return [f"throw {number} was {event.roll} but the seed gives {shown}"]
        if event.roll.coloured:  # (two-colour rules; games stored before colours: faces only)
            thrown = pis_throw(dice, game)
            if event.roll != thrown:
                return [f"throw {number} was {event.roll} but the seed and the dice set aside "
                        f"give {thrown}"]
    return []
