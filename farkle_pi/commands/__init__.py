"""Subcommands of `farkle-pi`: each module has `register(subparsers)` that sets `run`."""

from types import ModuleType

from farkle_pi.commands import calibrate, demo, detect, evaluate, replay, score

COMMANDS: list[ModuleType] = [demo, score, detect, evaluate, replay, calibrate]
