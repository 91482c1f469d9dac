"""Found by a mutation review of session 56's changes (buttons under a banner, the held BANK,
the first picture after a start, the option kept in its own colours): behaviour the earlier
tests left open, each test failing on a mutant that survived them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from test_presses import PINS, Tabletop, bank
from test_review55_found import placed, restarted
from test_review56_found import hot  # noqa: F401 (the fixture)
from tray_news import TrayDie
from tray_news import TrayNews as News

from farkle_pi.errors import FarkleError
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.presses import HELD, THROWN_FIRST
from farkle_pi.table.table import Table
from farkle_pi.table.tray_input import NOT_THROWN, PROMPTS
from farkle_pi.ui.actions import Action

RED, BLUE = (40, 40, 200), (200, 60, 30)  # as the camera sees them (BGR)


@pytest.fixture
def camera_table(tmp_path: Path) -> Iterator[Table]:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        yield table


def test_a_key_under_the_banner_that_ends_in_a_roll_off_records_no_winner(
        tmp_path: Path, mock_pins: MockFactory) -> None:
    """Ann and Bob tie at 1,000 (ties roll off): `b` typed under "BANK +1,000" takes the
    banner away and shows ROLL OFF; it does not record the highlighted player as its winner
    unseen. A second `b`, on the ROLL OFF screen, records it."""
    top = Tabletop(tmp_path, mock_pins, "manual", {"target": "1000", "ties": "roll-off"})
    try:
        bank(top, "111234", "111")
        bank(top, "111234", "111")
        state = top.table.state
        assert state is not None and state.roll_off and top.table.view().banner is not None
        top.table.handle(Action("bank"))  # the desk's key, under the banner
        state = top.table.state
        assert state is not None and state.roll_off and top.table.view().banner is None
        top.table.handle(Action("bank"))
        state = top.table.state
        assert state is not None and not state.roll_off and state.over
    finally:
        top.close()


def test_bank_typed_under_a_banner_while_the_dice_roll_waits_and_the_throw_counts(
        hot: Tabletop) -> None:  # noqa: F811 (the fixture)
    """HOT DICE covers the screen, Ann's six dice tumble and `b` is typed at the desk: a key
    is not a button (it does not only take the banner away), and as BANK it waits for the
    tray: the Farkle landing counts, nothing is banked out of it."""
    hot.tray("removed", "555")
    hot.app.step()
    assert hot.table.view().banner is not None
    hot.rolling = True
    hot.app.actions.put(Action("bank"))
    hot.app.step()
    assert hot.app.view is not None and hot.app.view.prompt == HELD
    assert hot.scores() == {"Ann": 0, "Bob": 0}
    hot.now += 1.0
    hot.rolling = False
    hot.tray("settled", "223466")  # a Farkle
    hot.app.step()
    assert hot.scores() == {"Ann": 0, "Bob": 0} and hot.table.error == THROWN_FIRST


def test_a_cocked_die_thrown_again_alone_is_the_throw(camera_table: Table) -> None:
    """Ann kept 1 5 5 and threw her 2 3 4: a 2, a 3 and a die cocked. She throws that die
    again alone (two dice lying as they lay): that is her throw, not "no throw". (The
    first-picture check that the dice left lying were knocked over is for a start's first
    picture only: here it took her throw for the dice left lying.)"""
    thrown = placed("155234")
    camera_table.tray(News("settled", thrown))
    camera_table.tray(News("removed", thrown[:3]))
    two, three = TrayDie(2, center=(100.0, 300.0)), TrayDie(3, center=(200.0, 300.0))
    camera_table.tray(News("settled", (two, three, TrayDie(None, center=(300.0, 300.0),
                                                           flat=False))))
    camera_table.tray(News("prompt", reason="cocked"))
    camera_table.tray(News("settled", (two, three, TrayDie(1, center=(350.0, 250.0))), lying=2))
    state = camera_table.state
    assert camera_table.view().prompt != NOT_THROWN
    assert state is not None and len(state.throws) == 2 and str(state.last_throw) == "123"


def test_the_dice_left_lying_one_unread_and_one_knocked_over_are_no_throw(
        tmp_path: Path) -> None:
    """As in test_review56_found's knocked-over die, with the 2 left lying flat but unread:
    an unread die stands for any of the throw's dice, as a cocked one does: no "throw it
    again" for dice nobody threw."""
    thrown = placed("155234")
    table = restarted(tmp_path, "standard", [News("settled", thrown),
                                              News("removed", thrown[:3])])
    lying = (TrayDie(None, center=thrown[3].center), thrown[4],
             TrayDie(None, center=thrown[5].center, flat=False))
    table.tray(News("settled", lying, resumed=True))
    state = table.state
    assert table.view().prompt != PROMPTS["cocked"]
    assert state is not None and state.turn_points == 200 and len(state.throws) == 1


def test_a_knocked_over_die_read_as_another_face_is_still_the_dice_left_lying(
        tmp_path: Path) -> None:
    """The 4 knocked onto its edge is read as a 6 (a cocked die's reading is a guess at an
    edge): a cocked die stands for any of the throw's dice whatever it reads, so the dice
    left lying are still no throw and bring no "throw it again"."""
    thrown = placed("155234")
    table = restarted(tmp_path, "standard", [News("settled", thrown),
                                              News("removed", thrown[:3])])
    lying = (thrown[3], thrown[4], TrayDie(6, center=thrown[5].center, flat=False))
    table.tray(News("settled", lying, resumed=True))
    state = table.state
    assert table.view().prompt != PROMPTS["cocked"]
    assert state is not None and state.turn_points == 200 and len(state.throws) == 1


