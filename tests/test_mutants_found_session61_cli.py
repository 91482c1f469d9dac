"""Session 61's mutation review of the command line's game, history and stats commands
(farkle_pi/commands/game.py, history.py, stats.py): each test fails on the mutant named in its
docstring, which the tests before it let through."""

from __future__ import annotations

from pathlib import Path

import pytest

from farkle_pi.cli import main
from farkle_pi.store import Store


def run(capsys: pytest.CaptureFixture[str], db: Path, *words: str) -> str:
    code = main([*words, "--db", str(db)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def played(capsys: pytest.CaptureFixture[str], db: Path, *commands: str) -> None:
    for command in commands:
        run(capsys, db, "game", *command.split())


def test_a_shared_win_is_listed_as_won_by_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """history.py `' or '.join(game.winners)`: "won by Ann or Bob" for a shared win; and so
    said game.py's refusal of a command after it (`_in_progress`)."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=200")
    played(capsys, db, "throw 155234", "keep 155", "bank", "throw 155234", "keep 155", "bank")
    line = run(capsys, db, "history").splitlines()[0]
    assert line.startswith("#1 ") and line.endswith(" won by Ann and Bob: Ann 200, Bob 200")
    assert main(["game", "throw", "123456", "--db", str(db)]) == 2
    assert capsys.readouterr().err.startswith("farkle-pi: game 1 is over (Ann and Bob won): ")


def test_the_stats_table_as_printed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """stats.py `widest(..., 13)`: every column a place to the right (the header's too, so no
    test of alignment saw it); the table is pinned here as a host reads it."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=300")
    played(capsys, db, "throw 155234", "keep 155", "bank", "throw 234662", "throw 111234",
           "keep 111", "bank", "throw 234662")
    assert run(capsys, db, "stats").splitlines() == [
        "player       games wins avg bank farkle %   best  hot streak",
        "Ann              1    1      600     0.0%   1000    0      2",
        "Bob              1    0        0   100.0%      0    0      0",
    ]


@pytest.mark.parametrize(("words", "says"), [
    (["game"], "farkle-pi game: error: the following arguments are required: ACTION"),
    (["game", "new"], "farkle-pi game new: error: the following arguments are required: "
                      "--players"),
])
def test_a_game_command_missing_its_words_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, words: list[str], says: str
) -> None:
    """game.py `add_subparsers(..., required=False)` and `--players ... required=False`: a
    bare `farkle-pi game`, or `game new` with no players, ended in a traceback."""
    assert main([*words, "--db", str(tmp_path / "farkle.db")] if len(words) > 1 else words) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"{says} (see --help)\n"
    assert not (tmp_path / "farkle.db").exists()


@pytest.mark.parametrize("words", [["show"], ["throw", "123456"], ["undo"], ["roll-off", "Ann"]])
def test_a_database_with_no_game_yet_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, words: list[str]
) -> None:
    """game.py `_latest` without its `raise`: on a database the table made at its start, before
    any game, `game show` (or any game command) ended in a traceback."""
    db = tmp_path / "farkle.db"
    Store(db).close()  # what the table's start leaves before its first game
    assert main(["game", *words, "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"farkle-pi: no game in {db} yet: start one with farkle-pi "
                                 "game new --players NAME NAME\n")
