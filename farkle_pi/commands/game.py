"""`farkle-pi game …`: the scorekeeper without a camera; every command prints the new state."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from farkle_pi.commands.columns import left_aligned, widest
from farkle_pi.commands.db_args import add_db_argument, open_store
from farkle_pi.commands.rules_args import add_rules_arguments, rules_from
from farkle_pi.config import load_config
from farkle_pi.errors import FarkleError
from farkle_pi.game import (
    AddPlayer,
    Bank,
    Command,
    Correct,
    GameState,
    Keep,
    LeavePlayer,
    RollOff,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.game.seating import MAX_NAME, MAX_PLAYERS, name_key, spelled_as
from farkle_pi.game.turns import returning_seat
from farkle_pi.rules import Roll, check_colours, house_changes
from farkle_pi.store import Store, StoredGame, starting_game
from farkle_pi.ui.fonts import undrawn_names

_DICE_COMMANDS: dict[str, tuple[Callable[[Roll], Command], str]] = {
    "throw": (Throw, "the dice that came up, e.g. 123455 (colours: 5:red 5:blue …)"),
    "keep": (Keep, "the scoring dice to set aside, e.g. 155"),
    "correct": (Correct, "the last throw was misread: the dice that really came up (also after "
                "another player left or joined)"),
}
_PLAIN_COMMANDS: dict[str, tuple[Callable[[], Command], str]] = {
    "bank": (Bank, "put the turn's points on the scoreboard"),
    "steal": (Steal, "take over the previous player's dice and points (where allowed)"),
    "undo": (Undo, "take back the last command"),
}


def register(sub: Any) -> None:
    parser = sub.add_parser("game", help="keep score of a game: new, throw, keep, bank, …")
    game_sub = parser.add_subparsers(dest="game_command", metavar="ACTION", required=True)

    new = _leaf(game_sub, "new", "start a new game (an unfinished one stays in the history)")
    new.add_argument("--players", nargs="+", required=True, metavar="NAME",
                     help=f"in seat order: 1 to {MAX_PLAYERS} names of at most {MAX_NAME} "
                          "characters, no two alike")
    add_rules_arguments(new, default="the config's [rules], as the table plays, else standard")
    new.set_defaults(run=_run_new)

    for name, (dice_command, help_text) in _DICE_COMMANDS.items():
        leaf = _leaf(game_sub, name, help_text)
        leaf.add_argument("dice", nargs="+", metavar="DICE", help="faces in any order: 115234, "
                          "1 1 5 2 3 4 or 1,1,5,2,3,4 (two colours: 5:red 5:blue …)")
        leaf.set_defaults(run=_runner(_with_dice(dice_command)))
    for name, (plain_command, help_text) in _PLAIN_COMMANDS.items():
        leaf = _leaf(game_sub, name, help_text)
        leaf.set_defaults(run=_runner(_plain(plain_command)))
    add = _leaf(game_sub, "add", "a late player joins at the end of the seat order (one who "
                "left comes back to their seat with their score)")
    add.add_argument("name", nargs="+", metavar="NAME", help=f"a new player's (at most "
                     f"{MAX_NAME} characters; one with spaces in quotes), or the name of one "
                     "who left (any case)")
    add.set_defaults(run=_runner(lambda args: AddPlayer(_name(args)),
                                 names=lambda args: [_name(args)]))
    leave = _leaf(game_sub, "leave", "a player goes home mid-game: no more turns (their own "
                  "ends unbanked), cannot win, the score stays shown")
    leave.add_argument("name", nargs="+", metavar="NAME", help="as seated, any case (Mary Jo, "
                       "quoted or not)")
    leave.set_defaults(run=_runner(lambda args: LeavePlayer(_name(args))))
    roll_off = _leaf(game_sub, "roll-off", "who won the roll-off of a tie (ties = roll-off)")
    roll_off.add_argument("name", nargs="+", metavar="NAME",
                          help="one of the tied players, any case (Mary Jo, quoted or not)")
    roll_off.set_defaults(run=_runner(lambda args: RollOff(_name(args))))
    show = _leaf(game_sub, "show", "show the game in progress (or the last one played)")
    show.set_defaults(run=_run_show)


def _leaf(game_sub: Any, name: str, help_text: str) -> argparse.ArgumentParser:
    leaf: argparse.ArgumentParser = game_sub.add_parser(name, help=help_text,
                                                        description=help_text)
    add_db_argument(leaf)
    leaf.add_argument("--json", action="store_true", help="print the state as one JSON object")
    return leaf


def _with_dice(make: Callable[[Roll], Command]) -> Callable[[argparse.Namespace], Command]:
    return lambda args: make(Roll.parse(args.dice))


def _plain(make: Callable[[], Command]) -> Callable[[argparse.Namespace], Command]:
    return lambda args: make()


def _name(args: argparse.Namespace) -> str:
    """A name typed without quotes comes as several words (`leave Mary Jo`): one name."""
    return " ".join(args.name)


def _runner(make: Callable[[argparse.Namespace], Command],
            names: Callable[[argparse.Namespace], Sequence[str]] = lambda args: (),
            ) -> Callable[[argparse.Namespace], int]:
    """`names`: the players the command seats, whom the table's screen must draw."""
    def run(args: argparse.Namespace) -> int:
        command = make(args)
        with open_store(args) as store:
            # after the game only undo and correct: they take back the command that ended it
            # (a bank typed by mistake, a misread last throw) before the wrong winner stays in
            # the history; correct refuses unless that command was the throw. And roll-off,
            # which only a game over has
            after_game = isinstance(command, Undo | Correct | RollOff)
            table = _latest(store) if after_game else _in_progress(store)
            if isinstance(command, Throw | Correct):
                check_colours(command.roll, table.state.rules)
            if isinstance(command, AddPlayer):
                command = _joining(store, table.state, command, words=len(args.name))
            table.apply(command)
            _print(table, args.json)
        _warn_undrawn(names(args))
        return 0

    return run


