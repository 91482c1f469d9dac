"""The detector's input is the photo halved while it can be, then area-averaged to size, with
or without the halved photo handed in (find_candidates halves it once for both passes)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from farkle_pi.vision.find import _half, shrink


@pytest.mark.parametrize(("photo", "out"), [
    ((480, 640), (224, 168)),  # the Pi camera's picture: 640 -> 320 -> 224
    ((480, 640), (96, 72)),    # the coarse pass
    ((640, 640), (224, 224)),
    ((600, 800), (216, 160)),
    ((480, 640), (160, 120)),  # halving alone
])
def test_shrink_halves_then_averages_whether_or_not_given_the_half(
        photo: tuple[int, int], out: tuple[int, int]) -> None:
    rng = np.random.default_rng(photo[0] + out[0])
    smooth = cv2.GaussianBlur(rng.integers(0, 256, (*photo, 3), dtype=np.uint8), (0, 0), 2.0)
    image = np.asarray(smooth, np.uint8)
    halved = image
    while halved.shape[1] >= 2 * out[0] and halved.shape[0] >= 2 * out[1]:
        halved = np.asarray(cv2.resize(halved, (halved.shape[1] // 2, halved.shape[0] // 2),
                                       interpolation=cv2.INTER_AREA), np.uint8)
    want = cv2.resize(halved, out, interpolation=cv2.INTER_AREA)
    assert np.array_equal(shrink(image, *out), want)
    assert np.array_equal(shrink(image, *out, _half(image)), want)
