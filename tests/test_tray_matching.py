"""Which die is which across frames, one reading per die, and the vote."""

from __future__ import annotations

from farkle_pi.tray.matching import dedupe, in_doubt, match, vote
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


def test_the_vote_keeps_the_dice_most_frames_saw_with_their_majority_face() -> None:
    frames = [
        [die(100, 100, 3), die(200, 100, 6)],
        [die(101, 100, 3), die(200, 101, 5), die(400, 400, 1)],  # a flicker: an extra die
        [die(100, 101, 2), die(201, 100, 6)],
        [die(100, 100, 3), die(200, 100, 6)],
    ]
    agreed = vote(frames)
    assert [d.value for d in agreed] == [3, 6]
    assert agreed[0].confidence == 0.9 * 3 / 4  # 3 of the 4 frames that saw it said 3


def test_dice_each_missed_in_a_different_frame_are_all_kept() -> None:
    """The reader missed one die in one frame and another in the next: the count seen most
    often is then one short, and a vote on the count dropped a die (which came back at the next
    stillness as a throw nobody made). Each die was seen by most frames: all stay, with the
    value the frames that saw them agree on."""
    full = [die(100, 100, 3), die(200, 100, 6), die(300, 300, 1)]
    frames = [[full[0], full[2]], [full[1], full[2]], full]
    assert sorted((d.center, d.value) for d in vote(frames)) == sorted(
        (d.center, d.value) for d in full)
    assert [d.center for d in vote(frames)] == [d.center for d in full]  # the latest's order


def test_a_die_seen_by_half_the_frames_stays_only_if_the_latest_saw_it() -> None:
    a, b = die(100, 100, 3), die(300, 300, 5)
    assert [d.value for d in vote([[a], [a, b]])] == [3, 5]
    assert [d.value for d in vote([[a, b], [a]])] == [3]
    assert [d.value for d in vote([[a, b], [a], [a]])] == [3]  # seen once in three: a flicker


def test_a_die_missed_by_the_latest_frame_keeps_its_last_reading() -> None:
    frames = [[die(100, 100, 3), die(300, 300, 5)], [die(101, 100, 3), die(301, 300, 5)],
              [die(100, 101, 3)]]
    agreed = vote(frames)
    assert [(d.center, d.value) for d in agreed] == [((100, 101), 3), ((301, 300), 5)]


def test_the_vote_is_in_doubt_while_one_read_in_three_disagrees() -> None:
    a, b = die(100, 100, 3), die(300, 300, 5)
    assert not in_doubt([[a, b], [a, b], [a, b]])
    assert in_doubt([[a, b], [a], [a, b]])  # b missed once: one more read decides
    assert in_doubt([[a, b], [a, die(300, 300, 6)], [a, b]])  # b read 6 once
    assert not in_doubt([[a, b], [a], [a, b], [a, b]])  # three reads to one
    assert in_doubt([[a], [a], [a, b]])  # seen once in three: there or a flicker?
    assert not in_doubt([[a], [a], [a, b], [a]])  # once in four: a flicker, no die
    assert in_doubt([[a], [a, b], [a, b], [a]])  # two to two
    unread = die(300, 300, None)
    assert not in_doubt([[a, unread], [a, unread], [a, unread]])  # unreadable each time
