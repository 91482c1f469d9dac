"""Dice drawn as cubes by a tilted camera: real dice's faces, in the right places."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from farkle_pi.vision.cube import View, draw_cube, side_values
from farkle_pi.vision.synth import render_scene

WHITE, BLACK = (230, 230, 230), (0, 0, 0)
EDGE = 120.0
OVERHEAD = (0.0, 0.0, 1.0)


def pips(img: np.ndarray, rows: slice) -> int:
    """Dark blobs in a band of rows: the pips drawn there."""
    dark = (cv2.cvtColor(img[rows], cv2.COLOR_BGR2GRAY) < 30).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(dark)
    return sum(1 for k in range(1, count) if stats[k, cv2.CC_STAT_AREA] >= 12)


def cube(value: int, tilt: float, seed: int = 0) -> tuple[np.ndarray, tuple[float, ...]]:
    img = np.full((400, 400, 3), 128, np.uint8)
    box = draw_cube(img, (200.0, 200.0), EDGE, 0.0, View(tilt, 0.0, OVERHEAD), value,
                    WHITE, BLACK, np.random.default_rng(seed))
    return img, box


@pytest.mark.parametrize("top", range(1, 7))
def test_side_faces_are_ones_a_real_die_has_around_its_top(top: int) -> None:
    rng = np.random.default_rng(top)
    for _ in range(30):
        sides = side_values(top, rng)
        assert sorted(sides.values()) == sorted(v for v in range(1, 7) if v not in (top, 7 - top))
        assert sides["+x"] + sides["-x"] == 7 and sides["+y"] + sides["-y"] == 7


@pytest.mark.parametrize("value", range(1, 7))
def test_straight_down_the_camera_sees_only_the_top_face(value: int) -> None:
    img, (x, y, w, h) = cube(value, 0.0)
    assert (x, y) == pytest.approx((200 - EDGE / 2, 200 - EDGE / 2), abs=1)
    assert w == pytest.approx(EDGE, abs=1) and h == pytest.approx(EDGE, abs=1)
    assert pips(img, slice(int(y), int(y + h))) == value


@pytest.mark.parametrize("value", range(1, 7))
def test_a_tilted_camera_sees_the_top_face_short_and_a_darker_side_face_below(value: int) -> None:
    img, (x, y, w, h) = cube(value, 30.0, seed=value)
    tilt = math.radians(30)
    assert w == pytest.approx(EDGE, abs=1)
    assert h == pytest.approx(EDGE * (math.cos(tilt) + math.sin(tilt)), abs=1)
    top = slice(int(y) + 2, int(y + EDGE * math.cos(tilt)) - 2)
    side = slice(int(y + EDGE * math.cos(tilt)) + 2, int(y + h) - 2)
    assert pips(img, top) == value
    assert 1 <= pips(img, side) <= 6
    columns = slice(int(x) + 5, int(x + w) - 5)
    assert img[side, columns].mean() < 0.7 * img[top, columns].mean()


def test_slanted_scenes_label_each_die_by_the_box_around_its_faces() -> None:
    rng = np.random.default_rng(4)
    for _ in range(5):
        img, dice = render_scene(rng, n_dice=5, size_range=(40.0, 70.0), slant_share=1.0)
        for die in dice:
            assert die.extent is not None
            x, y, w, h = die.bbox
            assert die.center == pytest.approx((x + w / 2, y + h / 2))
            assert die.size <= max(w, h) <= die.size * 1.9  # the cube is wider than its edge
            inside = img[int(y) + 2:int(y + h) - 2, int(x) + 2:int(x + w) - 2]
            assert inside.size and float(inside.std()) > 10  # faces and pips, not bare table
