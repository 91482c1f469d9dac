"""The `--source` and `--fps` options of the commands that look through the table's camera."""

from __future__ import annotations

import argparse

from farkle_pi.config import CameraConfig
from farkle_pi.devices import SPEC_HELP, SourceBase, open_source


def add_camera_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--source", help=f"camera or recording ({SPEC_HELP}; "
                                         f"default: the config's [camera] source)")
    parser.add_argument("--fps", type=float, help="frame rate of an image folder "
                                                  "(default: the config's [camera] fps)")


def open_camera(args: argparse.Namespace, camera: CameraConfig) -> SourceBase:
    """`--source`, else the config's camera, asked for the config's picture size: a
    calibration is in that size's pixels."""
    return open_source(args.source or camera.source, fps=args.fps or camera.fps,
                       size=(camera.width, camera.height))
