"""`farkle-pi config check|show-example`: see the config the table will use, before it runs."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from farkle_pi.config import (
    describe_source,
    dump_config,
    example_text,
    load_config,
    search_places,
)
from farkle_pi.ui.fonts import undrawn_names


def add_config_option(parser: argparse.ArgumentParser) -> None:
    """The same --config for every command that reads the config."""
    parser.add_argument(
        "--config",
        metavar="PATH",
        help=f"config file (the first found of: {search_places()})",
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "config", help="check the config file or print a documented example"
    )
    actions = parser.add_subparsers(
        dest="config_action", metavar="ACTION", required=True, parser_class=type(parser)
    )
    check = actions.add_parser(
        "check", help="read and check the config; print it resolved, with where it came from"
    )
    add_config_option(check)
    check.set_defaults(run=run_check)
    example = actions.add_parser("show-example", help="print a documented example config")
    example.set_defaults(run=run_show_example)


def run_check(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    print(f"# farkle-pi config: OK, {describe_source(config)}")
    print(dump_config(config), end="")
    undrawn = undrawn_names(config.table.players)
    if undrawn:  # a warning, not an error: the table starts, the names show as boxes
        print(f"farkle-pi: warning: {config.source}: [table] players: {undrawn}",
              file=sys.stderr)
    return 0


def run_show_example(args: argparse.Namespace) -> int:
    sys.stdout.write(example_text())
    return 0
