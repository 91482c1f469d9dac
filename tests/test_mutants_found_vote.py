"""Pinned since the forty-fifth session's mutation review: the vote over still frames.

Each test fails on the mutant named in its docstring (ids from that review:
/work/scratch45/review_mutants.md, not kept in the repository)."""

from __future__ import annotations

from farkle_pi.tray.matching import vote
from farkle_pi.vision.types import DieReading, RotatedBox


def die(x: float, y: float, value: int | None = 3, flat: bool = True) -> DieReading:
    return DieReading(value=value, confidence=0.9, center=(x, y),
                      box=RotatedBox((x, y), (40.0, 40.0), 0.0),
                      bbox=(int(x) - 20, int(y) - 20, 40, 40), colour_name="white",
                      colour_bgr=(230, 230, 230), flat=flat, at_edge=False, touching=False)


def test_a_die_seen_leaning_in_most_frames_is_voted_cocked() -> None:
    """M12 (matching.py:109, flat if any frame says flat): one frame that saw the die flat
    must not outvote two that saw it leaning (it is prompted cocked, thrown again)."""
    frames = [[die(100, 100, 4, flat=True)], [die(100, 100, None, flat=False)],
              [die(100, 100, None, flat=False)]]
    assert [d.flat for d in vote(frames)] == [False]
    frames = [[die(100, 100, 4, flat=False)], [die(101, 100, 4, flat=True)],
              [die(100, 101, 4, flat=False)]]
    assert [(d.value, d.flat) for d in vote(frames)] == [(4, False)]


def test_a_read_that_flickers_two_against_two_is_unreadable_not_guessed() -> None:
    """M11 (matching.py:110, half the frames a majority): four reads (frame jitter) that say
    4, 6, 4, 6 give no face: unreadable, never the latest or the first guess."""
    frames = [[die(100, 100, face)] for face in (4, 6, 4, 6)]
    assert [d.value for d in vote(frames)] == [None]
    frames = [[die(100, 100, face)] for face in (4, 6, 4, 4)]
    assert [d.value for d in vote(frames)] == [4]
