"""Colour distance is the plain sum of channel differences, however it is computed."""

from __future__ import annotations

import numpy as np
import pytest

from farkle_pi.vision.colour import body_colour, colour_distance


@pytest.mark.parametrize("shape", [(55, 55, 3), (7, 9, 3), (1, 1, 3)])
def test_colour_distance_is_the_sum_of_absolute_channel_differences(
    shape: tuple[int, int, int]
) -> None:
    pixels = np.random.default_rng(sum(shape)).integers(0, 256, shape, dtype=np.uint8)
    ref = np.array([10.5, 255.0, 0.25], np.float32)
    expected = np.abs(pixels.astype(np.float64) - ref).sum(axis=-1)
    got = colour_distance(pixels, ref)
    assert got.shape == shape[:2] and got.dtype == np.float32
    assert np.allclose(got, expected, atol=1e-3)


def test_body_colour_leaves_the_pips_out() -> None:
    """A red die with white pips: the body is red, not pink."""
    crop = np.zeros((30, 30, 3), np.uint8)
    crop[:] = (30, 30, 200)
    for y, x in ((8, 8), (15, 15), (22, 22)):
        crop[y - 2:y + 3, x - 2:x + 3] = (250, 250, 250)
    mask = np.full((30, 30), 255, np.uint8)
    assert body_colour(crop, mask) == (30, 30, 200)
