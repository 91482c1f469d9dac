"""Every screen a buttons-only table reaches says what the buttons do there: the winner and
history screens too (what they do is `Table._after_game`'s)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from screen_notes import SIZES, draw, size_id

from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.fairdice import FairDice
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action
from farkle_pi.ui.samples import SAMPLES, VARIANTS
from farkle_pi.ui.screens.keypad import ANSWERS, BUTTONS, hint
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import TableView


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize(("mode", "hint"), [
    ("manual", "KEEP tonight's games   hold UNDO undo"),
    ("camera", "KEEP tonight's games   hold UNDO undo"),
    ("virtual", "KEEP tonight's games"),  # a virtual-dice game cannot be reopened
])
def test_the_winner_screen_says_what_the_buttons_do(
        mode: str, hint: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(replace(SAMPLES["winner"], dice_mode=mode), size, monkeypatch)
    assert frame.texts[0].text == hint and frame.texts[0].cap >= 12


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("covered", [
    replace(VARIANTS["entry"], prompt="a die cannot be read - throw again or enter its face"),
    replace(VARIANTS["entry"], error="7 is not a die's face"),
], ids=["prompt", "error"])
def test_a_throw_entered_by_hand_says_what_the_buttons_do_under_a_prompt_too(
        covered: TableView, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The tray's prompt (or an error) takes the hint line; a buttons-only table once lost
    "NEXT face KEEP take die" there while entering the face of a die the camera could not
    read."""
    entry = VARIANTS["entry"]
    quiet = draw(entry, size, monkeypatch)
    assert quiet.find(hint(entry)).text.startswith(BUTTONS)  # the hint line, when it shows
    frame = draw(covered, size, monkeypatch)
    assert not [drawn for drawn in frame.texts if drawn.text == hint(entry)]
    assert frame.find(BUTTONS).cap >= quiet.find("2 of 5 dice entered").cap


