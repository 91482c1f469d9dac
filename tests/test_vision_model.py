"""The nets behind a seam: a view of the wrong size is a one-line error, not an OpenCV trace."""

from __future__ import annotations

import numpy as np
import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.vision.model import READER_FILE, VIEW_SIDES
from farkle_pi.vision.read import classify


def test_a_view_of_another_size_names_the_model_and_the_fix() -> None:
    side = VIEW_SIDES[READER_FILE] + 8
    with pytest.raises(FarkleError, match=rf"{READER_FILE} cannot read {side}x{side} views.*"
                                          "VIEW_SIDES") as err:
        classify([np.zeros((side, side, 3), np.uint8)], READER_FILE)
    assert "\n" not in str(err.value)


def test_a_view_of_its_own_size_reads() -> None:
    side = VIEW_SIDES[READER_FILE]
    probs = classify([np.zeros((side, side, 3), np.uint8)] * 2, READER_FILE)
    assert probs.shape == (2, 7) and np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
