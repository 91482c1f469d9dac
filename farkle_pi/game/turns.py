"""The rules of play: one pure function from a state and a command to the next state.

Every check happens before anything is built, so a refused command cannot leave half a change.
Undo and Correct are not here: they rewind the command stack (see `engine.py`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from farkle_pi.errors import FarkleError
from farkle_pi.game.events import AddPlayer, Bank, Keep, LeavePlayer, Steal, Throw
from farkle_pi.game.names import said
from farkle_pi.game.state import GameState, LeftMidTurn, PlayerState, StealOffer, TurnRecord
from farkle_pi.rules import Roll, Scoring, ScoringOption, chart

PlayCommand = Throw | Keep | Bank | Steal | AddPlayer | LeavePlayer


class Refused(FarkleError):
    """A command the rules do not allow now; the reason is one line for the players."""


def start(players: tuple[str, ...], state: GameState) -> GameState:
    """Check the seating of a new game (state carries the rules)."""
    seated: tuple[str, ...] = ()
    for name in players:
        seated = (*seated, _checked_name(name, seated))
    if not seated:
        raise Refused("a game needs at least one player")
    return replace(
        state,
        players=tuple(PlayerState(name) for name in seated),
        dice_to_throw=state.rules.dice,
    )


def play(state: GameState, command: PlayCommand) -> GameState:
    """The state after `command`, or `Refused` with the reason."""
    if state.over:
        raise Refused(f"the game is over ({_result(state)}): start a new game or undo")
    if isinstance(command, Throw):
        return _throw(state, command.roll)
    if isinstance(command, Keep):
        return _keep(state, command.roll)
    if isinstance(command, Bank):
        return _bank(state)
    if isinstance(command, Steal):
        return _steal(state)
    if isinstance(command, LeavePlayer):
        return _leave(state, command.name)
    return _add_player(state, command.name)


def _throw(state: GameState, roll: Roll) -> GameState:
    if state.phase == "keep":
        raise Refused(
            f"{state.player.name} must first keep scoring dice from {state.last_throw} "
            "(or correct that throw)"
        )
    if len(roll) != state.dice_to_throw:
        raise Refused(
            f"{state.player.name} throws {state.dice_to_throw} dice, but {len(roll)} were given"
        )
    if state.phase == "start":
        state = replace(state, steal=None, held_steal=None)  # throwing fresh declines a steal
    state = replace(state, last_throw=roll, throws=(*state.throws, roll), left_mid_turn=None)
    if chart(state.rules).score(roll).farkle:
        return _farkle(state)
    return replace(state, phase="keep")


def _farkle(state: GameState) -> GameState:
    rules = state.rules
    player = state.player
    farkles = player.farkles + 1
    penalty = 0
    if rules.three_farkles and farkles >= 3:
        penalty = min(rules.three_farkles, player.score)  # a score never goes below 0
        farkles = 0
    record = TurnRecord(
        player.name, 0, farkle=True, penalty=penalty, hot_dice=state.hot_dice, stolen=state.stolen
    )
    player = replace(player, score=player.score - penalty, farkles=farkles)
    return _end_turn(state, player, record, steal=None)


def _keep(state: GameState, keep: Roll) -> GameState:
    if state.phase != "keep" or state.last_throw is None:
        raise Refused(f"there is no throw to keep dice from: {_next_step(state)}")
    option = _find_keep(state, keep)
    rules = state.rules
    dice_left = state.dice_to_throw - len(option.keep)
    hot = dice_left == 0
    ones_rows = [c for c in option.combinations if set(c.faces) == {1}]
    ones = state.ones + sum(len(c.faces) for c in ones_rows)
    ones_points = state.ones_points + sum(c.points for c in ones_rows)
    points = state.turn_points + option.points
    paid = state.six_ones_paid
    if rules.six_ones_turn and not paid and ones >= 6 and rules.six_ones_turn > ones_points:
        points += rules.six_ones_turn - ones_points  # the 1s now earn the six-1s prize instead
        paid = True
    return replace(
        state,
        phase="choose",
        turn_points=points,
        dice_to_throw=rules.dice if hot else dice_left,
        kept=(*state.kept, option.keep),
        hot_dice=state.hot_dice + hot,
        ones=ones,
        ones_points=ones_points,
        six_ones_paid=paid,
    )


def _find_keep(state: GameState, keep: Roll) -> ScoringOption:
    """The legal keep meant by `keep`; plain faces pick the best colouring of a coloured throw."""
    assert state.last_throw is not None
    scoring = chart(state.rules).score(state.last_throw)
    found = _lookup(scoring, keep)
    if found is not None:
        return found
    legal = ", ".join(f"{o.keep} ({o.points})" for o in scoring.options[:6])
    more = ", …" if len(scoring.options) > 6 else ""
    why = _triples_left(state, keep)
    raise Refused(f"{keep} is not a legal keep of {state.last_throw}{why}: legal: {legal}{more}")


def _lookup(scoring: Scoring, keep: Roll) -> ScoringOption | None:
    found = scoring.find(keep)
    if found is None and not keep.coloured and scoring.roll.coloured:
        found = next((o for o in scoring.options if o.keep.faces == keep.faces), None)
    return found


def _triples_left(state: GameState, keep: Roll) -> str:
    """Why a keep that scores is refused where a rolled triple must be set aside (portland's
    2s): the list of legal keeps alone left players guessing."""
    rules = state.rules
    if rules.must_take_triples == "none" or state.last_throw is None:
        return ""
    if _lookup(chart(replace(rules, must_take_triples="none")).score(state.last_throw),
               keep) is None:
        return ""
    which = "a triple of 2s" if rules.must_take_triples == "twos" else "every triple"
    return f" (the {rules.called}: {which} thrown must be set aside too)"


def _bank(state: GameState) -> GameState:
    player = state.player
    if state.phase != "choose":
        raise Refused(f"{player.name} cannot bank now: {_next_step(state)}")
    if state.hot_dice_must_throw:
        raise Refused(f"hot dice: {player.name} must throw all {state.dice_to_throw} dice "
                      "again (house rule must_throw_hot_dice: no bank on hot dice)")
    if state.turn_points < state.bank_minimum:
        need = "to get on the board" if not player.on_board else "to bank"
        raise Refused(
            f"{player.name} needs {state.bank_minimum} in this turn {need} and has "
            f"{state.turn_points}: throw {state.dice_to_throw} dice again"
        )
    record = TurnRecord(
        player.name, state.turn_points, farkle=False, hot_dice=state.hot_dice, stolen=state.stolen
    )
    banked = replace(player, score=player.score + state.turn_points, on_board=True, farkles=0)
    offer = StealOffer(player.name, state.turn_points, state.dice_to_throw)
    after = _end_turn(state, banked, record, steal=offer if state.rules.stealing else None)
    if after.over or after.final_round or banked.score < state.rules.target:
        return after
    if not state.rules.final_round:
        return _game_over(after)
    others = _playing_after(state.players, state.current)
    if not others:
        return _game_over(after)
    return replace(after, final_round=True, last_turn_for=others, current=others[0])


def _steal(state: GameState) -> GameState:
    player = state.player
    offer = state.steal
    if not state.rules.stealing:
        raise Refused(f"stealing is off under the {state.rules.called}")
    held = state.held_steal  # (dice left for a player who may not take them)
    if state.phase == "start" and held is not None:
        raise Refused(f"{player.name} is not on the board yet, so may not steal {held.player}'s "
                      f"dice: throw {state.dice_to_throw} dice")
    if state.phase != "start" or offer is None:
        raise Refused(f"there is nothing to steal now: {_next_step(state)}")
    return replace(
        state,
        phase="steal",
        turn_points=offer.points,
        dice_to_throw=offer.dice,
        stolen=offer.points,
        steal=None,
        left_mid_turn=None,
    )


def _add_player(state: GameState, name: str) -> GameState:
    seat = returning_seat(state, name)
    if seat is None:
        name = _checked_name(name, tuple(p.name for p in state.players))
    else:
        name = state.players[seat].name
    if state.final_round:
        raise Refused(f"{name} cannot join: the final round has started")
    if seat is None:
        return replace(state, players=(*state.players, PlayerState(name)))
    # back from the kitchen: their seat, their score; their turn comes round again (and
    # their going home is no longer news)
    gone = state.left_mid_turn
    return replace(state, players=_with(state.players, seat, left=False),
                   left_mid_turn=None if gone is not None and gone.player == name else gone)


def returning_seat(state: GameState, name: str) -> int | None:
    """The seat of a player who left and is named so (any case): `add` brings them back."""
    found = seat_named(state, name)
    return found if found is not None and state.players[found].left else None


def _leave(state: GameState, name: str) -> GameState:
    """`name` goes home: out of the turn order and the final round's last turns, no win.
    Their own turn ends with nothing banked (not a Farkle: no count, no penalty)."""
    seat = seat_named(state, name)
    if seat is None:
        names = ", ".join(p.name for p in state.players if not p.left)
        raise Refused(f"{said(name) or 'no name'} is not playing in this game: name one of "
                      f"{names}")
    player = state.players[seat]
    if player.left:
        raise Refused(f"{player.name} has already left this game (farkle-pi game add "
                      f"{player.name} brings them back)")
    if not _playing_after(state.players, seat):
        raise Refused(f"{player.name} is the last player still playing: start a new game "
                      "instead")
    owed = tuple(i for i in state.last_turn_for if i != seat)
    gone = replace(state, players=_with(state.players, seat, left=True), last_turn_for=owed)
    if seat != state.current:
        return gone  # (someone else's turn goes on as it was)
    ended = _fresh_turn(gone, last_throw=None,
                        left_mid_turn=LeftMidTurn(player.name, state.turn_points))
    if state.final_round and not owed:
        return _game_over(ended)
    after = _next_seat(state, gone.players, owed)
    # a bank's dice still on the table (not yet thrown by the leaver) go to the player now
    # next, as they would have gone had the leaver left a moment before that bank
    return _dice_left_for(replace(ended, current=after), state.steal or state.held_steal)


def seat_named(state: GameState, name: str) -> int | None:
    """The seat of the player named `name` (`_named`): as written, else in any case."""
    return _named([p.name for p in state.players], name)


def _named(names: list[str], name: str) -> int | None:
    """Where in `names` the one named `name` is: as written, or in any case where that names
    only one of them."""
    name = name.strip()
    if name in names:
        return names.index(name)
    found = [i for i, n in enumerate(names) if n.casefold() == name.casefold()]
    return found[0] if len(found) == 1 else None


def _with(players: tuple[PlayerState, ...], seat: int, left: bool) -> tuple[PlayerState, ...]:
    return tuple(replace(p, left=left) if i == seat else p for i, p in enumerate(players))


def _playing_after(players: tuple[PlayerState, ...], seat: int) -> tuple[int, ...]:
    """The seats still playing after `seat`, in turn order (`seat` itself not included)."""
    count = len(players)
    later = ((seat + k) % count for k in range(1, count))
    return tuple(i for i in later if not players[i].left)


def _end_turn(
    state: GameState, player: PlayerState, record: TurnRecord, steal: StealOffer | None
) -> GameState:
    """Score the finished turn and hand the dice to whoever plays next."""
    players = tuple(player if i == state.current else p for i, p in enumerate(state.players))
    owed = tuple(i for i in state.last_turn_for if i != state.current)
    ended = _fresh_turn(state, players=players, turns=(*state.turns, record),
                        last_turn_for=owed)
    if state.final_round and not owed:
        return _game_over(ended)
    after = _next_seat(state, players, owed)
    return _dice_left_for(replace(ended, current=after), steal)


def _dice_left_for(state: GameState, dice: StealOffer | None) -> GameState:
    """`state` with a bank's `dice` left on the table for the player now to throw: theirs to
    steal if they are on the board, else held (`held_steal`) until they throw, so that should
    they go home first the player after them may steal the dice, as if they had never sat
    down. Never the banker's own dice back (alone at the table, or come round to them)."""
    if dice is None or state.player.name == dice.player:
        return replace(state, steal=None, held_steal=None)
    if state.player.on_board:
        return replace(state, steal=dice, held_steal=None)
    return replace(state, steal=None, held_steal=dice)


