"""A tiny script language for games in tests: one command per line, `#` starts a comment.

    throw 111234 / keep 111 / bank / steal / undo / correct 123456 / add Dee / leave Dee

Dice may carry colours: `throw 1:red 1:red 1:red 5:blue 2:blue 3:blue`.
"""

from __future__ import annotations

from farkle_pi.game import (
    AddPlayer,
    Bank,
    Command,
    Correct,
    Game,
    Keep,
    LeavePlayer,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.rules import Roll, load_rules


def parse_command(line: str) -> Command:
    word, _, rest = line.strip().partition(" ")
    if word == "throw":
        return Throw(Roll.parse(rest))
    if word == "keep":
        return Keep(Roll.parse(rest))
    if word == "correct":
        return Correct(Roll.parse(rest))
    if word == "add":
        return AddPlayer(rest.strip())
    if word == "leave":
        return LeavePlayer(rest.strip())
    plain: dict[str, type[Bank | Steal | Undo]] = {"bank": Bank, "steal": Steal, "undo": Undo}
    return plain[word]()


def parse_script(script: str) -> list[Command]:
    lines = (line.split("#", 1)[0].strip() for line in script.splitlines())
    return [parse_command(line) for line in lines if line]


def play(game: Game, script: str) -> Game:
    for command in parse_script(script):
        game.apply(command)
    return game


def scores(game: Game) -> dict[str, int]:
    return {p.name: p.score for p in game.state.players}


def standard(*players: str, **changes: str) -> Game:
    """A game under the standard rules with these changes (Ann and Bob unless named)."""
    return Game(list(players) or ["Ann", "Bob"], load_rules("standard", changes))


def undone_exactly(game: Game, command: Command) -> None:
    """`command`, then Undo, gives back the state before it; `command` again the state after
    it (python-chess's push/pop: every command has an exact inverse)."""
    before = game.state
    game.apply(command)
    after = game.state
    game.apply(Undo())
    assert game.state == before
    game.apply(command)
    assert game.state == after
