"""A whole game of Farkle as a pure state machine: commands in, events out, state = fold(events).

>>> from farkle_pi.game import Game, Throw, Keep, Bank, Undo
>>> from farkle_pi.rules import Roll, load_rules
>>> game = Game(["Ann", "Bob"], load_rules("standard"))
>>> game.apply(Throw(Roll.parse("115234"))) == [Throw(Roll.of(1, 1, 2, 3, 4, 5))]
True
>>> [o.points for o in game.state.options][:3]
[250, 200, 150]
>>> _ = game.apply(Keep(Roll.parse("115")))
>>> game.state.turn_points, game.state.dice_to_throw
(250, 3)
>>> _ = game.apply(Bank())
>>> game.state.players[0].score, game.state.player.name
(250, 'Bob')
>>> _ = game.apply(Undo())  # the exact inverse of the last command
>>> game.state.phase, game.state.turn_points
('choose', 250)

The public API:

- `Game(players, rules)` starts a game; `Game.replay(events)` rebuilds one from its log.
- `game.apply(command) -> list[Event]` plays a command, or raises `Refused` (a `FarkleError`
  whose message is the reason) and changes nothing. `game.decide(command)` returns the same
  events without playing them and `game.record(events)` plays what `decide` returned: a store
  writes the events durably in between.
- Commands (accepted commands are also the events that record them): `Throw(roll)`,
  `Keep(roll)`, `Bank()`, `Steal()`, `Correct(roll)`, `Undo()`, `AddPlayer(name)` (also
  brings back a player who left), `LeavePlayer(name)` (a player goes home mid-game),
  `RollOff(winner)` (who won the roll-off of a tie under `ties = "roll-off"`); the log
  starts with `NewGame(players, rules)`. Outcome events follow the command that caused them:
  `Farkled(player, lost, penalty)`, `FinalRound(player)`, `GameOver(winners, roll_off)`.
- `game.state` is a frozen `GameState`: `players` (`PlayerState`: name, score, on_board,
  farkles in a row, left), `current`/`player`, `phase` (start | steal | keep | choose | over),
  `turn_points`, `dice_to_throw`, `last_throw`, `options` (legal keeps, best first), `kept`,
  `can_bank`, `bank_minimum`, `hot_dice_must_throw` (hot dice that the house rule
  `must_throw_hot_dice` makes be thrown again: no bank), `steal` (a `StealOffer` or None;
  `held_steal`: one the current player may not take, passed on should they go home),
  `final_round`, `last_turn_for`, `winners`, `over`, `roll_off`, `roll_off_settled`, `turns`
  (a `TurnRecord` per finished turn), `last_turn`, `left_mid_turn` (a `LeftMidTurn`: the turn
  its player just ended by going home), `throws`.
- `event_to_json` / `event_from_json` turn events into plain dicts and back.
"""

from farkle_pi.game.engine import Game
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
    Outcome,
    RollOff,
    Steal,
    Throw,
    Undo,
    event_from_json,
    event_to_json,
    is_outcome,
)
from farkle_pi.game.state import (
    GameState,
    LeftMidTurn,
    Phase,
    PlayerState,
    StealOffer,
    TurnRecord,
)
from farkle_pi.game.turns import Refused

__all__ = [
    "AddPlayer",
    "Bank",
    "Command",
    "Correct",
    "Event",
    "Farkled",
    "FinalRound",
    "Game",
    "GameOver",
    "GameState",
    "Keep",
    "LeavePlayer",
    "LeftMidTurn",
    "NewGame",
    "Outcome",
    "Phase",
    "PlayerState",
    "Refused",
    "RollOff",
    "Steal",
    "StealOffer",
    "Throw",
    "TurnRecord",
    "Undo",
    "event_from_json",
    "event_to_json",
    "is_outcome",
]