def _run_new(args: argparse.Namespace) -> int:
    """A game begun here is often played on at the table (it resumes it): without `--rules`,
    the table's house rules from the config, not the standard chart."""
    rules = rules_from(args, lambda: load_config(args.config).rules.ruleset)
    starting_game(args.players, rules)  # before the file: a refused one leaves none behind
    with open_store(args, create=True) as store:
        players = _spelled_as_before(store, args.players)
        _print(store.new_game(players, rules), args.json)
    _warn_undrawn(players)
    return 0


def _joining(store: Store, state: GameState, command: AddPlayer, words: int) -> AddPlayer:
    """A player who left comes back however the name was typed; a new one is seated as earlier
    games spelled them. Several words for a new player may be one name or several players:
    asked, not guessed."""
    if returning_seat(state, command.name) is not None:
        return command
    if words > 1:
        raise FarkleError(f"add seats one player: put a name with spaces in quotes (farkle-pi "
                          f"game add \"{command.name}\"), or add the players one at a time")
    seated = [p.name for p in state.players]
    return AddPlayer(_spelled_as_before(store, [command.name], seated)[0])


def _spelled_as_before(store: Store, names: Sequence[str], seated: Sequence[str] = ()
                       ) -> list[str]:
    """"ann" typed for the Ann of earlier games is seated as Ann, as the table's setup seats
    her: `stats` counted two players, Ann and ann. Names alike among themselves or the
    `seated` stay as typed, for the game's refusal to quote them."""
    keys = [name_key(name) for name in (*seated, *names)]
    if len(set(keys)) < len(keys):
        return list(names)
    with Store(store.path, read_only=True) as past:  # (one that keeps no summaries: a
        records = past.records()  # locked or full file's refusal stays the one line)
    known = [name for record in records for name in record.players]  # oldest first, as the
    return [spelled_as(name, known) for name in names]  # table's setup knows them


def _warn_undrawn(names: Sequence[str]) -> None:
    """A name the table's screen would draw as boxes is kept (this terminal shows it, and a
    game stored with it plays on), but said once, where it is given, with what to install."""
    line = undrawn_names(names)
    if line:
        print(f"farkle-pi: warning: {line}", file=sys.stderr)


def _run_show(args: argparse.Namespace) -> int:
    with open_store(args, read_only=True) as store:
        _print(_latest(store), args.json)
    return 0


_START = "start one with farkle-pi game new --players NAME NAME"


def _latest(store: Store) -> StoredGame:
    table = store.latest()
    if table is None:
        raise FarkleError(f"no game in {store.path} yet: {_START}")
    return table


def _in_progress(store: Store) -> StoredGame:
    table = _latest(store)
    if table.state.roll_off:
        tied = " and ".join(table.state.winner_names())
        raise FarkleError(f"game {table.id} is over: {tied} tie and roll off for the win; "
                          "record who won with farkle-pi game roll-off NAME")
    if table.state.over:
        won = " and ".join(table.state.winner_names())
        raise FarkleError(f"game {table.id} is over ({won} won): `farkle-pi game undo` takes "
                          f"back its last command (`game correct` a misread last throw), or "
                          f"{_START}")
    return table


