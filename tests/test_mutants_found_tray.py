"""The live tray's internals: what a hand-made mutation review of farkle_pi/tray/floor.py,
matching.py, settle.py, motion.py, count.py, events.py and reader.py found untested. Each test
fails on the mutant named in its docstring (ids from /work/scratch50/reviewT/review_mutants_T.md,
not kept in the repository)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from tray_scenes import SIDE, THREE, Die, FakeReader, Film, background, picture

from farkle_pi.devices.frames import Image
from farkle_pi.tray import Tray, TrayEvent
from farkle_pi.tray.floor import looks_as_before, shows_floor, under_arm
from farkle_pi.tray.motion import MotionMeter
from farkle_pi.tray.tray import HAND_WAIT
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading

TRAY = ((20.0, 20.0), (500.0, 20.0), (500.0, 460.0), (20.0, 460.0))
KEEP = ((530.0, 20.0), (630.0, 20.0), (630.0, 460.0), (530.0, 460.0))
FLOOR = (190, 200, 205)  # light paper (as in test_tray_floor.py)
SIX: list[Die] = [
    (100, 100, 1),
    (200, 150, 5),
    (300, 300, 3),
    (400, 120, 2),
    (150, 350, 4),
    (420, 380, 6),
]


def board(dice: list[tuple[int, int]], size: tuple[int, int] = (320, 240)) -> Image:
    """Paper with dark 30 px dice at the given centres."""
    width, height = size
    image = np.full((height, width, 3), FLOOR, np.uint8)
    for x, y in dice:
        image[max(0, y - 15) : y + 15, max(0, x - 15) : x + 15] = (40, 40, 40)
    return image


def die(x: int, y: int) -> DieReading:
    """The die at (x, y) as the tray's reader gives it (a FakeReader reading of a picture)."""
    found = FakeReader()(picture([(x, y, 2)]))
    assert len(found) == 1
    return found[0]


def summary(events: list[TrayEvent]) -> list[tuple[str, object]]:
    return [(e.kind, e.reason or e.values) for e in events]


# floor.py


def noisy(image: Image, seed: int, sigma: float = 4.0) -> Image:
    """The picture as a camera gives it: fresh sensor noise in every frame."""
    rng = np.random.default_rng(seed)
    return np.asarray(np.clip(image + rng.normal(0, sigma, image.shape), 0, 255), np.uint8)


def test_camera_noise_between_two_still_pictures_leaves_a_die_lying_there() -> None:
    """F01 (floor.py:26, STILL_THERE 12 -> 3): a die the reader misses in one read, or reads
    with another face, still lies there when its square differs from the last report's only by
    the camera's noise (a Pi camera's: a few levels a pixel, frame to frame). Judged moved, it
    was reported removed (a keep nobody made) or thrown. A die taken out differs by far more."""
    one, two = die(100, 100), die(200, 100)
    then = board([(100, 100), (200, 100)])
    assert looks_as_before(one, noisy(then, 1), noisy(then, 2))
    assert looks_as_before(two, noisy(then, 3), noisy(then, 4))
    assert not looks_as_before(one, noisy(board([(200, 100)]), 5), noisy(then, 6))


def arm_from(image: Image, edge: str, x: int, y: int) -> Image:
    """A 40 px wide arm reaching in from the picture's `edge` to a palm around (x, y)."""
    image = image.copy()
    colour = (90, 120, 160)
    if edge == "right":
        image[y - 20 : y + 20, x - 20 :] = colour
    elif edge == "left":
        image[y - 20 : y + 20, : x + 20] = colour
    elif edge == "bottom":
        image[y - 20 :, x - 20 : x + 20] = colour
    else:
        image[: y + 20, x - 20 : x + 20] = colour
    return image


@pytest.mark.parametrize("edge", ["left", "top", "right", "bottom"])
def test_an_arm_from_any_side_of_the_picture_is_an_arm(edge: str) -> None:
    """F12, F13, F14 (floor.py:78, the bottom edge off by one, the left or the top edge
    dropped): players sit all round the table, so an arm reaches into the picture from any
    side. A die under a palm resting there keeps its reading (without an empty-tray picture,
    half a die read as another face was taken for a new throw)."""
    two = die(200, 100)
    then = board([(100, 100), (200, 100)])
    now = arm_from(then, edge, 200, 110)
    assert under_arm(two, now, then)
    assert not under_arm(two, then, then)


