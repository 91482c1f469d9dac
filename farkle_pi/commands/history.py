"""`farkle-pi history`: every stored game, newest first, with its scores and winners."""

from __future__ import annotations

import argparse
import json
from typing import Any

from farkle_pi.commands.db_args import add_report_command, no_games_line, stored_records


def register(sub: Any) -> None:
    add_report_command(sub, "history", "every stored game with its scores and winners", run)


def run(args: argparse.Namespace) -> int:
    path, records = stored_records(args)
    games = list(reversed(records))
    if args.json:
        print(json.dumps({"games": [game.summary() for game in games]}))
        return 0
    if not games:
        print(no_games_line(path))
    for game in games:
        scores = ", ".join(f"{n} {s}{' (left)' if n in game.left else ''}"
                           for n, s in zip(game.players, game.scores, strict=True))
        result = f"won by {' and '.join(game.winners)}" if game.over else "unfinished"
        print(f"#{game.id} {game.started} ({game.rules}) {result}: {scores}")
    return 0
