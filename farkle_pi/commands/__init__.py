"""Subcommands of `farkle-pi`: each module has `register(subparsers)` that sets `run`."""

from types import ModuleType

from farkle_pi.commands import (
    config,
    demo,
    detect,
    evaluate,
    game,
    replay,
    score,
    screenshot,
    table,
    verify,
)

COMMANDS: list[ModuleType] = [
    demo,
    score,
    game,
    config,
    detect,
    evaluate,
    replay,
    screenshot,
    table,
    verify,
]
