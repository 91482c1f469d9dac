"""The store: resume exactly, durable before return, and one-line errors that lose nothing."""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from another_user import as_another_user, shared_folder
from game_script import parse_script, play

from farkle_pi.cli import main
from farkle_pi.errors import FarkleError
from farkle_pi.game import (
    AddPlayer,
    Bank,
    Game,
    Keep,
    LeavePlayer,
    Refused,
    Throw,
    Undo,
    event_to_json,
)
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import (
    ChangedElsewhere,
    GameRecord,
    GameSummary,
    Store,
    db,
    default_path,
    face_totals,
    fairness,
    player_stats,
)
from farkle_pi.store.db import _MIGRATIONS, SCHEMA_VERSION, StoredGame, _fix
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

SCRIPT = """
throw 115234
keep 115
bank
throw 222346
keep 222
throw 155
correct 156
keep 1
undo
undo
undo
throw 155
keep 155
"""


def _stored_game(path: Path, script: str = SCRIPT) -> Game:
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        for command in parse_script(script):
            table.apply(command)
        return table.game


def test_reopening_resumes_the_unfinished_game_exactly(tmp_path: Path) -> None:
    game = _stored_game(tmp_path / "farkle.db")
    with Store(tmp_path / "farkle.db") as store:
        table = store.resume()
        assert table is not None
        assert table.state == game.state and table.game.events == game.events
        table.apply(Bank())  # and it plays on
        assert table.state.players[1].score == 400


