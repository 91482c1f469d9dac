"""The table between input and game: tray events (camera mode), steals, undo of virtual dice."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from seating import seated
from tray_news import TrayDie as Die
from tray_news import TrayNews as News
from tray_news import dice
from tray_scenes import FakeReader, Film

from farkle_pi.game import Bank, Keep
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.table.tray_input import NOT_THROWN
from farkle_pi.tray import Tray
from farkle_pi.ui.actions import Action, ActionKind

PURPLE, BLUER_PURPLE, RED, BLUE = (170, 50, 110), (170, 50, 96), (40, 40, 200), (200, 60, 30)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "camera") as table:
        yield table


def test_a_settled_throw_is_played_and_removed_dice_are_kept(table: Table) -> None:
    table.tray(News("settled", dice("155234")))
    assert table.state is not None and str(table.state.last_throw) == "123455"
    table.tray(News("removed", dice("15")))
    assert table.state.turn_points == 150 and table.state.dice_to_throw == 4
    table.tray(News("removed", dice("2345")))  # picking up the rest to throw: not a keep
    assert table.state.turn_points == 150 and not table.view().prompt


def test_dice_read_unsure_are_named_for_the_players_to_check(table: Table) -> None:
    """Read above the reader's threshold but below UNSURE: played as read, and named."""
    table.tray(News("settled", (*dice("1552"), Die(4, confidence=0.79), Die(3, confidence=0.74))))
    assert table.state is not None and str(table.state.last_throw) == "123455"
    assert table.view().prompt == ("check the 3 and 4: read unsure - tap a die (or UNDO) to "
                                   "correct it")
    table.tray(News("removed", dice("1")))  # kept: the throw is past checking
    assert table.state.turn_points == 100 and not table.view().prompt
    table.tray(News("removed", dice("55234")))
    table.tray(News("settled", (*dice("1234"), Die(6, confidence=0.8))))
    assert not table.view().prompt  # 0.8 and more is sure enough
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("2346")))
    table.tray(News("settled", (*dice("236"), Die(1, confidence=0.71))))
    assert table.view().prompt == "check the 1: read unsure - tap a die (or UNDO) to correct it"


def test_dice_read_only_because_a_second_reader_agreed_are_named_too(table: Table) -> None:
    """Sure as settled (0.9), but the first reader was not: on dice no reader saw, such
    agreements are often wrong, so the players are asked to look."""
    table.tray(News("settled", (*dice("1552"), Die(4, confidence=0.9, settled=True), Die(3))))
    assert table.state is not None and str(table.state.last_throw) == "123455"
    assert table.view().prompt == "check the 4: read unsure - tap a die (or UNDO) to correct it"


def test_a_tray_whose_dice_read_unsure_often_is_told_to_learn_them(table: Table) -> None:
    """A third of the dice unsure over thirty and more thrown (a tray no net saw): once the
    prompt bar is free of dice to check, it says how to teach the tray its dice, once."""
    weak = Die(6, confidence=0.75)
    for _ in range(5):
        table.tray(News("settled", (*dice("2234"), weak, weak)))  # a Farkle: the next throws
        assert table.view().prompt == ("check the 6 and 6: read unsure - tap a die (or UNDO) "
                                       "to correct it")
    table.tray(News("settled", dice("155234")))
    assert table.view().prompt == ("many dice read unsure here - teach me your dice: "
                                   "farkle-pi dice-check --learn")
    table.tray(News("removed", dice("1")))
    assert table.state is not None and table.state.turn_points == 100
    assert not table.view().prompt


def test_scoring_dice_taken_out_one_at_a_time_join_the_keep(table: Table) -> None:
    table.tray(News("settled", dice("155236")))
    for taken, points, left in (("1", 100, 5), ("5", 150, 4), ("5", 200, 3)):
        table.tray(News("removed", dice(taken)))
        assert table.state is not None
        assert (table.state.turn_points, table.state.dice_to_throw) == (points, left)
    assert table.state is not None and [str(keep) for keep in table.state.kept] == ["155"]
    table.tray(News("removed", dice("236")))  # the rest picked up: they do not score
    table.handle(Action("bank"))
    assert table.state is not None and table.state.players[0].score == 200


@pytest.mark.parametrize(("thrown_next", "kept", "points"), [
    ("", "112225", 450),  # the last dice out too: hot dice, banked at once
    ("253144", "112225", 450),  # hot dice: six thrown
    ("351", "115", 250),  # the 2s were picked up to throw again after all
])
def test_the_last_dice_taken_out_join_the_keep_as_hot_dice(
    table: Table, thrown_next: str, kept: str, points: int
) -> None:
    table.tray(News("settled", dice("115222")))
    for taken in ("1", "15", "222"):
        table.tray(News("removed", dice(taken)))
    table.tray(News("empty"))
    if thrown_next:
        table.tray(News("settled", dice(thrown_next)))
        table.tray(News("prompt", dice(thrown_next), "count"))
    state = table.state
    assert state is not None and "".join(map(str, sorted(state.kept[0].faces))) == kept
    assert state.turn_points == points and not table.view().prompt
    if not thrown_next:
        table.handle(Action("bank"))
        assert table.state is not None and table.state.players[0].score == points
    else:
        assert state.phase == "keep" and state.last_throw is not None
        assert len(state.last_throw) == len(thrown_next)


