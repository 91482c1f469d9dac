"""Behaviour of the store that a hand-made mutation review found untested: each test fails on
one small change to farkle_pi/store/db.py, records.py or fairness.py that would store a game
wrongly, refuse a command that should wait, or report a night's games wrongly."""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from contextlib import closing
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from game_script import parse_script

from farkle_pi.game import Bank, Keep, Throw, Undo
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store, chi_square_sf, face_totals, fairness, player_stats
from farkle_pi.store.db import _fix

# A finished game whose turns hold a hot dice, a steal and a three-Farkles penalty.
EVENTFUL = """
throw 111234
keep 111
bank            # Ann 1,000
throw 155234
keep 155
bank            # Bob 200, on the board
throw 234662    # Ann's first Farkle (declining the steal)
throw 234662    # Bob
throw 234662    # Ann's second
throw 115234
keep 115
bank            # Bob 450; Ann is offered his 250 and 3 dice
steal
throw 234       # Ann's third Farkle, with 250 stolen: 500 penalty
throw 123456
keep 123456     # Bob: hot dice
throw 155234
keep 155
bank            # Bob 2,150: past the target, the game ends
"""


def _eventful(store: Store) -> int:
    rules = load_rules("standard", {"stealing": "true", "three_farkles": "500",
                                    "target": "2000", "final_round": "false"})
    table = store.new_game(["Ann", "Bob"], rules)
    for command in parse_script(EVENTFUL):
        table.apply(command)
    assert table.state.over and table.state.winner_names() == ("Bob",)
    return table.id


def test_a_finished_games_record_keeps_hot_dice_steals_and_penalties(tmp_path: Path) -> None:
    """History and statistics read a finished game from the record written when it ended, not
    from its log: that record must hold every turn as the replay has it (a hot dice counted as
    a steal, or a penalty dropped, would show wrong statistics for every finished game)."""
    with Store(tmp_path / "farkle.db") as store:
        game_id = _eventful(store)
        replayed = store.game(game_id).state
        (record,) = store.records()
    assert record.turns == replayed.turns
    assert [(t.player, t.penalty, t.stolen) for t in record.turns if t.penalty] == [
        ("Ann", 500, 250)]
    assert [(t.player, t.hot_dice, t.banked) for t in record.turns if t.hot_dice] == [
        ("Bob", 1, 1700)]
    bob = next(s for s in player_stats([record]) if s.name == "Bob")
    assert bob.hot_dice == 1


def test_a_record_keeps_the_seat_order_of_the_players(tmp_path: Path) -> None:
    """Names and scores line up by seat: a record of Bob (seated first) and Ann lists Bob's
    score first, finished or not."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Bob", "Ann"], load_rules("standard", {"target": "300",
                                                                      "final_round": "false"}))
        for command in parse_script("throw 111234\nkeep 111"):
            table.apply(command)
        (playing,) = store.records()
        table.apply(Bank())
        (finished,) = store.records()
    assert (playing.players, playing.scores) == (("Bob", "Ann"), (0, 0))
    assert (finished.players, finished.scores, finished.winners) == (
        ("Bob", "Ann"), (1000, 0), ("Bob",))


def test_face_totals_add_up_every_game(tmp_path: Path) -> None:
    """The fairness report counts the dice of the whole night, not of the last game."""
    with Store(tmp_path / "farkle.db") as store:
        for roll in ("111234", "555666"):
            store.new_game(["Ann"], load_rules("standard")).apply(Throw(Roll.parse(roll)))
        records = store.records()
    assert [r.faces for r in records] == [(3, 1, 1, 1, 0, 0), (0, 0, 0, 0, 3, 3)]
    assert face_totals(records) == (3, 1, 1, 1, 3, 3)


def test_games_are_replayed_oldest_first(tmp_path: Path) -> None:
    """`store.games()` is documented oldest first, as `records()` is."""
    with Store(tmp_path / "farkle.db") as store:
        for players in (["Ann"], ["Bob"], ["Cy"]):
            store.new_game(players, load_rules("standard"))
        assert [g.state.players[0].name for g in store.games()] == ["Ann", "Bob", "Cy"]
        assert [g.id for g in store.games()] == [r.id for r in store.records()]


def test_commands_stored_together_follow_each_others_outcomes(tmp_path: Path) -> None:
    """Several commands in one transaction: a command whose events include an outcome (a
    Farkle) must not overwrite the next command's place in the log, or the pair is refused
    (or, worse, the file holds a log that no longer replays)."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        played = table.apply_all([Throw(Roll.parse("234662")), Throw(Roll.parse("115234"))])
        assert [len(events) for events in played] == [2, 1]  # the Farkle, then Bob's throw
    with Store(path) as store:
        again = store.latest()
        assert again is not None and again.state == table.state
        assert again.game.events == table.game.events
        assert again.state.player.name == "Bob" and again.state.phase == "keep"


