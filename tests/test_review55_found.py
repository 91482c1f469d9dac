"""Defects found by the fifty-fifth session's review, each kept as a test."""

from __future__ import annotations

from pathlib import Path
from queue import Queue

import pytest
from tray_news import TrayNews as News
from tray_news import dice
from tray_scenes import FakeReader, Film

from farkle_pi.config import CameraConfig
from farkle_pi.game import Bank, Game, Keep, Refused, Steal, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table import camera as camera_module
from farkle_pi.table.camera import open_live_tray
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def test_a_player_alone_cannot_steal_their_own_bank() -> None:
    """Stealing takes over the *previous player's* dice: in a game of one (a practice game
    under tyler) the next turn is the banker's own, and stealing it paid the bank twice."""
    game = Game(["Solo"], load_rules("tyler"))
    for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
        game.apply(command)
    assert game.state.players[0].score == 1000
    assert game.state.steal is None
    with pytest.raises(Refused):
        game.apply(Steal())


def test_a_table_started_again_mid_turn_takes_no_throw_from_the_dice_left_lying(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut or a restart (systemd starts the table again) after Ann kept 1 and 5: her
    other four dice lie in the tray. The camera's first still picture of them is no throw
    (it was taken for one: 2 3 4 6, a Farkle, and her 150 were lost unseen)."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: FakeReader())
    rules = load_rules("standard")
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "camera", resume=False, say=lambda _: None)
        table.new_game()
        table.tray(News("settled", dice("152346")))
        table.handle(Action("next"))  # the coach's keep first; choose 1 5 by hand
        options = [o.keep for o in table.view().options]
        table.selected = options.index((1, 5))
        table.handle(Action("keep"))
        state = table.state
        assert state is not None and state.phase == "choose" and state.turn_points == 150
    left = [(100, 100, 2), (200, 150, 3), (300, 300, 4), (400, 200, 6)]
    with Store(tmp_path / "farkle.db") as store:  # the table started again
        table = Table(store, rules, ["Ann", "Bob"], "camera", say=lambda _: None)
        live = open_live_tray(CameraConfig(source="opencv:0"), tmp_path / "none.json", Queue())
        for event in live.tray.run(Film().still(2.0, left).frames):
            table.tray(event)
        state = table.state
        assert state is not None and state.phase == "choose" and state.turn_points == 150
        assert state.player.name == "Ann"
