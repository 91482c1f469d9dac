"""`farkle-pi game …`, `stats`, `history`, `fairness`: the JSON contracts and exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from farkle_pi.cli import main
from farkle_pi.config import load_config
from farkle_pi.store import Store

CONTRACT = [
    "players",
    "current",
    "turn_points",
    "dice_to_throw",
    "last_throw",
    "options",
    "final_round",
    "last_turn_for",
    "winners",
    "over",
]


def run(capsys: pytest.CaptureFixture[str], db: Path, *words: str) -> tuple[int, str, str]:
    code = main([*words, "--db", str(db)])
    out, err = capsys.readouterr()
    return code, out, err


def show(capsys: pytest.CaptureFixture[str], db: Path) -> dict[str, object]:
    code, out, _ = run(capsys, db, "game", "show", "--json")
    assert code == 0
    view: dict[str, object] = json.loads(out)
    return view


def test_a_game_through_the_cli_follows_the_json_contract(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "farkle.db"
    code, out, _ = run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--json")
    assert code == 0
    view = json.loads(out)
    assert list(view)[: len(CONTRACT)] == CONTRACT
    assert view["players"] == [
        {"name": "Ann", "score": 0, "on_board": False, "farkles": 0, "left": False},
        {"name": "Bob", "score": 0, "on_board": False, "farkles": 0, "left": False},
    ]
    assert (view["current"], view["turn_points"], view["dice_to_throw"]) == ("Ann", 0, 6)
    assert view["last_throw"] is None and view["options"] == [] and view["winners"] == []

    assert run(capsys, db, "game", "throw", "115234")[0] == 0
    view = show(capsys, db)
    assert view["last_throw"] == [1, 1, 2, 3, 4, 5]
    assert view["options"][0] == {  # type: ignore[index]
        "keep": [1, 1, 5],
        "points": 250,
        "label": "single 1 + single 1 + single 5",
    }
    for words in (["keep", "115"], ["bank"]):
        assert run(capsys, db, "game", *words)[0] == 0
    view = show(capsys, db)
    assert view["players"][0]["score"] == 250  # type: ignore[index]
    assert view["current"] == "Bob"
    assert view["last_throw"] is None  # Bob's turn has no throw yet (not Ann's dice)


def test_a_refusal_prints_its_reason_and_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "--rules", "family")
    run(capsys, db, "game", "throw", "155234")
    run(capsys, db, "game", "keep", "1")
    before = show(capsys, db)
    code, out, err = run(capsys, db, "game", "bank")
    assert code == 2 and out == ""
    assert err == "farkle-pi: Ann needs 500 in this turn to get on the board and has 100: " \
        "throw 5 dice again\n"
    assert show(capsys, db) == before
    code, _, err = run(capsys, db, "game", "keep", "2")
    assert code == 2 and "no throw to keep" in err


def test_undo_correct_steal_and_add_through_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--rules", "standard",
        "--set", "stealing=true")
    for words in (
        ["throw", "123456"], ["keep", "123456"], ["bank"],  # Ann 1500
        ["throw", "111234"], ["correct", "111235"], ["keep", "1115"],  # Bob 1050
        ["add", "Cy"], ["bank"],
    ):
        assert run(capsys, db, "game", *words)[0] == 0, words
    code, _, err = run(capsys, db, "game", "steal")
    assert (code, err) == (2, "farkle-pi: Cy is not on the board yet, so may not steal Bob's "
                              "dice: throw 6 dice\n")
    view = show(capsys, db)
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob", "Cy"]  # type: ignore[attr-defined]
    assert view["current"] == "Cy"
    assert run(capsys, db, "game", "undo")[0] == 0  # Bob's bank
    assert run(capsys, db, "game", "undo")[0] == 0  # Cy joining
    assert len(show(capsys, db)["players"]) == 2  # type: ignore[arg-type]
    assert run(capsys, db, "game", "bank")[0] == 0
    code, out, _ = run(capsys, db, "game", "steal")  # Ann is on the board: she may steal
    assert code == 0 and "Ann stole 1050: throw 2 dice" in out


def test_without_a_game_the_cli_says_how_to_start_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, tmp_path / "farkle.db", "game", "bank")
    assert code == 2 and "game new --players" in err and err.count("\n") == 1


def test_a_mistyped_database_is_named_and_never_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Only `game new` (and the table) make the database: a report on a path with no file
    says so and leaves nothing there, and a game command stops with one line."""
    typo = tmp_path / "no-such-folder" / "farkel.db"
    for report in ("stats", "history", "fairness"):
        code, out, _ = run(capsys, typo, report)
        assert code == 0 and out == (f"no games yet: there is no {typo} (the table makes it "
                                     "when it starts, and farkle-pi game new; check --db)\n")
    code, out, _ = run(capsys, typo, "stats", "--json")
    assert code == 0 and json.loads(out) == {"players": []}
    code, out, _ = run(capsys, typo, "fairness", "--json")
    assert code == 0 and json.loads(out)["dice"] == 0
    for words in (["game", "show"], ["game", "throw", "123456"], ["verify", "1"]):
        code, _, err = run(capsys, typo, *words)
        assert code == 2 and err.count("\n") == 1
        assert f"no game database at {typo}" in err and "check --db" in err
    assert not typo.parent.exists()
    assert run(capsys, typo, "game", "new", "--players", "Ann", "Bob")[0] == 0
    assert typo.is_file()
    code, out, _ = run(capsys, typo, "history")
    assert code == 0 and "unfinished: Ann 0, Bob 0" in out