def test_each_event_row_names_the_command_it_belongs_to(tmp_path: Path) -> None:
    """The log numbers commands in the order they were played (an undo is one more, never a
    step back), so the rows of one command can be told from another's in the file."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        for command in (Throw(Roll.parse("115234")), Keep(Roll.parse("1")), Undo(),
                        Keep(Roll.parse("11")), Throw(Roll.parse("2346"))):
            table.apply(command)
    with closing(sqlite3.connect(path)) as db:
        rows = db.execute("SELECT command, body FROM events ORDER BY seq").fetchall()
    assert [(n, json.loads(body)["type"]) for n, body in rows] == [
        (0, "new_game"), (1, "throw"), (2, "keep"), (3, "undo"), (4, "keep"), (5, "throw"),
        (5, "farkled")]


def test_the_games_row_says_who_played_and_who_won(tmp_path: Path) -> None:
    """The games table is what anyone reading the file with sqlite3 sees first: its players
    (late ones too), whether the game is over and who won."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann"], load_rules("standard", {"target": "300",
                                                                "final_round": "false"}))
        for command in parse_script("add Bob\nthrow 111234\nkeep 111\nbank"):
            table.apply(command)
    with closing(sqlite3.connect(path)) as db:
        row = db.execute("SELECT over, winners, players FROM games").fetchone()
    assert (row[0], json.loads(row[1]), json.loads(row[2])) == (1, ["Ann"], ["Ann", "Bob"])


def test_a_game_starts_at_a_time_with_its_zone(tmp_path: Path) -> None:
    """Start times are stored in UTC with the offset said, so a history read after a change
    of the Pi's time zone (or of summer time) still orders and shows them right."""
    with Store(tmp_path / "farkle.db") as store:
        store.new_game(["Ann"], load_rules("standard"))
        (record,) = store.records()
    assert datetime.fromisoformat(record.started).utcoffset() == timedelta(0)


@pytest.mark.parametrize("summary", [
    # two scores for one player: the history would show a score nobody has
    '{"players": ["Ann"], "scores": [1000, 0], "over": true, "winners": ["Ann"], "turns": [],'
    ' "faces": [3, 1, 1, 1, 0, 0]}',
    # a name that is not text
    '{"players": [7], "scores": [1000], "over": true, "winners": ["Ann"], "turns": [],'
    ' "faces": [3, 1, 1, 1, 0, 0]}',
])
def test_a_summary_that_does_not_fit_its_game_is_rebuilt_from_the_log(
        tmp_path: Path, summary: str) -> None:
    """The summary is a cache of the log (SQLite keeps no checksums): one that reads as JSON
    but cannot be the game's is not shown; the log is replayed instead."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann"], load_rules("standard", {"target": "300"}))
        for command in parse_script("throw 111234\nkeep 111\nbank"):
            table.apply(command)
        (good,) = store.records()
        with store._db:
            store._db.execute("UPDATE games SET summary = ?", (summary,))
        assert store.records() == [good]


def test_a_disk_with_less_than_a_megabyte_free_is_called_full(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite cannot make its -wal file with half a megabyte left and says "disk I/O error":
    the players are told to free space, not that the file is damaged."""
    monkeypatch.setattr(shutil, "disk_usage",
                        lambda _: SimpleNamespace(total=1 << 30, used=1 << 30, free=1 << 19))
    assert _fix(sqlite3.OperationalError("disk I/O error"), tmp_path / "farkle.db") == \
        "free some disk space and try again; nothing stored was lost"


