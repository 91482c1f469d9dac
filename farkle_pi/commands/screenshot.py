"""`farkle-pi screenshot --screen NAME --size WxH OUT.png`: a screen drawn from a sample state."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from farkle_pi.config import SCREEN_SIDES
from farkle_pi.errors import FarkleError
from farkle_pi.files import unwritten, write_surface


def register(sub: Any) -> None:
    from farkle_pi.ui.samples import VARIANTS
    from farkle_pi.ui.theme import THEMES
    from farkle_pi.ui.view import SCREENS

    names = (*SCREENS, *VARIANTS)
    parser = sub.add_parser("screenshot", help="draw a screen from a sample state into a PNG")
    parser.add_argument("--screen", required=True, choices=names, metavar="NAME",
                        help=f"one of {', '.join(names)}")
    low, high = SCREEN_SIDES  # the config's [screen] size takes the same
    parser.add_argument("--size", default="800x480", metavar="WxH",
                        help=f"any WxH from {low} to {high} pixels a side, e.g. 800x480 "
                        "(7-inch), 480x320, 720x1280 (portrait); default 800x480")
    parser.add_argument("--theme", default="dark", choices=sorted(THEMES))
    parser.add_argument("out", metavar="OUT.png")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from farkle_pi.ui.display import offscreen, parse_size
    from farkle_pi.ui.render import render
    from farkle_pi.ui.samples import SAMPLES, VARIANTS
    from farkle_pi.ui.theme import theme_named

    if not args.out.lower().endswith(".png"):
        raise FarkleError(f"{args.out}: the output must be a .png file")
    width, height = parse_size(args.size)
    surface = offscreen((width, height))
    render(surface, {**SAMPLES, **VARIANTS}[args.screen], theme_named(args.theme))
    try:
        write_surface(Path(args.out), surface)
    except OSError as error:
        raise FarkleError(unwritten(args.out, error, "give a .png path in a folder you can "
                                    "write to")) from None
    except pygame.error as error:
        raise FarkleError(f"{args.out}: cannot write the screenshot: {error}") from error
    print(f"{args.out}: {args.screen} at {width}x{height} ({args.theme})")  # as drawn, not
    # as typed (" 800X480", full-width digits)
    return 0
