"""Subcommands of `farkle-pi`: each module has `register(subparsers)` that sets `run`."""

from types import ModuleType

from farkle_pi.commands import (
    coach,
    config,
    demo,
    doctor,
    fairness,
    game,
    history,
    score,
    stats,
)

COMMANDS: list[ModuleType] = [demo, score, coach, game, stats, history, fairness, config, doctor]
