"""`farkle-pi dice-check`: put the dice in the tray showing 1 to 6; see whether they read right."""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from farkle_pi.commands.calibration_arg import STALE, calibration_files
from farkle_pi.commands.camera_args import add_camera_arguments, open_camera
from farkle_pi.commands.config import add_config_option
from farkle_pi.commands.detect import check_picture_name
from farkle_pi.commands.outputs import refuse_overwrites
from farkle_pi.config import load_config
from farkle_pi.devices.frames import Image
from farkle_pi.errors import FarkleError
from farkle_pi.files import unwritten, write_picture
from farkle_pi.rules import dice_count
from farkle_pi.tray import Tray
from farkle_pi.tray.dice_check import (
    FACES,
    WAIT_SECONDS,
    DiceCheck,
    check_dice,
    faces_text,
    parse_faces,
    until_taken_out,
)
from farkle_pi.tray.reader import vision_reader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.draw import draw_readings
from farkle_pi.vision.keep import keep_photo
from farkle_pi.vision.learned import learn
from farkle_pi.vision.lessons import faces_of, lesson

# Learning: all dice on one face a round, so no round leaves a doubt which die shows which
LEARNING_FACES = "/".join(str(face) * 6 for face in range(1, 7))


def register(sub: Any) -> None:
    parser = sub.add_parser("dice-check", help="put the dice in the tray showing 1 to 6: "
                                               "does the camera read them right?")
    add_config_option(parser)
    add_camera_arguments(parser)
    parser.add_argument("--calibration", type=Path, metavar="FILE",
                        help="tray calibration (default: the config's, if it exists)")
    parser.add_argument("--faces", metavar="FACES",
                        help="the faces put in (default 123456; with --learn six rounds "
                             "111111/222222/.../666666); for a two-colour game "
                             "with their colours: 1:red,2:red,3:red,4:white,5:white,6:white; "
                             "another set of faces for each round after a slash: "
                             "111111/222222/...")
    parser.add_argument("--wait", type=float, default=WAIT_SECONDS, metavar="SECONDS",
                        help="how long to wait for all the dice once the first lie still "
                             f"(default {WAIT_SECONDS:.0f})")
    parser.add_argument("--rounds", type=int, metavar="N",
                        help="check N times, the dice taken out and put in again moved and "
                             "turned in between (default: once for each set of faces)")
    parser.add_argument("--learn", action="store_true",
                        help="learn what these dice look like from every round and keep it in "
                             "the tray calibration (reads your own dice better; by default six "
                             "rounds, all dice showing 1, then all 2, ...)")
    parser.add_argument("--save", type=Path, metavar="OUT.png",
                        help="save the picture read, each die marked as read (OUT-2.png ... "
                             "for later rounds)")
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="keep each round's picture with the faces put in, as a labelled "
                             "photo folder (../shared/data's format) to measure the reader on "
                             "(`farkle-pi evaluate FOLDER`) and to train it with")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    faces: str = (args.faces if args.faces is not None
                  else LEARNING_FACES if args.learn else faces_text(FACES))
    arrangements = [parse_faces(part) for part in faces.split("/")]
    rounds: int = len(arrangements) if args.rounds is None else args.rounds
    if not args.wait > 0:
        raise FarkleError(f"--wait must be a number of seconds above 0, not {args.wait}")
    if not 1 <= rounds <= 20:
        raise FarkleError(f"--rounds must be 1 to 20, not {rounds}")
    config = load_config(args.config)
    path: Path | None = args.calibration
    if path is None and config.calibration.path.is_file():
        path = config.calibration.path
    calibration = Calibration.load(path) if path is not None else None
    if calibration is not None:
        calibration, stale = calibration.for_this_reader()
        if stale:
            print(f"{STALE}: "
                  + ("these rounds learn them again" if args.learn else
                     "reading without them; learn them again with --learn"))
    if args.learn and (path is None or calibration is None):
        raise FarkleError("--learn keeps what it learns in the tray calibration: run "
                          "`farkle-pi calibrate` first")
    if config.rules.ruleset.colour_triples and not any(
            die.colour for put_in in arrangements for die in put_in):
        print("your rules count the dice's colours: name them too to check that the camera "
              "tells them apart (--faces 1:red,2:red,3:red,4:white,5:white,6:white)")
    _check_outputs(args, rounds, [*calibration_files(path, calibration),
                                  config.calibration.path])  # before the dice are set out
    tray = Tray(vision_reader(calibration), calibration)
    checks: list[DiceCheck] = []
    pictures: list[Image] = []
    with open_camera(args, config.camera) as source:
        if calibration is None:  # once there is a camera to read with
            print("no tray calibration: reading as the table would without one "
                  "(`farkle-pi calibrate` first reads better)")
        frames = iter(source)
        for round_ in range(1, rounds + 1):
            put_in = arrangements[(round_ - 1) % len(arrangements)]
            if round_ > 1:
                showing = f", showing {faces_text(put_in)}" if len(arrangements) > 1 else ""
                print(f"round {round_} of {rounds}: take the dice out, then put them in "
                      f"again, moved and turned{showing} ...", flush=True)
                until_taken_out(frames, tray, args.wait)
            else:
                print(f"put {len(put_in)} dice in the tray, flat and apart, showing "
                      f"{faces_text(put_in)}; then take your hand away ...", flush=True)
            check, picture = check_dice(frames, tray, put_in, args.wait)
            for line in check.report():
                print(line)
            if args.save is not None:
                save(picture, check, _round_path(args.save, round_))
            if args.keep is not None:
                print(keep_round(args.keep, picture, check, calibration, round_))
            checks.append(check)
            pictures.append(picture)
    if rounds > 1:
        right = sum(check.right for check in checks)
        print(f"over {rounds} rounds: {right} of {sum(len(c.faces) for c in checks)} dice read "
              f"right, {sum(check.passed for check in checks)} of {rounds} rounds all right")
    if args.learn and path is not None and calibration is not None:
        learn_dice(pictures, checks, calibration, path)
    elif calibration is not None and any(check.wrong or check.unreadable for check in checks):
        print(learning_hint(calibration))
    return 0 if all(check.passed for check in checks) else 1


