"""Busy synthetic tables: reproducible, labelled where the dice are, sides and see-through."""

from __future__ import annotations

import numpy as np

from farkle_pi.vision.synth import SynthDie
from farkle_pi.vision.synth_busy import draw_busy_die, pip_for, render_busy_scene


def test_same_seed_same_scene() -> None:
    a, dice_a = render_busy_scene(np.random.default_rng(5))
    b, dice_b = render_busy_scene(np.random.default_rng(5))
    assert np.array_equal(a, b) and dice_a == dice_b


def test_labels_sit_on_dice_inside_the_picture() -> None:
    rng = np.random.default_rng(8)
    for _ in range(5):
        img, dice = render_busy_scene(rng, shape=(240, 320), size_range=(20.0, 40.0))
        assert img.shape == (240, 320, 3) and 1 <= len(dice) <= 30
        for die in dice:
            assert 0 < die.center[0] < 320 and 0 < die.center[1] < 240
            assert 1 <= die.value <= 6 and die.size >= 0.85 * 20.0


def test_side_faces_widen_the_die_towards_their_side() -> None:
    die = SynthDie(1, (50.0, 50.0), 40.0, 0.0, (230, 230, 230))
    img = np.full((100, 100, 3), 30, np.uint8)
    draw_busy_die(img, die, (20, 20, 20), np.random.default_rng(1), (12.0, 0.0), 0.0, False)
    bright = (img.max(axis=2) > 60).any(axis=0)  # columns the die (top or side) covers
    columns = np.nonzero(bright)[0]
    assert columns.min() >= 28 and columns.max() >= 78  # 30..70 is the top; sides go right


def test_translucent_die_lets_the_table_show_through() -> None:
    die = SynthDie(2, (50.0, 50.0), 50.0, 0.0, (40, 40, 200))
    views = []
    for translucent in (0.0, 0.5):
        img = np.zeros((100, 100, 3), np.uint8)
        img[:, 50:] = (0, 200, 0)  # half the table is green
        draw_busy_die(img, die, (250, 250, 250), np.random.default_rng(2), (0.0, 0.0),
                      translucent, False)
        views.append(img)
    assert abs(int(views[0][40, 40, 1]) - int(views[0][40, 60, 1])) < 10  # opaque: same body
    assert int(views[1][40, 60, 1]) - int(views[1][40, 40, 1]) > 60  # see-through: green shows


def test_pips_stand_out_from_the_body() -> None:
    rng = np.random.default_rng(4)
    for body in ((250, 250, 250), (20, 20, 20), (40, 200, 230), (120, 120, 120)):
        for _ in range(20):
            pip = pip_for(body, rng)
            assert abs(sum(pip) - sum(body)) / 3.0 > 60
