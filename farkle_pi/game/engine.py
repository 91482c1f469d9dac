"""`Game`: the event log and the stack of states it folds into, with push/pop undo.

Like python-chess's board, a game keeps one entry per accepted command on a stack. `Undo` pops
the top entry, so it is the exact inverse of the last command; `Correct` re-plays the last throw
from the state before it, as a new entry, so an undo after a correction brings the misread
throw back. A player's leave or return since that throw which left its turn as it was (another
player's) does not hide the throw: the correction re-plays it after the corrected throw. The
log itself is append-only: undone commands stay in it, which is what lets a store append and
never rewrite.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from farkle_pi.game.events import (
    AddPlayer,
    Bank,
    Command,
    Correct,
    Event,
    Farkled,
    FinalRound,
    GameOver,
    Keep,
    LeavePlayer,
    NewGame,
    RollOff,
    Steal,
    Throw,
    Undo,
    is_outcome,
)
from farkle_pi.game.state import GameState
from farkle_pi.game.turns import Refused, play, seat_named, settle_roll_off, start
from farkle_pi.rules import RuleSet

SeatChange = AddPlayer | LeavePlayer


@dataclass(frozen=True)
class _Entry:
    """A state on the stack; `before_throw` is set while the last throw can be corrected: after
    that throw (or its fix), and after seat changes since it that left its turn as it was
    (`since_throw`, which a correction plays again)."""

    state: GameState
    before_throw: GameState | None = None
    since_throw: tuple[SeatChange, ...] = ()


class Game:
    """One game of Farkle: `apply` commands, read `state`, `replay` a stored log."""

    def __init__(self, players: Sequence[str], rules: RuleSet) -> None:
        state = start(tuple(players), GameState(rules=rules, players=()))
        self._log: list[Event] = [NewGame(tuple(p.name for p in state.players), rules)]
        self._stack: list[_Entry] = [_Entry(state)]

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Game:
        """The game a stored log describes; `Refused` if the log breaks the rules."""
        last = deque(cls.stepwise(events), maxlen=1)  # (the whole game, with None)
        return last[0][0]

    @classmethod
    def stepwise(cls, events: Iterable[Event]) -> Iterator[tuple[Game, Event | None]]:
        """A stored log replayed event by event: each event after the new game with the game
        as it stood just before it (one game, moved on after each), then the whole game with
        None. For checks that need the game at each point (`farkle-pi verify`)."""
        stream = iter(events)
        first = next(stream, None)
        if not isinstance(first, NewGame):
            raise Refused("a game's log must begin with a new game")
        game = cls(first.players, first.rules)
        for event in stream:
            yield game, event
            if not is_outcome(event):
                game._push(game._step(event))
            game._log.append(event)
        yield game, None

    @property
    def state(self) -> GameState:
        return self._stack[-1].state

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, undone commands included, in order."""
        return tuple(self._log)

    @property
    def commands(self) -> int:
        """How many commands the current state rests on (an undo takes one away)."""
        return len(self._stack) - 1

    @property
    def played(self) -> int:
        """How many commands the log holds (an undo counts as one more)."""
        return sum(not is_outcome(event) for event in self._log) - 1

    def copy(self) -> Game:
        """An independent game at the same point (states are immutable, so this is cheap)."""
        twin = Game.__new__(Game)
        twin._log = list(self._log)
        twin._stack = list(self._stack)
        return twin

    def decide(self, command: Command) -> list[Event]:
        """The events `command` would add, or `Refused`; the game does not change."""
        entry = self._step(command)
        if entry is None:
            return [command]
        thrown = isinstance(command, Throw | Correct)  # (a fix's outcomes: from before the throw)
        base = entry.before_throw if thrown and entry.before_throw else self.state
        return [command, *_outcomes(base, entry.state)]

    def record(self, events: Sequence[Event]) -> None:
        """Add the events of one command (as `decide` returned them) to the game."""
        self._push(self._step(events[0]))
        self._log.extend(events)

    def apply(self, command: Command) -> list[Event]:
        """Play `command`: returns its events, or raises `Refused` and changes nothing."""
        events = self.decide(command)
        self.record(events)
        return events

    def _step(self, command: Event) -> _Entry | None:
        """The entry `command` pushes, or None for an undo (which pops)."""
        top = self._stack[-1]
        if isinstance(command, Undo):
            if len(self._stack) == 1:
                raise Refused("there is nothing to undo")
            return None
        if isinstance(command, Correct):
            if top.before_throw is None or top.state.last_throw is None:
                if len(self._stack) == 1:
                    raise Refused("there is no throw to correct yet")
                raise Refused("only the last throw can be corrected, before anything else: undo "
                              "back to it, then correct it")
            if len(command.roll) != len(top.state.last_throw):
                raise Refused(
                    f"the correction has {len(command.roll)} dice, the throw had "
                    f"{len(top.state.last_throw)}"
                )
            base = top.before_throw
            fixed = _replayed(play(base, Throw(command.roll)), top.since_throw)
            return _Entry(fixed, before_throw=base, since_throw=top.since_throw)
        if isinstance(command, Throw):
            return _Entry(play(top.state, command), before_throw=top.state)
        if isinstance(command, RollOff):
            return _Entry(settle_roll_off(top.state, command.winner))
        if isinstance(command, SeatChange):
            return _seat_changed(top, command)
        if isinstance(command, Keep | Bank | Steal):
            return _Entry(play(top.state, command))
        raise Refused(f"{command!r} is not a command")

    def _push(self, entry: _Entry | None) -> None:
        if entry is None:
            self._stack.pop()
        else:
            self._stack.append(entry)