def _print(table: StoredGame, as_json: bool) -> None:
    state = table.state
    print(json.dumps({**state_json(state), "game": table.id}) if as_json else describe(state))


def _dice(roll: Roll | None) -> list[int] | None:
    return None if roll is None else list(roll.faces)


def state_json(state: GameState) -> dict[str, object]:
    """The `game show --json` contract (see docs/game.md); extra keys come after the contract's."""
    # the state keeps the last turn's dice (the table shows what Farkled); a turn not yet
    # thrown in has none of its own
    throw = None if state.phase in ("start", "steal") else state.last_throw
    view: dict[str, object] = {
        "players": [
            {"name": p.name, "score": p.score, "on_board": p.on_board, "farkles": p.farkles,
             "left": p.left}
            for p in state.players
        ],
        "current": None if state.over else state.player.name,
        "turn_points": state.turn_points,
        "dice_to_throw": state.dice_to_throw,
        "last_throw": _dice(throw),
        "options": [
            {"keep": list(o.keep.faces), "points": o.points, "label": o.label}
            for o in state.options
        ],
        "final_round": state.final_round,
        "last_turn_for": list(state.last_turn_names()),
        "winners": list(state.winner_names()),
        "over": state.over,
        "phase": state.phase,
        "kept": [list(k.faces) for k in state.kept],
        "can_bank": state.can_bank,
        "steal": None if state.steal is None else vars(state.steal),
        "roll_off": state.roll_off,
        "rules": state.rules.name,
        "house_rules": house_changes(state.rules),  # what they change of the preset named
    }
    if throw is not None and throw.coloured:
        view["last_throw_dice"] = [str(d) for d in throw]
    turn = state.last_turn
    view["last_turn"] = None if turn is None else vars(turn)
    gone = state.left_mid_turn
    view["left_mid_turn"] = None if gone is None else vars(gone)
    return view


def describe(state: GameState) -> str:
    """The state for a person at the table: scoreboard, then what happens next."""
    lines = []
    turn = state.last_turn
    if turn is not None and turn.farkle and state.phase == "start" and state.turn_points == 0:
        penalty = f", and {turn.penalty} penalty for three in a row" if turn.penalty else ""
        lines.append(f"FARKLE! {turn.player} scores nothing this turn{penalty}")
    gone = state.left_mid_turn
    if gone is not None:  # (no turn record says so: leaving is no Farkle, nothing banked)
        lost = (f"mid-turn: the {gone.lost} points at risk are lost (no Farkle)" if gone.lost
                else "on their turn: no points were at risk")
        lines.append(f"{gone.player} went home {lost}")
    w = widest([p.name for p in state.players], 12)  # long (and wide) names keep the column
    for i, p in enumerate(state.players):
        mark = ">" if i == state.current and not state.over else " "
        board = "  (left)" if p.left else "" if p.on_board else "  (not on the board)"
        lines.append(f"{mark} {left_aligned(p.name, w)} {p.score:>6}{board}")
    if state.over:
        names = " and ".join(state.winner_names())
        top = state.players[state.winners[0]].score
        if state.roll_off:
            lines.append(f"Game over: {names} tie with {top} and roll off for the win, one "
                         "die each, highest wins: then farkle-pi game roll-off NAME")
        else:
            verb = "share the win" if len(state.winners) > 1 else "wins"
            lines.append(f"Game over: {names} {verb} with {top}")
        return "\n".join(lines)
    if state.final_round:
        lines.append(f"Final round: last turns for {', '.join(state.last_turn_names())}")
    lines.append(_next_line(state))
    return "\n".join(lines)


def _next_line(state: GameState) -> str:
    name, points, dice = state.player.name, state.turn_points, state.dice_to_throw
    if state.phase == "keep":
        options = ", ".join(f"{o.keep} = {o.points}" for o in state.options[:5])
        return f"{name} threw {state.last_throw} ({points} this turn): keep one of {options}"
    if state.hot_dice_must_throw:
        return (f"{name} has {points} this turn: hot dice: throw all {dice} dice again "
                "(no bank on hot dice: house rule)")
    if state.phase == "choose":
        bank = "or bank" if state.can_bank else f"(bank from {state.bank_minimum})"
        return f"{name} has {points} this turn: throw {dice} dice {bank}"
    if state.phase == "steal":
        return f"{name} stole {points}: throw {dice} dice and score with them"
    steal = state.steal
    offer = f", or steal {steal.points} with {steal.dice} dice" if steal else ""
    return f"{name} to throw {dice} dice{offer}"
