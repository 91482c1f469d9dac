"""Defects found reviewing session 56's changes (banners and buttons, the held BANK)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from test_presses import PINS, Tabletop, bank
from test_review55_found import placed, restarted
from tray_news import TrayDie
from tray_news import TrayNews as News

from farkle_pi.table.presses import HELD
from farkle_pi.table.table import BANNER_SECONDS
from farkle_pi.table.tray_input import PROMPTS
from farkle_pi.ui.view import Banner


@pytest.fixture
def hot(tmp_path: Path, mock_pins: MockFactory) -> Iterator[Tabletop]:
    """Ann throws 1 1 1 5 5 5 and takes the three 1s out: 1,000, the three 5s lie."""
    top = Tabletop(tmp_path, mock_pins, "camera")
    top.tray("settled", "111555")
    top.tray("removed", "111")
    top.app.step()
    state = top.table.state
    assert state is not None and state.phase == "choose" and state.turn_points == 1000
    yield top
    top.close()


def bank_waits_under_hot_dice(hot: Tabletop) -> None:
    """Ann hits BANK while her hand takes the three 5s out of the tray; they join her keep and
    HOT DICE covers the screen while the BANK still waits for the tray to be still."""
    hot.rolling = True
    hot.press(PINS.bank, after=1.0)
    assert hot.app.view is not None and hot.app.view.prompt == HELD
    hot.tray("removed", "555")
    hot.app.step()
    assert hot.table.view().banner is not None


def test_bank_held_while_the_keep_grows_to_hot_dice_still_banks(hot: Tabletop) -> None:
    """Ann hits BANK as her hand takes the three 5s out too: the BANK waits for the tray;
    the 5s join her keep (hot dice, 1,500) and the HOT DICE banner comes up as the tray is
    still. She pressed BANK on the screen she had seen: it banks."""
    hot.rolling = True
    hot.press(PINS.bank, after=1.0)
    assert hot.app.view is not None and hot.app.view.prompt == HELD
    hot.now += 0.5
    hot.rolling = False
    hot.tray("removed", "555")
    hot.app.step()
    assert hot.scores() == {"Ann": 2500, "Bob": 0}  # (two triples)
    assert hot.table.error == ""


def test_bank_pressed_again_under_a_banner_that_came_while_it_waited_still_banks(
        hot: Tabletop) -> None:
    """Session 57: Ann hits BANK as her hand takes the three 5s out; they join her keep and
    HOT DICE covers the screen while her hand is still in the tray. Seeing nothing bank, she
    presses BANK again: it takes the banner away, and the BANK waiting stays (it was dropped
    as "another input", and two presses of BANK banked nothing)."""
    bank_waits_under_hot_dice(hot)
    hot.press(PINS.bank, after=0.6)
    view = hot.app.view
    assert view is not None and view.banner is None and view.prompt == HELD
    hot.now += 0.5
    hot.rolling = False
    hot.app.step()
    assert hot.scores() == {"Ann": 2500, "Bob": 0}
    assert hot.table.error == ""


def test_bank_under_the_hot_dice_banner_while_dice_are_picked_up_only_takes_it_away(
        hot: Tabletop) -> None:
    """HOT DICE covers the screen; Ann's hand gathers her dice and BANK is pressed under the
    banner: it takes the banner away, as anywhere else, and does not bank later (nor wait)."""
    hot.tray("removed", "555")
    hot.app.step()
    assert hot.table.view().banner is not None
    hot.rolling = True
    hot.press(PINS.bank, after=0.6)
    view = hot.app.view
    assert view is not None and view.banner is None and view.prompt != HELD
    hot.now += BANNER_SECONDS
    hot.rolling = False
    hot.app.step()
    assert hot.scores() == {"Ann": 0, "Bob": 0}


@pytest.mark.parametrize("pin", [PINS.next, PINS.keep, PINS.bank])
def test_a_button_under_the_banner_that_ends_the_game_shows_the_winner(
        tmp_path: Path, mock_pins: MockFactory, pin: int) -> None:
    """Ann's bank wins (no final round): "BANK +1,000" covers the winner screen. A button
    pressed under it takes it away; the winner screen shows, not the night's history that
    the same press on the winner screen goes on to."""
    top = Tabletop(tmp_path, mock_pins, "manual", {"target": "1000", "final_round": "false"})
    try:
        bank(top, "111234", "111")
        view = top.table.view()
        state = top.table.state
        assert state is not None and state.over and view.banner is not None
        top.press(pin, after=0.6)
        assert top.table.screen == "winner" and top.table.view().screen == "winner"
        top.press(pin)  # seen: on to the history
        assert top.table.view().screen == "history"
    finally:
        top.close()


def test_the_dice_left_lying_with_one_knocked_over_are_not_told_to_be_thrown_again(
        tmp_path: Path) -> None:
    """Ann kept 1 5 5 (200) and her 2 3 4 lie; taking the keep out knocked the 4 onto its
    edge. The table starts again: its first picture is no throw (its dice are the ones left
    lying), so "die cocked - throw it again" is wrong: Ann, doing as told, threw the 4 alone
    and the 2 and 3 nobody threw were played with it (a Farkle: her 200 lost)."""
    thrown = placed("155234")
    table = restarted(tmp_path, "standard", [News("settled", thrown),
                                              News("removed", thrown[:3])])
    lying = (thrown[3], thrown[4], TrayDie(None, center=thrown[5].center, flat=False))
    table.tray(News("settled", lying, resumed=True))
    assert table.view().prompt != PROMPTS["cocked"]
    table.tray(News("settled", (thrown[3], thrown[4], TrayDie(6, center=(400.0, 300.0))),
                    lying=2))  # the knocked die alone thrown
    state = table.state
    assert state is not None and state.player.name == "Ann" and state.turn_points == 200
    assert not state.turns and len(state.throws) == 1


def test_a_throw_made_while_the_table_was_down_with_a_cocked_die_is_still_told(
        tmp_path: Path) -> None:
    """Not the dice left lying (a 6 is none of them): the cocked die is thrown again."""
    thrown = placed("155234")
    table = restarted(tmp_path, "standard", [News("settled", thrown),
                                              News("removed", thrown[:3])])
    new = (TrayDie(6, center=(100.0, 300.0)), TrayDie(2, center=(200.0, 300.0)),
           TrayDie(None, center=(300.0, 300.0), flat=False))
    table.tray(News("settled", new, resumed=True))
    assert table.view().prompt == PROMPTS["cocked"]
    table.tray(News("settled", (*new[:2], TrayDie(1, center=(400.0, 300.0))), lying=2))
    state = table.state
    assert state is not None and len(state.throws) == 2 and state.phase == "keep"


def test_a_button_under_a_banner_shows_the_one_queued_behind_it(
        tmp_path: Path, mock_pins: MockFactory) -> None:
    """Ann's bank reaches the target: "BANK +1,000", then "FINAL ROUND". NEXT under the first
    takes it away and shows the second in full (it took both away: FINAL ROUND never seen)."""
    top = Tabletop(tmp_path, mock_pins, "manual", {"target": "1000"})
    try:
        bank(top, "111234", "111")
        assert top.table.view().banner == Banner("bank", "BANK +1,000", "Ann now has 1,000")
        top.press(PINS.next, after=0.6)
        shown = top.table.view().banner
        assert shown is not None and shown.kind == "final_round"
        assert top.table.banner_seconds() == 0.0  # from its start: it grows in and holds
        top.press(PINS.next)
        state = top.table.state
        assert top.table.view().banner is None and state is not None
        assert state.player.name == "Bob" and state.final_round
    finally:
        top.close()