def test_the_tray_and_the_table_make_one_keep_of_dice_taken_out_in_two_goes(table: Table) -> None:
    """Through the live tray: a 1 taken out, then a 5, the rest picked up and thrown."""
    thrown = [(100, 100, 1), (220, 100, 5), (340, 100, 2), (100, 300, 3), (220, 300, 6),
              (340, 300, 6)]
    film = Film().rolling(1.0, thrown).still(1.0, thrown)
    film.still(1.0, thrown[1:]).still(1.0, thrown[2:]).still(1.0, [])
    again = [(150, 150, 1), (300, 150, 2), (150, 350, 2), (300, 350, 3)]
    film.rolling(1.0, again).still(1.0, again)
    tray = Tray(FakeReader())
    for frame in film.frames:
        for event in tray.feed(frame):
            table.tray(event)
        state = table.state
        assert state is not None
        if state.phase != "keep":
            tray.expect(state.dice_to_throw)  # as the app tells it
    assert table.state is not None and [str(k) for k in table.state.kept] == ["15"]
    assert str(table.state.last_throw) == "1223" and table.state.turn_points == 150
    assert not table.view().prompt


def test_a_scoring_handful_of_the_rest_leaves_the_keep_at_the_next_throw(table: Table) -> None:
    table.tray(News("settled", dice("155236")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("5")))  # taken up to throw again, as it turns out
    table.tray(News("removed", dice("5236")))
    assert table.state is not None and table.state.turn_points == 150
    table.tray(News("settled", dice("12346")))  # five dice thrown: the 5 was not kept
    table.tray(News("prompt", dice("12346"), "count"))  # the tray counted on four
    assert table.state is not None and table.state.phase == "keep"
    assert [str(keep) for keep in table.state.kept] == ["1"]
    assert str(table.state.last_throw) == "12346" and table.state.turn_points == 100
    assert not table.view().prompt and not table.view().error


def test_a_triple_taken_out_a_die_or_two_at_a_time_is_kept_once_it_is_whole(
    table: Table
) -> None:
    table.tray(News("settled", dice("222346")))
    table.tray(News("removed", dice("2")))
    assert table.state is not None and table.state.phase == "keep"
    assert table.view().prompt == ("2 taken out: take out the rest of the keep, or choose with "
                                   "NEXT and KEEP")  # (once "2 is not a keep")
    table.tray(News("removed", dice("22")))
    assert table.state is not None and [str(k) for k in table.state.kept] == ["222"]
    assert table.state.turn_points == 200 and table.state.dice_to_throw == 3


def test_a_stray_die_taken_out_does_not_stop_a_keep(table: Table) -> None:
    table.tray(News("settled", dice("155236")))
    table.tray(News("removed", dice("2")))
    table.tray(News("removed", dice("1")))  # 1 and 2 are no keep; the 1 alone is
    assert table.state is not None and [str(k) for k in table.state.kept] == ["1"]


def test_a_die_taken_out_before_the_keep_joins_it_when_it_scores_with_more(
    table: Table
) -> None:
    table.tray(News("settled", dice("211112")))
    table.tray(News("removed", dice("2")))
    table.tray(News("removed", dice("1")))  # a keep of 1, the 2 aside
    table.tray(News("removed", dice("1112")))  # four 1s and a pair, with the 2 aside
    assert table.state is not None and table.state.turn_points == 1500


def test_dice_that_do_not_score_with_the_keep_are_held_and_the_next_throw_decides(
    table: Table
) -> None:
    table.tray(News("settled", dice("155236")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("2")))  # picking up the rest begins, or part of a keep
    assert table.state is not None and table.state.turn_points == 100
    table.tray(News("removed", dice("5")))  # it scores with the 1: it joins, for now
    assert table.state is not None and table.state.turn_points == 150
    table.tray(News("removed", dice("536")))
    table.tray(News("settled", dice("25536")))  # five thrown: only the 1 was kept
    assert table.state is not None and [str(k) for k in table.state.kept] == ["1"]
    assert str(table.state.last_throw) == "23556" and not table.view().prompt


def test_a_triple_taken_out_after_a_keep_a_die_at_a_time_joins_it(table: Table) -> None:
    table.tray(News("settled", dice("522234")))
    for taken in ("5", "2", "2", "2"):
        table.tray(News("removed", dice(taken)))
    assert table.state is not None and [str(k) for k in table.state.kept] == ["2225"]
    assert table.state.turn_points == 250


