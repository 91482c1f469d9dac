"""`farkle-pi demo`: a whole game played on the table's screen by a coached robot player.

The dice are the Pi's provably fair virtual dice (seeded by --seed, so a demo is repeatable);
every press goes through the same table, store and screens as a real game night.
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
import time
from pathlib import Path
from typing import Any

from farkle_pi.commands.rules_args import add_rules_arguments, rules_from
from farkle_pi.errors import FarkleError

PRESS_SECONDS = 0.8  # between the robot's button presses in a window
WINNER_SECONDS = 8.0  # the winner stays up this long before the demo window closes
DEMO_TARGET = 4000  # short enough to watch to the end


def register(sub: Any) -> None:
    parser = sub.add_parser("demo", help="watch a whole game on the table's screen")
    add_rules_arguments(parser)
    parser.add_argument("--seed", type=int, default=7, help="dice seed (default 7)")
    parser.add_argument("--players", nargs="+", default=["Ann", "Bob"], metavar="NAME")
    parser.add_argument("--headless", action="store_true",
                        help="no window: print the game and optionally save the last screen")
    parser.add_argument("--out", metavar="PNG", help="save the final screen as a PNG")
    parser.add_argument("--size", default="800x480", metavar="WxH", help="window size")
    parser.add_argument("--theme", default="dark", choices=("dark", "light"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import pygame

    from farkle_pi.app import App
    from farkle_pi.store import Store
    from farkle_pi.table.autoplay import next_press
    from farkle_pi.table.fairdice import FairDice
    from farkle_pi.table.table import Table
    from farkle_pi.ui.display import open_surface, parse_size
    from farkle_pi.ui.theme import theme_named

    rules = rules_from(args)
    if not any(item.startswith("target=") for item in args.set):
        rules = rules.with_changes({"target": DEMO_TARGET})
    size = parse_size(args.size)
    surface = open_surface(size, headless=args.headless)
    seed = hashlib.sha256(f"farkle-pi demo {args.seed}".encode()).digest()
    clock = _Clock(simulated=args.headless)
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "demo.db") as store:
        table = Table(store, rules, args.players, "virtual", clock=clock, say=print,
                      resume=False, fair_dice=lambda game_id: FairDice(game_id, seed))
        app = App(table, surface, theme_named(args.theme))
        last_press = -PRESS_SECONDS
        ended_at: float | None = None
        while app.step():
            view = table.view()
            if view.screen == "winner":
                ended_at = clock() if ended_at is None else ended_at
                if clock() - ended_at >= (0 if args.headless else WINNER_SECONDS):
                    break
            elif view.screen != "results" and clock() - last_press >= PRESS_SECONDS:
                press = next_press(view)
                if press is not None:
                    app.actions.put(press)
                last_press = clock()
            clock.tick()
            if app.frames > 100_000:
                raise FarkleError("the demo game did not end")
        if args.out:
            pygame.image.save(surface, args.out)
            print(f"final screen saved to {args.out}")
    pygame.quit()
    return 0


class _Clock:
    """Wall time in a window; in headless runs time jumps a frame's worth per tick, so a whole
    game takes a second and still shows every banner for its full length."""

    def __init__(self, simulated: bool) -> None:
        import pygame

        self.simulated = simulated
        self.now = 0.0
        self._pace = pygame.time.Clock()

    def __call__(self) -> float:
        return self.now if self.simulated else time.monotonic()

    def tick(self) -> None:
        if self.simulated:
            self.now += 0.1
        else:
            self._pace.tick(30)
