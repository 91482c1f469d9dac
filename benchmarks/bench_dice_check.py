#!/usr/bin/env python3
"""dice-check on rendered trays: two colours of dice, faces and colours read right?

    .venv/bin/python benchmarks/bench_dice_check.py [--throws N]

For each pair of the tray simulator's dice colours (white, red, black, yellow), N rendered
throws of 1 2 3 on one colour and 4 5 6 on the other are checked as `farkle-pi dice-check
--faces 1:A,2:A,3:A,4:B,5:B,6:B` checks them: the real reader, the tray's settle and vote,
the colours named as the table names a throw's. Renders are easier than real dice.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.tray import Tray  # noqa: E402
from farkle_pi.tray.dice_check import DiceCheck, check_dice, parse_faces  # noqa: E402
from farkle_pi.tray.reader import vision_reader  # noqa: E402
from farkle_pi.traysim.scene import Scene, SceneSource  # noqa: E402
from farkle_pi.traysim.story import Director  # noqa: E402

NAMES = ("white", "red", "black", "yellow")  # traysim.story.DICE_COLOURS, in order


def check(seed: int, first: int, second: int, folder: Path) -> DiceCheck:
    director = Director(seed=seed).start_empty(1.0)
    scene = Scene(director.throw((1, 2, 3, 4, 5, 6), colours=(first,) * 3 + (second,) * 3).spec())
    calibration = scene.calibrate(folder / f"empty-{seed}-{first}-{second}.png")
    faces = ",".join(f"{face}:{NAMES[first if face <= 3 else second]}" for face in range(1, 7))
    tray = Tray(vision_reader(calibration), calibration)
    return check_dice(SceneSource(scene), tray, parse_faces(faces))[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--throws", type=int, default=4)
    args = ap.parse_args()
    passed = total = 0
    with tempfile.TemporaryDirectory() as folder:
        for first, second in combinations(range(len(NAMES)), 2):
            results = [check(seed, first, second, Path(folder)) for seed in range(args.throws)]
            right = sum(result.passed for result in results)
            passed, total = passed + right, total + len(results)
            wrong = [" ".join(map(str, r.read)) for r in results if not r.passed]
            print(f"{NAMES[first]:>6} and {NAMES[second]:<6} {right}/{len(results)} right"
                  + (f"  (read: {'; '.join(wrong)})" if wrong else ""), flush=True)
    print(f"all pairs: {passed}/{total} checks read every face and colour right")


if __name__ == "__main__":
    main()
