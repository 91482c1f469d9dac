"""How long the table takes to draw each screen at each size (SDL dummy driver, this machine).

    .venv/bin/python benchmarks/bench_ui.py

A frame is drawn only when the view changes (or a banner grows in), so these are the costs of
a change, not of every tick; at 30 frames a second the budget is 33 ms.
"""

from __future__ import annotations

import time

from farkle_pi.ui.display import offscreen
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.theme import DARK

SIZES = [(800, 480), (480, 320), (720, 1280)]
REPEAT = 30


def main() -> None:
    print(f"{'screen':<12}" + "".join(f"{w}x{h:<7}" for w, h in SIZES) + "  (ms per frame)")
    for name, view in SAMPLES.items():
        row = f"{name:<12}"
        for size in SIZES:
            surface = offscreen(size)
            render(surface, view, DARK)  # fonts loaded once, as in the app
            start = time.perf_counter()
            for _ in range(REPEAT):
                render(surface, view, DARK)
            row += f"{(time.perf_counter() - start) / REPEAT * 1000:<11.2f}"
        print(row)


if __name__ == "__main__":
    main()
