"""The `--db PATH` option that every command touching the game database shares."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from farkle_pi.clock import Moment
from farkle_pi.commands.config import add_config_option
from farkle_pi.config import load_config
from farkle_pi.errors import FarkleError
from farkle_pi.store import ENV_DB, GameRecord, Store


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    """`--db PATH`, and `--config PATH` for the config that names the database."""
    parser.add_argument(
        "--db",
        metavar="PATH",
        help=f"the game database (default: ${ENV_DB}, else the config's [store] database: "
        "farkle-pi config check shows it)",
    )
    add_config_option(parser)


def db_path(args: argparse.Namespace) -> Path:
    """`--db`, else `$FARKLE_PI_DB`, else the config's `[store] database` (or its default):
    `load_config` takes the variable over the file, as the table and `doctor` do."""
    return Path(args.db) if args.db else load_config(args.config).store.database


def open_store(args: argparse.Namespace, create: bool = False, read_only: bool = False
               ) -> Store:
    """The database; only a command that starts a game `create`s it. Any other command
    stops at a missing file instead of leaving an empty one (and its folders) at a mistyped
    --db. A command that only shows opens it `read_only`."""
    path = db_path(args)
    if not create and not path.exists():
        raise FarkleError(f"no game database at {path}: start a game with farkle-pi game new "
                          "--players NAME NAME, or check --db")
    return Store(path, read_only=read_only)


def stored_records(args: argparse.Namespace) -> tuple[Path, list[GameRecord]]:
    """Every stored game, for a report; none where the database is not there yet (a report
    makes no file)."""
    path, records, _ = stored_games(args)
    return path, records


def stored_games(args: argparse.Namespace
                 ) -> tuple[Path, list[GameRecord], dict[int, Moment]]:
    """`stored_records`, with what each game's clocks said as it started."""
    path = db_path(args)
    if not path.exists():
        if args.json:  # its empty answer looked like a database with no games: a typo in
            print(f"note: {no_games_line(path)}", file=sys.stderr)  # --db went unseen
        return path, [], {}
    with Store(path, read_only=True) as store:
        records = store.records()
        for reason in store.left_out:
            print(f"note: {reason}", file=sys.stderr)
        return path, records, store.moments()


def no_games_line(path: Path) -> str:
    """What a report says without games: a missing file is named, so a typo in --db shows."""
    if path.exists():
        return f"no games in {path} yet"
    return (f"no games yet: there is no {path} (the table makes it when it starts, and "
            "farkle-pi game new; check --db)")


def add_report_command(
    sub: Any, name: str, help_text: str, run: Callable[[argparse.Namespace], int]
) -> None:
    """A read-only command over the whole database: `--db PATH` and `--json`."""
    parser = sub.add_parser(name, help=help_text, description=help_text)
    add_db_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
