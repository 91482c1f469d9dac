"""Dice entered by hand in a two-colour game (portland): typed faces carry no colours, and every
triple scored as mixed (three red 2s: 200, not 400). Where colours change the score the table
asks, KEEP yes and NEXT no (or the YES and NO keys), and the throw is stored in colours that make
the answers true, only once every answer is in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, product
from pathlib import Path

import pytest
import touch
from gpiozero.pins.mock import MockFactory
from test_app_game import BANK, KEEP, NEXT, manual_app, type_keys
from test_app_game import tap as click
from tray_news import TrayDie, TrayNews

from farkle_pi.app import App
from farkle_pi.rules import load_rules
from farkle_pi.rules.dice import FACES
from farkle_pi.store import Store
from farkle_pi.table.colours_asked import ColourQuestion, faces_to_ask
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action
from farkle_pi.ui.screens import keypad

PORTLAND = load_rules("portland")


def one_colour_triples(dice: list[tuple[int, str | None]], face: int) -> int:
    """The rule's own words: three dice of the face in one colour (each die in one triple)."""
    return sum(n // 3 for n in Counter(c for f, c in dice if f == face).values())


def meant(n: int, yes: bool) -> int:
    """One-colour triples among n dice of a face, as the question for n asks (two colours)."""
    if n == 6:
        return 2 if yes else 1
    if n in (3, 4):
        return 1 if yes else 0
    return 1 if n == 5 else 0  # five always hold one; fewer than three none


def test_every_entry_of_one_to_six_dice_and_every_answer_gives_those_triples() -> None:
    checked = 0
    for count in range(1, 7):
        for dice in combinations_with_replacement(FACES, count):
            asked = faces_to_ask(dice)
            assert asked == tuple(f for f in FACES if dice.count(f) in (3, 4, 6))
            for answers in product((True, False), repeat=len(asked)):
                question = ColourQuestion(dice, asked)
                for yes in answers:
                    assert not question.done
                    question = question.answer(yes)
                assert question.done
                roll = question.roll()
                assert sorted(roll.faces) == sorted(dice)
                coloured = [(d.face, d.colour) for d in roll]
                assert {c for _, c in coloured} <= {"red", "blue"}
                said = dict(zip(asked, answers, strict=True))
                for face in set(dice):
                    assert one_colour_triples(coloured, face) == meant(
                        dice.count(face), said.get(face, False)), (dice, answers)
                checked += 1
    # 923 entries of 1-6 dice; 438 ask one question (two answers), the 15 of 3 + 3 ask two
    assert checked == 923 + 438 + 3 * 15


def test_the_question_names_the_face_and_how_many() -> None:
    assert ColourQuestion((2, 2, 2, 3), (2,)).text == "three 2s: all one colour?"
    assert ColourQuestion((4, 4, 4, 4), (4,)).text == "four 4s: three of them one colour?"
    assert ColourQuestion((1,) * 6, (1,)).text == "six 1s: two triples, each of one colour?"


@pytest.fixture(name="table")
def manual_table_fixture(tmp_path: Path) -> Iterator[Table]:
    """A portland table of Ann and Bob with dice typed by hand (also used by other files)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "manual", clock=lambda: 0.0,
                      resume=False)
        table.new_game()
        yield table


def type_in(table: Table, faces: str) -> None:
    for face in faces:
        table.handle(Action("digit", int(face)))
        assert not table.error, table.error


def stored_throws(table: Table) -> list[str]:
    assert table.game is not None
    with Store(table.store.path) as store:
        latest = store.latest()
        assert latest is not None
        return [str(t) for t in latest.state.throws]


def options(table: Table) -> list[tuple[str, int]]:
    return [(o.label, o.points) for o in table.view().options]


def test_a_one_colour_triple_typed_by_hand_doubles(table: Table) -> None:
    type_in(table, "223462")
    view = table.view()
    assert view.question == "three 2s: all one colour?" and view.keypad
    assert view.face is None and keypad.hint(view) == keypad.ANSWERS
    assert stored_throws(table) == []  # nothing stored before the answer
    table.handle(Action("keep"))
    assert stored_throws(table) == ["2:red 2:red 2:red 3:blue 4:blue 6:blue"]
    assert options(table) == [("three 2s of one colour", 400)]
    assert table.view().question == ""


def test_a_mixed_triple_scores_as_before(table: Table) -> None:
    type_in(table, "222346")
    table.handle(Action("next"))
    assert options(table) == [("three 2s", 200)]
    assert stored_throws(table) == ["2:blue 2:red 2:red 3:blue 4:blue 6:blue"]


def test_two_faces_are_asked_in_turn(table: Table) -> None:
    type_in(table, "555222")
    assert table.view().question == "three 2s: all one colour?"
    table.handle(Action("next"))
    assert table.view().question == "three 5s: all one colour?"
    assert stored_throws(table) == []
    table.handle(Action("keep"))
    assert max(points for _, points in options(table)) == 200 + 1000  # 222 mixed, 555 doubled


def test_undo_goes_back_to_the_entry_and_other_input_is_refused(table: Table) -> None:
    type_in(table, "222346")
    table.handle(Action("digit", 5))
    assert table.error == "three 2s: all one colour? KEEP yes, NEXT no (hold UNDO to go back)"
    table.handle(Action("bank"))
    assert table.error.startswith("three 2s: all one colour?")
    table.handle(Action("undo"))
    assert table.view().question == "" and table.view().typed == "22234"
    assert table.view().face == 6  # the buttons go on from the last face taken
    assert stored_throws(table) == []
    type_in(table, "5")  # a 5 instead of the 6: no triple asked about twice
    assert table.view().question == "three 2s: all one colour?"
    table.handle(Action("keep"))
    assert stored_throws(table) == ["2:red 2:red 2:red 3:blue 4:blue 5:blue"]


def test_no_question_without_three_alike_or_without_colour_rules(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        for rules, faces in ((PORTLAND, "223345"), (PORTLAND, "222242"),
                             (load_rules("standard"), "222346")):
            table = Table(store, rules, ["Ann"], "manual", clock=lambda: 0.0, resume=False)
            table.new_game()
            type_in(table, faces)
            assert table.view().question == ""
            assert table.state is not None and table.state.last_throw is not None
            assert sorted(table.state.last_throw.faces) == sorted(map(int, faces))
            if faces == "222242":  # five always hold a one-colour triple: not asked, given
                assert ("three 2s of one colour", 400) in options(table)


@pytest.fixture
def app(tmp_path: Path, mock_pins: MockFactory) -> Iterator[App]:
    yield from manual_app(tmp_path, mock_pins, PORTLAND)


def test_answered_by_touch_on_the_yes_key(app: App) -> None:
    app.step()
    BANK(app)  # start
    for face in (2, 2, 2, 1, 5, 6):
        touch.finger(app, Action("digit", face))
    assert app.view is not None and app.view.question
    assert {h.action for h in app.hits} >= {Action("keep"), Action("next")}
    assert not any(h.action.kind == "digit" for h in app.hits)  # the faces gave way
    touch.finger(app, Action("keep"))
    assert app.view.question == "" and ("three 2s of one colour", 400) in [
        (o.label, o.points) for o in app.view.options]


def test_a_keep_too_many_does_not_answer_unseen(app: App) -> None:
    """The buttons alone: KEEP takes the last die, and a KEEP too soon after it (an impatient
    thumb) must not answer the question that came up; one after a look does."""
    app.step()
    BANK(app)
    NEXT(app)  # face 2
    for _ in range(3):
        KEEP(app)
    NEXT(app)  # 3
    KEEP(app)
    NEXT(app)  # 4
    KEEP(app)
    NEXT(app)  # 5
    KEEP(app)  # the sixth die: the question
    assert app.view is not None and app.view.question == "three 2s: all one colour?"
    app.actions.put(Action("keep", button=True))  # at once, before anyone could read it
    app.step()
    assert app.view.question  # dropped
    app.clock.now += SEEN_SECONDS  # type: ignore[attr-defined]
    app.actions.put(Action("next", button=True))
    app.step()
    assert app.view.question == "" and [(o.label, o.points) for o in app.view.options][:1] == [
        ("three 2s", 200)]


# -- typed dice set right by taps (a short UNDO and NEXT alike) ---------------------------------

def tap(table: Table, place: int, times: int = 1) -> None:
    for _ in range(times):
        table.handle(Action("die", place))
        assert not table.error, table.error


def last_throw(table: Table) -> str:
    assert table.state is not None
    return str(table.state.last_throw)


@pytest.mark.parametrize(("yes", "points"), [(False, 400), (True, 800)])
def test_a_tap_that_makes_three_alike_of_typed_dice_asks_their_colour(
        table: Table, yes: bool, points: int) -> None:
    """Nothing asked of 2 2 4 4 5 6 (stored without colours); the 5 tapped on to a 4 made
    three 4s scored as mixed unasked, 400 for three of one colour (dice given blue scored 800
    unasked: the next test). Now asked, on the way too."""
    type_in(table, "224456")
    assert table.view().question == ""
    tap(table, 4, 3)  # 5 -> 6 (nothing: held) -> 1 (played) -> 2: three 2s, on the way
    assert table.view().question == "three 2s: all one colour?"
    assert last_throw(table) == "122446"  # the 2 waits for the answer
    tap(table, 4)  # a tap steps on past the face asked about: 3, nothing, held
    assert table.view().question == ""
    tap(table, 4)  # 4
    view = table.view()
    assert view.question == "three 4s: all one colour?" and view.keypad
    assert keypad.hint(view) == keypad.ANSWERS and view.options == ()
    assert [d.face for d in view.dice] == [2, 2, 4, 4, 4, 6]  # as tapped, the 4 in its place
    assert {d.colour for d in view.dice} == {None}  # their colours are what is asked
    assert last_throw(table) == "122446"  # nothing stored before the answer
    table.handle(Action("keep" if yes else "next"))
    assert table.view().question == ""
    assert ("three 4s of one colour" if yes else "three 4s", points) in options(table)
    assert stored_throws(table)[-1] == ("2:blue 2:blue 4:red 4:red 4:red 6:blue" if yes
                                        else "2:blue 2:blue 4:blue 4:red 4:red 6:blue")
    assert [d.face for d in table.view().dice] == [2, 2, 4, 4, 4, 6]  # still where it was


def test_an_answered_triple_a_tap_leaves_alone_is_not_asked_again(table: Table) -> None:
    """Three 2s answered YES and a blue 3 and two blue 4s given: the 3 tapped to a 4 made
    three blue 4s, a one-colour triple nobody said was one (800, not 400); the 2s keep their
    answer."""
    type_in(table, "222443")
    table.handle(Action("keep"))  # the 2s: one colour
    assert last_throw(table) == "2:red 2:red 2:red 3:blue 4:blue 4:blue"
    tap(table, 3)  # the 3 -> 4
    assert table.view().question == "three 4s: all one colour?"
    table.handle(Action("next"))
    assert stored_throws(table)[-1] == "2:red 2:red 2:red 4:blue 4:red 4:red"
    assert options(table)[0] == ("three 2s of one colour + three 4s", 800)
    tap(table, 5)  # a 4 -> 5: the 4s no triple now, the 2s as answered, nothing asked
    assert table.view().question == ""
    assert stored_throws(table)[-1] == "2:red 2:red 2:red 4:blue 4:blue 5:blue"
    assert ("three 2s of one colour", 400) in options(table)


def test_undo_during_a_correction_question_goes_back_to_the_throw(table: Table) -> None:
    type_in(table, "224435")
    tap(table, 2)  # the 3 -> 4
    assert table.view().question == "three 4s: all one colour?"
    table.handle(Action("bank"))  # refused: the question stands
    assert table.error.startswith("three 4s: all one colour? KEEP yes, NEXT no")
    table.handle(Action("undo"))
    view = table.view()
    assert view.question == "" and not view.keypad and not table.error
    assert [d.face for d in view.dice] == [2, 2, 3, 4, 4, 5]  # as it stood, nothing stored
    assert len(stored_throws(table)) == 1 and last_throw(table) == "223445"
    assert table.state is not None and table.state.phase == "keep"
    tap(table, 2)  # tapped again: asked again
    table.handle(Action("keep"))
    assert ("three 4s of one colour", 800) in options(table)


@pytest.fixture(name="camera_table")
def camera_table_fixture(tmp_path: Path) -> Iterator[Table]:
    """The same with a camera (also used by other files)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0,
                      resume=False, camera=True)
        table.new_game()
        yield table


