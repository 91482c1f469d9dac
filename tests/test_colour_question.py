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
from test_app_game import BANK, KEEP, NEXT, manual_app

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


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
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