@pytest.mark.parametrize("centre", [(290, 100), (100, 224)])
def test_a_die_taken_out_by_the_right_or_bottom_of_a_wide_picture_shows_the_floor(
    centre: tuple[int, int],
) -> None:
    """F23 (floor.py:110, the picture's width and height swapped when the ring is cut at the
    picture's edge): a die lying right of x = height (a landscape picture) was judged with no
    floor at all, and one by the bottom edge raised an IndexError in the middle of a report."""
    x, y = centre
    one = die(x, y)
    then = board([(x, y)])
    assert shows_floor(one, board([]), then, [one]) is True
    assert shows_floor(one, then, then, [one]) is False


def test_a_die_taken_out_of_a_grained_floor_shows_the_floor() -> None:
    """F36 (floor.py:29, FLOOR_LEVEL 40 -> 12): wood grain or felt runs ~25 levels either way
    of the floor around a die. A die taken out from over a darker grain line shows the floor,
    so it is removed (the keep), not taken for a die still lying there, hidden."""
    grain = (165, 175, 180)  # 25 levels darker than the paper around it
    then = board([(150, 120)])
    then[:, 140:161][np.all(then[:, 140:161] == FLOOR, axis=2)] = grain
    now = board([])
    now[:, 140:161] = grain
    one = die(150, 120)
    assert shows_floor(one, now, then, [one]) is True
    assert shows_floor(one, then, then, [one]) is False


# matching.py


def test_two_dice_of_one_face_pushed_aside_are_not_both_one_die() -> None:
    """M19 (matching.py:78, `free.remove(i)` dropped): a hand taking the 1 shoves both 5s,
    each nearer the first 5's place. The two 5s are the two 5s: only the 1 is removed (before,
    both were paired to one 5, the other taken for removed: a keep of 1 and 5, 150 points)."""
    dice: list[Die] = [(100, 100, 1), (200, 150, 5), (300, 300, 5), (400, 120, 2)]
    shoved: list[Die] = [(240, 190, 5), (230, 230, 5), (400, 120, 2)]
    film = Film().rolling(1.0, dice).still(1.0, dice).still(1.0, shoved)
    assert summary(list(Tray(FakeReader()).run(film.frames))) == [
        ("settled", (1, 2, 5, 5)),
        ("removed", (1,)),
    ]


# motion.py


def red_on_black(x: int) -> Image:
    """A red die (a casino die) on black felt at (x, 220): it differs from the felt in red."""
    image = np.full((480, 640, 3), (25, 25, 30), np.uint8)
    cv2.rectangle(image, (x - 20, 200), (x + 20, 240), (30, 30, 200), -1)
    return image


def test_a_red_die_sliding_on_black_felt_is_seen_moving() -> None:
    """V08 (motion.py:77, the red channel left out of the change): a red die on black felt
    changes only the red channel; sliding 4 px a frame, it must not count as still (the tray
    would read it on the move)."""
    meter = MotionMeter()
    sliding = [meter.moving_share(red_on_black(200 + 4 * k)) for k in range(6)]
    assert not any(meter.is_still(share) for share in sliding[1:])


def with_patch(x0: int, y0: int, x1: int, y1: int, colour: tuple[int, int, int]) -> Image:
    image = picture([])
    image[y0:y1, x0:x1] = colour
    return image


def hand(image: Image, tray: tuple[tuple[float, float], ...] = TRAY) -> bool:
    meter = MotionMeter(reference=background(), tray_polygon=tray, die_size_px=float(SIDE))
    meter.moving_share(image)
    return meter.hand_in_view()


