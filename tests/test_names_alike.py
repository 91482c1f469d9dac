"""Names that look alike on the scoreboard ("Ann" and "ann", "Zoë" typed as one letter or as an
e and a combining mark) are refused where players join; typed on the setup screen for a player of
earlier games, the name is hers as before, so her stats stay whole."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from fuzzing import assert_clean, run_cli

from farkle_pi.errors import FarkleError
from farkle_pi.game.seating import check_seating, name_key
from farkle_pi.game.turns import Refused
from farkle_pi.rules import PRESETS
from farkle_pi.table.setup import step
from farkle_pi.ui.actions import Action
from farkle_pi.ui.view import SetupView

ZOE_ONE = unicodedata.normalize("NFC", "Zoë")
ZOE_TWO = unicodedata.normalize("NFD", "Zoë")


def test_the_key_ignores_capitals_spaces_and_the_unicode_form() -> None:
    assert ZOE_ONE != ZOE_TWO
    assert name_key(" ANN ") == name_key("ann") and name_key(ZOE_ONE) == name_key(ZOE_TWO)
    assert name_key("Ann") != name_key("Anne")


@pytest.mark.parametrize(("names", "seated"), [
    (["Ann", "ann"], []), ([ZOE_ONE, ZOE_TWO], []), (["ANN"], ["Bob", "Ann"]),
])
def test_names_alike_are_refused_saying_which(names: list[str], seated: list[str]) -> None:
    with pytest.raises(Refused, match="look alike on the scoreboard: give another name"):
        check_seating(names, seated)


def test_different_names_and_an_exact_repeat_pass_here() -> None:
    """An exact repeat is the engine's to refuse ("there is already a player called Ann")."""
    check_seating(["Ann", "Anne", "Bob"], ["Cy"])
    check_seating(["Ann", "Ann"])


def test_the_command_line_refuses_them_in_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "farkle.db")
    outcome = run_cli(["game", "new", "--db", db, "--players", "Ann", "ann"])
    assert_clean(outcome)
    assert outcome.code == 2 and "ann and Ann look alike on the scoreboard" in outcome.err
    assert run_cli(["game", "new", "--db", db, "--players", "Ann", "Bob"]).code == 0
    outcome = run_cli(["game", "add", "--db", db, ZOE_TWO])
    assert outcome.code == 0, outcome.err
    outcome = run_cli(["game", "add", "--db", db, "BOB"])
    assert_clean(outcome)
    assert outcome.code == 2 and "BOB and Bob look alike" in outcome.err
    outcome = run_cli(["game", "add", "--db", db, ZOE_ONE])
    assert outcome.code == 2 and "look alike" in outcome.err


def test_a_config_with_names_alike_is_a_config_error(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[table]\nplayers = ["Ann", "ANN"]\n', encoding="utf-8")
    outcome = run_cli(["config", "check", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 2 and "players" in outcome.err and "look alike" in outcome.err


def typed(setup: SetupView, text: str) -> SetupView:
    for char in text:
        setup, _ = step(setup, Action("char", text=char), PRESETS)
    setup, _ = step(setup, Action("next"), PRESETS)
    return setup


def test_setup_takes_the_known_spelling_and_refuses_one_playing() -> None:
    setup = typed(SetupView(players=(), known_names=("Ann", ZOE_ONE)), "ann")
    assert setup.players == ("Ann",)  # her name as in the earlier games
    setup = typed(setup, ZOE_TWO)
    assert setup.players == ("Ann", ZOE_ONE)
    with pytest.raises(FarkleError, match="Ann is already playing"):
        typed(setup, "ANN")
    assert typed(setup, "Anne").players == ("Ann", ZOE_ONE, "Anne")
