"""The command line as a game night's host uses it over SSH (session 61's review): a name in
another case than earlier games, a name with spaces typed without quotes, a mistyped --db
under --json, and what `--help` says of the dice."""

from __future__ import annotations

import json
import sqlite3
from functools import partial
from pathlib import Path

import pytest
from test_cli_game import run, show

from farkle_pi.cli import main
from farkle_pi.commands import db_args
from farkle_pi.game import Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store


def names(view: dict[str, object]) -> list[str]:
    return [p["name"] for p in view["players"]]  # type: ignore[attr-defined]


def play(capsys: pytest.CaptureFixture[str], db: Path, *commands: str) -> None:
    for command in commands:
        code, _, err = run(capsys, db, "game", *command.split())
        assert code == 0, err


def test_a_name_typed_in_another_case_keeps_the_spelling_of_earlier_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`game new --players ann` after games with Ann seated a new "ann": `stats` listed Ann
    and ann as two players (the table's setup seats her as Ann). Late players too."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "Cy", "--set", "target=200")
    play(capsys, db, "throw 155234", "keep 155", "bank", "throw 234662", "throw 234662")
    assert run(capsys, db, "game", "new", "--players", "ann", "BOB", "Dee",
               "--set", "target=200")[0] == 0
    assert names(show(capsys, db)) == ["Ann", "Bob", "Dee"]
    play(capsys, db, "add cy")
    assert names(show(capsys, db)) == ["Ann", "Bob", "Dee", "Cy"]
    play(capsys, db, "throw 155234", "keep 155", "bank", "throw 234662", "throw 234662",
         "throw 234662")
    code, out, _ = run(capsys, db, "stats", "--json")
    rows = {row["name"]: row for row in json.loads(out)["players"]}
    assert sorted(rows) == ["Ann", "Bob", "Cy", "Dee"]
    assert (rows["Ann"]["games"], rows["Ann"]["wins"], rows["Cy"]["games"]) == (2, 2, 2)
    code, _, err = run(capsys, db, "game", "new", "--players", "ann", "ANN")
    assert code == 2 and err == "farkle-pi: ANN and ann look alike on the scoreboard: give " \
        "another name\n"  # as typed: two alike are refused before any earlier spelling


def test_a_name_with_spaces_without_quotes_is_one_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`game leave Mary Jo` stopped at "unrecognized arguments: Jo" (and the refusal of a
    second leave says `farkle-pi game add Mary Jo` brings her back)."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Mary Jo", "Bob", "Cy",
        "--set", "target=200", "--set", "ties=roll-off")
    play(capsys, db, "leave mary jo")
    seats = show(capsys, db)["players"]
    assert [p["left"] for p in seats] == [True, False, False]  # type: ignore[attr-defined]
    play(capsys, db, "add Mary Jo", "throw 155234", "keep 155", "bank", "throw 234662",
         "throw 155234", "keep 155", "bank")
    assert show(capsys, db)["roll_off"] is True
    play(capsys, db, "roll-off MARY JO")
    assert show(capsys, db)["winners"] == ["Mary Jo"]


def test_several_words_for_a_new_player_are_asked_about_not_guessed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`add Dee Eve`: one player called Dee Eve, or two? One line says how to say which."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob")
    before = show(capsys, db)
    code, out, err = run(capsys, db, "game", "add", "Dee", "Eve")
    assert code == 2 and out == ""
    assert err == ('farkle-pi: add seats one player: put a name with spaces in quotes '
                   '(farkle-pi game add "Dee Eve"), or add the players one at a time\n')
    assert show(capsys, db) == before
    play(capsys, db, "add Dee")
    assert run(capsys, db, "game", "add", "Dee Eve")[0] == 0
    assert names(show(capsys, db)) == ["Ann", "Bob", "Dee", "Dee Eve"]


@pytest.mark.parametrize("players", [["Ann", "ann"], ["Ann", "A\nB"], [f"P{i}" for i in range(9)],
                                     ["Ann", "Ann"], ["Ann", " "]])
def test_a_refused_game_new_makes_no_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: list[str]
) -> None:
    """Names refused by `game new` left an empty database (and its folders) at the --db given:
    "a refused command changes nothing", and a mistyped --db leaves nothing behind."""
    typo = tmp_path / "no-such-folder" / "farkel.db"
    code, out, err = run(capsys, typo, "game", "new", "--players", *players)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert not typo.parent.exists()


@pytest.mark.parametrize("report", ["stats", "history", "fairness"])
def test_a_json_report_on_a_mistyped_database_says_so_beside_the_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, report: str
) -> None:
    """The empty JSON of a --db that names no file looked like a database with no games."""
    typo = tmp_path / "farkel.db"
    code, out, err = run(capsys, typo, report, "--json")
    assert code == 0 and json.loads(out)  # still one JSON object for a script
    assert err == (f"note: no games yet: there is no {typo} (the table makes it when it "
                   "starts, and farkle-pi game new; check --db)\n")
    assert not typo.exists()


@pytest.mark.parametrize("action", ["throw", "keep", "correct"])
def test_the_dice_commands_help_says_how_dice_are_typed(
    capsys: pytest.CaptureFixture[str], action: str
) -> None:
    assert main(["game", action, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "DICE faces in any order: 115234, 1 1 5 2 3 4 or 1,1,5,2,3,4" in text


@pytest.mark.parametrize(("report", "says"), [
    ("stats", "games, wins, average banked turn, Farkle rate, best turn, hot dice, longest streak"),
    ("history", "every stored game, newest first: its start, rules, scores and winners"),
    ("fairness", "chi-square test of every die value thrown"),
])
def test_a_report_s_help_says_what_it_reports(
    capsys: pytest.CaptureFixture[str], report: str, says: str
) -> None:
    """`stats --help` listed only --db, --config and --json: what it counts was said nowhere
    but the top-level list (and the README)."""
    assert main([report, "--help"]) == 0
    rest = capsys.readouterr().out.partition("\n\n")[2]  # after the usage lines
    assert says in " ".join(rest.split("options:")[0].split())


@pytest.mark.parametrize("words", [["add", "Zed"], ["new", "--players", "ann", "Bob"]])
def test_a_name_looked_up_on_a_locked_database_is_still_one_line(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, words: list[str]
) -> None:
    """The earlier games' spellings were read by a store that keeps the summaries it rebuilds:
    while the table held the file, `game add` said "summaries not kept: database is locked"
    before its own line."""
    db = tmp_path / "farkle.db"
    with Store(db) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard")).apply(Throw(Roll.parse("115234")))
        store.new_game(["Cy", "Dee"], load_rules("standard"))  # Ann's game: no summary yet
    monkeypatch.setattr(db_args, "Store", partial(Store, timeout=0.05))
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the table, writing
    try:
        code, out, err = run(capsys, db, "game", *words)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert code == 2 and out == "" and err.count("\n") == 1 and "database is locked" in err
    assert [r.getMessage() for r in caplog.records] == []
