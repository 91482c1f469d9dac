"""Two-colour dice (portland) as a review found them: a virtual game stored before the Pi's dice
had colours, a question nobody could see, and dice taken out of the tray after a typed throw."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_colour_question import type_in
from tray_news import TrayDie, TrayNews

from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.fairdice import coloured_throw, even_mix
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def test_keeps_stored_without_colours_throw_an_even_mix_not_an_internal_error() -> None:
    """A virtual portland game begun before its dice had colours and resumed mid-turn: its
    keeps have no colours, so which of the set's dice are aside is not known."""
    roll = coloured_throw((2, 3, 4, 6), (Roll.of(1, 5),))
    assert sorted(die.colour or "" for die in roll) == sorted(even_mix(4))


@pytest.fixture
def camera_table(tmp_path: Path) -> Iterator[Table]:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann", "Bob"], "camera",
                      clock=lambda: 0.0, resume=False, camera=True)
        table.new_game()
        yield table


def test_the_question_stays_on_the_screen_when_the_camera_comes_back(
        camera_table: Table) -> None:
    """Asked while the camera was lost, the question is still what KEEP and NEXT answer once
    it is back: it must stay in sight (it vanished, and an unseen KEEP answered it)."""
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, "222346")
    camera_table.camera_trouble = ""
    view = camera_table.view()
    assert view.question == "three 2s: all one colour?" and view.keypad


def test_a_question_on_dice_typed_while_the_camera_works_is_shown(camera_table: Table) -> None:
    type_in(camera_table, "222346")  # the number keys, camera dice
    view = camera_table.view()
    assert view.question and view.keypad


@pytest.mark.parametrize(("typed", "yes"), [("222223", False), ("222234", True)])
def test_a_one_colour_triple_typed_then_taken_out_of_the_tray_scores_double(
        camera_table: Table, typed: str, yes: bool) -> None:
    """Five 2s (never asked: a one-colour triple) or four answered YES, typed while the camera
    was lost; three 2s taken out once it is back were kept as the throw's first 2s, a blue
    and two red: a mixed triple, 200 instead of 400."""
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, typed)
    if yes:
        camera_table.handle(Action("keep"))
    camera_table.camera_trouble = ""
    taken = tuple(TrayDie(2, (40, 40, 200), (100.0 + 50 * i, 100.0)) for i in range(3))
    camera_table.tray(TrayNews("removed", taken))
    assert camera_table.state is not None and camera_table.state.turn_points == 400
