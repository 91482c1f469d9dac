"""`farkle-pi calibrate`: capture the empty tray, find its outline, measure a die, save it all."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from farkle_pi.commands.camera_args import add_camera_arguments, open_camera
from farkle_pi.commands.config import add_config_option
from farkle_pi.commands.outputs import refuse_overwrites
from farkle_pi.config import load_config
from farkle_pi.errors import FarkleError
from farkle_pi.files import unwritten, write_picture
from farkle_pi.tray.calibrate import (
    check_holds_dice,
    die_size,
    empty_tray,
    find_tray,
    parse_points,
)
from farkle_pi.vision.calibration import Calibration, die_side
from farkle_pi.vision.learned import LearnedDice


def register(sub: Any) -> None:
    parser = sub.add_parser("calibrate", help="capture the empty tray, its outline and die size")
    add_config_option(parser)
    add_camera_arguments(parser)
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="where to save (default: the config's [calibration] path); "
                             "the reference image goes beside it")
    parser.add_argument("--tray", metavar="X,Y,...", help="tray outline, instead of finding it")
    parser.add_argument("--keep-zone", metavar="X,Y,...", help="where kept dice are put down")
    parser.add_argument("--die-size", type=float, metavar="PX",
                        help="die side in pixels, instead of measuring one die")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.die_size is not None:  # before any capture
        die_side(args.die_size, "--die-size")
    tray_given = parse_points(args.tray, "--tray") if args.tray else None
    keep = parse_points(args.keep_zone, "--keep-zone") if args.keep_zone else ()
    if tray_given and args.die_size is not None:  # before any capture, where it can be
        check_holds_dice(tray_given, "--tray", args.die_size)
    config = load_config(args.config)
    out: Path = args.out or config.calibration.path
    image = out.with_name(out.stem + ".reference.png")
    _check_out(out, image, args.source or config.camera.source)  # before any capture
    with open_camera(args, config.camera) as source:
        frames = iter(source)
        print("keep the tray empty: capturing the empty tray ...", flush=True)
        reference = empty_tray(frames)
        tray = tray_given or find_tray(reference)
        print(f"tray outline: {len(tray)} points ({'given' if tray_given else 'found'})")
        size, perspective = args.die_size, None
        if size is None:
            print("now put one die flat in the tray, near its edge ...", flush=True)
            measured = die_size(frames, reference, tray)
            size, perspective = measured.side, measured.perspective
    if tray_given:
        check_holds_dice(tray, "--tray", size)
    image.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_picture(image, reference)
    except OSError as error:
        raise FarkleError(unwritten(image, error, "give --out a folder you can write to")
                          ) from None
    learned = _learned_before(out)
    Calibration(Path(image.name), tray, keep, size, perspective, learned).save(out)
    print(f"die size: {size:.1f} px")
    if perspective is not None:
        print(f"perspective: {perspective:.5f} (a flat die 100 px from the picture's centre "
              f"looks {100 * 100 * perspective:.0f} % longer than wide)")
    print(f"saved {out} and {image}")
    if learned is not None:
        print(f"kept the {learned.dice} dice learned before (`farkle-pi dice-check --learn` "
              "learns them again)")
    print("next: teach it your dice with `farkle-pi dice-check --learn` (six rounds: all "
          "dice showing 1, then all 2, ...); then put them in showing 1 to 6 and run "
          "`farkle-pi dice-check`")
    return 0


def _check_out(out: Path, image: Path, source: str) -> None:
    """Refused, before the camera opens, when saving would replace what must stay: a folder,
    the recording read (or a picture of its folder), or a file that is not a calibration (a
    mistyped --out once replaced a game database with the calibration's JSON)."""
    if out.is_dir():
        raise FarkleError(f"--out {out} is a folder: name the calibration file in it, e.g. "
                          f"{out / 'calibration.json'}")
    read = Path(source)
    reads = [p for p in read.iterdir() if p.is_file()] if read.is_dir() else [read]
    refuse_overwrites("--out", [(Path("the calibration"), out), (Path("the empty tray"), image)],
                      [p for p in reads if p.exists()])
    if out.is_file() and not _may_replace(out):
        raise FarkleError(f"--out {out} is not a tray calibration, and saving would replace "
                          "it: give another file name (e.g. tray.json), or move it aside")


def _may_replace(path: Path) -> bool:
    """A calibration, an empty file or a damaged calibration (JSON cut short), not another
    kind of file (a database, a picture, a config)."""
    try:
        with path.open("rb") as file:
            start = file.read(64).lstrip()
    except OSError:
        return True  # what cannot be read is reported when it is written
    return not start or start.startswith(b"{")


def _learned_before(path: Path) -> LearnedDice | None:
    """The dice the calibration being replaced had learned: the dice are the same dice."""
    try:
        return Calibration.load(path).learned if path.is_file() else None
    except FarkleError:
        return None  # a damaged file is being replaced anyway
