"""What a mutation review of session 61's rules names found its tests let through: the name a
change on top gives a name of the table's own, the edges of a name's 32 characters, the
phrases, `house_changes` and a config that names other rules after a preset at the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import assert_clean, run_cli

from farkle_pi.rules import house_changes, load_rules
from farkle_pi.rules.ruleset import MAX_NAME
from farkle_pi.table import trouble

MANY = {"min_bank": "300", "three_farkles": "1000", "stealing": "true"}  # (past 32 together)


def test_a_name_given_keeps_its_place_when_the_changes_do_not_fit() -> None:
    """It lost all but its preset ("standard + house rules"): the name given goes first."""
    given = load_rules("standard", {"entry": "500", "name": "standard + Gran's"})
    assert given.with_changes(MANY).name == "standard + Gran's + house rules"


def test_a_long_name_given_is_cut_short_with_an_ellipsis_not_mid_word_unsaid() -> None:
    """32 characters and a change: "The Henderson fami + house rules" read as a whole name."""
    given = load_rules("standard", {"name": "The Henderson family Sunday rule"})
    name = given.with_changes({"stealing": "true"}).name
    assert name == "The Henderson fam… + house rules" and len(name) == MAX_NAME


def test_a_name_that_says_house_rules_already_stays_as_it_is() -> None:
    given = load_rules("standard", {"name": "Gran's + house rules"})
    assert given.with_changes({"stealing": "true"}).name == "Gran's + house rules"


def test_a_name_and_its_change_of_exactly_32_characters_is_kept_whole() -> None:
    given = load_rules("standard", {"name": "x" * 20})
    assert given.with_changes({"entry": "500"}).name == "x" * 20 + " + entry 500"
    assert given.with_changes({"entry": "5000"}).name == "x" * 17 + "… + house rules"
    room = load_rules("standard", {"name": "x" * 18})  # (all but " + house rules")
    assert room.with_changes(MANY).name == "x" * 18 + " + house rules"
    spaced = load_rules("standard", {"name": "abcdefghijklmnop qrstuvwxyz"})
    assert spaced.with_changes(MANY).name == "abcdefghijklmnop… + house rules"


def test_a_rule_set_to_zero_is_said_as_none_of_it() -> None:
    assert load_rules("tyler", {"entry": "0"}).name == "tyler + no entry"


def test_house_changes_say_the_target_too_and_nothing_for_a_tables_own_sheet(
        tmp_path: Path) -> None:
    """The docs: `house_rules` is "the target too", and `{}` for a rules file."""
    assert house_changes(load_rules("standard", {"entry": "500", "target": "5000"})) == {
        "entry": 500, "target": 5000}
    sheet = tmp_path / "grans.toml"
    sheet.write_text('base = "tyler"\nentry = 750\n', encoding="utf-8")
    assert house_changes(load_rules(str(sheet))) == {}


def test_a_name_in_a_sentence_says_rules_once() -> None:
    assert load_rules("standard").called == "standard rules"
    assert load_rules("standard", MANY).called == "standard + house rules"


def test_a_config_naming_other_rules_after_a_preset_says_so_on_the_tables_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A config that worked before the names were honest (`name = "standard"` beside
    `entry = 500`): the table does not start a game under it, and says why on its screen."""
    shown: list[str] = []

    def nobody_presses(surface: object, theme: object, message: str, pins: object) -> bool:
        shown.append(message)
        return False

    monkeypatch.setattr(trouble, "show_trouble", nobody_presses)
    config = tmp_path / "config.toml"
    config.write_text('[table]\ndice = "manual"\n[screen]\nsize = "480x320"\nfullscreen = false\n'
                      '[rules]\npreset = "standard"\nname = "standard"\nentry = 500\n',
                      encoding="utf-8")
    outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 2 and len(shown) == 1, outcome.err
    assert "name=standard: that is the standard preset's name" in shown[0]
    assert "give them a name of their own, or leave name out" in shown[0]