def test_no_die_joins_a_keep_made_with_the_buttons(table: Table) -> None:
    table.tray(News("settled", dice("155236")))
    while table.view().options[table.view().selected].keep != (1,):
        table.handle(Action("next"))
    table.handle(Action("keep"))
    table.tray(News("removed", dice("15")))  # the kept 1, and a 5 picked up to throw
    assert table.state is not None and table.state.turn_points == 100


def test_a_die_that_joins_keeps_its_colour(portland: Table) -> None:
    portland.tray(News("removed", (FOUR_FIVES[1],)))
    portland.tray(News("removed", (FOUR_FIVES[2], FOUR_FIVES[3])))  # three red 5s: doubled
    assert portland.state is not None and portland.state.turn_points == 1000


@pytest.mark.parametrize("taken", ["23", "66"])  # 66: not even the throw's dice (misread)
def test_dice_that_are_not_a_keep_are_refused_with_a_prompt(table: Table, taken: str) -> None:
    table.tray(News("settled", dice("155234")))
    table.tray(News("removed", dice(taken)))
    assert table.state is not None and table.state.phase == "keep"
    assert f"{taken} is not a keep" in table.view().prompt and not table.view().error


def test_cocked_die_waits_for_a_rethrow(table: Table) -> None:
    table.tray(News("settled", dice("15523c")))
    table.tray(News("prompt", dice("c"), "cocked"))
    assert table.state is not None and table.state.last_throw is None
    assert table.view().prompt == "die cocked - throw it again"
    table.tray(News("settled", dice("155236")))  # the re-throw clears the prompt
    assert str(table.state.last_throw) == "123556" and not table.view().prompt


def test_an_unread_die_is_entered_by_hand_after_the_dice_read(table: Table) -> None:
    table.tray(News("settled", dice("15?523")))
    table.tray(News("prompt", dice("?"), "unreadable"))
    view = table.view()
    assert view.keypad and view.typed == "15523" and "enter its face" in view.prompt
    assert table.state is not None and table.state.last_throw is None
    table.handle(Action("erase"))  # the dice read stand
    assert "dice the camera read stand" in table.view().error and table.view().typed == "15523"
    table.handle(Action("digit", value=4))
    assert str(table.state.last_throw) == "123455" and not table.view().keypad


def test_an_unread_die_can_be_entered_with_the_buttons_alone(table: Table) -> None:
    table.tray(News("settled", dice("?55236")))
    for kind in ("next", "next", "next", "keep"):  # face 1 -> 4, taken
        table.handle(Action(kind))
    assert table.state is not None and str(table.state.last_throw) == "234556"


def test_a_throw_again_replaces_the_unread_one(table: Table) -> None:
    table.tray(News("settled", dice("15?523")))
    table.tray(News("settled", dice("15523")))  # one die short: nothing to enter
    assert not table.view().keypad and table.view().typed == ""
    table.tray(News("settled", dice("155234")))
    assert table.state is not None and str(table.state.last_throw) == "123455"
    assert not table.view().keypad and table.view().typed == ""


