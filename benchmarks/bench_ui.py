"""How long the table takes to draw each screen at each size (SDL dummy driver, this machine).

    .venv/bin/python benchmarks/bench_ui.py

A frame is drawn only when the view changes (or a banner grows in), so these are the costs of
a change, not of every tick; at 30 frames a second the budget is 33 ms. The second table
draws the same screens with names the default font lacks letters of (drawn with an installed
font that has them, `farkle_pi/ui/fonts.py`), and says how long finding those fonts took once.
"""

from __future__ import annotations

import time
from dataclasses import replace

from farkle_pi.ui.display import offscreen
from farkle_pi.ui.fonts import INSTALLED
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import TableView

SIZES = [(800, 480), (480, 320), (720, 1280)]
REPEAT = 30
# Vietnamese, Georgian, Armenian, Chinese: what pygame's bundled font draws as boxes
OTHER_NAMES = ("Nguyễn", "Trần Đặng", "ქეთი", "Արամ", "李雷", "王芳")


def main() -> None:
    table(dict(SAMPLES))
    start = time.perf_counter()
    fonts = len(INSTALLED.fonts)
    print(f"\nreading this machine's {fonts} fonts, once: "
          f"{(time.perf_counter() - start) * 1000:.0f} ms; names {', '.join(OTHER_NAMES)}:")
    table({name: renamed(view) for name, view in SAMPLES.items()})


def table(views: dict[str, TableView]) -> None:
    print(f"{'screen':<12}" + "".join(f"{w}x{h:<7}" for w, h in SIZES) + "  (ms per frame)")
    for name, view in views.items():
        row = f"{name:<12}"
        for size in SIZES:
            surface = offscreen(size)
            render(surface, view, DARK)  # fonts loaded once, as in the app
            start = time.perf_counter()
            for _ in range(REPEAT):
                render(surface, view, DARK)
            row += f"{(time.perf_counter() - start) / REPEAT * 1000:<11.2f}"
        print(row)


def renamed(view: TableView) -> TableView:
    """`view` with its players (and the setup's) called `OTHER_NAMES`."""
    players = tuple(replace(player, name=name)
                    for player, name in zip(view.players, OTHER_NAMES, strict=False))
    setup = view.setup and replace(view.setup, players=OTHER_NAMES[:4])
    return replace(view, players=players, setup=setup)


if __name__ == "__main__":
    main()
