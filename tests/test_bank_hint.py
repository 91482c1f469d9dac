"""The throw screen's hint line says "BANK bank" only where BANK banks, as the lamp is lit: it
promised a bank on hot dice the house rule makes be thrown again, below the entry minimum and
before a turn's first throw, where BANK is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_script import play, standard
from screen_notes import draw
from seating import seated, typed

from farkle_pi.app import bank_lamp_lit
from farkle_pi.rules import load_rules
from farkle_pi.table.adapter import Shown, table_view
from farkle_pi.ui.actions import Action
from farkle_pi.ui.view import TableView

BANK = "BANK bank"


def hint_line(view: TableView, monkeypatch: pytest.MonkeyPatch) -> str:
    """The controls hint as drawn at 480x320 (the last text of the throw screen)."""
    assert not view.prompt and not view.error  # (they take the hint's line)
    return draw(view, (480, 320), monkeypatch).texts[-1].text


def test_hot_dice_that_must_be_thrown_again_are_not_offered_a_bank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules("standard", {"must_throw_hot_dice": "true"})
    with seated(tmp_path, rules, ["Ann", "Bob"], "manual") as table:
        typed(table, "111555")
        view = table.view()
        assert view.options[view.selected].keep == (1, 1, 1, 5, 5, 5)  # every die: hot dice
        assert hint_line(view, monkeypatch).startswith("NEXT option")
        assert BANK not in hint_line(view, monkeypatch) and not bank_lamp_lit(view)
        table.handle(Action("bank"))
        assert table.error.startswith("hot dice")  # (refused, as the hint no longer says)
        table.error = ""
        table.handle(Action("next"))  # a keep that leaves dice: it may be banked
        view = table.view()
        assert len(view.options[view.selected].keep) < 6
        assert BANK in hint_line(view, monkeypatch) and bank_lamp_lit(view)


def test_below_the_entry_minimum_bank_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play(standard(entry="500"), "throw 123466")
    view = table_view(game.state, Shown(dice_mode="virtual"))
    assert BANK not in hint_line(view, monkeypatch)
    play(game, "keep 1")  # 100 in hand, 500 needed to get on the board
    view = table_view(game.state, Shown(dice_mode="virtual"))
    assert hint_line(view, monkeypatch) == "KEEP throws 5 dice   hold UNDO"
    play(game, "throw 11555\nkeep 11555")  # 900: now BANK banks
    view = table_view(game.state, Shown(dice_mode="virtual"))
    assert BANK in hint_line(view, monkeypatch)


def test_a_turns_first_throw_is_not_offered_a_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    view = table_view(standard().state, Shown(dice_mode="camera"))
    assert hint_line(view, monkeypatch) == "throw 6 dice into the tray   hold UNDO"


def test_where_bank_banks_the_hint_says_so_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play(standard(), "throw 111555")
    view = table_view(game.state, Shown(dice_mode="virtual"))
    assert hint_line(view, monkeypatch) == "NEXT option 1/15   KEEP take   BANK bank   hold UNDO"
    play(game, "keep 111")
    view = table_view(game.state, Shown(dice_mode="camera"))
    assert hint_line(view, monkeypatch) == "throw 3 dice into the tray   BANK bank   hold UNDO"
