"""The BANK lamp (and the screen's "BANK bank") says whether BANK on the highlighted option
banks. In a two-colour game the same faces can be two options (three 3s of one colour are a
triple; of two colours they are not): the lamp followed the faces' best colouring, lit for the
mixed option, and BANK was then refused."""

from __future__ import annotations

from pathlib import Path

from tray_news import TrayDie
from tray_news import TrayNews as News

from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

RED, BLUE = (40, 40, 200), (200, 60, 30)  # as the camera sees them (BGR)


def test_the_lamp_follows_the_highlighted_options_colours(tmp_path: Path) -> None:
    """Ann's first throw, 1 1 3 3 3 3 with one blue 3; 750 gets her on the board. Keeping
    1 1 and three red 3s is 800 (banks); 1 1 and two red 3s with the blue is 500 (does not)."""
    colours = (RED, RED, RED, RED, RED, BLUE)
    thrown = tuple(TrayDie(face, bgr, (60.0 * k + 60, 100.0))
                   for k, (face, bgr) in enumerate(zip((1, 1, 3, 3, 3, 3), colours, strict=True)))
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann", "Bob"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        table.tray(News("settled", thrown))
        options = [(o.keep, o.points) for o in table.view().options]
        assert ((1, 1, 3, 3, 3), 800) in options and ((1, 1, 3, 3, 3), 500) in options
        table.selected = options.index(((1, 1, 3, 3, 3), 500))
        assert not table.view().can_bank
        table.handle(Action("bank", button=True))
        assert "not enough to bank" in table.error and table.state is not None
        assert table.state.player.name == "Ann"
        table.selected = options.index(((1, 1, 3, 3, 3), 800))
        assert table.view().can_bank
        table.handle(Action("bank", button=True))
        state = table.state
        assert table.error == "" and state is not None
        assert [p.score for p in state.players] == [800, 0]
