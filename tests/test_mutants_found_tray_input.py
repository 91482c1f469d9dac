"""Camera mode: how the tray's dice become throws and keeps, as a hand-made mutation review
of farkle_pi/table/tray_input.py found untested. Each test fails on the mutant named in its
docstring (ids from /work/scratch47/review_mutants_D.md, not kept in the repository)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from seating import seated, typed
from tray_news import TrayNews as News
from tray_news import dice

from farkle_pi.game import Game, Throw
from farkle_pi.rules import Die as RollDie
from farkle_pi.rules import Roll, load_rules
from farkle_pi.table.table import Table
from farkle_pi.table.tray_input import NOT_THROWN, with_colours
from farkle_pi.ui.actions import Action

LOST = "camera lost (no picture): enter the dice by hand"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Ann and Bob, standard rules, camera dice, the first throw due."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "camera") as table:
        yield table


def kept(table: Table) -> list[str]:
    assert table.state is not None
    return [str(keep) for keep in table.state.kept]


def points(table: Table) -> int:
    assert table.state is not None
    return table.state.turn_points


def choose(table: Table, faces: tuple[int, ...]) -> None:
    """NEXT until the option keeping `faces` is highlighted, then KEEP."""
    for _ in range(len(table.view().options)):
        view = table.view()
        if view.options[view.selected].keep == faces:
            table.handle(Action("keep"))
            return
        table.handle(Action("next"))
    raise AssertionError(f"no option keeps {faces}")


def test_a_die_nudged_after_a_keep_made_with_the_buttons_is_no_throw_and_no_error(
        table: Table) -> None:
    """T05 (tray_input.py:151, `_keep_stands` dropped from the put-back): the 1 kept with the
    buttons, then a die of the rest nudged (four dice lie still). That is "no throw", as
    after a keep the tray made; not an internal error on the screen (the put-back looked for
    a tray keep there is none of)."""
    table.tray(News("settled", dice("123566")))
    choose(table, (1,))
    assert kept(table) == ["1"]
    table.tray(News("settled", dice("23566"), lying=4))
    assert table.view().prompt == NOT_THROWN and not table.view().error
    assert kept(table) == ["1"] and points(table) == 100


def test_a_die_of_a_two_dice_keep_put_back_leaves_the_other_kept(table: Table) -> None:
    """T12 (tray_input.py:176, the smaller keep's check inverted): the 1 and a 5 taken out
    (a keep of 150), the 5 put back among the rest. The keep is the 1 alone, 100, and five
    dice are due; the 5 must not stay kept while it lies in the tray to be thrown."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("5")))
    assert kept(table) == ["15"] and points(table) == 150
    table.tray(News("settled", dice("23566"), lying=4))  # the 5 back, four dice lie still
    assert kept(table) == ["1"] and points(table) == 100
    assert table.state is not None and table.state.dice_to_throw == 5


def test_a_die_put_back_and_taken_out_again_joins_the_keep_again(table: Table) -> None:
    """T13 (tray_input.py:178, the tray's keep not made the smaller one): after the 5 went
    back, the keep is the tray's 1 still; the 5 taken out again joins it (150 again), as it
    did the first time."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("5")))
    table.tray(News("settled", dice("23566"), lying=4))
    assert kept(table) == ["1"]
    table.tray(News("removed", dice("5")))
    assert kept(table) == ["15"] and points(table) == 150


def test_a_die_put_back_beside_a_die_turned_over_is_no_put_back(table: Table) -> None:
    """T08 (tray_input.py:164, a face not taken out of this throw skipped, not refused): of
    the keep 1 5 the 5 is put back while a 6 of the rest is turned over to a 4. The tray
    sees a face that no die taken out had: what happened is not known, so the keep stands
    and the players are told to throw every die (not half of it undone)."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("5")))
    table.tray(News("settled", dice("23456"), lying=3))
    assert kept(table) == ["15"] and points(table) == 150
    assert table.view().prompt == NOT_THROWN


def test_a_prompt_the_table_has_no_words_for_still_says_throw_again(table: Table) -> None:
    """T02 (tray_input.py:136, no default for a prompt of another reason): a tray prompt with
    a reason the table does not know still tells the players to throw again."""
    table.tray(News("prompt", dice("3"), "glare"))
    assert table.view().prompt == "throw again"


def test_a_triple_taken_out_a_die_at_a_time_is_the_trays_keep_that_more_dice_join(
        table: Table) -> None:
    """T39 (tray_input.py:263, the tray's keep noted as the last die out, not the triple):
    2, 2, 2 taken out one by one make the keep 222; the 5 taken out after it joins that keep
    (250), as it would had the triple come out in one go."""
    table.tray(News("settled", dice("222536")))
    for die in "222":
        table.tray(News("removed", dice(die)))
    assert kept(table) == ["222"] and points(table) == 200
    table.tray(News("removed", dice("5")))
    assert kept(table) == ["2225"] and points(table) == 250


def test_one_die_of_a_triple_taken_out_is_named_as_part_of_a_keep(table: Table) -> None:
    """T40 (tray_input.py:266, `any` -> `all` over the options): 2 2 2 1 5 6 has keeps
    without a 2 (the 1, the 5). One 2 taken out is the start of the triple, and the prompt
    says to take out the rest, not that "2 is not a keep"."""
    table.tray(News("settled", dice("222156")))
    table.tray(News("removed", dice("2")))
    assert table.view().prompt == ("2 taken out: take out the rest of the keep, or choose "
                                   "with NEXT and KEEP")


def test_every_die_taken_out_makes_the_keep_before_the_last_handful_alone(
        table: Table) -> None:
    """T43 (tray_input.py:286, keep + last dice tried before every die out): 1 2 2 2 2 2,
    the 1 kept, a pair of 2s taken out (held: no keep with the 1), then three 2s. Every die
    is out: the 1 and five 2s are the keep (hot dice), not the 1 and a triple with the pair
    left out of the score."""
    table.tray(News("settled", dice("122222")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("22")))
    assert kept(table) == ["1"]
    table.tray(News("removed", dice("222")))
    assert kept(table) == ["122222"]
    assert table.state is not None and table.state.dice_to_throw == 6


def test_a_die_read_alike_taken_out_after_the_keep_is_asked_for(table: Table) -> None:
    """T47 (tray_input.py:283, the unsure check dropped after the keep): read 1 5 5 2 3 6,
    one 5 set by hand to a 1. The 1 read as 1 is kept; then a die the tray reads as 5 comes
    out: it may be the 5 or the 1 set by hand, 50 or 100. The players are asked; the keep
    stays the 1."""
    read = tuple(replace(d, center=(50.0 * k, 0.0)) for k, d in enumerate(dice("155236")))
    table.tray(News("settled", read))
    table.handle(Action("die", value=3))  # 1 2 3 [5] 5 6: the 5 steps to 6
    table.handle(Action("die", value=3))  # and on to 1
    assert table.state is not None and str(table.state.last_throw) == "112356"
    table.tray(News("removed", (read[0],)))
    assert kept(table) == ["1"]
    table.tray(News("removed", (read[2],)))
    assert kept(table) == ["1"] and points(table) == 100
    assert "which of the dice read as 5 was taken out?" in table.view().prompt


def test_a_keep_made_again_by_hand_is_not_the_trays_old_keep_after_the_camera_is_back(
        table: Table) -> None:
    """T35 (tray_input.py:234, `_keep_stands` not comparing the throw): the tray's keep 1
    grew to 1 5. The camera was lost; the next throw was entered by hand and 1 5 kept again
    with the buttons. Back, the camera sees five dice where two are due: a wrong count, not
    the tray's old keep shrunk back to 1 on a throw the tray never read."""
    table.tray(News("settled", dice("155236")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("5")))
    table.tray(News("removed", dice("5236")))
    table.camera_trouble = LOST
    typed(table, "1534")
    choose(table, (1, 5))
    assert kept(table) == ["15", "15"] and points(table) == 300
    table.camera_trouble = ""
    table.tray(News("settled", dice("12346")))
    assert kept(table) == ["15", "15"] and points(table) == 300
    assert table.view().prompt == "5 dice in the tray: throw 2"


def typed_while_the_camera_was_lost(table: Table) -> None:
    """The tray's throw 1 5 5 2 3 6, its 1 kept; then the camera lost and 1 5 2 3 4 entered by
    hand; then the camera back."""
    table.tray(News("settled", dice("155236")))
    table.tray(News("removed", dice("1")))
    table.camera_trouble = LOST
    typed(table, "15234")
    table.camera_trouble = ""


def test_a_die_taken_out_of_a_throw_entered_by_hand_is_kept_alone(table: Table) -> None:
    """T36, T51 (tray_input.py:253 and :334, the dice out of the tray's last throw counted
    for a throw it did not read): the 1 of the tray's throw kept, then the camera lost and
    1 5 2 3 4 entered by hand. Back, the camera sees a 5 taken out: the keep is that 5
    (50), not 1 5 with the old throw's 1 counted again."""
    typed_while_the_camera_was_lost(table)
    table.tray(News("removed", dice("5")))
    assert kept(table) == ["1", "5"] and points(table) == 150


def test_the_first_throw_of_a_game_seen_when_the_camera_comes_back_is_played(
        table: Table) -> None:
    """T56 (tray_input.py:363, no throw yet taken for dice left lying): the camera was away
    when the game began; the first dice it sees, thrown meanwhile, are the first throw (no
    throw left dice lying before it)."""
    table.tray(News("settled", dice("155234"), resumed=True))
    assert table.state is not None and str(table.state.last_throw) == "123455"
    assert table.state.phase == "keep"


def test_a_die_misread_as_a_face_the_throw_lacks_makes_no_keep(table: Table) -> None:
    """T63 (tray_input.py:382, a face the throw lacks skipped, not kept as read): the throw
    1 5 2 3 4 entered by hand while the camera was lost; back, it sees 5 and 6 taken out.
    The throw has no 6: that is no keep, and the players are told so (not a keep of the 5
    alone, the misread 6 dropped unseen)."""
    typed_while_the_camera_was_lost(table)
    table.tray(News("removed", dice("56")))
    assert table.state is not None and table.state.phase == "keep"
    assert kept(table) == ["1"] and "56 is not a keep" in table.view().prompt


def test_dice_of_one_face_kept_by_face_are_as_many_dice_of_the_throw() -> None:
    """T64 (tray_input.py:383, the die taken not removed from the pool): two 5s kept by their
    faces alone, from a throw with a red and a blue 5, are both dice (the first of each),
    never the red one twice (a keep of dice the throw does not hold is refused)."""
    game = Game(["Ann"], load_rules("portland"))
    red, blue = RollDie(5, "red"), RollDie(5, "blue")
    game.apply(Throw(Roll([red, blue, RollDie(2, "red"), RollDie(3, "blue"),
                           RollDie(4, "red"), RollDie(6, "blue")])))
    keep = with_colours(Roll.parse("55"), game.state)
    assert sorted(d.colour or "" for d in keep.dice) == ["blue", "red"]
    assert with_colours(Roll.parse("56"), game.state).faces == (5, 6)
