"""Subcommands of `farkle-pi`: each module has `register(subparsers)` that sets `run`."""

from types import ModuleType

COMMANDS: list[ModuleType] = []