def test_stats_history_and_fairness_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=200")
    for words in (["throw", "115234"], ["keep", "115"], ["bank"], ["throw", "234662"]):
        run(capsys, db, "game", *words)
    code, out, _ = run(capsys, db, "history", "--json")
    assert code == 0
    assert json.loads(out)["games"][0]["winners"] == ["Ann"]
    code, out, _ = run(capsys, db, "stats", "--json")
    rows = {r["name"]: r for r in json.loads(out)["players"]}
    assert (rows["Ann"]["wins"], rows["Bob"]["farkles"], rows["Bob"]["farkle_rate"]) == (1, 1, 1.0)
    code, out, _ = run(capsys, db, "fairness", "--json")
    result = json.loads(out)
    assert result["dice"] == 12 and result["minimum"] == 30 and result["needed"] == 1604
    assert "not enough throws" in result["verdict"]
    code, out, _ = run(capsys, db, "game", "show")
    assert "Ann wins with 250" in out


def test_game_database_comes_from_the_config_when_not_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "from-config.db"
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[store]\ndatabase = "{database}"\n')
    monkeypatch.setenv("FARKLE_PI_CONFIG", str(config_file))
    assert main(["game", "new", "--players", "Ann", "Bob"]) == 0
    assert database.is_file()



def test_game_and_reports_take_the_config_named_by_config_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--config PATH` on `game` and the reports, as on the table and `doctor`: `stats --config
    /etc/farkle-pi/config.toml` shows the table's game night (before, only the variable did,
    and the docs offered `--config` for every command)."""
    database = tmp_path / "night.db"
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[store]\ndatabase = "{database}"\n')
    given = ["--config", str(config_file)]
    assert main(["game", "new", "--players", "Ann", "Bob", *given]) == 0
    assert database.is_file()
    for throw in ("111234", "555234"):  # Ann banks 1,000, then Bob 500
        assert main(["game", "throw", throw, *given]) == 0
        assert main(["game", "keep", throw[:3], *given]) == 0
        assert main(["game", "bank", *given]) == 0
    capsys.readouterr()
    assert main(["history", "--json", *given]) == 0
    assert '"Ann"' in capsys.readouterr().out
    assert main(["stats", *given, "--config", str(tmp_path / "typo.toml")]) == 2
    assert "typo.toml: no such config file" in capsys.readouterr().err

def test_the_database_variable_wins_over_the_config_for_every_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`$FARKLE_PI_DB` over the config's `[store] database` for the table and `doctor` as for
    `game` and the reports: one of them on another file would show another game night."""
    configured, chosen = tmp_path / "config-dir" / "from-config.db", tmp_path / "from-env.db"
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[store]\ndatabase = "{configured}"\n')
    monkeypatch.setenv("FARKLE_PI_CONFIG", str(config_file))
    monkeypatch.setenv("FARKLE_PI_DB", str(chosen))
    assert main(["game", "new", "--players", "Ann", "Bob"]) == 0
    assert chosen.is_file() and not configured.exists()
    config = load_config()  # what `farkle-pi table` opens
    assert config.store.database == chosen
    assert config.calibration.path == configured.parent / "calibration.json"
    capsys.readouterr()
    main(["doctor"])
    database_line = [line for line in capsys.readouterr().out.splitlines()
                     if " database: " in line]
    assert database_line and str(chosen) in database_line[0]


def test_undo_takes_back_the_command_that_ended_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A bank typed by mistake (or a misread last throw) must not lock the wrong winner into
    the history: after the game, undo still works; other commands say so."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=2000",
        "--set", "final_round=false")
    for words in (["throw", "111555"], ["keep", "111555"], ["bank"]):
        assert run(capsys, db, "game", *words)[0] == 0
    assert show(capsys, db)["winners"] == ["Ann"]
    code, _, err = run(capsys, db, "game", "throw", "123456")
    assert code == 2 and err == ("farkle-pi: game 1 is over (Ann won): `farkle-pi game undo` "
                                 "takes back its last command (`game correct` a misread last "
                                 "throw), or start one with farkle-pi game new --players NAME "
                                 "NAME\n")
    code, _, err = run(capsys, db, "game", "correct", "111555")
    assert code == 2 and "only the last throw can be corrected" in err  # it ended on a bank
    assert run(capsys, db, "game", "undo")[0] == 0
    view = show(capsys, db)
    assert view["over"] is False and view["winners"] == [] and view["turn_points"] == 2500
    code, out, _ = run(capsys, db, "history", "--json")
    assert json.loads(out)["games"][0]["over"] is False


def test_a_misread_throw_that_ended_the_game_can_be_corrected(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Bob's last throw in the final round, misread as a Farkle, ended the game; the true
    dice put it back in play, as `correct` does for any last throw."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=2000")
    for words in (["throw", "111555"], ["keep", "111555"], ["bank"], ["throw", "223346"]):
        assert run(capsys, db, "game", *words)[0] == 0
    assert show(capsys, db)["winners"] == ["Ann"]
    assert run(capsys, db, "game", "correct", "111555")[0] == 0
    view = show(capsys, db)
    assert view["over"] is False and view["current"] == "Bob"
    assert view["last_throw"] == [1, 1, 1, 5, 5, 5]


def test_a_roll_off_is_recorded_and_counts_one_win(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`ties = "roll-off"`: the players roll for it at the table; `game roll-off NAME` records
    who won, so the history and stats count one win, not one for each tied player."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=1000",
        "--set", "ties=roll-off")
    code, _, err = run(capsys, db, "game", "roll-off", "Ann")
    assert code == 2 and "there is no roll-off to settle" in err  # the game is on
    for _ in range(2):  # each banks 1,000: Ann reaches the target, Bob ties in his last turn
        for words in (["throw", "111234"], ["keep", "111"], ["bank"]):
            assert run(capsys, db, "game", *words)[0] == 0
    view = show(capsys, db)
    assert view["roll_off"] is True and view["winners"] == ["Ann", "Bob"]
    code, out, _ = run(capsys, db, "game", "show")
    assert "then farkle-pi game roll-off NAME" in out
    code, _, err = run(capsys, db, "game", "roll-off", "Cy")
    assert code == 2 and err == ("farkle-pi: Cy is not one of the roll-off's players: name "
                                 "one of Ann, Bob\n")
    code, _, err = run(capsys, db, "game", "throw", "123456")
    assert code == 2 and "record who won with farkle-pi game roll-off NAME" in err
    code, out, _ = run(capsys, db, "game", "roll-off", "bob")  # as typed at a terminal
    assert code == 0 and "Bob wins with 1000" in out
    view = show(capsys, db)
    assert view["roll_off"] is False and view["winners"] == ["Bob"] and view["over"] is True
    code, _, err = run(capsys, db, "game", "roll-off", "Ann")
    assert code == 2 and "the roll-off is recorded (Bob wins with 1000): undo first" in err
    code, out, _ = run(capsys, db, "stats", "--json")
    wins = {r["name"]: r["wins"] for r in json.loads(out)["players"]}
    assert wins == {"Ann": 0, "Bob": 1}
    assert run(capsys, db, "game", "undo")[0] == 0  # a wrong name taken back: the tie again
    assert show(capsys, db)["winners"] == ["Ann", "Bob"]
    code, out, _ = run(capsys, db, "history", "--json")
    assert json.loads(out)["games"][0]["winners"] == ["Ann", "Bob"]


def test_a_two_colour_throw_names_every_colour_and_two_at_most(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Under portland a triple of one colour scores double: a throw typed without colours, or
    with one misspelt, would score it half and say nothing. A colour is one the camera names
    (`5:red 5:red 5:rde 1:red` named two colours, and scored the triple half)."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--rules", "portland")
    code, _, err = run(capsys, db, "game", "throw", "222346")
    assert code == 2 and "give every die's colour, e.g. 2:red 2:red 2:blue" in err
    code, _, err = run(capsys, db, "game", "throw", "2:red", "2:rde", "2:red", "3:blue",
                       "4:blue", "6:blue")
    assert code == 2 and err == ("farkle-pi: 'rde' is not a dice colour: did you mean red? the "
                                 "colours are white, ivory, grey, black, red, orange, yellow, "
                                 "green, blue, purple, pink\n")
    code, _, err = run(capsys, db, "game", "throw", "2:red", "2:red", "2:green", "3:blue",
                       "4:blue", "6:blue")  # a misspelling that is a colour: a third one
    assert code == 2 and err == ("farkle-pi: the dice are of two colours, but this names 3 "
                                 "(blue, green, red): check the spelling\n")
    assert show(capsys, db)["last_throw"] is None  # nothing was played
    assert run(capsys, db, "game", "throw", "2:red", "2:red", "2:red", "3:blue", "4:blue",
               "6:blue")[0] == 0
    assert show(capsys, db)["options"][0]["points"] == 400  # type: ignore[index]
    assert main(["score", "--rules", "portland", "2:red", "2:rde", "2:red", "2:blue"]) == 2
    assert "did you mean red?" in capsys.readouterr().err
    # a misspelling as the second colour: the triple was two colours, scored 500, not 1,000
    assert main(["score", "--rules", "portland", "5:red", "5:red", "5:rde", "1:red"]) == 2
    assert "did you mean red?" in capsys.readouterr().err
    assert main(["score", "--rules", "portland", "222346"]) == 0  # a plain question: mixed


def test_a_sixteen_letter_name_keeps_the_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Names may be 16 letters: the name column was 12 wide and pushed that row's figures out
    of their columns (the game and the stats)."""
    db = tmp_path / "farkle.db"
    long = "Maximilianolucas"
    run(capsys, db, "game", "new", "--players", long, "Bob", "--set", "target=200")
    for words in (["throw", "115234"], ["keep", "115"], ["bank"], ["throw", "234662"]):
        run(capsys, db, "game", *words)
    _, out, _ = run(capsys, db, "stats")
    header, *rows = out.splitlines()
    assert len(rows) == 2 and {len(row) for row in rows} == {len(header)}
    _, out, _ = run(capsys, db, "game", "show")
    board = [line for line in out.splitlines() if line[2:].startswith((long, "Bob "))]
    ends = [re.search(r" (\d+)( |$)", line).end(1) for line in board]  # type: ignore[union-attr]
    assert len(board) == 2 and ends[0] == ends[1], board  # the scores right-aligned alike


@pytest.mark.parametrize("words", [["game", "new", "--players", "Ann", "Bob"], ["game", "show"],
                                   ["game", "undo"], ["stats"], ["history"], ["fairness"],
                                   ["verify", "1"]])
def test_a_folder_given_as_the_database_is_named_as_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, words: list[str]
) -> None:
    """SQLite said "disk I/O error (check the file…)" or "unable to open database file (check
    the folder exists and is writable…)", and the folder was both."""
    code, out, err = run(capsys, tmp_path, *words)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{tmp_path}: it is a folder, not a database file" in err
    assert str(tmp_path / "farkle.db") in err and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["x" * 10_000, "a\nb" + "x" * 10_000])
def test_a_refused_long_name_is_quoted_by_its_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """The refusal quoted the whole name: a paste gone wrong made its one line 10,000
    characters long."""
    db = tmp_path / "farkle.db"
    assert run(capsys, db, "game", "new", "--players", "Ann", "Bob")[0] == 0
    for words in (["game", "add", name], ["game", "new", "--players", "Ann", name]):
        code, _, err = run(capsys, db, *words)
        assert code == 2 and err.count("\n") == 1 and len(err) < 160, err[:200]
        assert "'xxxxxxxxxxxxxxxx'…" in err or "'a\\nbxxxxxxxxxxxxx'…" in err


def test_a_keep_refused_for_a_triple_left_in_the_tray_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Under a rule that a rolled triple must be set aside (portland's 2s), keeping the 1
    of 122234 was refused with the legal keeps only, which all hold the 2s: why, the player
    had to guess."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "--set", "must_take_triples=twos")
    run(capsys, db, "game", "throw", "122234")
    code, _, err = run(capsys, db, "game", "keep", "1")
    assert code == 2 and err.count("\n") == 1
    assert "(the standard + house rules: a triple of 2s thrown must be set aside too)" in err
    code, _, err = run(capsys, db, "game", "keep", "4")  # not scoring at all: no such reason
    assert code == 2 and "set aside" not in err
    run(capsys, db, "game", "new", "--players", "Ann", "--set", "must_take_triples=all")
    run(capsys, db, "game", "throw", "133345")
    code, _, err = run(capsys, db, "game", "keep", "15")
    assert code == 2 and "every triple thrown must be set aside too" in err


def test_names_the_tables_screen_cannot_draw_are_kept_with_a_warning_saying_what_to_install(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, no_fonts: None) -> None:
    """The terminal draws "李雷" and a stored game with it plays on, but the table's screen
    would draw it as boxes, like "王芳": said where the names are given."""
    db = tmp_path / "farkle.db"
    code, out, err = run(capsys, db, "game", "new", "--players", "李雷", "王芳", "Ann")
    assert code == 0 and "李雷" in out
    assert err == ("farkle-pi: warning: the table's screen has no font for 李, 雷, 王, 芳 "
                   "(in 李雷, 王芳): it would draw them as boxes, and such names look alike; "
                   "sudo apt install fonts-noto-cjk\n")
    code, out, err = run(capsys, db, "game", "add", "김민준")
    assert code == 0 and err.startswith("farkle-pi: warning: the table's screen has no font "
                                        "for 김, 민, 준 (in 김민준)")
    assert [player["name"] for player in show(capsys, db)["players"]] == [  # type: ignore[attr-defined]
        "李雷", "王芳", "Ann", "김민준"]
    assert run(capsys, db, "game", "add", "Bob")[2] == ""
    assert run(capsys, tmp_path / "other.db", "game", "new", "--players", "Zoë", "Ann")[2] == ""


def test_a_game_begun_from_the_terminal_plays_the_tables_house_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`game new` over SSH, then played on at the table (which resumes it): it played the
    standard chart whatever the config's [rules] said, so the table's house rules (tyler's
    stealing, a 750 entry) were silently not the game's. `--rules` still picks another sheet,
    `--set` goes on top of either."""
    config = tmp_path / "config.toml"
    config.write_text('[rules]\npreset = "tyler"\nentry = 750\n', encoding="utf-8")
    db = tmp_path / "farkle.db"

    def begun(*words: str) -> tuple[str, int, bool]:
        code, _, _ = run(capsys, db, "game", "new", "--players", "Ann", "Bob",
                         "--config", str(config), *words)
        assert code == 0
        with Store(db) as store:
            game = store.latest()
            assert game is not None
            rules = game.state.rules
            return rules.name, rules.entry, rules.stealing

    assert begun() == ("tyler + entry 750", 750, True)  # (named so: not the plain preset)
    assert begun("--set", "entry=1000") == ("tyler + entry 1000", 1000, True)
    assert begun("--rules", "standard") == ("standard", 0, False)
    config.write_text('[rules]\npreset = "tylr"\n', encoding="utf-8")  # the table's typo too
    code, _, err = run(capsys, db, "game", "new", "--players", "Ann", "Bob",
                       "--config", str(config))
    assert code == 2 and err.count("\n") == 1 and "did you mean tyler?" in err
    config.unlink()  # no config: the standard chart
    code, _, _ = run(capsys, db, "game", "new", "--players", "Ann", "Bob")
    assert code == 0 and show(capsys, db)["rules"] == "standard"