def test_a_command_waits_for_another_writer_instead_of_failing(tmp_path: Path) -> None:
    """The table and a `farkle-pi game` command may write at the same moment: the table's
    command waits for the other's write to end and is then stored, rather than failing with
    "another farkle-pi is using it". The other writer holds the file until this store's
    transaction has started (so this store must wait for it, and must not have read the game
    before the other write ended)."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")  # e.g. another farkle-pi starting a game
        other.execute("INSERT INTO games (started, rules, players) "
                      "VALUES ('2026-01-01T20:00:00+00:00', 'standard', '[\"Cy\"]')")
        waiting = threading.Event()

        def noting(sql: str) -> None:
            if sql.startswith(("BEGIN IMMEDIATE", "INSERT INTO events")):
                waiting.set()

        def finish_later() -> None:
            waiting.wait(10)
            threading.Event().wait(0.2)  # let the store reach the lock
            other.execute("COMMIT")

        store._db.set_trace_callback(noting)
        finisher = threading.Thread(target=finish_later)
        finisher.start()
        try:
            table.apply(Throw(Roll.parse("115234")))
        finally:
            finisher.join()
            store._db.set_trace_callback(None)
            other.close()
        assert table.state.phase == "keep"
    with Store(path) as store:
        assert store.game(table.id).state == table.state
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT players FROM games ORDER BY id").fetchall() == [
            ('["Ann", "Bob"]',), ('["Cy"]',)]


# ---- fairness

def test_the_chi_square_of_counts_is_pearsons() -> None:
    """60 dice with 20 1s and no 6s: expected 10 a face, chi-square (100 + 100) / 10 = 20,
    which a fair die reaches about once in 800 (p = 0.00125): biased."""
    result = fairness((20, 10, 10, 10, 10, 0))
    assert result.chi_square == pytest.approx(20.0)
    assert result.p_value == pytest.approx(0.001249, abs=2e-6)
    assert result.verdict.startswith("the dice look biased")


def test_even_counts_look_fair_and_no_dice_say_so() -> None:
    """Evenly spread counts are p = 1, "no sign of bias yet" below the dice a mild bias needs
    and "fair" from there on; no dice at all are p = 1 too, with not enough throws."""
    assert fairness((5, 5, 5, 5, 5, 5)).p_value == 1.0
    assert fairness((5, 5, 5, 5, 5, 5)).verdict.startswith("no sign of bias yet")
    empty = fairness((0,) * 6)
    assert (empty.p_value, empty.chi_square) == (1.0, 0.0)
    assert empty.verdict.startswith("not enough throws yet: 0 dice values")


def test_the_verdicts_change_at_exactly_the_dice_they_need() -> None:
    """30 dice values (5 expected a face) are enough for the test; `needed` dice values with
    no sign of bias look fair, one fewer is "no sign of bias yet"."""
    assert fairness((5,) * 6).minimum == 30
    assert not fairness((5,) * 6).verdict.startswith("not enough")
    assert fairness((5, 5, 5, 5, 5, 4)).verdict.startswith("not enough")
    needed = fairness((5,) * 6).needed
    assert needed == 1604
    per_face, rest = divmod(needed, 6)
    at_needed = fairness(tuple(per_face + (i < rest) for i in range(6)))
    assert at_needed.dice == needed and at_needed.verdict.startswith("the dice look fair")
    short = fairness(tuple(per_face + (i < rest) - (i == 0) for i in range(6)))
    assert short.dice == needed - 1 and short.verdict.startswith("no sign of bias yet")


@pytest.mark.parametrize(("x", "df", "p"), [
    (11.0705, 5, 0.05), (15.0863, 5, 0.01), (1.1455, 5, 0.95),  # the printed tables
    (5.9915, 2, 0.05), (9.4877, 4, 0.05), (12.5916, 6, 0.05), (0.7107, 4, 0.95),
    (3.8415, 1, 0.05),
])
def test_chi_square_tail_matches_the_printed_tables(x: float, df: int, p: float) -> None:
    """`chi_square_sf` is public (and every p-value the reports print): odd and even degrees
    of freedom against the published critical values."""
    assert chi_square_sf(x, df) == pytest.approx(p, abs=1e-4)


def test_a_database_in_folders_not_made_yet_is_made_with_them(tmp_path: Path) -> None:
    """A new user's first game: `~/.local/share/farkle-pi/` may not exist, nor `~/.local/share`;
    the store makes every folder on the way rather than failing the first game."""
    path = tmp_path / "home" / ".local" / "share" / "farkle-pi" / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann"], load_rules("standard")).apply(Throw(Roll.parse("115234")))
    with Store(path) as store:
        table = store.resume()
        assert table is not None and table.state.phase == "keep"
