"""`farkle-pi verify GAME`: recompute every virtual-dice throw of a finished game from its
revealed seed and say OK, or which throw differs."""

from __future__ import annotations

import argparse
from typing import Any

from farkle_pi.commands.db_args import add_db_argument, open_store
from farkle_pi.errors import FarkleError


def register(sub: Any) -> None:
    parser = sub.add_parser("verify", help="check a virtual-dice game's throws against its seed")
    add_db_argument(parser)
    parser.add_argument("game", type=game_number, metavar="GAME", help="the game's number")
    parser.set_defaults(run=run)


def game_number(text: str) -> int:
    """A game's number as `history` lists it (SQLite's ids are 64-bit)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a game number: farkle-pi history lists them") from None
    if not 1 <= number < 2**63:
        raise argparse.ArgumentTypeError(f"there is no game {text}: farkle-pi history lists them")
    return number


def run(args: argparse.Namespace) -> int:
    from farkle_pi.game import GameOver
    from farkle_pi.table.fairdice import SeedBook, throws_in, verify

    with open_store(args) as store:
        book = SeedBook(store.path)
    events = book.events(args.game)
    if not events:
        raise FarkleError(f"{book.path}: there is no game {args.game}")
    found = book.load(args.game)
    if found is None:
        raise FarkleError(f"game {args.game} was not played with virtual dice: nothing to verify")
    if not any(isinstance(event, GameOver) for event in events):
        raise FarkleError(f"game {args.game} is not over: its seed is revealed when it ends")
    committed, dice = found
    problems = verify(committed, dice, events)
    if problems:
        print(f"game {args.game}: FAILED: {problems[0]}")
        return 1
    count = sum(1 for _ in throws_in(events))
    print(f"game {args.game}: OK - all {count} throws match the seed {dice.seed.hex()}")
    print(f"  commitment shown before the game: sha256 {committed}")
    return 0
