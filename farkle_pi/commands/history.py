"""`farkle-pi history`: every stored game, newest first, with its scores and winners; its
start in local time (`--json`: as stamped, UTC), and whether a time server had set the clock
(a Pi without network may start at 1970 or last week)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from farkle_pi.clock import local_text
from farkle_pi.commands.db_args import add_report_command, no_games_line, stored_games


def register(sub: Any) -> None:
    add_report_command(sub, "history", "every stored game, newest first: its start, rules, "
                       "scores and winners", run)


def run(args: argparse.Namespace) -> int:
    path, records, moments = stored_games(args)
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
        moment = moments.get(game.id)
        unsynced = ", clock not synced" if moment is not None and moment.synced is False else ""
        print(f"#{game.id} {local_text(game.started)} ({game.rules}{unsynced}) {result}: "
              f"{scores}")
    return 0