def test_each_command_is_visible_to_another_reader_when_apply_returns(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store, Store(path) as reader:
        table = store.new_game(["Ann"], load_rules("standard"))
        for command in parse_script(SCRIPT)[:3]:
            table.apply(command)
            again = reader.resume()
            assert again is not None and again.state == table.state


def test_a_refused_command_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    _stored_game(path, "throw 115234")
    with Store(path) as store:
        table = store.resume()
        assert table is not None
        with pytest.raises(Refused):
            table.apply(Bank())
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM events").fetchone() == (2,)


def test_finished_games_leave_resume_and_stay_in_the_history(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard", {"target": "200"}))
        for command in parse_script("throw 115234\nkeep 115\nbank\nthrow 234662"):
            table.apply(command)
        assert table.state.over
        assert store.resume() is None
        latest = store.latest()
        assert latest is not None and latest.state == table.state
        store.new_game(["Cy"], load_rules("classic"))
        history = store.records()
    assert [(g.id, g.over, g.winners, g.scores) for g in history] == [
        (1, True, ("Ann",), (250, 0)),
        (2, False, (), (0,)),
    ]


def test_stats_and_fairness_come_from_the_stored_games(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    _stored_game(path)
    with Store(path) as store:
        records = store.records()
    (ann, bob) = sorted(player_stats(records), key=lambda r: r.name)
    assert (ann.turns, ann.average_banked, ann.best_turn, ann.longest_streak) == (1, 250, 250, 1)
    assert (bob.turns, bob.farkles) == (0, 0)
    result = fairness(face_totals(records))
    # 115234 + 222346 + 155: the undone throw and its correction are not counted
    assert result.counts == (3, 4, 2, 2, 3, 1) and result.dice == 15


def test_the_schema_is_versioned(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    Store(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(FarkleError, match="newer farkle-pi"):
        Store(path)


def test_default_path_follows_env_then_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FARKLE_PI_DB", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "farkle-pi" / "farkle.db"
    monkeypatch.setenv("FARKLE_PI_DB", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"


def _bytes(path: Path) -> bytes:
    return path.read_bytes()


def test_a_corrupt_file_is_one_line_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    with pytest.raises(FarkleError) as error:
        Store(path)
    message = str(error.value)
    assert str(path) in message and "damaged" in message and "\n" not in message
    assert path.read_bytes() == b"this is not a database, it is a shopping list\n" * 100


def test_a_locked_database_is_one_line_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    game = _stored_game(path)
    with Store(path, timeout=0.05) as store:
        table = store.resume()
        assert table is not None
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(FarkleError, match=r"locked.*another farkle-pi"):
            table.apply(Bank())
        assert table.state == game.state  # the game did not move on without its record
        other.execute("ROLLBACK")
        other.close()
        table.apply(Bank())
    with Store(path) as store:
        resumed = store.resume()
        assert resumed is not None and resumed.state.players[1].score == 400


def test_a_full_disk_is_one_line_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count = {pages + 1}")  # the disk fills up
        saved = table.state
        with pytest.raises(FarkleError) as error:
            for _ in range(200):
                saved = table.state
                table.apply(Throw(Roll.parse("234662")))  # Farkles, round and round
        assert "disk is full" in str(error.value) and "free some disk space" in str(error.value)
        assert table.state == saved
    with Store(path) as store:
        resumed = store.resume()
        assert resumed is not None and resumed.state == saved


def test_a_read_only_database_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    _stored_game(path)
    with Store(path) as store:
        store._db.execute("PRAGMA query_only = 1")  # as if the file were read-only
        table = store.resume()
        assert table is not None
        with pytest.raises(FarkleError, match=r"readonly.*writable"):
            table.apply(Bank())


def test_an_unwritable_folder_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(FarkleError, match=r"cannot open .*--db PATH"):
        Store(blocker / "farkle.db")


def test_commands_may_come_from_another_thread(tmp_path: Path) -> None:
    """gpiozero calls `when_pressed` callbacks from its own thread."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        commands = parse_script("throw 115234\nkeep 115\nbank")
        workers = [threading.Thread(target=table.apply, args=(c,)) for c in commands]
        for worker in workers:
            worker.start()
            worker.join()
        assert table.state.players[0].score == 250
    with Store(tmp_path / "farkle.db") as store:
        resumed = store.resume()
        assert resumed is not None and resumed.state == table.state


def test_a_finished_game_keeps_a_record_that_matches_its_replay(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard", {"target": "200"}))
        for command in parse_script("throw 115234\nkeep 115\nbank\nthrow 555234\nkeep 555"):
            table.apply(command)
        table.apply(Bank())  # Bob 500: the game ends
        (record,) = store.records()
        assert record == GameRecord.of(table.id, record.started, table.state)
        assert (record.scores, record.winners) == ((250, 500), ("Bob",))
        assert record.faces == (2, 2, 2, 2, 4, 0)  # 115234 and 555234
        table.apply(Undo())  # the game is not over after all: its record goes
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT summary FROM games").fetchone() == (None,)
        assert store.records()[0].over is False


def test_a_version_1_file_is_migrated_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    game = play(Game(["Ann", "Bob"], load_rules("standard")), "throw 115234\nkeep 115")
    with sqlite3.connect(path) as db:
        db.executescript(_MIGRATIONS[1] + "PRAGMA user_version = 1;")
        db.execute("INSERT INTO games (started, rules, players) VALUES ('then', 'standard', '[]')")
        db.executemany(
            "INSERT INTO events (game, seq, command, at, body) VALUES (1, ?, 0, 'then', ?)",
            [(i, json.dumps(event_to_json(e))) for i, e in enumerate(game.events)],
        )
    db.close()
    with Store(path) as store:
        table = store.resume()
        assert table is not None and table.state == game.state
        table.apply(Bank())
        assert store.records()[0].scores == (250, 0)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_the_first_api_names_still_work(tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        store.new_game(["Ann"], load_rules("standard"))
        (summary,) = store.history()
        assert isinstance(summary, GameSummary) and summary.players == ("Ann",)


def test_a_game_seats_what_the_screen_shows_and_old_games_still_load(tmp_path: Path) -> None:
    """Eight players with names of up to 16 characters (the scoreboard's readable rows); a
    refused seating stores nothing, and a game stored before the limits still replays."""
    rules = load_rules("standard")
    with Store(tmp_path / "farkle.db") as store:
        with pytest.raises(Refused, match="at most 16"):
            store.new_game(["Maximilian Alexander", "Bob"], rules)
        with pytest.raises(Refused, match="seats at most 8"):
            store.new_game([f"P{i}" for i in range(9)], rules)
        assert store.latest() is None
        table = store.new_game([f"P{i}" for i in range(7)], rules)
        table.apply(AddPlayer("Late"))
        with pytest.raises(Refused, match="9 players is too many") as full:
            table.apply(AddPlayer("Later"))
        assert "left" not in str(full.value)
        assert [p.name for p in store.latest().state.players][-1] == "Late"  # type: ignore[union-attr]
        table.apply(LeavePlayer("P3"))  # a leaver keeps a seat, and may take it again
        with pytest.raises(Refused, match="9 players is too many") as full:
            table.apply(AddPlayer("Later"))
        assert str(full.value).endswith(
            "(P3 left this game and keeps a seat: add with that name brings them back)")
        table.apply(AddPlayer("p3"))
        assert not any(p.left for p in table.state.players)
        old = Game(["Maximilian Alexander", "Bob"], rules)  # stored by an older farkle-pi
        with store._db:
            names = json.dumps([p.name for p in old.state.players])
            cursor = store._db.execute(
                "INSERT INTO games (started, rules, players) VALUES (?, ?, ?)",
                ("2026-01-01T20:00:00+00:00", "standard", names))
            store._insert(int(cursor.lastrowid or 0), 0, 0, old.events)
        again = store.latest()
        assert again is not None and again.state.players[0].name == "Maximilian Alexander"


def test_a_command_decided_on_a_game_played_elsewhere_is_refused_and_reloads(
        tmp_path: Path) -> None:
    """The table and a `farkle-pi game` command on one file: the stale side's command would
    make a log that cannot be replayed (every game in the file unreadable), so it is refused
    and the stale side shows the game as stored."""
    rules = load_rules("standard")
    with Store(tmp_path / "farkle.db") as table_side, Store(tmp_path / "farkle.db") as cli_side:
        table = table_side.new_game(["Ann", "Bob"], rules)
        table.apply(Throw(Roll.parse("115234")))
        other = cli_side.latest()
        assert other is not None
        other.apply(Keep(Roll.parse("11")))
        other.apply(Bank())
        with pytest.raises(ChangedElsewhere, match="another farkle-pi"):
            table.apply(Keep(Roll.parse("1")))
        assert table.state == other.state and table.state.players[0].score == 200
        table.apply(Throw(Roll.parse("222346")))  # and plays on from there
    with Store(tmp_path / "farkle.db") as store:
        again = store.latest()
        assert again is not None and again.state == table.state


def test_an_unfinished_game_that_cannot_be_replayed_hides_nothing_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log an older farkle-pi (or a hand edit) left unplayable: reports and the table leave
    that game out and say so, instead of every game in the file becoming unreadable."""
    rules = load_rules("standard")
    with Store(tmp_path / "farkle.db") as store:
        finished = store.new_game(["Ann"], load_rules("standard", {"target": "300"}))
        finished.apply(Throw(Roll.parse("111234")))
        finished.apply(Keep(Roll.parse("111")))
        finished.apply(Bank())
        broken = store.new_game(["Ann", "Bob"], rules)
        with store._db:  # a keep with no throw before it
            store._insert(broken.id, 1, 1, [Keep(Roll.parse("1"))])
        records = store.records()
        assert [r.id for r in records] == [finished.id]
        (reason,) = store.left_out
        assert reason.startswith(f"{store.path}: game {broken.id} cannot be replayed: ")
        assert reason.endswith("(left out)")
        table = Table(store, rules, ["Ann", "Bob"], "manual", say=lambda _: None)
        assert table.game is None and table.view().screen == "setup"
        assert f"game {broken.id} cannot be replayed" in table.view().prompt
        table.handle(Action("show", text="history"))  # the night's games, on the screen
        view = table.view()
        assert view.screen == "history" and len(view.history) == 1
        assert view.prompt == "1 damaged game left out - see farkle-pi history"
    assert main(["history", "--db", str(store.path)]) == 0
    out, err = capsys.readouterr()
    assert f"#{finished.id} " in out and f"#{broken.id} " not in out
    assert err == f"note: {reason}\n"


def test_commands_stored_together_are_all_stored_or_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """BANK on a highlighted keep is a keep and a bank: a failure between the two writes must
    not leave the keep stored and the turn unbanked."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard"))
        table.apply(Throw(Roll.parse("115234")))
        insert, calls = Store._insert, []

        def fail_second(self: Store, *args: Any) -> None:
            calls.append(args)
            if len(calls) == 2:
                raise sqlite3.OperationalError("database or disk is full")
            insert(self, *args)

        monkeypatch.setattr(Store, "_insert", fail_second)
        with pytest.raises(FarkleError, match="disk is full"):
            table.apply_all([Keep(Roll.parse("11")), Bank()])
        monkeypatch.undo()
        assert table.state.phase == "keep" and table.state.turn_points == 0
        table.apply_all([Keep(Roll.parse("11")), Bank()])
    with Store(tmp_path / "farkle.db") as store:
        again = store.latest()
        assert again is not None and again.state == table.state
        assert again.state.players[0].score == 200 and again.state.player.name == "Bob"


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
        db.commit()
    before = path.read_bytes()
    with pytest.raises(FarkleError, match=f"{path} is not a farkle-pi database \\(it holds "
                                          "notes\\): pass --db PATH"):
        Store(path)
    assert path.read_bytes() == before and not Path(f"{path}-wal").exists()


def test_a_disk_too_full_to_open_on_says_full(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite opening on a full disk says "disk I/O error" (it cannot make its -wal file),
    which reads like damage."""
    monkeypatch.setattr(shutil, "disk_usage", lambda _: SimpleNamespace(total=8, used=8, free=0))
    assert _fix(sqlite3.OperationalError("disk I/O error"), tmp_path / "farkle.db") == \
        "free some disk space and try again; nothing stored was lost"
    monkeypatch.undo()
    assert "free some" not in _fix(sqlite3.OperationalError("disk I/O error"),
                                   tmp_path / "farkle.db")


@pytest.mark.parametrize("summary", ["garbage", "{}", '{"players": 5}', "null", "[]",
                                     '{"players": ["Ann"], "scores": ["x"], "over": true, '
                                     '"winners": [], "turns": [], "faces": [0, 0, 0, 0, 0, 0]}'])
def test_a_damaged_summary_of_a_finished_game_is_rebuilt_from_its_log(
        tmp_path: Path, summary: str) -> None:
    """The summary is a cache of the log: a bit flipped in it must not stop the reports."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann"], load_rules("standard", {"target": "300"}))
        for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
            table.apply(command)
        (good,) = store.records()
        with store._db:
            store._db.execute("UPDATE games SET summary = ?", (summary,))
        assert store.records() == [good] and store.left_out == []
        assert player_stats(store.records())[0].wins == 1


def _replays(store: Store) -> list[str]:
    """The statements that read a game's log (a replay), noted from here on."""
    read: list[str] = []
    store._db.set_trace_callback(
        lambda sql: read.append(sql) if sql.startswith("SELECT body FROM events") else None)
    return read


def test_a_game_replayed_for_the_history_keeps_its_summary_and_is_not_replayed_again(
        tmp_path: Path) -> None:
    """Years of games: one abandoned mid-turn, or finished in a file from before summaries
    were kept, must not be replayed at every start and every look at the history (800 such
    games took 17 s on each start here, over a minute on a Pi)."""
    rules = load_rules("standard", {"target": "300"})
    with Store(tmp_path / "farkle.db") as store:
        finished = store.new_game(["Ann", "Bob"], rules)
        for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
            finished.apply(command)
        abandoned = store.new_game(["Cy"], rules)
        abandoned.apply(Throw(Roll.parse("115234")))
        store.new_game(["Dee"], rules)  # starting a new game leaves the other unfinished
        with store._db:
            store._db.execute("UPDATE games SET summary = NULL WHERE id = ?", (finished.id,))
        read = _replays(store)
        first = store.records()
        assert len(read) == 3  # the finished game without its summary and both unfinished
        read.clear()
        assert store.records() == first and len(read) == 1  # only the game in play
        read.clear()
        abandoned.apply(Keep(Roll.parse("115")))  # played on: its kept summary goes
        (_, again, _) = store.records()
        assert again.turns == () and again.faces == (2, 1, 1, 1, 1, 0) and len(read) == 2
        assert store.game(abandoned.id).state.turn_points == 250
        assert store._query("SELECT count(*) FROM games WHERE summary IS NULL") == [(1,)]


def test_summaries_rebuilt_before_a_start_is_cut_short_are_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rebuilding three years of summaries takes a minute on a Pi: players who pull the plug
    halfway must not make the next start begin again from nothing."""
    rules = load_rules("standard", {"target": "300"})
    with Store(tmp_path / "farkle.db") as store:
        for name in ("Ann", "Bob", "Cy", "Dee"):
            game = store.new_game([name], rules)
            for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
                game.apply(command)
        with store._db:
            store._db.execute("UPDATE games SET summary = NULL")
        monkeypatch.setattr(db, "KEEP_EVERY", 2)
        real = store.game

        def unplugged_at_the_fourth(game_id: int) -> StoredGame:
            if game_id == 4:
                raise KeyboardInterrupt
            return real(game_id)

        monkeypatch.setattr(store, "game", unplugged_at_the_fourth)
        with pytest.raises(KeyboardInterrupt):
            store.records()
        kept = store._query("SELECT id FROM games WHERE summary IS NOT NULL ORDER BY id")
        assert kept == [(1,), (2,)]


def test_a_summary_is_not_kept_while_another_writer_holds_the_file(tmp_path: Path) -> None:
    """It is only a cache: the table's start must not wait for another farkle-pi's write."""
    path = tmp_path / "farkle.db"
    rules = load_rules("standard")
    with Store(path, timeout=60) as store:  # (a command would wait that long for it)
        store.new_game(["Ann"], rules).apply(Throw(Roll.parse("115234")))
        store.new_game(["Bob"], rules)  # Ann's game is left unfinished
        with closing(sqlite3.connect(path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")
            found: list[GameRecord] = []
            reading = threading.Thread(target=lambda: found.extend(store.records()))
            reading.start()
            reading.join(20)
            assert not reading.is_alive() and found[0].faces == (2, 1, 1, 1, 1, 0)
            other.execute("ROLLBACK")
        assert store._query("SELECT count(*) FROM games WHERE summary IS NULL") == [(2,)]
        store.records()  # the next reading keeps it
        assert store._query("SELECT count(*) FROM games WHERE summary IS NULL") == [(1,)]


def test_a_summary_rebuilt_from_fewer_events_than_its_game_has_now_is_not_kept(
        tmp_path: Path) -> None:
    """Another farkle-pi may play on a game between its replay and the summary's write: a
    summary of the game as it was would hide that command from the history."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann"], load_rules("standard"))
        table.apply(Throw(Roll.parse("115234")))
        (stale,) = store.records()
        with store._db:
            store._db.execute("UPDATE games SET summary = NULL")
        table.apply(Keep(Roll.parse("115")))
        store._keep_summaries([(stale, 2)])  # rebuilt from the first two events
        assert store._query("SELECT summary FROM games") == [(None,)]


def test_each_summary_is_parsed_once_until_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The history screen reads every game's summary at each look: years of games are
    parsed once by the table, and a summary again only when it changes (an undo un-ends a
    game; another farkle-pi writes)."""
    parsed: list[int] = []
    real = GameRecord.from_json

    def parse(game_id: int, started: str, rules: str, text: str) -> GameRecord:
        parsed.append(game_id)
        return real(game_id, started, rules, text)

    monkeypatch.setattr(GameRecord, "from_json", parse)
    path = tmp_path / "farkle.db"
    rules = load_rules("standard", {"target": "300"})
    with Store(path) as store:
        games = [store.new_game([name], rules) for name in ("Ann", "Bob")]
        for game in games:
            for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
                game.apply(command)
        first = store.records()
        assert parsed == [1, 2]
        parsed.clear()
        assert store.records() == first and parsed == []
        games[1].apply(Undo())  # Bob's game is not over after all (and is replayed)
        assert [r.over for r in store.records()] == [True, False] and parsed == []
        with closing(sqlite3.connect(path)) as other, other:
            other.execute("UPDATE games SET summary = ? WHERE id = 1",
                          (replace(first[0], scores=(999,)).to_json(),))
        assert store.records()[0].scores == (999,) and parsed == [1]


def test_a_report_replays_a_game_without_a_summary_and_writes_none(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann"], load_rules("standard")).apply(Throw(Roll.parse("115234")))
    with Store(path, read_only=True) as report:
        read = _replays(report)
        assert report.records()[0].faces == (2, 1, 1, 1, 1, 0) and len(read) == 1
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT summary FROM games").fetchall() == [(None,)]


def test_a_finished_game_lives_in_the_database_file_alone(tmp_path: Path) -> None:
    """Until SQLite folds its -wal file in, a copy of farkle.db alone (a backup, a file moved
    aside) lacks the night's games: the end of each game folds it in."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        table = store.new_game(["Ann"], load_rules("standard", {"target": "300"}))
        for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111"))):
            table.apply(command)
        assert Path(f"{path}-wal").stat().st_size > 0
        table.apply(Bank())  # the game ends
        assert Path(f"{path}-wal").stat().st_size == 0
        shutil.copy(path, tmp_path / "backup.db")
    with Store(tmp_path / "backup.db") as backup:
        (record,) = backup.records()
        assert record.over and record.winners == ("Ann",)


def _rollback_journal_game(path: Path) -> bytes:
    """A stored game in a file switched back to a rollback journal (as a copy or another
    tool may leave it), so that any write, even a switch to WAL, shows in its bytes."""
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard")).apply(Throw(Roll.parse("115234")))
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode=DELETE")
    return path.read_bytes()


def test_a_read_only_store_reads_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    before = _rollback_journal_game(path)
    with Store(path, read_only=True) as store:
        (record,) = store.records()
        table = store.latest()
        assert table is not None and table.state.turn_points == 0 and record.players == (
            "Ann", "Bob")
        with pytest.raises(FarkleError, match="readonly"):
            table.apply(Keep(Roll.parse("11")))
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_a_read_only_store_of_an_empty_file_has_no_games_and_leaves_it_empty(
        tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    path.touch()
    with Store(path, read_only=True) as store:
        assert store.records() == [] and store.latest() is None
        with pytest.raises(FarkleError, match="no game 1"):
            store.game(1)
    assert path.stat().st_size == 0


def test_a_read_only_store_still_brings_an_old_file_up_to_date_and_refuses_a_newer(
        tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with closing(sqlite3.connect(path)) as db:
        db.executescript(_MIGRATIONS[1] + "PRAGMA user_version = 1;")
    with Store(path, read_only=True) as store:
        assert store.records() == []
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(FarkleError, match="newer farkle-pi"):
        Store(path, read_only=True)


def test_reports_game_show_and_doctor_change_nothing_in_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """They once switched it to WAL (and an empty file to a farkle-pi database)."""
    path = tmp_path / "farkle.db"
    before = _rollback_journal_game(path)
    for words in (["history"], ["stats"], ["fairness"], ["game", "show"]):
        assert main([*words, "--db", str(path)]) == 0, words
    monkeypatch.setenv("FARKLE_PI_DB", str(path))
    main(["doctor"])
    assert "database" in capsys.readouterr().out
    assert path.read_bytes() == before
    empty = tmp_path / "empty.db"
    empty.touch()
    assert main(["history", "--db", str(empty)]) == 0
    assert "no games in" in capsys.readouterr().out and empty.stat().st_size == 0


def test_a_read_only_store_sees_what_the_running_table_wrote_last(tmp_path: Path) -> None:
    """A report run beside the table reads its write-ahead log too, and blocks no write."""
    path = tmp_path / "farkle.db"
    with Store(path) as table_store:
        table = table_store.new_game(["Ann", "Bob"], load_rules("standard"))
        table.apply(Throw(Roll.parse("115234")))
        with Store(path, read_only=True) as report:
            table.apply(Keep(Roll.parse("11")))
            table.apply(Bank())
            (record,) = report.records()
            assert record.scores == (200, 0)


def test_reports_read_a_database_in_a_folder_they_cannot_write_to(
        capsys: pytest.CaptureFixture[str]) -> None:
    """SQLite needs a -shm file beside a WAL database; with the table stopped (no log) the
    file alone is read."""
    with shared_folder() as folder:
        path = folder / "farkle.db"
        _stored_game(path)
        path.chmod(0o644)
        before = path.read_bytes()
        folder.chmod(0o555)
        with as_another_user(folder):
            for words in (["history"], ["stats"], ["game", "show"]):
                assert main([*words, "--db", str(path)]) == 0, words
        out = capsys.readouterr().out
        assert "unfinished: Ann 250, Bob 0" in out and "Bob has 400 this turn" in out, out
        assert path.read_bytes() == before and sorted(folder.iterdir()) == [path]


def test_a_log_not_folded_in_is_not_read_past_in_a_folder_they_cannot_write_to(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A copy taken while the table ran (its write-ahead log holds the last moves, and no
    -shm beside it): one line, not the games as the file alone has them."""
    with shared_folder() as folder:
        source, copy = folder / "table.db", folder / "copy" / "farkle.db"
        copy.parent.mkdir()
        with Store(source) as store:
            table = store.new_game(["Ann", "Bob"], load_rules("standard"))
            table.apply(Throw(Roll.parse("115234")))
            shutil.copy(source, copy)
            shutil.copy(f"{source}-wal", f"{copy}-wal")
        assert Path(f"{copy}-wal").stat().st_size > 0 and not Path(f"{copy}-shm").exists()
        for name in (copy, Path(f"{copy}-wal")):
            name.chmod(0o644)
        copy.parent.chmod(0o555)
        capsys.readouterr()
        with as_another_user(folder):
            assert main(["history", "--db", str(copy)]) == 2
        assert f"cannot open {copy}" in capsys.readouterr().err


def test_a_db_path_that_starts_with_file_is_a_file_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """SQLite takes a name that starts with "file:" as a URI (`file:g.db` wrote `g.db`,
    then every report said there were no games)."""
    monkeypatch.chdir(tmp_path)
    assert main(["game", "new", "--db", "file:g.db", "--players", "Ann", "Bob"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["file:g.db"]
    assert main(["history", "--db", "file:g.db"]) == 0
    assert "unfinished: Ann 0, Bob 0" in capsys.readouterr().out


def test_a_file_that_is_no_sqlite_file_is_named_so_before_damage(tmp_path: Path) -> None:
    """A calibration or a README given as --db by mistake: the line says to check the name
    first (it told the players to move their file aside and restore a backup), and the file
    is left as it was; a real database that is damaged still says so at once."""
    calibration = tmp_path / "tray.json"
    calibration.write_text('{"die_size_px": 30}\n')
    with pytest.raises(FarkleError) as error:
        Store(calibration)
    message = str(error.value)
    assert "not a SQLite file: check the name" in message and "\n" not in message
    assert calibration.read_text() == '{"die_size_px": 30}\n'
    damaged = tmp_path / "farkle.db"
    _stored_game(damaged)
    data = bytearray(damaged.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page, past SQLite's 100-byte header
    damaged.write_bytes(bytes(data))
    with pytest.raises(FarkleError) as error:
        Store(damaged)
    assert "the file is damaged: move it aside" in str(error.value)
    assert "check the name" not in str(error.value)