def test_an_unread_die_entered_by_hand_keeps_its_colour(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        unread = Die(None, RED, (160.0, 10.0))
        throw = (*FOUR_FIVES[:3], unread, *FOUR_FIVES[4:])  # 5 blue, 5 red, 5 red, ?, 2, 3
        table.tray(News("settled", throw))
        table.handle(Action("digit", value=5))
        assert table.state is not None
        assert max(option.points for option in table.state.options) == 1050
        table.tray(News("removed", (FOUR_FIVES[1], unread, FOUR_FIVES[2])))  # the red ones
        assert table.state.turn_points == 1000


def test_unread_dice_of_two_colours_are_entered_colour_by_colour(tmp_path: Path) -> None:
    """The faces go to the unread dice in the tray's order: the table names each one's colour."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        unread = (Die(None, RED, (10.0, 110.0)), Die(None, BLUE, (60.0, 110.0)))
        table.tray(News("settled", (*unread, *FOUR_FIVES[:4])))
        assert "enter the face of the red die" in table.view().prompt
        colours = table.view().entry_colours  # the slots show them: the read dice, then these
        assert len(colours) == 6 and colours[4:] == ("red", "blue")
        table.handle(Action("digit", value=1))
        assert "enter the face of the blue die" in table.view().prompt
        table.handle(Action("digit", value=5))
        assert table.state is not None and table.state.last_throw is not None
        assert str(table.state.last_throw) == "1:red 5:blue 5:blue 5:red 5:red 5:red"
        assert "enter the face" not in table.view().prompt


def test_a_die_set_by_hand_is_taken_out_as_set(table: Table) -> None:
    read = tuple(replace(d, center=(50.0 * k, 0.0)) for k, d in enumerate(dice("155234")))
    table.tray(News("settled", read))
    table.handle(Action("die", value=3))  # 1 2 3 [4] 5 5: the 4 is a 5
    assert table.state is not None and str(table.state.last_throw) == "123555"
    table.tray(News("removed", (read[1], read[2], read[5])))  # the tray still says 5 5 4
    assert table.state.turn_points == 500 and not table.view().prompt


def test_a_die_set_by_hand_among_dice_read_alike_is_asked_for_not_guessed(table: Table) -> None:
    """Read 5 5 2 3 4 4, and one 5 is a 1. Both 5s look alike on the screen, so the tap sets
    one of them, not knowingly the 1. Taken out alone, the die could be either: 100 or 50."""
    read = tuple(replace(d, center=(50.0 * k, 0.0)) for k, d in enumerate(dice("552344")))
    table.tray(News("settled", read))
    table.handle(Action("die", value=4))  # 2 3 4 4 [5] 5: the 5 steps to 6
    table.handle(Action("die", value=4))  # 2 3 4 4 [6] 5: it stays there, and steps to 1
    assert table.state is not None and str(table.state.last_throw) == "123445"
    table.tray(News("removed", (read[1],)))  # the 1, lying where the second die read 5 lay
    assert table.state.phase == "keep" and table.state.turn_points == 0
    assert "which of the dice read as 5 was taken out?" in table.view().prompt


def test_of_two_dice_entered_by_hand_the_one_taken_out_alone_is_asked_for(table: Table) -> None:
    """Two dice not read, entered as 1 and 5: which lies where, the players never said."""
    read = tuple(replace(d, center=(50.0 * k, 0.0)) for k, d in enumerate(dice("??2346")))
    table.tray(News("settled", read))
    table.handle(Action("digit", value=1))
    table.handle(Action("digit", value=5))
    assert table.state is not None and str(table.state.last_throw) == "123456"
    table.tray(News("removed", read[2:]))  # 2 3 4 6: no keep of their own
    table.tray(News("removed", (read[0],)))
    assert table.state.phase == "keep" and table.state.turn_points == 0
    assert "which of the dice the camera could not read was taken out?" in table.view().prompt
    table.tray(News("removed", (read[1],)))  # then the other: all six, the straight
    assert table.state.turn_points == 1500 and not table.view().prompt


def test_dice_read_alike_taken_out_together_are_clear_after_a_tap(table: Table) -> None:
    read = tuple(replace(d, center=(50.0 * k, 0.0)) for k, d in enumerate(dice("552344")))
    table.tray(News("settled", read))
    table.handle(Action("die", value=4))
    table.handle(Action("die", value=4))
    table.tray(News("removed", (read[0], read[1])))
    assert table.state is not None and str(table.state.kept[-1]) == "15"
    assert table.state.turn_points == 150 and not table.view().prompt


def test_a_die_stepped_through_a_face_that_scores_nothing_does_not_end_the_turn(
    table: Table,
) -> None:
    """Read 1 3 3 4 4 6 and the 1 is a 3: on the way, 2 3 3 4 4 6 would be a Farkle."""
    table.tray(News("settled", dice("133446")))
    table.handle(Action("die", value=0))
    assert table.state is not None and table.state.phase == "keep"
    assert str(table.state.last_throw) == "133446" and table.state.current == 0  # not stored
    view = table.view()
    assert [d.face for d in view.dice] == [2, 3, 3, 4, 4, 6] and not view.options
    assert "233446 scores nothing: step on" in view.prompt
    table.handle(Action("die", value=0))
    assert str(table.state.last_throw) == "333446" and table.state.phase == "keep"
    assert not table.view().prompt


@pytest.mark.parametrize(("press", "farkle"), [("keep", True), ("undo", False), ("bank", False)])
def test_keep_takes_a_stepped_farkle_and_other_buttons_drop_it(
    table: Table, press: ActionKind, farkle: bool
) -> None:
    table.tray(News("settled", dice("133446")))
    table.handle(Action("die", value=0))
    table.handle(Action(press))
    after = ("Ann's Farkle above: a die misread? tap it (or UNDO) - else Bob throws 6 dice"
             if farkle else "")
    assert table.state is not None and table.view().prompt == after
    assert (table.state.current == 1) is farkle  # a Farkle passes the turn
    assert farkle or str(table.state.last_throw) == "133446"
    assert ("taps are dropped" in table.view().error) is (press == "bank")


def test_a_tap_past_the_last_die_changes_nothing(table: Table) -> None:
    """A tap left over from a screen of more dice (the throw before had six, this one two)."""
    table.tray(News("settled", dice("155234")))
    table.handle(Action("die", value=6))
    assert table.state is not None and str(table.state.last_throw) == "123455"
    assert not table.view().error


def test_wrong_number_of_dice_is_named(table: Table) -> None:
    table.tray(News("settled", dice("15523")))
    assert table.state is not None and table.state.last_throw is None
    assert table.view().prompt == "5 dice in the tray: throw 6"


@pytest.mark.parametrize(("fives", "doubled"), [
    ((PURPLE, PURPLE, PURPLE), True),
    ((PURPLE, BLUER_PURPLE, PURPLE), True),  # alone the bluer one is named blue
    ((PURPLE, RED, PURPLE), False),
])
def test_a_one_colour_triple_from_the_tray_is_doubled_in_a_two_colour_game(
    tmp_path: Path, fives: tuple[tuple[int, int, int], ...], doubled: bool
) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        throw = (*(Die(5, c) for c in fives), Die(2, RED), Die(3, RED), Die(4))
        table.tray(News("settled", throw))
        assert table.state is not None
        best = max(option.points for option in table.state.options)
        assert best == (1000 if doubled else 500)


# Four 5s, three of them red, each where it lies in the tray
FOUR_FIVES = (Die(5, BLUE, (10.0, 10.0)), Die(5, RED, (60.0, 10.0)), Die(5, RED, (110.0, 10.0)),
              Die(5, RED, (160.0, 10.0)), Die(2, BLUE, (10.0, 60.0)), Die(3, BLUE, (60.0, 60.0)))


@pytest.fixture
def portland(tmp_path: Path) -> Iterator[Table]:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        table.tray(News("settled", FOUR_FIVES))
        yield table


@pytest.mark.parametrize(("taken", "points"), [((1, 2, 3), 1000), ((0, 1, 2), 500)])
def test_dice_taken_out_keep_the_colours_they_were_scored_with(
    portland: Table, taken: tuple[int, ...], points: int
) -> None:
    portland.tray(News("removed", tuple(FOUR_FIVES[i] for i in taken)))
    assert portland.state is not None and portland.state.turn_points == points


def test_the_option_chosen_with_the_buttons_is_kept_in_its_colours(portland: Table) -> None:
    shown = [(o.keep, o.points) for o in portland.view().options]
    assert ((5, 5, 5), 1000) in shown and ((5, 5, 5), 500) in shown
    while (portland.view().options[portland.view().selected].points != 1000
           or len(portland.view().options[portland.view().selected].keep) != 3):
        portland.handle(Action("next"))
    portland.handle(Action("keep"))
    assert portland.state is not None and portland.state.turn_points == 1000


def test_tray_events_are_ignored_outside_a_game(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "camera", resume=False)
        table.tray(News("settled", dice("155234")))
        assert table.state is None and table.view().screen == "setup"


def test_tray_events_do_not_play_a_virtual_dice_game(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "virtual", resume=False,
                      say=lambda _: None)
        table.new_game()
        table.tray(News("settled", dice("155234")))
        assert table.state is not None and table.state.last_throw is None


def test_next_steals_where_the_rules_allow_it(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        rules = load_rules("standard", {"stealing": "true"})
        table = Table(store, rules, ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        table.new_game()

        def play(*actions: Action) -> None:
            for action in actions:
                table.handle(action)
                assert not table.view().error, table.view().error

        def typed(faces: str) -> list[Action]:
            return [Action("digit", value=int(f)) for f in faces]

        def keep(faces: str) -> None:
            while "".join(map(str, table.view().options[table.view().selected].keep)) != faces:
                table.handle(Action("next"))
            table.handle(Action("keep"))

        play(*typed("111234"))
        keep("111")
        play(Action("bank"))  # Ann 1000; Bob is not on the board: nothing to steal
        assert table.view().prompt == ""
        play(*typed("555234"))
        keep("555")
        play(Action("bank"))  # Bob 500 with 3 dice left: Ann may steal them
        assert table.view().prompt == ("NEXT steals 500 with 3 dice from Bob, "
                                       "KEEP enters your own throw")
        play(Action("next"))
        play(*typed("155"))
        keep("155")
        assert table.state is not None and table.state.turn_points == 700


def test_virtual_throws_cannot_be_undone_but_keeps_can(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "virtual", resume=False,
                      say=lambda _: None)
        table.new_game()
        table.handle(Action("keep"))  # the Pi throws
        while table.state is not None and table.state.phase != "keep":
            table.handle(Action("keep"))  # a Farkle passes the turn: throw again
        assert table.state is not None
        thrown = table.state.last_throw
        table.handle(Action("undo"))
        assert "cannot be taken back" in table.view().error
        assert table.state.last_throw == thrown
        table.handle(Action("keep"))  # keep the coach's choice ...
        points = table.state.turn_points
        assert points > 0
        table.handle(Action("undo"))  # ... and take the keep back
        assert not table.view().error and table.state.turn_points == 0


def test_history_lists_the_nights_finished_games_newest_first() -> None:
    from farkle_pi.store import GameRecord
    from farkle_pi.table.adapter import history_rows

    def game(started: str, over: bool = True, winner: str = "Ann") -> GameRecord:
        return GameRecord(id=len(games) + 1, started=started, rules="standard",
                          players=("Ann", "Bob"), scores=(10_050, 8_000), over=over,
                          winners=(winner,), turns=(), faces=(0,) * 6)

    games: list[GameRecord] = []
    for started, over, winner in [
        ("2026-11-27T20:00:00+00:00", True, "Old"),  # two nights ago
        ("2031-06-01T12:00:00+00:00", True, "Future"),  # a Pi without network time, once
        ("2026-11-29T19:00:00+00:00", True, "Bob"),
        ("2026-11-29T21:30:00+00:00", True, "Ann"),
        ("2026-11-29T21:20:00+00:00", True, "Cy"),  # the clock set back a little
        ("2026-11-29T22:10:00+00:00", False, "Ann"),  # still being played
    ]:
        games.append(game(started, over, winner))
    rows = history_rows(games)
    assert [row.winner for row in rows] == ["Cy", "Ann", "Bob"]  # by game number
    assert all(len(row.when) == 5 and row.when[2] == ":" for row in rows)


def test_entry_minimum_is_shown_and_keeps_the_bank_lamp_dark(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard", {"entry": "500"}), ["Ann"], "manual",
                      resume=False, say=lambda _: None)
        table.new_game()
        assert table.view().turn_note == "needs 500 to get on the board"
        for face in (1, 2, 3, 4, 6, 6):
            table.handle(Action("digit", value=face))
        assert not table.view().can_bank  # 100 would not get Ann on the board
        table.handle(Action("bank"))
        assert "not enough to bank: 500 needed" in table.view().error
        assert table.state is not None and table.state.turn_points == 0


def test_a_game_played_on_elsewhere_is_shown_as_stored(table: Table) -> None:
    """A `farkle-pi game` command on the table's file: the table's next press is refused with
    one line, and the screen shows the stored game instead of the table's stale one."""
    table.tray(News("settled", dice("115234")))
    with Store(table.store.path) as other:
        elsewhere = other.latest()
        assert elsewhere is not None
        elsewhere.apply(Keep(Roll.parse("11")))
        elsewhere.apply(Bank())
    table.handle(Action("keep"))
    view = table.view()
    assert "another farkle-pi" in view.error
    assert [p.score for p in view.players] == [200, 0] and view.current is not None
    assert view.current.name == "Bob" and view.screen == "throw"


def test_dice_moved_or_put_back_are_no_throw(table: Table) -> None:
    """A throw is every die picked up: dice that came to rest with others lying still (one
    nudged, one put back, a Farkle's dice turned over to see) are not played."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    assert table.state is not None and table.state.turn_points == 100
    table.tray(News("settled", dice("23566"), lying=4))  # a 6 nudged
    assert phase(table) == "choose" and table.view().prompt == NOT_THROWN
    table.tray(News("removed", dice("23566")))
    table.tray(News("settled", dice("12346")))  # picked up and thrown: the throw
    assert str(table.state.last_throw) == "12346" and not table.view().prompt
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("2346")))
    table.tray(News("settled", dice("2346")))
    assert phase(table) == "start" and whose_turn(table) == "Bob"
    table.tray(News("settled", dice("2336"), lying=3))  # Ann's Farkle, a die turned over
    assert phase(table) == "start" and table.view().prompt == NOT_THROWN


def test_a_die_of_the_keep_put_back_leaves_the_keep(table: Table) -> None:
    """A 5 taken out by mistake and put back, then the 1 taken out: the turn scores the 1."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("5")))
    assert table.state is not None and table.state.turn_points == 50
    table.tray(News("settled", dice("123566"), lying=5))  # the 5 back in the tray
    assert table.state.phase == "keep" and table.state.turn_points == 0
    table.tray(News("removed", dice("1")))
    assert table.state.turn_points == 100 and table.state.dice_to_throw == 5
    table.tray(News("removed", dice("23566")))
    table.tray(News("settled", dice("15234")))
    assert str(table.state.last_throw) == "12345" and table.state.kept[-1].faces == (1,)


def test_a_die_of_a_refused_throw_thrown_again_finishes_it(table: Table) -> None:
    """A cocked die thrown again lands among dice that lie still: that ends the throw."""
    table.tray(News("settled", dice("1552c4")))
    assert table.state is not None and table.state.phase == "start"
    table.tray(News("settled", dice("155234"), lying=5))
    assert str(table.state.last_throw) == "123455"


def test_a_count_prompt_of_a_throw_played_is_not_the_next_players(table: Table) -> None:
    """The tray counted against its own expectation; the throw was played (a Farkle ended
    the turn): Bob must not be told "5 dice in the tray: throw 6"."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("23566")))
    table.tray(News("settled", dice("22346")))
    table.tray(News("prompt", dice("22346"), reason="count"))
    assert phase(table) == "start" and whose_turn(table) == "Bob"
    assert "dice in the tray" not in table.view().prompt


def test_a_die_taken_out_of_a_refused_throw_is_no_error(table: Table) -> None:
    """Six dice thrown where five were due (the kept 1 thrown too): taking one back out is
    not part of the keep, and must not show "7 dice is too many"."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("23566")))
    table.tray(News("settled", dice("223456")))
    assert table.view().prompt == "6 dice in the tray: throw 5"
    table.tray(News("removed", dice("5")))
    assert not table.view().error and phase(table) == "choose"

def test_the_camera_back_over_dice_left_lying_is_no_throw(table: Table) -> None:
    """The camera was lost; the throw and its keep were entered by hand. When it comes back
    the dice it sees are the throw's rest (no throw), or a throw made meanwhile (played)."""
    table.camera_trouble = "camera lost (no picture): enter the dice by hand"
    for face in "115234":
        table.handle(Action("digit", value=int(face)))
    table.handle(Action("keep"))  # the coach's keep
    state = table.state
    assert state is not None and state.phase == "choose" and state.last_throw is not None
    left = str(state.last_throw.without(state.kept[-1]))
    table.camera_trouble = ""
    table.tray(News("settled", dice(left), resumed=True))
    assert table.state is state and not table.view().prompt  # nobody threw them
    table.tray(News("removed", dice(left)))
    thrown = "466226"[:state.dice_to_throw]
    table.tray(News("settled", dice(thrown)))
    assert table.state is not None and table.state.last_throw == Roll.parse(thrown)


def test_a_throw_made_while_the_camera_was_away_is_played(table: Table) -> None:
    table.camera_trouble = "camera lost (no picture): enter the dice by hand"
    for face in "115234":
        table.handle(Action("digit", value=int(face)))
    table.handle(Action("keep"))
    assert table.state is not None
    thrown = "466226"[:table.state.dice_to_throw]
    table.camera_trouble = ""
    table.tray(News("settled", dice(thrown), resumed=True))
    assert table.state.last_throw == Roll.parse(thrown)

def test_a_misread_that_made_a_farkle_is_shown_and_set_right_by_a_tap(table: Table) -> None:
    """The tray read 2 2 3 4 4 6 where the 6 is a 1: FARKLE, and the turn passed. The dice stay
    on the screen until the next throw, and a tap on the 6 sets it right: Ann's turn again."""
    thrown = tuple(Die(face, center=(40.0 * k, 0.0)) for k, face in enumerate((2, 2, 3, 4, 4, 6)))
    table.tray(News("settled", thrown))
    assert phase(table) == "start" and whose_turn(table) == "Bob"
    view = table.view()
    assert [d.face for d in view.dice] == [2, 2, 3, 4, 4, 6]
    assert view.prompt == ("Ann's Farkle above: a die misread? tap it (or UNDO) - else Bob "
                           "throws 6 dice")
    table.handle(Action("die", value=5))  # the 6 steps to 1
    assert whose_turn(table) == "Ann" and phase(table) == "keep"
    assert table.state is not None and str(table.state.last_throw) == "122344"
    table.tray(News("removed", thrown[5:]))  # the die taken out (the tray still reads 6)
    assert table.state.turn_points == 100 and table.state.kept[-1] == Roll.parse("1")


def test_the_next_throw_ends_the_farkles_dice_on_the_screen(table: Table) -> None:
    table.tray(News("settled", dice("223466")))
    table.tray(News("removed", dice("223466")))
    table.tray(News("settled", dice("155234")))
    view = table.view()
    assert whose_turn(table) == "Bob" and [d.face for d in view.dice] == [1, 2, 3, 4, 5, 5]
    assert "Farkle above" not in view.prompt

def test_dice_read_unsure_are_marked_on_the_screen_until_the_keep(table: Table) -> None:
    """"check the 4 and 5" with two 5s on the screen: one 5 and the 4 carry a ring and CHECK
    (dice read alike look alike, so which 5 is not known; the players look at the 5s)."""
    table.tray(News("settled", (*dice("1523"), Die(5, confidence=0.75), Die(4, confidence=0.79))))
    assert [(d.face, d.flag) for d in table.view().dice] == [
        (1, ""), (2, ""), (3, ""), (4, "check"), (5, "check"), (5, "")]
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("23455")))
    table.tray(News("settled", dice("12345")))
    assert all(not d.flag for d in table.view().dice)