def _fresh_turn(state: GameState, **changes: Any) -> GameState:
    """`state` with the turn's own counts cleared for the next turn (and `changes`): a turn
    ended by a bank, a Farkle or its player going home starts the next one alike."""
    return replace(state, turn_points=0, dice_to_throw=state.rules.dice, kept=(), hot_dice=0,
                   ones=0, ones_points=0, six_ones_paid=False, stolen=0, phase="start",
                   **changes)


def _next_seat(state: GameState, players: tuple[PlayerState, ...], owed: tuple[int, ...]
               ) -> int:
    """Who plays after the current player: in the final round the next still owed a last
    turn, else the next still playing (alone at the table, the same player again)."""
    if state.final_round:
        return owed[0]
    return next(iter(_playing_after(players, state.current)), state.current)


def _game_over(state: GameState) -> GameState:
    """The end: the top score among the players still playing wins (a player who left
    cannot)."""
    top = max(p.score for p in state.players if not p.left)
    winners = tuple(i for i, p in enumerate(state.players) if p.score == top and not p.left)
    return replace(state, phase="over", winners=winners, steal=None, held_steal=None,
                   last_turn_for=())


def settle_roll_off(state: GameState, winner: str) -> GameState:
    """The game with one winner, the one of the tied players who won the roll-off (named as
    seated, or in any case where that names one of them)."""
    if state.roll_off_settled:
        raise Refused(f"the roll-off is recorded ({_result(state)}): undo first to name "
                      "another winner")
    if not state.roll_off:
        raise Refused("there is no roll-off to settle: only a game that ends in a tie under "
                      "ties = roll-off has one")
    tied = list(state.winner_names())
    found = _named(tied, winner)
    if found is None:
        raise Refused(f"{said(winner) or 'no name'} is not one of the roll-off's players: name "
                      f"one of {', '.join(tied)}")
    return replace(state, winners=(state.winners[found],))


def _checked_name(name: str, taken: tuple[str, ...]) -> str:
    name = name.strip()
    if not name:
        raise Refused("a player needs a name")
    if name in taken:
        raise Refused(f"there is already a player called {name}")
    return name


def _next_step(state: GameState) -> str:
    name = state.player.name
    if state.phase == "keep":
        return f"{name} must keep scoring dice from {state.last_throw}"
    if state.phase in ("start", "steal"):
        return f"{name} must throw {state.dice_to_throw} dice"
    if state.hot_dice_must_throw:
        return f"hot dice: {name} must throw all {state.dice_to_throw} dice again"
    return f"{name} may throw {state.dice_to_throw} dice or bank"


def _result(state: GameState) -> str:
    names = " and ".join(state.winner_names())
    verb = "tie" if len(state.winners) > 1 else "wins"
    return f"{names} {verb} with {state.players[state.winners[0]].score}"
