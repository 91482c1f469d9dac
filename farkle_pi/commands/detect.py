"""`farkle-pi detect [--json] [--calibration FILE] [--draw OUT.png] IMAGE...`: read dice in photos.

With --json one line per image: {"image": PATH as given, "dice": [...], "ms"}, each die with
exactly value, center, bbox, confidence, color and flat (--details adds color_bgr, at_edge,
touching and settled). A file that cannot be read gives a one-line error on stderr and no
JSON line; the others still run and the exit code is 2. --draw with several images writes
OUT-<image stem>.png each.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from farkle_pi.commands.calibration_arg import calibration_files, load_calibration
from farkle_pi.commands.outputs import refuse_overwrites
from farkle_pi.errors import FarkleError, about, one_line
from farkle_pi.files import unwritten, write_picture

EXIT_BAD_FILE = 2


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("detect", help="read the dice in photos taken from above",
                              description=__doc__)
    p.add_argument("images", nargs="+", metavar="IMAGE")  # printed as given, not as a Path
    p.add_argument("--json", action="store_true", help="one JSON line per image")
    p.add_argument("--details", action="store_true",
                   help="with --json: each die's color_bgr, at_edge, touching and settled too")
    p.add_argument("--calibration", type=Path, metavar="FILE", help="tray calibration JSON")
    p.add_argument("--draw", type=Path, metavar="OUT.png",
                   help="annotated picture (several images: OUT-<stem>.png each)")
    p.set_defaults(run=run)


def check_picture_name(option: str, path: Path) -> None:
    """A one-line error unless `path` names a picture file OpenCV can write."""
    from farkle_pi.devices.replay import IMAGE_SUFFIXES

    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise FarkleError(f"{option} {path}: give a picture file name ending in "
                          f"{', '.join(sorted(IMAGE_SUFFIXES))}")


def draw_path(out: Path, image: Path, many: bool) -> Path:
    """Where --draw writes for this image: OUT itself, or OUT-<stem><suffix> for several."""
    if not many:
        return out
    return out.with_name(f"{out.stem}-{image.stem}{out.suffix}")


def run(args: argparse.Namespace) -> int:
    import cv2  # heavy imports only when the command runs

    from farkle_pi.devices.imagefile import read_image
    from farkle_pi.vision import read_dice
    from farkle_pi.vision.draw import draw_readings

    if args.details and not args.json:
        raise FarkleError("--details adds keys to --json's lines: give --json too (the "
                          "plain listing names those flags already)")
    cv2.setNumThreads(1)
    many = len(args.images) > 1
    calibration = load_calibration(args.calibration)
    images = [Path(name) for name in args.images]
    if args.draw:  # before any work is done
        check_picture_name("--draw", args.draw)
        reads = [*images, *calibration_files(args.calibration, calibration)]
        refuse_overwrites("--draw", [(path, draw_path(args.draw, path, many))
                                     for path in images], reads)
    code = 0
    warmed: set[tuple[int, ...]] = set()
    for name, path in zip(args.images, images, strict=True):
        try:
            image = read_image(name)
            if image.shape not in warmed:  # a size's first read sets the nets up: not in "ms"
                read_dice(image, calibration)
                warmed.add(image.shape)
            t0 = time.perf_counter()
            dice = read_dice(image, calibration)
            ms = (time.perf_counter() - t0) * 1000.0
        except FarkleError as error:
            print(one_line(f"farkle-pi: {about(name, error)}"), file=sys.stderr)
            code = EXIT_BAD_FILE
            args.failed = True  # (an exit code for cli.main, should the output pipe close)
            continue
        if args.json:
            size = (image.shape[1], image.shape[0])
            print(json.dumps({"image": name, "dice": [d.to_json(args.details, size)
                                                      for d in dice],
                              "ms": round(ms, 1)}), flush=True)
        else:
            print(f"{name}: {len(dice)} dice ({ms:.1f} ms)")
            for d in dice:
                flags = [f for f, on in (("cocked", not d.flat), ("edge", d.at_edge),
                                         ("touching", d.touching), ("settled", d.settled))
                         if on]
                value = "?" if d.value is None else str(d.value)
                print(f"  {value}  {d.confidence:.2f}  {d.colour_name:<7}"
                      f" at ({d.center[0]:.0f}, {d.center[1]:.0f})  {' '.join(flags)}")
        if args.draw:
            target = draw_path(args.draw, path, many)
            try:
                write_picture(Path(target), draw_readings(image, dice))
            except (OSError, ValueError) as error:
                hint = "give a .png or .jpg path in a folder that exists and you can write to"
                print(one_line("farkle-pi: " + (
                    unwritten(target, error, hint) if isinstance(error, OSError)
                    else f"cannot write {target}: {hint}")), file=sys.stderr)
                code = EXIT_BAD_FILE
                args.failed = True
    return code
