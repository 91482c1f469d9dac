"""`farkle-pi history`: every stored game, newest first, with its scores and winners."""

from __future__ import annotations

import argparse
import json
from typing import Any

from farkle_pi.commands.db_args import add_report_command, open_store


def register(sub: Any) -> None:
    add_report_command(sub, "history", "every stored game with its scores and winners", run)


def run(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        games = list(reversed(store.records()))
    if args.json:
        print(json.dumps({"games": [game.summary() for game in games]}))
        return 0
    if not games:
        print(f"no games in {store.path} yet")
    for game in games:
        scores = ", ".join(f"{n} {s}" for n, s in zip(game.players, game.scores, strict=True))
        result = f"won by {' and '.join(game.winners)}" if game.over else "unfinished"
        print(f"#{game.id} {game.started} ({game.rules}) {result}: {scores}")
    return 0
