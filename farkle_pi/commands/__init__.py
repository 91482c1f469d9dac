"""Subcommands of `farkle-pi`: each module has `register(subparsers)` that sets `run`."""

from types import ModuleType

from farkle_pi.commands import (
    calibrate,
    coach,
    config,
    demo,
    detect,
    dice_check,
    doctor,
    evaluate,
    fairness,
    game,
    history,
    learn,
    replay,
    score,
    screenshot,
    stats,
    table,
    verify,
)

COMMANDS: list[ModuleType] = [
    demo,
    score,
    coach,
    game,
    stats,
    history,
    fairness,
    config,
    doctor,
    detect,
    evaluate,
    replay,
    calibrate,
    dice_check,
    learn,
    screenshot,
    table,
    verify,
]
