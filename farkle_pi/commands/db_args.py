"""The `--db PATH` option that every command touching the game database shares."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

from farkle_pi.config import load_config
from farkle_pi.store import ENV_DB, Store


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="PATH",
        help=f"the game database (default: ${ENV_DB}, else the config's [store] database, "
        "else ~/.local/share/farkle-pi/farkle.db)",
    )


def open_store(args: argparse.Namespace) -> Store:
    """`--db`, else `$FARKLE_PI_DB`, else the config's `[store] database` (or its default)."""
    if args.db or os.environ.get(ENV_DB):
        return Store(args.db)
    return Store(load_config().store.database)


def add_report_command(
    sub: Any, name: str, help_text: str, run: Callable[[argparse.Namespace], int]
) -> None:
    """A read-only command over the whole database: `--db PATH` and `--json`."""
    parser = sub.add_parser(name, help=help_text)
    add_db_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