def learning_hint(calibration: Calibration) -> str:
    """What to do about dice misread or not read in a calibrated tray: teach it these dice."""
    if calibration.learned is None:
        return ("to teach the reader these very dice, run `farkle-pi dice-check --learn`: six "
                "rounds, all dice showing 1, then all showing 2, and so on")
    return ("the reader has learned dice in this tray before; with other dice or under "
            "another light, run `farkle-pi dice-check --learn` again (it learns from its own "
            "rounds; to learn from several sittings at once, add `--keep FOLDER` each time, "
            "then run `farkle-pi learn FOLDER`)")


def keep_round(folder: Path, picture: Image, check: DiceCheck,
               calibration: Calibration | None, round_: int) -> str:
    """Keep the round's picture with each die's face, when which die shows which is known."""
    if check.outside:
        return f"round {round_} not kept: {dice_count(check.outside)} outside the tray"
    faces = faces_of(picture, check.dice, [die.face for die in check.faces], calibration)
    if isinstance(faces, str):
        return f"round {round_} not kept: {faces}"
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{round_}"
    path = keep_photo(folder, stem, picture,
                      [(face, die.bbox) for face, die in zip(faces, check.dice, strict=True)])
    return f"kept {path} ({dice_count(len(faces))})"


def learn_dice(pictures: list[Image], checks: list[DiceCheck], calibration: Calibration,
               path: Path) -> None:
    """Fit the reader to these dice, keep it in the calibration, and say what it changed."""
    lessons = []
    for round_, (picture, check) in enumerate(zip(pictures, checks, strict=True), start=1):
        taught = lesson(picture, check.dice, [die.face for die in check.faces], calibration)
        if isinstance(taught, str):
            print(f"round {round_} not learned from: {taught}")
        else:
            lessons.append(taught)
    learned = learn(lessons)
    after = replace(calibration, learned=learned)
    after.save(path)
    again = vision_reader(after)
    right = [DiceCheck(check.faces, tuple(d for d in again(picture) if after.inside(d.center)))
             .right for check, picture in zip(checks, pictures, strict=True)]
    print(f"learned your dice from {learned.dice} dice in {len(lessons)} of {len(pictures)} "
          f"rounds; saved in {path}")
    print(f"these rounds read again with them: {sum(right)} of "
          f"{sum(len(c.faces) for c in checks)} dice right "
          f"(before: {sum(c.right for c in checks)}); "
          "check with a new `farkle-pi dice-check`")


def _check_outputs(args: argparse.Namespace, rounds: int, reads: list[Path]) -> None:
    """--save and --keep mistakes found now, not after the players have set out the dice."""
    if args.save is not None:
        check_picture_name("--save", args.save)
        refuse_overwrites("--save", [(Path(f"round {n}"), _round_path(args.save, n))
                                     for n in range(1, rounds + 1)], reads)
    if args.keep is not None and args.keep.exists() and not args.keep.is_dir():
        raise FarkleError(f"--keep {args.keep} is a file: give a folder (it is made if need be)")


def _round_path(save: Path, round_: int) -> Path:
    """Where --save puts round `round_`'s picture: OUT.png, then OUT-2.png, …"""
    return save if round_ == 1 else save.with_stem(f"{save.stem}-{round_}")


def save(picture: Image, check: DiceCheck, path: Path) -> None:
    hint = "give a .png or .jpg path in a folder you can write to"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_picture(path, draw_readings(picture, list(check.dice)))
    except OSError as error:
        raise FarkleError(unwritten(path, error, hint)) from None
    except ValueError:
        raise FarkleError(f"cannot write {path}: {hint}") from None
    print(f"saved {path}")
