"""Which die is which across frames, one reading per die, and the vote."""

from __future__ import annotations

from farkle_pi.tray.matching import dedupe, match, vote
from farkle_pi.vision.types import DieReading, RotatedBox


def die(x: float, y: float, value: int | None = 3, confidence: float = 0.9) -> DieReading:
    return DieReading(value, confidence, (x, y), RotatedBox((x, y), (40.0, 40.0), 0.0),
                      (int(x) - 20, int(y) - 20, 40, 40), "white", (230, 230, 230), True, False,
                      False)


def test_a_die_read_twice_in_one_picture_counts_once() -> None:
    shadow_read = die(102, 121, None, 0.3)  # half a die below the real one
    found = [die(300, 300, 5), die(100, 100, 4, 0.95), shadow_read, die(140, 100, 2)]
    assert [d.value for d in dedupe(found)] == [5, 4, 2]  # touching dice (40 px) both stay


def test_matching_pairs_nearest_dice_within_half_a_die() -> None:
    before = [die(100, 100), die(200, 100), die(300, 300)]
    after = [die(205, 104), die(102, 98), die(330, 300)]
    assert sorted(match(before, after)) == [(0, 1), (1, 0)]  # the third moved 30 px: not it


def test_the_vote_takes_the_usual_count_and_the_majority_face() -> None:
    frames = [
        [die(100, 100, 3), die(200, 100, 6)],
        [die(101, 100, 3), die(200, 101, 5), die(400, 400, 1)],  # a flicker: an extra die
        [die(100, 101, 2), die(201, 100, 6)],
        [die(100, 100, 3), die(200, 100, 6)],
    ]
    agreed = vote(frames)
    assert [d.value for d in agreed] == [3, 6]
    assert agreed[0].confidence == 0.9 * 2 / 3  # 2 of the 3 frames with two dice said 3