RED, BLUE = (40, 40, 200), (200, 60, 30)  # as the camera sees them (BGR)


def test_dice_the_camera_read_keep_their_colours_typed_ones_are_asked(
        camera_table: Table) -> None:
    """A tap sets a misread face right, not a colour: three blue 4s the camera saw double
    unasked. The same throw typed while the camera was missing is asked about."""
    seen = [(2, RED), (2, RED), (4, BLUE), (4, BLUE), (3, BLUE), (6, BLUE)]
    camera_table.tray(TrayNews("settled", tuple(
        TrayDie(face, colour, (100.0 + 60 * i, 100.0)) for i, (face, colour) in enumerate(seen))))
    assert last_throw(camera_table) == "2:red 2:red 3:blue 4:blue 4:blue 6:blue"
    tap(camera_table, 2)  # the 3 -> 4
    assert camera_table.view().question == ""
    assert last_throw(camera_table) == "2:red 2:red 4:blue 4:blue 4:blue 6:blue"
    assert ("three 4s of one colour", 800) in options(camera_table)
    camera_table.handle(Action("keep"))  # Ann keeps the 4s and banks; Bob's turn, no camera
    camera_table.handle(Action("bank"))
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, "224435")
    camera_table.camera_trouble = ""  # back: the dice typed are still the table's colours
    tap(camera_table, 2)  # the 3 -> 4
    assert camera_table.view().question == "three 4s: all one colour?"
    camera_table.handle(Action("next"))
    assert ("three 4s", 400) in options(camera_table)


