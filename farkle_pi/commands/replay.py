"""`farkle-pi replay SOURCE --json`: run the live tray on a recording, one line per event."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from farkle_pi.commands.calibration_arg import load_calibration
from farkle_pi.devices import SPEC_HELP, open_source
from farkle_pi.errors import FarkleError
from farkle_pi.tray import Tray, TrayEvent
from farkle_pi.tray.reader import vision_reader


def register(sub: Any) -> None:
    parser = sub.add_parser("replay", help="follow a recorded tray: settled throws, removals, "
                                           "prompts")
    parser.add_argument("source", metavar="SOURCE", help=f"a recording or a camera "
                                                         f"({SPEC_HELP})")
    parser.add_argument("--calibration", type=Path, metavar="FILE",
                        help="tray calibration from `farkle-pi calibrate`")
    parser.add_argument("--expect", type=int, metavar="N",
                        help="dice in a full throw; prompt when a throw has a wrong count")
    parser.add_argument("--fps", type=float, default=15.0,
                        help="frame rate of an image folder (default 15)")
    parser.add_argument("--realtime", action="store_true",
                        help="replay at the recording's own speed, not as fast as possible")
    parser.add_argument("--json", action="store_true", help="one JSON object per event")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.expect is not None and not 1 <= args.expect <= 12:
        raise FarkleError(f"--expect must be a number of dice from 1 to 12, not {args.expect}")
    calibration = load_calibration(args.calibration)
    tray = Tray(vision_reader(calibration), calibration, expect_full=args.expect)
    with open_source(args.source, realtime=args.realtime, fps=args.fps) as source:
        for event in tray.run(source):
            line = json.dumps(event.to_json()) if args.json else describe(event)
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
    if tray.waiting:  # what held the reading up when the recording ended (else: silence)
        print(f"note: at the end: {tray.waiting}", file=sys.stderr)
    return 0


def describe(event: TrayEvent) -> str:
    """One readable line: time, what happened, the faces."""
    faces = " ".join("?" if v is None else str(v) for v in event.values)
    what = event.kind if event.reason is None else f"{event.kind} ({event.reason})"
    return f"{event.t:7.2f}  {what:<22} {faces}".rstrip()