def test_fingers_reaching_over_the_rim_are_a_hand() -> None:
    """V13 (motion.py:102, the rim rule dropped): two fingers reaching 4 dice into the tray over
    its right rim (4 die areas inside the tray, less than a palm's 6) are a hand: the dice are
    read once they are out."""
    assert hand(with_patch(380, 285, 640, 315, (120, 160, 180)))
    assert not hand(with_patch(300, 285, 420, 315, (120, 160, 180)))  # no rim: a card, dice


def test_an_arm_on_the_table_beside_the_tray_is_no_hand_in_it() -> None:
    """V18, V23 (motion.py:136, the tray outline not scaled to the small picture;
    motion.py:158, foreground outside the tray counted): a player's arm resting on the table
    right of the tray, never over it, keeps nothing from being read."""
    arm = with_patch(540, 150, 640, 350, (120, 160, 180))
    assert not hand(arm)
    assert hand(with_patch(440, 150, 640, 350, (120, 160, 180)))  # over the rim: a hand


def test_a_dark_sleeve_is_a_hand_not_a_shadow() -> None:
    """V27 (motion.py:166, a shadow's evenness 0.15 -> 0.6): a dark blue sleeve is darker than
    the floor in every channel, but not evenly (unlike a shadow): it is an arm in the tray."""
    assert hand(with_patch(300, 200, 640, 290, (30, 40, 30)))


def test_without_a_tray_outline_touching_dice_are_no_hand() -> None:
    """V14 (motion.py:114, without a tray outline the border ring inverted): a calibration
    may give the empty tray's picture and no outline; the rim is then the picture's edge, and
    three dice lying against each other in the middle are read, not waited on as an arm."""
    touching = picture([(200, 220, 1), (233, 220, 5), (266, 220, 3)])
    assert not hand(touching, tray=())
    assert hand(with_patch(380, 200, 640, 290, (120, 160, 180)), tray=())