def test_a_typed_throw_taken_back_leaves_no_mark_on_the_camera_throw_after_it(
        camera_table: Table) -> None:
    """Typed while the camera was missing, then taken back by a held UNDO: the camera's throw
    stored in its place is the camera's (its blue 4s were seen), not asked about."""
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, "224435")
    camera_table.handle(Action("undo"))  # held: the typed throw taken back
    assert camera_table.state is not None and not camera_table.state.throws
    camera_table.camera_trouble = ""
    seen = [(2, RED), (2, RED), (4, BLUE), (4, BLUE), (3, BLUE), (6, BLUE)]
    camera_table.tray(TrayNews("settled", tuple(
        TrayDie(face, colour, (100.0 + 60 * i, 100.0)) for i, (face, colour) in enumerate(seen))))
    tap(camera_table, 2)  # the 3 -> 4: three blue 4s, as seen
    assert camera_table.view().question == ""
    assert ("three 4s of one colour", 800) in options(camera_table)


def test_after_a_restart_a_throw_that_may_have_been_typed_is_asked_about(
        tmp_path: Path) -> None:
    """Whether the throw shown was typed is not stored: after a restart mid-turn, dice in the
    table's two colours are asked about (a question too many, not a triple doubled unasked);
    dice of other colours were the camera's."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0,
                      resume=False, camera=True)
        table.new_game()
        table.camera_trouble = "no camera found"
        type_in(table, "222443")
        table.handle(Action("keep"))
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0, camera=True)
        assert last_throw(table) == "2:red 2:red 2:red 3:blue 4:blue 4:blue"
        tap(table, 3)
        assert table.view().question == "three 4s: all one colour?"
        table.handle(Action("keep"))
        table.handle(Action("keep"))  # Ann keeps the best and banks; Bob throws white dice
        table.handle(Action("bank"))
        white = (235, 235, 235)
        table.tray(TrayNews("settled", tuple(TrayDie(face, white, (100.0 + 60 * i, 100.0))
                                             for i, face in enumerate((2, 2, 3, 4, 4, 6)))))
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0, camera=True)
        assert last_throw(table) == "2:white 2:white 3:white 4:white 4:white 6:white"
        tap(table, 2)
        assert table.view().question == ""
        assert ("three 4s of one colour", 800) in options(table)


def test_a_next_too_many_does_not_answer_a_question_a_step_brought_up(app: App) -> None:
    """The buttons alone: NEXT steps the framed 3 to a 4, and the question on three 4s comes
    up. NEXT pressed again at once was meant to step the die on: it must not answer NO unseen
    (a step's change is the player's own, watched, but the question is new)."""
    app.step()
    BANK(app)  # start
    type_keys(app, "224435")
    type_keys(app, "fff")  # a short UNDO thrice: the third die, the 3, framed
    assert app.view is not None and [d.framed for d in app.view.dice].index(True) == 2
    NEXT(app)
    assert app.view.question == "three 4s: all one colour?"
    assert not any(d.framed for d in app.view.dice)  # NEXT answers now: it steps no die
    app.actions.put(Action("next", button=True))  # at once, before anyone could read it
    app.step()
    assert app.view.question  # dropped
    KEEP(app)  # after a look: yes
    assert app.view.question == "" and ("three 4s of one colour + single 5", 850) in [
        (o.label, o.points) for o in app.view.options]
    assert [d.framed for d in app.view.dice].index(True) == 2  # the 4 still framed


def test_asked_after_a_tap_and_answered_on_the_touch_screen(app: App) -> None:
    """The dice stay drawn (a tap steps one on) and the YES and NO keys take the options'
    place: a tap on a row meant for an option must not land on YES unseen."""
    app.step()
    BANK(app)
    type_keys(app, "224435")
    touch.finger(app, Action("die", 2))  # the 3 -> 4
    assert app.view is not None and app.view.question == "three 4s: all one colour?"
    actions = {h.action for h in app.hits}
    assert {Action("keep"), Action("next"), Action("die", 2)} <= actions
    assert not any(a.kind == "option" for a in actions)
    touch.finger(app, Action("next"))
    assert app.view.question == "" and ("three 4s + single 5", 450) in [
        (o.label, o.points) for o in app.view.options]


def test_dice_moving_in_the_tray_drop_a_correction_question(camera_table: Table) -> None:
    """As with taps held: the dice moved on, the throw stands as it was (a prompt of the tray
    is no move)."""
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, "224435")
    camera_table.camera_trouble = ""
    tap(camera_table, 2)
    camera_table.tray(TrayNews("prompt", (TrayDie(None, flat=False),), "cocked"))
    assert camera_table.view().question == "three 4s: all one colour?"
    camera_table.tray(TrayNews("removed", (TrayDie(1, BLUE, (10.0, 10.0)),)))
    assert camera_table.view().question == "" and camera_table.asking is None
    assert last_throw(camera_table) == "223445"


def test_a_farkle_typed_then_set_right_shows_its_dice_with_the_question(
        camera_table: Table) -> None:
    """Typed while the camera was missing, 2 2 3 4 4 6 farkled; with the camera back the
    Farkle's dice show to be set right, and the 3 tapped to a 4 asks of the three 4s there
    too, the dice drawn (not an empty keypad's slots) and the hint line free for its keys."""
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, "223446")
    camera_table.camera_trouble = ""
    assert camera_table.state is not None and camera_table.state.phase == "start"
    tap(camera_table, 2)
    view = camera_table.view()
    assert view.question == "three 4s: all one colour?" and view.keypad
    assert [d.face for d in view.dice] == [2, 2, 4, 4, 4, 6] and view.prompt == ""
    camera_table.handle(Action("keep"))
    assert stored_throws(camera_table)[-1] == "2:blue 2:blue 4:red 4:red 4:red 6:blue"
    assert ("three 4s of one colour", 800) in options(camera_table)


def test_taps_on_a_die_step_it_on_past_a_question_without_a_look(app: App) -> None:
    """A 5 tapped on to a 4, a tap every 0.2 s: the three 2s on the way ask their colour, and
    the next taps, aimed at the die (it stays where it is drawn), step it on as the table says;
    they were dropped as presses on a screen not seen yet, and the die stopped short."""
    app.step()
    BANK(app)
    type_keys(app, "224456")
    click(app, "die", 4)  # after a look at the throw
    for _ in range(4):
        click(app, "die", 4, look=0.2)
    assert app.view is not None and [d.face for d in app.view.dice] == [2, 2, 4, 4, 4, 6]
    assert app.view.question == "three 4s: all one colour?"
    app.actions.put(Action("next", button=True))  # a NEXT at once still does not answer it
    app.step()
    assert app.view.question == "three 4s: all one colour?"
