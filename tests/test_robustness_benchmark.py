"""benchmarks/robustness.py: a changed photo's labels must still sit on their dice, or every
figure it prints would score the reader against the wrong places."""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np
import pytest
from shared_data import real_photos

from farkle_pi.vision.dataset import LabelledDie, LabelledImage, is_holdout, load_folder

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "robustness.py"


@functools.cache  # one load for every test: the script is read and run once
def benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("robustness", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["robustness"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def marked_photo() -> tuple[np.ndarray, LabelledImage]:
    """A grey 640x480 picture with three black squares of different sizes, each labelled."""
    image = np.full((480, 640, 3), 200, np.uint8)
    dice = []
    for value, (x, y, side) in enumerate([(60, 50, 40), (400, 120, 56), (250, 330, 48)], 1):
        image[y:y + side, x:x + side] = 0
        dice.append(LabelledDie(value, (float(x), float(y), float(side), float(side))))
    return image, LabelledImage(Path("marked.jpg"), tuple(dice))


@pytest.mark.parametrize("name", ["rotate-90-exact", "rotate-180-exact", "rotate-30",
                                  "tilt-15", "tilt-15-sideways", "scale-0.71", "dice-20px",
                                  "dice-150px-whole", "dice-100px-windows"])
def test_each_label_sits_on_its_square(name: str) -> None:
    robustness = benchmark()
    image, photo = marked_photo()
    views = robustness.TRANSFORMS[name](image, photo, np.random.default_rng(0))
    seen = set()
    for view in views:
        dark = (view.image.max(axis=2) < 100).astype(np.uint8)
        count, _, _, centres = cv2.connectedComponentsWithStats(dark)
        for die in view.dice:
            x, y, w, h = die.bbox
            assert x >= 0 and y >= 0 and x + w <= view.image.shape[1] and \
                y + h <= view.image.shape[0], "a scored die must lie wholly in its view"
            nearest = min(float(np.hypot(*(centres[i] - die.center))) for i in range(1, count))
            assert nearest < 0.05 * die.size + 1.0, (name, die, nearest)
        seen.update(view.index)
    assert seen == {0, 1, 2}  # every label scored, each once (windows: in one view)


def test_scaled_dice_have_the_asked_size() -> None:
    robustness = benchmark()
    image, photo = marked_photo()
    for px in (20, 150):
        (view,) = robustness.TRANSFORMS[f"dice-{px}px" if px == 20 else "dice-150px-whole"](
            image, photo, np.random.default_rng(0))
        sizes = sorted(d.size for d in view.dice)
        assert sizes[1] == pytest.approx(px, rel=0.02)  # the median die


def test_a_run_on_real_photos_counts_as_evaluate_does() -> None:
    """The script checks its untouched row against evaluate() and exits 1 if they differ."""
    byler = real_photos("byler_d6")
    names = [p.path.name for p in load_folder(byler) if is_holdout(p.path.name)][:3]
    done = subprocess.run([sys.executable, str(SCRIPT), "--only", "rotate-90-exact",
                           "--photos", ",".join(names), "--data", str(byler.parent)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert [r.split("|")[1].strip() for r in rows[1:]] == ["none", "rotate-90-exact"]
    assert "baseline = farkle-pi evaluate on these photos" in done.stdout
    assert rows[1].split("|")[2].strip() == "3"  # photos


def test_the_training_split_is_read_only_when_asked() -> None:
    """--split train is for developing a change; a hold-out photo is not in it."""
    byler = real_photos("byler_d6")
    photos = load_folder(byler)
    train = next(p.path.name for p in photos if not is_holdout(p.path.name))
    held = next(p.path.name for p in photos if is_holdout(p.path.name))
    run = [sys.executable, str(SCRIPT), "--only", "none", "--split", "train",
           "--data", str(byler.parent), "--photos"]
    done = subprocess.run([*run, train], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "byler_d6 training split: 1 photos" in done.stdout
    refused = subprocess.run([*run, held], capture_output=True, text=True, timeout=300)
    assert refused.returncode != 0
    assert held in refused.stdout + refused.stderr


def test_a_two_colour_throw_missed_when_changed_is_not_grouped_alike() -> None:
    """The throws are chosen from the untouched reading, the same in every row; one whose die
    the changed photo lost is not grouped alike. (They were chosen among the dice read in
    both, so a lost die took its throw out of the count: 27 of 29 under 1.5 times the light,
    the two throws left out rather than counted as split otherwise.)"""
    robustness = benchmark()
    red, blue = (40, 40, 200), (200, 60, 40)
    base, changed = robustness.Row("none"), robustness.Row("lost")
    base.names["a.jpg"] = {0: "red", 1: "red", 2: "blue", 3: "blue"}
    base.bgr["a.jpg"] = {0: red, 1: red, 2: blue, 3: blue}
    changed.names["a.jpg"] = {0: "red", 2: "blue", 3: "blue"}  # die 1 missed
    changed.bgr["a.jpg"] = {0: red, 2: blue, 3: blue}
    assert robustness.two_colour_throws(base, base) == (1, 1)
    assert robustness.two_colour_throws(base, changed) == (0, 1)