def test_the_highest_die_left_lying_knocked_over_is_no_throw(tmp_path: Path) -> None:
    """Ann kept 1 5 5 of 1 5 5 2 3 6; taking them out knocked the 6 onto its edge: the cocked
    die may stand for any die of the throw, the last of its sorted dice too."""
    thrown = placed("155236")
    table = restarted(tmp_path, "standard", [News("settled", thrown),
                                              News("removed", thrown[:3])])
    lying = (thrown[3], thrown[4], TrayDie(None, center=thrown[5].center, flat=False))
    table.tray(News("settled", lying, resumed=True))
    state = table.state
    assert table.view().prompt != PROMPTS["cocked"]
    assert state is not None and state.turn_points == 200 and len(state.throws) == 1


@pytest.mark.parametrize("faces", [(1, 2), (2, 2)])
def test_a_throw_while_the_table_was_down_of_the_last_throw_s_faces_is_told(
        tmp_path: Path, faces: tuple[int, int]) -> None:
    """Ann kept 1 5 5 of 1 5 5 2 3 4; while the table was down she threw her three dice: two
    read (faces the last throw had) and one cocked. The dice left lying cannot show these
    (1 2 leaves 5 5 3 4, which are no keep taken out; 2 2 has a 2 too many), so the cocked
    die is told, as for any throw."""
    thrown = placed("155234")
    table = restarted(tmp_path, "standard", [News("settled", thrown),
                                              News("removed", thrown[:3])])
    new = (TrayDie(faces[0], center=(100.0, 300.0)), TrayDie(faces[1], center=(200.0, 300.0)),
           TrayDie(None, center=(300.0, 300.0), flat=False))
    table.tray(News("settled", new, resumed=True))
    state = table.state
    assert table.view().prompt == PROMPTS["cocked"]
    assert state is not None and len(state.throws) == 1


@pytest.mark.parametrize(("keep", "points"), [((1,), 100), ((5, 5), 100)])
def test_each_option_keeps_its_own_faces(camera_table: Table, keep: tuple[int, ...],
                                         points: int) -> None:
    """1 5 5 2 3 4: the 1 and the two 5s are both worth 100; KEEP on either keeps those
    faces (not the first option worth as much)."""
    camera_table.tray(News("settled", placed("155234")))
    options = [(o.keep, o.points) for o in camera_table.view().options]
    camera_table.selected = options.index((keep, points))
    camera_table.handle(Action("keep", button=True))
    state = camera_table.state
    assert camera_table.error == "" and state is not None
    assert state.kept[-1].faces == keep and state.turn_points == points


@pytest.mark.parametrize("how", ["bank", "tap"])
def test_the_mixed_three_chosen_is_the_one_kept_by_bank_and_by_a_tap(
        tmp_path: Path, how: str) -> None:
    """Portland, no entry minimum: 1 1 3 3 3 3 with one blue 3. The option 1 1 and a mixed
    three 3s (500) chosen is what BANK banks and a tap on it keeps, not the red triple with
    the same faces (800): the players chose those dice (the KEEP button's test is
    test_mutants_found_table's)."""
    colours = (RED, RED, RED, RED, RED, BLUE)
    thrown = tuple(TrayDie(face, bgr, (60.0 * k + 60, 100.0))
                   for k, (face, bgr) in enumerate(zip((1, 1, 3, 3, 3, 3), colours, strict=True)))
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland", {"entry": "0"}), ["Ann", "Bob"], "camera",
                      resume=False, say=lambda _: None)
        table.new_game()
        table.tray(News("settled", thrown))
        options = [(o.keep, o.points) for o in table.view().options]
        mixed = options.index(((1, 1, 3, 3, 3), 500))
        assert ((1, 1, 3, 3, 3), 800) in options
        table.selected = mixed
        if how == "bank":
            table.handle(Action("bank", button=True))
            state = table.state
            assert table.error == "" and state is not None
            assert [p.score for p in state.players] == [500, 0]
        else:
            table.handle(Action("option", value=mixed, tapped=True))
            state = table.state
            assert table.error == "" and state is not None and state.turn_points == 500


def test_a_pasted_rules_name_is_quoted_by_its_start() -> None:
    """A rules name of 3,000 characters (a paste gone wrong into --set name=...) is refused in
    a line quoting its first 32 characters, not all 3,000 (the 33-character case in
    test_rules_presets fits a line either way)."""
    with pytest.raises(FarkleError, match="the rules' name goes on one line") as refused:
        load_rules("standard", {"name": "z" * 3000})
    assert len(str(refused.value)) < 300 and "z" * 32 + "…" in str(refused.value)


def test_bank_pressed_again_once_the_tray_is_still_banks_once(
        tmp_path: Path, mock_pins: MockFactory) -> None:
    """Ann's BANK waits for a hand in the tray; the tray goes still and she presses BANK again
    before the wait ends: that BANK banks, and the one that waited is dropped, not played
    on after it (as BANK on Bob's turn: refused, with an error line he did not cause)."""
    top = Tabletop(tmp_path, mock_pins, "camera")
    try:
        for kind, faces in (("settled", "111234"), ("removed", "111"), ("removed", "234")):
            top.tray(kind, faces)
        top.app.step()
        top.rolling = True
        top.press(PINS.bank)
        assert top.app.view is not None and top.app.view.prompt == HELD
        top.rolling = False
        top.press(PINS.bank, after=0.5)
        state = top.table.state
        assert top.scores() == {"Ann": 1000, "Bob": 0} and top.table.error == ""
        assert state is not None and state.player.name == "Bob" and len(state.turns) == 1
        assert state.phase == "start"
        assert top.app.view is not None and top.app.view.prompt != HELD
    finally:
        top.close()