def test_a_refused_throw_finishes_only_in_its_own_turn(table: Table) -> None:
    """Five dice thrown where six were due (refused), then BANK: at Bob's turn a die nudged
    among the dice lying there is no throw of his."""
    table.tray(News("settled", dice("111234")))
    table.tray(News("removed", dice("111")))
    table.tray(News("removed", dice("234")))
    table.tray(News("settled", dice("25")))  # two of three: refused
    assert table.view().prompt == "2 dice in the tray: throw 3"
    table.handle(Action("bank"))
    assert whose_turn(table) == "Bob" and phase(table) == "start"
    table.tray(News("settled", dice("256"), lying=2))
    assert phase(table) == "start" and table.view().prompt == NOT_THROWN

def phase(table: Table) -> str:
    assert table.state is not None
    return table.state.phase


def whose_turn(table: Table) -> str:
    current = table.view().current
    assert current is not None
    return current.name


def test_a_steal_offer_in_camera_mode_says_to_throw_for_your_own(tmp_path: Path) -> None:
    """KEEP does nothing in camera mode (throws come from the tray), so the offer says so."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard", {"stealing": "true"}), ["Ann", "Bob"],
                      "camera", resume=False, say=lambda _: None)
        table.new_game()
        for faces in ("111234", "555234"):
            table.tray(News("settled", dice(faces)))
            table.tray(News("removed", dice(faces[:3])))
            table.handle(Action("bank"))
            table.tray(News("removed", dice(faces[3:])))
        assert table.view().prompt == ("NEXT steals 500 with 3 dice from Bob, or throw 6 into "
                                       "the tray for your own")


def test_the_start_notice_waits_below_every_other_line(table: Table) -> None:
    """"tray not calibrated" (the usual state after an install) must not hide a button that
    does not work, nor the camera starting, nor the tray's own prompts."""
    table.notice = "tray not calibrated - for surer reads: farkle-pi calibrate"
    table.buttons_trouble = "buttons not working: BANK (BCM 19) - see farkle-pi doctor"
    assert table.view().prompt == table.buttons_trouble
    table.buttons_trouble = ""
    table.camera_opening = "camera starting..."
    assert table.view().prompt == "camera starting..."
    table.camera_opening = ""
    assert table.view().prompt == table.notice
    table.tray(News("settled", dice("22346")))  # a count prompt: 5 dice of 6
    assert table.view().prompt != table.notice


