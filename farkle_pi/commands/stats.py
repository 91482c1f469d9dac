"""`farkle-pi stats`: games, wins and how each player plays, from every stored game."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

from farkle_pi.commands.columns import left_aligned, widest
from farkle_pi.commands.db_args import add_report_command, no_games_line, stored_records
from farkle_pi.store import player_stats


def register(sub: Any) -> None:
    add_report_command(sub, "stats", "per-player statistics over every stored game: games, wins, "
                       "average banked turn, Farkle rate, best turn, hot dice, longest streak", run)


def run(args: argparse.Namespace) -> int:
    path, records = stored_records(args)
    rows = player_stats(records)
    if args.json:
        print(json.dumps({"players": [asdict(row) for row in rows]}))
        return 0
    if not rows:
        print(no_games_line(path))
        return 0
    w = widest([r.name for r in rows], 12)  # names of up to 16 letters (or 32 columns) too
    print(f"{'player':<{w}} {'games':>5} {'wins':>4} {'avg bank':>8} {'farkle %':>8} "
          f"{'best':>6} {'hot':>4} {'streak':>6}")
    for r in rows:
        print(
            f"{left_aligned(r.name, w)} {r.games:>5} {r.wins:>4} {r.average_banked:>8.0f} "
            f"{100 * r.farkle_rate:>7.1f}% {r.best_turn:>6} {r.hot_dice:>4} {r.longest_streak:>6}"
        )
    return 0