def test_the_tray_mask_is_drawn_once_for_many_hand_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand check runs on every still frame while the tray waits: the tray outline is
    drawn into a mask once per picture size, not again for every check (the colour frame's
    three-part shape once never matched the two-part mask and redrew it each time)."""
    drawn: list[int] = []
    real_fill = cv2.fillPoly

    def counting_fill(*args: object, **kwargs: object) -> object:
        drawn.append(1)
        return real_fill(*args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(cv2, "fillPoly", counting_fill)
    meter = MotionMeter(reference=background(), tray_polygon=TRAY, die_size_px=float(SIDE))
    for _ in range(5):
        meter.moving_share(picture([]))
        assert not meter.hand_in_view()
    assert len(drawn) == 1


# count.py


def test_each_keep_of_a_turn_sets_the_next_count() -> None:
    """C01 (count.py:28, the keep no longer forgotten at the next throw): six thrown, two kept,
    four thrown, one kept: three are due, and a throw of three is no wrong count (before: the
    second keep was ignored, and three dice were prompted as one short of four)."""
    four, three = SIX[2:], SIX[3:]
    film = Film().rolling(1.0, SIX).still(1.0, SIX)
    film.still(1.0, SIX[2:]).still(1.0, [])  # keep the 1 and the 5, pick up four
    film.rolling(1.0, four).still(1.0, four)
    film.still(1.0, four[1:]).still(1.0, [])  # keep the 3, pick up three
    film.rolling(1.0, three).still(1.0, three)
    events = list(Tray(FakeReader(), expect_full=6).run(film.frames))
    assert [e.reason for e in events if e.kind == "prompt"] == []
    assert summary(events)[-1] == ("settled", (2, 4, 6))


def test_after_a_bank_the_next_players_full_set_is_no_wrong_count() -> None:
    """C04 (count.py:31, the full set no longer always right): two kept, the four picked up
    (the turn banked): the next player throws all six, no wrong count."""
    film = Film().rolling(1.0, SIX).still(1.0, SIX)
    film.still(1.0, SIX[2:]).still(1.0, [])
    film.rolling(1.0, SIX).still(1.0, SIX)
    events = list(Tray(FakeReader(), expect_full=6).run(film.frames))
    assert summary(events)[-1] == ("settled", (1, 2, 3, 4, 5, 6))
    assert [e.reason for e in events if e.kind == "prompt"] == []


def test_the_last_die_thrown_alone_is_the_right_count() -> None:
    """C11 (count.py:40, one die left taken for none): five dice kept, the last one thrown
    alone is what is due, not prompted as five short of the full set."""
    last = SIX[5:]
    film = Film().rolling(1.0, SIX).still(1.0, SIX)
    film.still(1.0, last).still(1.0, [])  # five kept, the last picked up
    film.rolling(1.0, last).still(1.0, last)
    events = list(Tray(FakeReader(), expect_full=6).run(film.frames))
    assert summary(events)[-1] == ("settled", (6,))
    assert [e.reason for e in events if e.kind == "prompt"] == []


# tray.py (reviewed before; a few more mutants)


@pytest.fixture
def calibration(tmp_path: Path) -> Calibration:
    cv2.imwrite(str(tmp_path / "empty.png"), background())
    return Calibration(tmp_path / "empty.png", TRAY, KEEP, float(SIDE))


def test_an_arm_resting_in_the_empty_tray_is_named_an_arm(calibration: Calibration) -> None:
    """T03 (tray.py:93, `self.dice is None` -> `not self.dice`): the tray was seen empty, then
    an arm rests in it for three seconds: the players are told a hand is in the tray, not that
    the tray never looks empty and wants calibrating again."""
    film = Film().still(1.0)
    film.hand_moving(0.5, [], (640, 300), (450, 300)).still(3.0, hand=(450, 300))
    tray = Tray(FakeReader(), calibration)
    said = film.waits(tray)
    assert tray.dice == ()
    assert said[-1] == HAND_WAIT


def test_a_second_short_rest_of_a_hand_is_not_added_to_the_first(
    calibration: Calibration,
) -> None:
    """T05 (tray.py:127, the hand not forgotten at the next read): a hand resting a second,
    gone (the dice read), then resting another second: neither rest is two seconds long, so
    nothing is said (before, the second counted from the first, and soon said "calibrate")."""
    film = Film().rolling(1.0, THREE).still(1.0, THREE)
    for _ in range(2):
        film.hand_moving(0.5, THREE, (640, 300), (450, 300)).still(1.0, THREE, hand=(450, 300))
        film.hand_moving(0.5, THREE, (450, 300), (700, 300)).still(1.0, THREE)
    film.hand_moving(0.5, THREE, (640, 300), (450, 300)).still(1.2, THREE, hand=(450, 300))
    said = film.waits(Tray(FakeReader(), calibration))
    assert set(said) == {""}


def test_a_die_outside_the_tray_is_not_in_a_resumed_throw() -> None:
    """T08 (tray.py:168, the resumed throw's dice not limited to the tray): after the camera
    was away, a die lying cut by the picture's edge is no die of the throw."""
    tray = Tray(FakeReader())
    film = Film().rolling(1.0, THREE).still(1.0, THREE)
    away = len(film.frames)
    film.still(1.0, [*THREE, (10, 220, 2)])
    assert summary(list(tray.run(film.frames[:away]))) == [("settled", (1, 3, 5))]
    tray.rebase()
    events = list(tray.run(film.frames[away:]))
    assert summary(events) == [("settled", (1, 3, 5))] and events[0].resumed


def test_a_die_taken_from_the_middle_of_a_cluster_is_removed() -> None:
    """T18 (tray.py:278, too little floor to judge taken for hidden): without an empty-tray
    picture, a die with dice touching it all round shows no floor around it to judge by; taken
    out, it is removed (the keep), not kept as a die hidden there."""
    cluster: list[Die] = [
        (200 + 32 * dx, 200 + 32 * dy, 1 + (3 * dy + dx) % 6) for dy in range(3) for dx in range(3)
    ]
    middle = cluster[4]
    rest = [d for d in cluster if d != middle]
    film = Film().rolling(1.0, cluster).still(1.0, cluster).still(1.0, rest)
    events = list(Tray(FakeReader()).run(film.frames))
    assert [e.kind for e in events] == ["settled", "removed"]
    assert events[1].values == (middle[2],)
