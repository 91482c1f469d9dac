"""The `--db PATH` option that every command touching the game database shares."""

from __future__ import annotations

import argparse

from farkle_pi.store import ENV_DB, Store


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="PATH",
        help=f"the game database (default: ${ENV_DB}, else ~/.local/share/farkle-pi/farkle.db)",
    )


def open_store(args: argparse.Namespace) -> Store:
    return Store(args.db)
