"""`farkle-pi demo`: a whole game on the table's screen, no Pi needed.

By default it plays the recorded tray session in `fixtures/demo/` through the real pipeline
(video frames -> tray settle/removal events -> table -> store -> screen); a coached robot
presses BANK where the coach says so. `--virtual` instead plays a whole game on the Pi's
provably fair virtual dice (seeded by --seed, so it is repeatable), the robot pressing every
button.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from farkle_pi.commands.outputs import check_room_for
from farkle_pi.commands.rules_args import add_rules_arguments, rules_from
from farkle_pi.config import SCREEN_SIDES
from farkle_pi.errors import FarkleError
from farkle_pi.files import unwritten, write_surface
from farkle_pi.game.seating import MAX_PLAYERS

PRESS_SECONDS = 0.8  # between the robot's button presses
WINNER_SECONDS = 8.0  # the winner stays up this long before the demo window closes
VIRTUAL_TARGET = 4000  # short enough to watch to the end
# The recorded session is about a minute of play: the first to 1,500 wins, no final round.
TRAY_RULES = {"target": 1500, "final_round": False}
NO_DISPLAY_PNG = "farkle-pi-demo.png"
TICKS_A_SECOND = 10  # a headless demo's clock moves a tenth of a second a frame


def register(sub: Any) -> None:
    parser = sub.add_parser("demo", help="watch a whole game on the table's screen")
    add_rules_arguments(parser)
    parser.add_argument("--virtual", action="store_true",
                        help="the Pi's virtual dice instead of the recorded tray session")
    parser.add_argument("--seed", type=int, default=7, help="virtual dice seed (default 7)")
    parser.add_argument("--players", nargs="+", default=["Ann", "Bob"], metavar="NAME",
                        help=f"the players (default Ann Bob): two for the recorded session, "
                             f"1 to {MAX_PLAYERS} with --virtual")
    parser.add_argument("--headless", action="store_true",
                        help="no window: print the game and optionally save the last screen")
    parser.add_argument("--out", metavar="PNG",
                        help="save the final screen (or --out-at's) as a PNG")
    parser.add_argument("--out-at", type=float, metavar="SECONDS",
                        help="with --out: save the screen as it is this far into the game "
                             "instead (the demo's own clock; headless runs are repeatable)")
    low, high = SCREEN_SIDES
    parser.add_argument("--size", default="800x480", metavar="WxH",
                        help=f"window size, any WxH from {low} to {high} pixels a side "
                             "(default 800x480)")
    parser.add_argument("--theme", default="dark", choices=("dark", "light"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from farkle_pi.app import App
    from farkle_pi.store import Store
    from farkle_pi.table.autoplay import next_press
    from farkle_pi.table.camera import DEMO_SESSION, Recording, TrayPlayer
    from farkle_pi.table.fairdice import FairDice
    from farkle_pi.table.table import Table
    from farkle_pi.ui.display import NO_SCREEN, open_surface, parse_size
    from farkle_pi.ui.theme import theme_named

    if args.out and not args.out.lower().endswith(".png"):  # before the game, not after it
        raise FarkleError(f"--out {args.out}: the screen is saved as a .png file")
    if args.out:
        check_room_for("--out", Path(args.out))
    if args.out_at is not None and not args.out:
        raise FarkleError(f"--out-at {args.out_at:g}: give --out PNG too, to save the screen to")
    if args.out_at is not None and not args.out_at >= 0:  # (NaN too)
        raise FarkleError(f"--out-at {args.out_at:g}: give a time of 0 seconds or more")
    if not args.virtual and len(args.players) != 2:
        raise FarkleError("the recorded tray session is a two-player game: give two --players, "
                          "or play any number with --virtual")
    rules = rules_from(args)
    house = {k for k, _, _ in (item.partition("=") for item in args.set)}
    defaults = {"target": VIRTUAL_TARGET} if args.virtual else TRAY_RULES
    rules = rules.with_changes({k: v for k, v in defaults.items() if k not in house})
    out = args.out or NO_DISPLAY_PNG
    fallback = f"playing it headless instead; the final screen goes to {out}"
    size = parse_size(args.size)  # a refusal before any line below
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    if asked in NO_SCREEN and not args.headless:  # a window nobody sees, in real time: no
        print(f"farkle-pi: SDL_VIDEODRIVER={asked} shows no window; {fallback}", file=sys.stderr)
        args.headless, args.out = True, out
    try:
        surface = open_surface(size, headless=args.headless, hint=fallback)
    except FarkleError as error:  # a machine with no screen still gets the whole demo
        print(f"farkle-pi: {error}", file=sys.stderr)
        args.headless, args.out = True, out
        surface = open_surface(size, headless=True)
    player: TrayPlayer | None = None
    if not args.virtual:
        player, how = TrayPlayer.open(Recording(DEMO_SESSION))
        print(f"playing the recorded tray session {DEMO_SESSION / 'demo.mp4'}; dice read by {how}")
    seed = hashlib.sha256(f"farkle-pi demo {args.seed}".encode()).digest()
    clock = _Clock(simulated=args.headless)
    mode = "virtual" if args.virtual else "camera"
    printer = _Printer()
    with (tempfile.TemporaryDirectory() as folder,
          Store(Path(folder) / "demo.db", kept=False) as store):
        table = Table(store, rules, args.players, mode, clock=clock, say=printer,
                      resume=False, fair_dice=lambda game_id: FairDice(game_id, seed))
        table.new_game()
        app = App(table, surface, theme_named(args.theme))
        if player is not None:
            app.camera = lambda: player.latest if player else None
            app.expect = player.tray.expect
        start = last_press = clock()
        ended_at: float | None = None
        while app.step() and not printer.closed:
            if player is not None:
                for event in player.until(clock() - start):
                    app.tray_events.put(event)
            view = table.view()
            if str(store.path) in view.error:  # the demo's own game cannot be stored (its
                raise FarkleError(view.error)  # folder full): playing on would only repeat it
            if view.screen == "winner":
                ended_at = clock() if ended_at is None else ended_at
                if clock() - ended_at >= (0 if args.headless else WINNER_SECONDS):
                    break
            elif clock() - last_press >= PRESS_SECONDS:
                press = next_press(view)
                if press is not None:
                    app.actions.put(press)
                    last_press = clock()
            if (player is not None and player.finished and app.tray_events.empty()
                    and ended_at is None):  # (the winner screen stays its time without it)
                print("the recorded session ended before the game did")
                break
            if args.out_at is not None and clock() - start >= args.out_at:
                break
            clock.tick()
            if app.frames > 100_000:
                raise FarkleError("the demo game did not end")
        if args.out and not printer.closed:  # (the game did not end: no "final" screen)
            played = clock() - start
            early = args.out_at is not None and played < args.out_at
            which = "final" if args.out_at is None or early else f"{played:.1f} s"
            try:
                write_surface(Path(args.out), surface)
            except OSError as error:
                raise FarkleError(f"--out: the {which} screen: " + unwritten(
                    args.out, error, "give a .png path in a folder you can write to")
                                  ) from None
            except pygame.error as error:
                raise FarkleError(f"--out {args.out}: cannot save the {which} screen: {error}"
                                  ) from error
            if early:
                print(f"the game ended at {played:.1f} s, before {args.out_at:g} s")
            print(f"{which} screen saved to {args.out}")
    if player is not None:
        player.close()
    pygame.quit()
    if printer.closed:  # the CLI's own closed-pipe ending: stdout to os.devnull, exit 0
        raise BrokenPipeError(errno.EPIPE, "the reader closed the demo's output")
    return 0


class _Printer:
    """The game's lines (Table.say), each sent at once. A reader that had enough (`| head`)
    ends the demo: the table would log every later line's BrokenPipeError with a traceback
    and play on for nobody."""

    def __init__(self) -> None:
        self.closed = False

    def __call__(self, line: str) -> None:
        if self.closed:
            return
        try:
            print(line, flush=True)
        except BrokenPipeError:
            self.closed = True


class _Clock:
    """Wall time in a window; in headless runs time jumps a frame's worth per tick, so a whole
    game takes a second and still shows every banner for its full length."""

    def __init__(self, simulated: bool) -> None:
        import pygame

        self.simulated = simulated
        self.ticks = 0  # counted, not summed: 0.1 added 120 times falls short of 12
        self._pace = pygame.time.Clock()

    def __call__(self) -> float:
        return self.ticks / TICKS_A_SECOND if self.simulated else time.monotonic()

    def tick(self) -> None:
        if self.simulated:
            self.ticks += 1
        else:
            self._pace.tick(30)
