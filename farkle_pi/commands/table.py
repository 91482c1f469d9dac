"""`farkle-pi table` (and `farkle-pi` alone): the game-night table from the config file."""

from __future__ import annotations

import argparse
import logging
import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from farkle_pi.commands.config import add_config_option

if TYPE_CHECKING:
    import pygame

    from farkle_pi.config import Config
    from farkle_pi.ui.theme import Theme


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "table", aliases=["play"], help="run the table from the config (what the Pi starts)"
    )
    add_config_option(parser)
    parser.add_argument("--dice", choices=("camera", "manual", "virtual"),
                        help="override [table] dice")
    parser.add_argument("--windowed", action="store_true", help="a window, not full screen")
    parser.add_argument("--new", action="store_true", help="do not resume an unfinished game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before app.py imports pygame
    import pygame

    from farkle_pi.config import Config, load_config, screen_anyway
    from farkle_pi.errors import FarkleError
    from farkle_pi.table.trouble import show_trouble
    from farkle_pi.ui.display import open_surface
    from farkle_pi.ui.theme import theme_named

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    trouble: FarkleError | None = None
    try:
        config = load_config(args.config)
    except FarkleError as error:  # the screen still shows it: under systemd nobody reads stderr
        # (as the file's [screen] says, if it can: a panel mounted upside down, on its side)
        config, trouble = replace(Config(), screen=screen_anyway(args.config)), error
    screen = config.screen

    def opened() -> pygame.Surface:
        return open_surface(
            screen.size,
            fullscreen=screen.fullscreen and not args.windowed,
            hint="is the screen connected? (SDL_VIDEODRIVER=kmsdrm on a Pi without a desktop)",
            rotate=screen.rotate,
        )

    try:
        surface = opened()
    except FarkleError as error:  # the config's trouble would have been on that screen
        if trouble is None:
            raise
        raise FarkleError(f"{error}; and the config: {trouble}") from None
    while True:
        theme = theme_named(config.table.theme)  # (the config put right may want another)
        try:
            if trouble is not None:
                raise trouble
            return _play_or_say(args, config, surface, theme)
        except FarkleError as error:
            # on the screen until someone fixes it and presses a button: then try again here,
            # the config read afresh (exiting would let systemd give up on the table for good)
            if not show_trouble(surface, theme, str(error), config.buttons):
                raise
            try:
                config, trouble = load_config(args.config), None
            except FarkleError as still:
                trouble = still
            if trouble is None and config.screen != screen:  # the config put right turns the
                screen = config.screen  # picture, or sizes it, otherwise than the screen shown
                pygame.display.quit()  # (SDL keeps a full screen's size through set_mode)
                surface = opened()


def _play_or_say(args: argparse.Namespace, config: Config, surface: pygame.Surface,
                 theme: Theme) -> int:
    """`_play`, a file it may not use told as any other start error (on the screen)."""
    from farkle_pi.errors import no_permission

    try:
        return _play(args, config, surface, theme)
    except PermissionError as error:
        logging.getLogger(__name__).warning("not permitted", exc_info=True)  # the journal
        raise no_permission(error) from None


def _play(args: argparse.Namespace, config: Config, surface: pygame.Surface,
          theme: Theme) -> int:
    from farkle_pi.app import App
    from farkle_pi.devices.buttons import open_buttons
    from farkle_pi.rules import load_rules
    from farkle_pi.store import Store
    from farkle_pi.table.camera import open_live_tray
    from farkle_pi.table.table import Table

    mode = args.dice or config.table.dice
    rules = load_rules(config.rules.preset, dict(config.rules.overrides))
    store = Store(config.store.database)
    try:
        # the camera follows the config, not a resumed game's mode: the next game may want it
        table = Table(store, rules, config.table.players, mode, resume=not args.new,
                      camera=mode == "camera")
    except BaseException:
        store.close()
        raise
    with store:
        store.start_backup()  # a copy of the games beside them, at every start (and game's end)
        app = App(table, surface, theme)
        live = None
        if mode == "camera":
            live = open_live_tray(config.camera, config.calibration.path,
                                  app.tray_events)  # type: ignore[arg-type]
            app.follow(live)
            table.notice = live.notice  # e.g. learned dice to learn again
            live.start()
        app.buttons, table.buttons_trouble = open_buttons(config.buttons, app.actions)
        table.kept_trouble = _kept_trouble(config.store.database)
        try:
            app.run()
        finally:
            if app.buttons is not None:
                app.buttons.close()
            if live is not None:
                live.stop()
    return 0


def _kept_trouble(database: Path) -> str:
    """The players' line when the database lives in memory only (an overlay file system):
    every game of the evening would be forgotten at the next power-off. The journal gets the
    whole story and the fix, as `farkle-pi doctor` gives them."""
    from farkle_pi.mounts import NOTICE, forgotten, kept_in_memory

    try:
        why = kept_in_memory(database)
    except Exception:  # a check that fails must not keep the table from starting
        logging.getLogger(__name__).warning("cannot tell whether %s outlives a power-off",
                                            database, exc_info=True)
        return ""
    if not why:
        return ""
    logging.getLogger(__name__).warning("%s", forgotten(database, why))
    return NOTICE
