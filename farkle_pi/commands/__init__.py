"""Subcommands of `farkle-pi`: each module has `register(subparsers)` that sets `run`."""

from types import ModuleType

from farkle_pi.commands import detect, evaluate

COMMANDS: list[ModuleType] = [detect, evaluate]
