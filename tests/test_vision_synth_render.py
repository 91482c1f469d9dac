"""The synthetic renders: reproducible from their seed, and the hard kind really is hard."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from farkle_pi.vision.synth import SynthDie, busy_table, draw_die, marble, render_scene

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "vision"


def test_committed_fixture_is_what_its_seed_renders() -> None:
    """synth_00.png comes out of make_vision_fixtures' seed unchanged: adding the hard dice
    option left the plain renders (and so the shipped nets' training data) as they were."""
    rng = np.random.default_rng(20261129)
    img, dice = render_scene(rng, shape=(480, 640), n_dice=int(rng.integers(2, 7)),
                             size_range=(30.0, 60.0), noise=False)
    stored = cv2.imread(str(FIXTURES / "synth_00.png"), cv2.IMREAD_COLOR)
    first = json.loads((FIXTURES / "labels.jsonl").read_text().splitlines()[0])
    assert [d.value for d in dice] == [d["value"] for d in first["dice"]]
    assert [[round(v, 1) for v in d.bbox] for d in dice] == [d["bbox"] for d in first["dice"]]
    assert float(np.abs(img.astype(np.int16) - stored).mean()) < 1.0


def test_marble_weights_are_veins_in_zero_to_one() -> None:
    weights = marble(64, np.random.default_rng(1))
    assert weights.shape == (64, 64)
    assert float(weights.min()) >= 0.0 and float(weights.max()) <= 1.0
    assert float(weights.std()) > 0.15  # veins, not a flat tint


def test_marbled_body_is_textured_and_its_pips_stay_visible() -> None:
    plain = SynthDie(5, (50.0, 50.0), 60.0, 0.0, (30, 30, 30))
    marbled = replace(plain, marble_bgr=(40, 40, 160))
    views = []
    for die in (plain, marbled):
        img = np.full((100, 100, 3), 200, np.uint8)
        draw_die(img, die, (30, 30, 200), np.random.default_rng(3))
        views.append(img)
    patch = (slice(45, 56), slice(28, 40))  # between the left pips of a five
    assert float(views[1][patch].std()) > 3 * float(views[0][patch].std()) + 1
    centre_pip = views[1][47:53, 47:53].reshape(-1, 3).mean(axis=0)
    assert centre_pip[2] > 150 and centre_pip[0] < 80  # the red pip is still red on top


def test_hard_share_makes_marbled_and_low_contrast_dice() -> None:
    rng = np.random.default_rng(11)
    dice = [d for _ in range(10) for d in render_scene(rng, n_dice=6, hard_share=1.0)[1]]
    assert sum(d.marble_bgr is not None for d in dice) > len(dice) // 2
    plain = [d for _ in range(10) for d in render_scene(rng, n_dice=6)[1]]
    assert all(d.marble_bgr is None for d in plain)


def test_a_translucent_die_shows_its_bottom_faces_pips_faintly() -> None:
    """A 1 on a smoky body: the 6 underneath shows through, mirrored, fainter than the 1."""
    opaque = SynthDie(1, (50.0, 50.0), 60.0, 0.0, (60, 60, 60))
    views = []
    for die in (opaque, replace(opaque, translucent=True)):
        img = np.full((100, 100, 3), 200, np.uint8)
        draw_die(img, die, (30, 30, 200), np.random.default_rng(3))
        views.append(img.astype(np.float32))
    red = [view[:, :, 2] - view[:, :, 0] for view in views]  # how red each pixel is
    ghost = (slice(32, 38), slice(32, 38))  # a corner pip of the six, spacing ~0.27 sides
    assert float(red[1][ghost].mean()) > float(red[0][ghost].mean()) + 15
    assert float(red[1][47:53, 47:53].mean()) > float(red[1][ghost].mean()) + 40  # the 1 on top


def test_translucent_share_makes_see_through_dice_and_leaves_others_alone() -> None:
    rng = np.random.default_rng(11)
    dice = [d for _ in range(5) for d in render_scene(rng, n_dice=6, translucent_share=1.0)[1]]
    assert all(d.translucent for d in dice)
    assert not any(d.translucent for d in render_scene(rng, n_dice=6)[1])


def test_a_busy_table_is_spots_of_about_a_pips_size_not_dice() -> None:
    """busy_share's tables: many spots, each far smaller than a die, in several colours, and
    the scene's dice drawn on top of them as on any table."""
    rng = np.random.default_rng(5)
    plain = np.full((240, 320, 3), 128, np.uint8)
    spotted = busy_table(plain, 40.0, rng)
    changed = (np.abs(spotted.astype(np.int16) - plain).max(axis=2) > 30).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(changed)
    spots = stats[1:, cv2.CC_STAT_AREA]
    assert 0.15 < changed.mean() < 0.9
    assert count > 100 and float(np.median(spots)) < 0.1 * 40 * 40  # a pip's size, not a die's
    colours = {tuple(int(c) // 32 for c in px) for px in spotted[changed > 0][::7]}
    assert len(colours) >= 3
    img, dice = render_scene(np.random.default_rng(6), n_dice=4, busy_share=1.0, noise=False)
    assert len(dice) == 4
    for die in dice:  # the middle of each die's face is its body colour, not spots
        cx, cy, r = round(die.center[0]), round(die.center[1]), round(die.size / 4)
        middle = np.median(img[cy - r:cy + r, cx - r:cx + r].reshape(-1, 3), axis=0)
        assert np.abs(middle - np.array(die.body_bgr)).max() < 60
