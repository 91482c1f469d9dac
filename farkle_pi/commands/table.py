"""`farkle-pi table` (and `farkle-pi` alone): the game-night table from the config file."""

from __future__ import annotations

import argparse
import logging
from typing import Any

from farkle_pi.errors import FarkleError


def register(sub: Any) -> None:
    parser = sub.add_parser("table", help="run the table from the config (what the Pi starts)")
    parser.add_argument("--config", metavar="PATH", help="config file (default: the usual places)")
    parser.add_argument("--dice", choices=("camera", "manual", "virtual"),
                        help="override [table] dice")
    parser.add_argument("--windowed", action="store_true", help="a window, not full screen")
    parser.add_argument("--new", action="store_true", help="do not resume an unfinished game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from farkle_pi.app import App
    from farkle_pi.config import load_config
    from farkle_pi.devices.buttons import open_buttons
    from farkle_pi.rules import load_rules
    from farkle_pi.store import Store
    from farkle_pi.table.table import Table
    from farkle_pi.ui.display import open_surface
    from farkle_pi.ui.theme import theme_named

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    config = load_config(args.config)
    mode = args.dice or config.table.dice
    if mode == "camera":
        raise FarkleError(
            "camera dice need the tray reader, which this build does not have yet: "
            "run `farkle-pi table --dice manual` or set [table] dice = \"virtual\""
        )
    rules = load_rules(config.rules.preset, dict(config.rules.overrides))
    surface = open_surface(config.screen.size, fullscreen=config.screen.fullscreen
                           and not args.windowed)
    with Store(config.store.database) as store:
        table = Table(store, rules, config.table.players, mode, resume=not args.new)
        app = App(table, surface, theme_named(config.table.theme))
        app.buttons = open_buttons(config.buttons, app.actions)
        try:
            app.run()
        finally:
            if app.buttons is not None:
                app.buttons.close()
    return 0
