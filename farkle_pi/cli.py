"""`farkle-pi …`: one argparse front door; each subcommand lives in farkle_pi.commands."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from farkle_pi import __version__
from farkle_pi.commands import COMMANDS
from farkle_pi.errors import FarkleError, no_permission, one_line

EXIT_USAGE = 2


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, one_line(f"{self.prog}: error: {message} (see --help)") + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="farkle-pi",
        description="A Raspberry Pi companion for Farkle played with real dice.",
        epilog="With no command, farkle-pi runs the table from the config (farkle-pi table).",
    )
    parser.add_argument("--version", action="version", version=f"farkle-pi {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for command in COMMANDS:
        command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            args = parser.parse_args(["table"])
    except SystemExit as stop:  # a usage error, --help, --version: an exit code, never a raise
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not in a traceback as Python exits
    except FarkleError as error:
        print(one_line(f"farkle-pi: {error}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader (`| head`) had enough: what failed before still did
        _stdout_to_nowhere()  # else Python's last flush at exit fails again: exit code 120
        return EXIT_USAGE if getattr(args, "failed", False) else 0
    except PermissionError as error:  # wherever a file the user may not use is touched
        print(one_line(f"farkle-pi: {no_permission(error)}"), file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        if error.errno not in _OUTPUT_LOST:
            raise
        _stdout_to_nowhere()  # what is still buffered for it would fail again at exit
        print(one_line(f"farkle-pi: cannot write the output: {error.strerror} (free some "
                       "disk space, or send it elsewhere)"), file=sys.stderr)
        return EXIT_USAGE
    return code


# a write to stdout that failed because the file it goes to cannot take it
_OUTPUT_LOST = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def _stdout_to_nowhere() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (a test's capture): nothing buffered
        pass


if __name__ == "__main__":
    sys.exit(main())
