"""tray/floor.py: a die the reader no longer finds shows the floor (taken out) or not (hidden)."""

from __future__ import annotations

import numpy as np
import pytest
from tray_scenes import FakeReader, picture

from farkle_pi.tray import floor
from farkle_pi.tray.floor import FLOOR_LEVEL, Arms, shows_empty_tray, shows_floor, under_arm
from farkle_pi.vision.types import DieReading

FLOOR = (190, 200, 205)  # light paper


def board(dice: list[tuple[int, int]], light: float = 1.0,
          patch: tuple[int, int, tuple[int, int, int]] | None = None) -> np.ndarray:
    """Paper with dark 30 px dice at the given centres, a light gain, and a 60 px patch."""
    image = np.full((240, 320, 3), FLOOR, np.float32)
    for x, y in dice:
        image[y - 15:y + 15, x - 15:x + 15] = (40, 40, 40)
    if patch is not None:
        x, y, colour = patch
        image[y - 30:y + 30, x - 30:x + 30] = colour
    return np.asarray(np.clip(image * light, 0, 255), np.uint8)


def die(x: int, y: int) -> DieReading:
    """The die at (x, y) as the tray's reader gives it (a FakeReader reading of a picture)."""
    found = FakeReader()(picture([(x, y, 2)]))
    assert len(found) == 1
    return found[0]


def test_the_floor_a_die_leaves_is_matched_for_brightness() -> None:
    """Taken out while the light falls to 70 %: its place is the paper, 60 levels darker than
    the paper around it was (over FLOOR_LEVEL), but as dark as the whole picture got."""
    one, two = die(100, 100), die(200, 100)
    then, now = board([(100, 100), (200, 100)]), board([(200, 100)], light=0.7)
    assert FLOOR[2] * 0.3 > FLOOR_LEVEL
    assert shows_floor(one, now, then, [one, two]) is True
    assert shows_floor(two, now, then, [one, two]) is False  # still there: a die, no floor


def test_a_hand_over_the_place_is_no_floor() -> None:
    one = die(100, 100)
    then, now = board([(100, 100)]), board([], patch=(100, 100, (120, 150, 190)))
    assert shows_floor(one, now, then, [one]) is False


def test_a_die_among_dice_shows_too_little_floor_to_judge() -> None:
    """Dice all round it: the ring around its square is nearly all dice, so the floor it would
    leave is unknown (None: the tray then takes it as taken out, as before)."""
    ring = [(100 + dx, 100 + dy) for dx in (-32, 0, 32) for dy in (-32, 0, 32)]
    one = die(100, 100)
    others = [die(x, y) for x, y in ring if (x, y) != (100, 100)]
    then = board(ring)
    now = board([xy for xy in ring if xy != (100, 100)])
    assert shows_floor(one, now, then, [one, *others]) is None


def test_with_the_empty_tray_a_die_by_the_wall_taken_out_shows_the_floor() -> None:
    """The empty-tray picture gives the floor right under the die (a die against the tray's
    dark wall is judged by the paper it lay on, not by a ring of wall and paper): taken out,
    its place is the paper as the empty tray shows it, even in a dimmer room; a hand or the
    die itself is not."""
    wall = (30, 35, 40)
    empty = board([], patch=(40, 100, wall))  # the wall: x 10..70 by the die's left side
    one = die(85, 100)
    then = board([(85, 100)], patch=(40, 100, wall))
    assert shows_empty_tray(one, board([], light=0.7, patch=(40, 100, wall)), empty) is True
    assert shows_empty_tray(one, then, empty) is False
    hand = board([], patch=(85, 100, (120, 150, 190)))
    assert shows_empty_tray(one, hand, empty) is False


def arm(image: np.ndarray, x: int, y: int) -> np.ndarray:
    """An arm from the picture's right edge to a palm whose left side is at x, 40 px tall."""
    image = image.copy()
    image[y - 20:y + 20, x:] = (90, 120, 160)
    return image


def test_a_die_in_an_arm_reaching_in_from_the_edge_is_under_an_arm() -> None:
    one, two = die(100, 100), die(200, 100)
    then = board([(100, 100), (200, 100)])
    now = arm(then, 190, 110)  # over the 2's lower half
    assert under_arm(two, now, then)
    assert not under_arm(one, now, then)  # the arm does not reach it
    assert not under_arm(two, then, then)  # nothing changed


def test_a_die_in_a_change_that_is_not_an_arm_is_not_under_one() -> None:
    """A die thrown to land by its old place changes a die-sized spot, and a patch in the
    middle of the picture (a die-sized shadow, a card) is no arm: neither reaches the edge, or
    is big enough."""
    two = die(200, 100)
    then = board([(100, 100), (200, 100)])
    assert not under_arm(two, board([(100, 100), (205, 108)]), then)
    assert not under_arm(two, board([(100, 100)], patch=(200, 100, (90, 120, 160))), then)
    edge_die = die(305, 100)  # a die landed at the edge: a change reaching it, but small
    assert not under_arm(edge_die, board([(100, 100), (305, 100)]), board([(100, 100)]))


def test_an_arm_is_seen_when_the_light_changed_too() -> None:
    two = die(200, 100)
    then = board([(100, 100), (200, 100)])
    now = arm(board([(100, 100), (200, 100)], light=0.7), 190, 110)
    assert under_arm(two, now, then)
    assert not under_arm(two, board([(100, 100), (200, 100)], light=0.7), then)


def test_the_arms_of_a_report_are_found_once_for_all_its_dice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A report asks about every die that moved; the change map costs a millisecond here (five
    on a Pi), so it is made once, not once a die."""
    made: list[int] = []
    edge_changes = floor._edge_changes

    def counted(now: np.ndarray, then: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        made.append(1)
        return edge_changes(now, then)

    monkeypatch.setattr(floor, "_edge_changes", counted)
    one, two = die(100, 100), die(200, 100)
    then = board([(100, 100), (200, 100)])
    arms = Arms(arm(then, 190, 110), then)
    assert made == []  # not made before a die is asked about
    assert [arms.over(two), arms.over(one), arms.over(two)] == [True, False, True]
    assert made == [1]
