"""`farkle-pi doctor`: is this machine ready to be the table? One line per part, with the fix."""

from __future__ import annotations

import argparse
from typing import Any

from farkle_pi.commands.config import add_config_option
from farkle_pi.doctor import Status, diagnose


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "doctor", help="check config, packages, dice reader, camera, display, GPIO, database, disk "
        "and fonts; say what to fix"
    )
    add_config_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Exit 1 when anything FAILs, so scripts (and the installer) can tell."""
    findings = diagnose(args.config)
    for finding in findings:
        print(finding.line(), flush=True)
    return 1 if any(f.status is Status.FAIL for f in findings) else 0