def _seat_changed(top: _Entry, command: SeatChange) -> _Entry:
    """A leave or a return: another player's, during a turn whose throw may still be
    corrected, keeps that throw correctable (a misread and a friend going home in the same
    minute); the player's own leave ends the turn, and with it the throw's."""
    after = play(top.state, command)
    seats_only = replace(after, players=top.state.players,
                         last_turn_for=top.state.last_turn_for) == top.state
    if top.before_throw is None or not seats_only:
        return _Entry(after)
    return _Entry(after, before_throw=top.before_throw,
                  since_throw=(*top.since_throw, command))


def _replayed(state: GameState, changes: tuple[SeatChange, ...]) -> GameState:
    """The seat changes made since a throw, played again after its correction (the same
    players, so only a game the corrected throw ended refuses them)."""
    changes = _net(state, changes)
    if changes and state.over:
        said = " and ".join(f"{_seated(state, c.name)} went home" if isinstance(c, LeavePlayer)
                            else f"{_seated(state, c.name)} joined" for c in changes)
        raise Refused(f"the game would end on that throw, but {said} after it: undo back to "
                      "the throw, then correct it")
    for change in changes:
        state = play(state, change)
    return state


def _net(state: GameState, changes: tuple[SeatChange, ...]) -> tuple[SeatChange, ...]:
    """`changes` without each leave that a return of the same player later undid: seat for
    seat nothing happened, and replayed after a misread Farkle such a leave would end the turn
    the Farkle now passes to that player, who went out during another's turn, not their own."""
    kept: list[SeatChange] = []
    for change in changes:
        seat = seat_named(state, change.name)
        leaves = [i for i, earlier in enumerate(kept) if isinstance(earlier, LeavePlayer)
                  and seat_named(state, earlier.name) == seat]
        if isinstance(change, AddPlayer) and seat is not None and leaves:
            del kept[leaves[-1]]
        else:
            kept.append(change)
    return tuple(kept)


def _seated(state: GameState, name: str) -> str:
    """`name` as seated (a command may name a player in any case; a newcomer as given)."""
    seat = seat_named(state, name)
    return name.strip() if seat is None else state.players[seat].name


def _outcomes(before: GameState, after: GameState) -> list[Event]:
    """What a screen should announce about the step from `before` to `after`."""
    found: list[Event] = []
    if len(after.turns) > len(before.turns) and after.turns[-1].farkle:
        turn = after.turns[-1]
        found.append(Farkled(turn.player, before.turn_points, turn.penalty))
    if after.final_round and not before.final_round:
        found.append(FinalRound(before.player.name))
    if after.over and (not before.over or (before.roll_off and not after.roll_off)):
        found.append(GameOver(after.winner_names(), after.roll_off))  # (the roll-off's: its one)
    return found