@pytest.mark.parametrize(("over", "mode", "hint"), [
    (True, "manual", "any button: a new game   hold UNDO undo"),
    (True, "virtual", "any button: a new game"),
    (False, "manual", "any button: back to the game"),
])
def test_the_history_screen_says_where_a_button_leads(
        over: bool, mode: str, hint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    view = replace(SAMPLES["history"], game_over=over, dice_mode=mode)
    frame = draw(view, (800, 480), monkeypatch)
    assert frame.texts[0].text == hint and frame.texts[0].cap >= 15


@pytest.mark.parametrize(("mode", "hint"), [
    ("manual", "KEEP tonight's games   hold UNDO undo"),
    ("virtual", "KEEP tonight's games"),  # a virtual-dice game cannot be reopened
])
def test_the_scoreboard_after_a_game_says_where_keep_leads(
        mode: str, hint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the game the scoreboard said "KEEP back to the game", and KEEP showed tonight's
    games (`Table._after_game`), as on the winner screen (session 59's docs review)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard", {"target": "500", "final_round": "false"}),
                      ["Ann", "Bob"], "manual", clock=lambda: 0.0, resume=False)
        table.new_game()
        for face in (1, 1, 1, 2, 3, 4):  # Ann banks 1,000 and wins
            table.handle(Action("digit", value=face))
        table.handle(Action("bank"))
        assert table.state is not None and table.state.over
        table.handle(Action("show", text="scoreboard"))
        frame = draw(replace(table.view(), dice_mode=mode), (480, 320), monkeypatch)
        assert frame.find(hint).cap >= 10
        table.handle(Action("keep"))
        assert table.view().screen == "history"


def test_the_table_tells_the_history_screen_whether_a_game_is_on(tmp_path: Path) -> None:
    """During a game a button goes back to it; after one (or with none) to a new game."""
    store = Store(tmp_path / "farkle.db")
    table = Table(store, load_rules("standard", {}), [], "manual", clock=lambda: 0.0,
                  resume=False)
    table.handle(Action("show", text="history"))
    assert table.view().game_over  # no game yet ...
    table.handle(Action("keep"))  # ... so a button leads to a new game's setup, where
    table.handle(Action("next"))  # the buttons set it up (once: "internal error")
    setup = table.view()
    assert setup.screen == "setup" and setup.setup is not None and setup.setup.focus == 1
    assert not setup.error
    table.setup = replace(table.setup, players=("Ann", "Bob"), target=500)
    table.handle(Action("bank"))  # start
    table.handle(Action("show", text="history"))
    assert table.view().screen == "history" and not table.view().game_over
    table.handle(Action("keep"))  # back to the game
    assert table.view().screen == "throw"
    for face in (1, 1, 1, 5, 2, 3):  # Ann banks 1,050: the final round ...
        table.handle(Action("digit", value=face))
    table.handle(Action("bank"))
    for face in (2, 2, 3, 4, 6, 6):  # ... and Bob's last turn is a Farkle
        table.handle(Action("digit", value=face))
    assert table.state is not None and table.state.over
    table.handle(Action("show", text="history"))
    assert table.view().game_over and table.view().dice_mode == "manual"
    store.close()


def test_a_roll_off_is_picked_with_next_and_recorded_with_bank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`ties = "roll-off"`: after the dice settle the tie at the table, the winner screen
    records who won (NEXT steps through the tied players, BANK records, UNDO takes it back),
    so the night's history counts one win."""
    store = Store(tmp_path / "farkle.db")
    rules = load_rules("standard", {"target": "1000", "ties": "roll-off"})
    now = [0.0]
    table = Table(store, rules, ["Ann", "Bob"], "manual", clock=lambda: now[0], resume=False,
                  say=lambda _: None)
    table.new_game()
    for _ in range(2):  # each banks 1,000: Ann reaches the target, Bob ties in his last turn
        for face in "111234":
            table.handle(Action("digit", int(face)))
        table.handle(Action("bank"))  # the best keep (the three 1s), banked
        now[0] += 10.0  # the BANK banner has gone
    view = table.view()
    assert view.screen == "winner" and view.roll_off and view.winners == ("Ann", "Bob")
    assert draw(view, (800, 480), monkeypatch).texts[0].text == (
        "roll-off won by Ann?   NEXT other   BANK yes")
    table.handle(Action("next"))
    view = table.view()
    frame = draw(view, (800, 480), monkeypatch)
    assert frame.texts[0].text.startswith("roll-off won by Bob?")
    outlined = [rect for rect, colour in frame.outlines if colour == DARK.accent]
    assert len(outlined) == 1 and outlined[0].contains(frame.find("Bob").rect)  # his row
    table.handle(Action("bank"))
    now[0] += 10.0
    view = table.view()
    assert view.screen == "winner" and not view.roll_off and view.winners == ("Bob",)
    assert [(r.winners, r.over) for r in store.records()] == [(("Bob",), True)]
    table.handle(Action("undo"))  # the wrong one picked: the tie again
    assert table.view().roll_off and store.records()[0].winners == ("Ann", "Bob")
    table.handle(Action("bank"))  # NEXT starts again at Ann
    assert store.records()[0].winners == ("Ann",) and not table.error
    table.handle(Action("keep"))  # then as after any game: the night's history
    assert table.view().screen == "history"
    store.close()


def test_with_virtual_dice_the_roll_off_pick_is_undone_but_not_the_game_end(
        tmp_path: Path) -> None:
    """The Pi's own throws are never taken back (its dice would come again until they
    suit); the name picked for a roll-off is no throw."""
    store = Store(tmp_path / "farkle.db")
    rules = load_rules("standard", {"target": "1000", "ties": "roll-off"})
    table = Table(store, rules, ["Ann", "Bob"], "manual", clock=lambda: 0.0, resume=False,
                  say=lambda _: None)
    table.new_game()
    for _ in range(2):
        for face in "111234":
            table.handle(Action("digit", int(face)))
        table.handle(Action("bank"))
    assert table.game is not None
    table.fair = FairDice(table.game.id, bytes(32))  # as a virtual-dice game holds it
    table.handle(Action("undo"))
    assert table.view().roll_off  # the end of a virtual game stays
    table.handle(Action("bank"))
    assert store.records()[0].winners == ("Ann",)
    table.handle(Action("undo"))
    assert table.view().roll_off and store.records()[0].winners == ("Ann", "Bob")
    store.close()


def _tied(tmp_path: Path, now: list[float], names: tuple[str, str] = ("Ann", "Bob")
          ) -> tuple[Store, Table]:
    """A roll-off game where both players banked 1,000, the last bank's banner still up."""
    store = Store(tmp_path / "farkle.db")
    rules = load_rules("standard", {"target": "1000", "ties": "roll-off"})
    table = Table(store, rules, list(names), "manual", clock=lambda: now[0], resume=False,
                  say=lambda _: None)
    table.new_game()
    for _ in range(2):
        now[0] += 10.0
        for face in "111234":
            table.handle(Action("digit", int(face)))
        table.handle(Action("bank"))
    return store, table


def test_bank_again_under_the_tying_banks_banner_records_no_roll_off(tmp_path: Path) -> None:
    """The impatient thumb's second BANK came before anyone saw ROLL OFF, or rolled."""
    now = [0.0]
    store, table = _tied(tmp_path, now)
    assert table.view().screen == "results"  # "BANK +1,000" over the winner screen
    now[0] += 0.6  # past the button guard's half second, the banner still up
    table.handle(Action("bank"))
    assert table.view().roll_off and store.records()[0].winners == ("Ann", "Bob")
    table.handle(Action("bank"))  # seen now: recorded
    assert store.records()[0].winners == ("Ann",)
    store.close()


def test_a_tie_to_roll_off_for_is_taken_up_again_after_a_restart(tmp_path: Path) -> None:
    """A power cut on the ROLL OFF screen: the table comes back to it, not to a new game's
    setup (where only the command line could record the winner)."""
    now = [0.0]
    store, table = _tied(tmp_path, now)
    store.close()
    with Store(tmp_path / "farkle.db") as again:
        table = Table(again, load_rules("standard"), ["Ann", "Bob"], "manual",
                      clock=lambda: now[0], say=lambda _: None)
        view = table.view()
        assert view.screen == "winner" and view.roll_off
        table.handle(Action("next"))
        table.handle(Action("bank"))
        assert again.records()[0].winners == ("Bob",) and not table.view().roll_off
        table.handle(Action("keep"))
        assert table.view().screen == "history"


def test_names_alike_but_for_case_are_told_apart_in_a_roll_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stored before names alike were refused (tests/test_names_alike.py) still plays
    its roll-off to the player meant."""
    monkeypatch.setattr("farkle_pi.store.db.check_seating", lambda *_: None)
    now = [0.0]
    store, table = _tied(tmp_path, now, ("ann", "Ann"))
    now[0] += 10.0
    table.handle(Action("next"))  # to "Ann"
    table.handle(Action("bank"))
    assert store.records()[0].winners == ("Ann",)
    store.close()


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_steal_offer_is_not_contradicted_by_the_entry_row(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Game night review: offered a steal, NEXT steals and KEEP starts the player's own throw
    (the prompt says so), but the entry row said "NEXT face   KEEP take die" under it."""
    offer = replace(VARIANTS["entry"], typed="", face=None,
                    prompt="NEXT steals 1,050 with 6 dice from Bob, KEEP enters your own throw")
    frame = draw(offer, size, monkeypatch)
    assert not [drawn for drawn in frame.texts if drawn.text == BUTTONS]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_colour_question_under_a_prompt_says_what_the_buttons_answer(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Camera dice typed while the camera is lost: its prompt takes the hint line, and the
    question said nowhere that KEEP is yes and NEXT no (the YES and NO keys are for touch)."""
    asked = VARIANTS["colours"]
    assert draw(asked, size, monkeypatch).find(ANSWERS)  # the hint line, when it shows
    frame = draw(replace(asked, prompt="no camera found"), size, monkeypatch)
    assert frame.find(ANSWERS).cap >= 8
