"""`farkle-pi demo`: a sample game on simulated dice, scored by the real engine."""

from __future__ import annotations

import argparse
import random
from typing import Any

from farkle_pi.commands.rules_args import add_rules_arguments, rules_from
from farkle_pi.rules import Roll, RuleSet, chart


def register(sub: Any) -> None:
    parser = sub.add_parser("demo", help="play a sample game on simulated dice")
    add_rules_arguments(parser)
    parser.add_argument("--seed", type=int, default=7, help="dice seed (default 7)")
    parser.add_argument("--players", nargs="+", default=["Ann", "Bob"], metavar="NAME")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    rng = random.Random(args.seed)
    totals = dict.fromkeys(args.players, 0)
    turn = 0
    while max(totals.values()) < rules.target and turn < 200 * len(totals):
        player = args.players[turn % len(args.players)]
        banked = _play_turn(rules, rng, player, on_board=totals[player] > 0)
        totals[player] += banked
        print(f"    {player} banks {banked}: total {totals[player]}")
        turn += 1
    winner = max(totals, key=lambda name: totals[name])
    print(f"{winner} wins with {totals[winner]} ({rules.name} rules, target {rules.target})")
    return 0


def _play_turn(rules: RuleSet, rng: random.Random, player: str, on_board: bool) -> int:
    """A simple greedy player: keep the best option, bank at 350+ (or the entry minimum)."""
    table = chart(rules)
    points, dice = 0, rules.dice
    need = max(350, rules.min_bank if on_board else rules.entry)
    while True:
        throw = Roll.of(*(rng.randint(1, 6) for _ in range(dice)))
        scoring = table.score(throw)
        if scoring.farkle:
            print(f"{player} throws {throw}: FARKLE, loses {points}")
            return 0
        best = scoring.options[0]
        points += best.points
        dice = dice - len(best.keep) or rules.dice
        print(f"{player} throws {throw}, keeps {best.keep} ({best.label}) = {points}")
        if points >= need and (dice < 4 or points >= 1000):
            return points
