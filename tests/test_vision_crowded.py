"""Touching dice: a candidate squeezed against a stronger one is kept as crowded, and is a die
only if the reader is sure of its face."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from farkle_pi.vision import reader
from farkle_pi.vision.find import Candidate, _suppress_close
from farkle_pi.vision.synth import SynthDie, draw_die

# A merged, too-big box over two touching dice, and the weaker peak on the second die.
MERGED = Candidate(100.0, 100.0, 52.0, 0.6)
NEIGHBOUR = Candidate(128.0, 100.0, 34.0, 0.45)  # 28 px away: < 0.55 x 52, > 0.65 x 34


def test_a_neighbour_inside_a_merged_box_is_kept_as_crowded() -> None:
    kept = _suppress_close([MERGED, NEIGHBOUR], None)
    assert kept == [MERGED, Candidate(128.0, 100.0, 34.0, 0.45, crowded=True)]


def test_a_second_peak_on_the_same_die_is_still_dropped() -> None:
    twin = Candidate(112.0, 100.0, 34.0, 0.45)  # 12 px: closer than any die's side
    assert _suppress_close([MERGED, twin], None) == [MERGED]


def test_dice_apart_are_plain_candidates() -> None:
    far = Candidate(160.0, 100.0, 34.0, 0.45)
    assert _suppress_close([MERGED, far], None) == [MERGED, far]


def test_a_crowded_candidate_holds_back_no_plain_one() -> None:
    """It may be no die: a weaker candidate next to it is judged against solid ones only."""
    beyond = Candidate(143.0, 100.0, 34.0, 0.4)  # 15 px from the crowded one, 43 from MERGED
    kept = _suppress_close([MERGED, NEIGHBOUR, beyond], None)
    assert beyond in kept and not beyond.crowded


def test_a_calibrated_side_still_sets_the_floor() -> None:
    """With a known die side of 44 px, nothing closer than 0.8 sides survives, crowded or not."""
    assert _suppress_close([MERGED, NEIGHBOUR], 44.0) == [MERGED]


def _two_dice() -> npt.NDArray[np.uint8]:
    img = np.full((200, 260, 3), (40, 110, 30), np.uint8)
    for value, x in ((3, 90.0), (5, 170.0)):
        draw_die(img, SynthDie(value, (x, 100.0), 50.0, 0.0, (235, 235, 235)), (20, 20, 20),
                 np.random.default_rng(0))
    return img


@pytest.mark.parametrize(("face_confidence", "kept"), [(0.95, True), (0.6, False)])
def test_a_crowded_candidate_is_a_die_only_when_surely_read(
    monkeypatch: pytest.MonkeyPatch, face_confidence: float, kept: bool
) -> None:
    solid = Candidate(90.0, 100.0, 55.0, 0.9)
    crowded = Candidate(170.0, 100.0, 55.0, 0.45, crowded=True)
    monkeypatch.setattr(reader, "find_candidates", lambda image, size: [solid, crowded])

    def classify(views: list[npt.NDArray[np.uint8]], net: str = "", learned: object = None
                 ) -> npt.NDArray[np.float32]:
        """The first batch holds both candidates: a sure 3, then the crowded one's 5."""
        rows = np.full((len(views), 7), 0.01, np.float32)
        rows[:, 5] = face_confidence
        if len(views) == 2:
            rows[0, 3], rows[0, 5] = 0.95, 0.01
        return rows

    monkeypatch.setattr(reader, "classify", classify)
    readings = reader.read_dice(_two_dice())
    assert [r.value for r in readings if abs(r.center[0] - 90.0) < 5] == [3]
    crowded_read = [r.value for r in readings if abs(r.center[0] - 170.0) < 5]
    assert crowded_read == ([5] if kept else [])


@pytest.mark.parametrize(("not_die", "kept"), [(0.96, False), (0.8, True)])
def test_a_strong_candidate_is_dropped_only_when_the_reader_is_sure_it_is_no_die(
    monkeypatch: pytest.MonkeyPatch, not_die: float, kept: bool
) -> None:
    """The detector fires strongly on die-like things too (a grey dot on a white bar looks like
    a big pip): a sure "not a die" drops it; an unsure one leaves it as an unreadable die."""
    strong = Candidate(170.0, 100.0, 55.0, 0.9)
    monkeypatch.setattr(reader, "find_candidates", lambda image, size: [strong])

    def classify(views: list[npt.NDArray[np.uint8]], net: str = "", learned: object = None
                 ) -> npt.NDArray[np.float32]:
        rows = np.full((len(views), 7), (1.0 - not_die) / 6, np.float32)
        rows[:, 0] = not_die
        return rows

    monkeypatch.setattr(reader, "classify", classify)
    readings = reader.read_dice(_two_dice())
    assert [r.value for r in readings] == ([None] if kept else [])
