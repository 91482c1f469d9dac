"""The `--rules` / `--set` pair that every rules-aware subcommand shares."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from farkle_pi.rules import PRESETS, RuleSet, load_rules, parse_set


def add_rules_arguments(parser: argparse.ArgumentParser, default: str = "standard") -> None:
    """`default`: what the help says is played without `--rules` (`rules_from` plays it)."""
    parser.add_argument(
        "--rules",
        default=None,
        metavar="PRESET|FILE.toml",
        help=f"rule sheet: {', '.join(PRESETS)} or a TOML file (default: {default})",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house rule on top, e.g. --set entry=500 --set kinds=doubling (repeatable)",
    )


def rules_from(args: argparse.Namespace, default: Callable[[], RuleSet] = load_rules
               ) -> RuleSet:
    """`--rules` with `--set` on top; without `--rules`, `default()`'s rules (the standard
    chart, or for `game new` the table's own) with `--set` on top."""
    if args.rules is None:
        return default().with_changes(parse_set(args.set))
    return load_rules(args.rules, parse_set(args.set))
