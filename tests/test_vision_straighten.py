"""The reader sees every die upright and centred, whatever its turn on the table."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from farkle_pi.vision.find import Candidate
from farkle_pi.vision.read import CROP, CROP_SCALE, cut, outline, straighten
from farkle_pi.vision.synth import SynthDie, draw_die


def _die_on_felt(angle: float, size: float = 48.0) -> tuple[np.ndarray, SynthDie]:
    img = np.full((200, 240, 3), (40, 110, 30), np.uint8)
    die = SynthDie(5, (117.0, 96.0), size, angle, (235, 235, 235))
    draw_die(img, die, (20, 20, 20), np.random.default_rng(0))
    return img, die


def _tilt_of_sides(view: np.ndarray) -> float:
    """Degrees the die's sides stand away from upright in a straightened view (0..45)."""
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY)
    _, mask = cv2.threshold(grey, 150, 255, cv2.THRESH_BINARY)
    biggest = max(cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0],
                  key=cv2.contourArea)
    angle = cv2.minAreaRect(biggest)[2] % 90.0
    return min(angle, 90.0 - angle)


@pytest.mark.parametrize("angle", [0.0, 17.0, 30.0, 45.0, 62.0])
def test_a_turned_die_is_read_upright(angle: float) -> None:
    img, die = _die_on_felt(angle)
    # the detector's guess is a little off centre and a little too big
    cand = Candidate(die.center[0] + 3, die.center[1] - 2, die.size * 1.08, 0.9)
    box, _, found = outline(cut(img, cand), cand.size)
    assert found
    view = straighten(img, cand, box)
    assert view.shape == (CROP, CROP, 3)
    assert _tilt_of_sides(view) < 6.0
    # centred on the body, not on the detector's guess
    ys, xs = np.nonzero(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY) > 150)
    assert abs(xs.mean() - CROP / 2) < 2.0 and abs(ys.mean() - CROP / 2) < 2.0


def test_without_an_outline_the_view_is_unturned_around_the_guess() -> None:
    img, die = _die_on_felt(30.0)
    cand = Candidate(die.center[0], die.center[1], die.size, 0.9)
    view = straighten(img, cand, None)
    assert _tilt_of_sides(view) > 20.0
    # the die fills 1 / CROP_SCALE of the view's side (its diagonal, turned 30 degrees)
    _, xs = np.nonzero(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY) > 150)
    span = xs.max() - xs.min() + 1
    expected = CROP / CROP_SCALE * (np.cos(np.radians(30)) + np.sin(np.radians(30)))
    assert abs(span - expected) < 4.0


def test_a_die_beside_another_keeps_its_own_outline() -> None:
    """Two dice a few pixels apart: each outline is one die, not both (a tray would take a
    die with both in its outline for a leaning one)."""
    img = np.full((200, 260, 3), (40, 110, 30), np.uint8)
    left = SynthDie(3, (100.0, 100.0), 48.0, 8.0, (235, 235, 235))
    right = SynthDie(5, (100.0 + 1.15 * 48.0, 100.0), 48.0, 0.0, (235, 235, 235))
    for die in (left, right):
        draw_die(img, die, (20, 20, 20), np.random.default_rng(die.value))
    cand = Candidate(left.center[0], left.center[1], 48.0 * 1.1, 0.9)
    merged, _, _ = outline(cut(img, cand), cand.size)
    box, _, found = outline(cut(img, cand), cand.size, [right.center])
    assert found and max(box.size) < 1.12 * 48.0
    assert abs(box.center[0] - left.center[0]) < 3.0
    assert max(merged.size) > 1.2 * 48.0  # the same crop, its neighbour not known: both
