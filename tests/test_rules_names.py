"""A rules name that claims a preset is that preset: house rules on top are said, on the
screens' one line and in full where the output has room, and games stored before are named
from their fields (`game new --set entry=500` was "standard" in the history)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import fields
from pathlib import Path

import pytest

from farkle_pi.cli import main
from farkle_pi.config import load_config
from farkle_pi.errors import FarkleError
from farkle_pi.rules import PRESETS, RuleSet, load_rules, preset
from farkle_pi.rules.ruleset import MAX_NAME
from farkle_pi.store import Store


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("source", "changes", "name"), [
    ("standard", {"entry": "500"}, "standard + entry 500"),
    ("standard", {"must_throw_hot_dice": "true"}, "standard + must throw hot dice"),
    ("standard", {"entry": "500", "stealing": "true"}, "standard + entry 500, stealing"),
    ("standard", {"entry": "500", "must_throw_hot_dice": "true"}, "standard + house rules"),
    ("tyler", {"stealing": "false"}, "tyler + no stealing"),
    ("family", {"entry": "500"}, "family"),  # (what family plays already)
    ("standard", {"target": "5000"}, "standard"),  # (the target is shown beside the name)
    ("standard", {"entry": "500", "name": "Tonight"}, "Tonight"),  # said: it wins
])
def test_house_rules_on_a_preset_are_named_so(source: str, changes: dict[str, str],
                                               name: str) -> None:
    assert load_rules(source, changes).name == name


def test_changes_on_changes_name_all_of_them_and_undone_name_the_preset_again() -> None:
    once = load_rules("standard", {"entry": "500"})
    assert once.with_changes({"stealing": "true"}).name == "standard + entry 500, stealing"
    assert once.with_changes({"entry": "0"}).name == "standard"


def test_a_name_given_is_kept_and_goes_first_when_more_changes(tmp_path: Path) -> None:
    """`name = "standard + Gran's"` is the table's own: a target chosen on the setup screen
    keeps it, and a change on top is said after it, not named from the standard chart."""
    given = load_rules("standard", {"entry": "500", "name": "standard + Gran's"})
    assert given.with_changes({"target": "5000"}).name == "standard + Gran's"
    assert given.with_changes({"stealing": "true"}).name == "standard + Gran's, stealing"
    sheet = tmp_path / "grans.toml"
    sheet.write_text('base = "tyler"\nentry = 750\n', encoding="utf-8")
    assert load_rules(str(sheet), {"stealing": "false"}).name == "grans + no stealing"


@pytest.mark.parametrize("sheet", PRESETS)
def test_any_one_change_to_any_preset_gets_a_name_that_fits_and_is_not_a_presets(
        sheet: str) -> None:
    base = preset(sheet)
    for f in fields(RuleSet):
        if f.name in ("name", "target"):
            continue
        value = getattr(base, f.name)
        other: object = {"int": 1 if value != 1 else 2, "bool": not value}.get(str(f.type))
        if f.name == "dice":
            other = 5 if value == 6 else 6
        if other is None:  # a choice: another of its choices
            other = {"kinds": "none", "small_straights": "1000", "must_take_triples": "all",
                     "ties": "roll-off"}[f.name]
            if other == value:
                other = {"kinds": "fixed", "small_straights": "off", "must_take_triples": "none",
                         "ties": "shared"}[f.name]
        name = base.with_changes({f.name: other}).name
        assert name not in PRESETS and name.startswith(f"{sheet} + ") and len(name) <= MAX_NAME


def test_score_says_what_the_house_rules_change(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--set", "entry=500", "--set",
                       "must_throw_hot_dice=true", "111555")
    assert code == 0
    assert out.splitlines()[0] == "111555  (standard rules + entry=500, must_throw_hot_dice=true)"
    code, out, _ = run(capsys, "score", "--rules", "tyler", "111555")
    assert code == 0 and out.splitlines()[0] == "111555  (tyler rules)"


def test_a_preset_name_given_to_other_rules_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "--set", "entry=500", "--set", "name=standard", "15")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "that is the standard preset's name" in err and "entry=500" in err
    assert load_rules("family", {"name": "family"}).name == "family"  # (it is family)


def test_a_rules_file_named_after_a_preset_is_named_by_its_base_and_changes(
        tmp_path: Path) -> None:
    sheet = tmp_path / "standard.toml"
    sheet.write_text('base = "tyler"\nentry = 750\n', encoding="utf-8")
    assert load_rules(str(sheet)).name == "tyler + entry 750"


def test_the_configs_house_rules_are_named_so(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[rules]\npreset = "standard"\nmust_throw_hot_dice = true\n',
                      encoding="utf-8")
    rules = load_config(str(config)).rules.ruleset
    assert (rules.name, rules.must_throw_hot_dice) == ("standard + must throw hot dice", True)


def test_game_show_and_history_name_the_house_rules(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "farkle.db")
    assert run(capsys, "game", "new", "--players", "Ann", "Bob", "--set", "entry=500",
               "--db", db)[0] == 0
    code, out, _ = run(capsys, "game", "show", "--json", "--db", db)
    assert code == 0
    view = json.loads(out)
    assert (view["rules"], view["house_rules"]) == ("standard + entry 500", {"entry": 500})
    code, out, _ = run(capsys, "history", "--db", db)
    assert code == 0 and "(standard + entry 500" in out


def _stored_as_before(db: Path) -> None:
    """Every game's rules named "standard", as farkle-pi stored `game new --set entry=500`
    before names were honest (the column and the first event alike)."""
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE games SET rules = 'standard'")
        for game, body in connection.execute("SELECT game, body FROM events WHERE seq = 0"
                                              ).fetchall():
            event = json.loads(body)
            event["rules"]["name"] = "standard"
            connection.execute("UPDATE events SET body = ? WHERE game = ? AND seq = 0",
                               (json.dumps(event), game))
    connection.close()


def test_a_game_stored_as_standard_with_other_rules_is_named_from_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "farkle.db"
    with Store(db) as store:
        store.new_game(["Ann"], load_rules("standard", {"entry": "500"}))  # left unfinished
        store.new_game(["Bob"], load_rules("standard"))
        store.new_game(["Cy"], load_rules("standard", {"entry": "500", "target": "50"}))
    for words in (["throw", "111234"], ["keep", "111"], ["bank"]):  # Cy's game ends
        assert main(["game", *words, "--db", str(db)]) == 0
    capsys.readouterr()
    _stored_as_before(db)
    for _ in range(2):  # replayed, then from the summaries kept the first time
        code, out, _ = run(capsys, "history", "--json", "--db", str(db))
        assert code == 0
        named = [(game["rules"], game["over"]) for game in json.loads(out)["games"]]
        assert named == [("standard + entry 500", True), ("standard", False),
                         ("standard + entry 500", False)]
    with Store(db) as store:
        assert store.game(1).state.rules.name == "standard + entry 500"
        assert store.game(2).state.rules.name == "standard"
        given = load_rules("standard", {"entry": "500", "name": "standard + Gran's"})
        assert store.game(store.new_game(["Dee"], given).id).state.rules.name == (
            "standard + Gran's")  # (a name given is stored and read back as given)


def test_an_explicit_preset_name_with_changes_is_refused_in_a_config(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[rules]\npreset = "standard"\nname = "standard"\nentry = 500\n',
                      encoding="utf-8")
    with pytest.raises(FarkleError, match=r"\[rules\].*standard preset's name"):
        load_config(str(config))
