"""Dice found as changes from the empty tray: any colour, touching dice split, noise ignored."""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi.vision import reader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.changes import changed_spots
from farkle_pi.vision.synth import SynthDie, draw_die, random_background

SIDE = 40.0
DICE = [  # two dice side by side (one patch of change) and one alone, in colours close to the felt
    SynthDie(3, (200.0, 200.0), SIDE, 10.0, (60, 140, 60)),
    SynthDie(5, (200.0 + 1.15 * SIDE, 200.0), SIDE, 0.0, (70, 170, 200)),
    SynthDie(2, (450.0, 300.0), SIDE, 30.0, (130, 60, 140)),
]


def empty_and_thrown() -> tuple[np.ndarray, np.ndarray]:
    empty = random_background((480, 640), np.random.default_rng(3))
    thrown = empty.copy()
    for die in DICE:
        draw_die(thrown, die, (240, 240, 240), np.random.default_rng(die.value))
    return empty, thrown


def test_each_die_is_one_spot_near_its_centre() -> None:
    empty, thrown = empty_and_thrown()
    spots = changed_spots(thrown, empty, SIDE)
    assert len(spots) == len(DICE)
    for die in DICE:
        assert min(math.dist(die.center, s) for s in spots) < 0.35 * SIDE


def test_light_drift_and_crumbs_are_not_dice() -> None:
    empty, thrown = empty_and_thrown()
    drifted = np.clip(empty.astype(np.int16) + 25, 0, 255).astype(np.uint8)
    cv2.circle(drifted, (300, 100), round(0.15 * SIDE), (0, 0, 0), -1)  # a crumb
    assert changed_spots(drifted, empty, SIDE) == []
    brighter = np.clip(thrown.astype(np.int16) + 25, 0, 255).astype(np.uint8)
    assert len(changed_spots(brighter, empty, SIDE)) == len(DICE)


def test_a_moved_camera_gives_no_spots() -> None:
    """Striped cloth shifted by half a stripe: everything changed, so nothing is a die."""
    empty = np.full((480, 640, 3), 60, np.uint8)
    for x in range(0, 640, 80):
        empty[:, x:x + 40] = (200, 190, 170)
    assert changed_spots(np.roll(empty, 40, axis=1), empty, SIDE) == []


def test_tray_finds_dice_the_detector_missed(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With the detector blinded, a calibrated tray still finds and reads every die."""
    empty, thrown = empty_and_thrown()
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    cal = Calibration(reference_image=tmp_path / "empty.png", die_size_px=SIDE)
    monkeypatch.setattr(reader, "find_candidates", lambda image, size=None: [])
    found = reader.read_dice(thrown, cal)
    assert len(found) == len(DICE)
    for die in DICE:
        near = min(found, key=lambda r: math.dist(r.center, die.center))
        assert math.dist(near.center, die.center) < 0.35 * SIDE
        assert near.value == die.value
    assert reader.read_dice(empty, cal) == []  # the empty tray holds no die
