"""The `--rules` / `--set` pair that every rules-aware subcommand shares."""

from __future__ import annotations

import argparse

from farkle_pi.rules import PRESETS, RuleSet, load_rules, parse_set


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        default="standard",
        metavar="PRESET|FILE.toml",
        help=f"rule sheet: {', '.join(PRESETS)} or a TOML file (default: standard)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house rule on top, e.g. --set entry=500 --set kinds=doubling (repeatable)",
    )


def rules_from(args: argparse.Namespace) -> RuleSet:
    return load_rules(args.rules, parse_set(args.set))