# Pinned since the forty-fifth session's mutation review (each fails on the mutant named).


def test_a_cocked_die_gets_no_keypad_and_is_never_played(table: Table) -> None:
    """I09 (tray_input.py:193, the cocked-die check dropped): a leaning die is thrown again,
    not entered by hand, and a leaning die the reader gave a face is not scored."""
    table.tray(News("settled", dice("15523c")))
    table.tray(News("prompt", dice("c"), "cocked"))
    assert table.state is not None and table.state.last_throw is None
    assert not table.view().keypad and table.view().prompt == "die cocked - throw it again"
    table.tray(News("settled", (*dice("15523"), Die(6, flat=False))))
    assert table.state.last_throw is None


def test_the_kept_die_thrown_again_with_some_of_the_rest_is_no_put_back(table: Table) -> None:
    """I03 (tray_input.py:158, the lying count not checked): the kept 1 and two of the rest
    thrown, three dice lying still, is a refused throw (the keep stands), not the 1 put back
    (which would undo the keep and leave the game waiting for one)."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    assert table.state is not None and table.state.turn_points == 100
    table.tray(News("settled", dice("123566"), lying=3))
    assert phase(table) == "choose" and table.view().prompt == NOT_THROWN
    assert table.state.turn_points == 100 and [str(k) for k in table.state.kept] == ["1"]


def test_a_keep_chosen_again_with_the_buttons_is_not_shrunk_back_by_a_throw(
        table: Table) -> None:
    """I11 (tray_input.py:197, `_keep_stands` dropped from the shrink back): the tray's keep 1
    grew to 15; the players took it back and kept 155 with the buttons. Five dice thrown
    where three are due is a wrong count, not the tray's old keep 1 made again over the
    players' word."""
    table.tray(News("settled", dice("155236")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("5")))
    assert table.state is not None and [str(k) for k in table.state.kept] == ["15"]
    table.handle(Action("undo"))
    assert phase(table) == "keep"
    while table.view().options[table.view().selected].keep != (1, 5, 5):
        table.handle(Action("next"))
    table.handle(Action("keep"))
    assert [str(k) for k in table.state.kept] == ["155"] and table.state.dice_to_throw == 3
    table.tray(News("settled", dice("12346")))
    assert [str(k) for k in table.state.kept] == ["155"] and phase(table) == "choose"
    assert table.view().prompt == "5 dice in the tray: throw 3"


def test_the_trays_count_prompt_names_the_dice_due(table: Table) -> None:
    """I28 (tray_input.py:134, the count prompt names the full set): six dice thrown where five
    are due; the tray's own count prompt that follows must still say "throw 5"."""
    table.tray(News("settled", dice("123566")))
    table.tray(News("removed", dice("1")))
    table.tray(News("removed", dice("23566")))
    table.tray(News("settled", dice("223456")))
    assert table.view().prompt == "6 dice in the tray: throw 5"
    table.tray(News("prompt", dice("223456"), reason="count"))
    assert table.view().prompt == "6 dice in the tray: throw 5"
