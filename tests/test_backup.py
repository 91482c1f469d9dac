"""A copy of the games beside the database (store/backup.py): made when a game ends and when
the table starts, never from a damaged file, never half-written, and named where a damaged
database is told."""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

import pytest
from game_script import parse_script

from farkle_pi import doctor
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.errors import FarkleError
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.store.backup import back_up, backup_path

ENDS = "throw 115234\nkeep 115\nbank\nthrow 234662"  # Ann banks 250 of 200: Bob's Farkle ends it


def _game_to_the_end(store: Store) -> None:
    table = store.new_game(["Ann", "Bob"], load_rules("standard", {"target": "200"}))
    for command in parse_script(ENDS):
        table.apply(command)
    assert table.state.over
    store.finish_backup()  # (the copy is made beside the table: see the test below)


def _games(path: Path) -> list[tuple[int, bool, tuple[int, ...]]]:
    with Store(path, read_only=True) as store:
        return [(r.id, r.over, r.scores) for r in store.records()]


def test_a_game_s_end_copies_the_games_beside_the_database(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _game_to_the_end(store)
        assert _games(backup_path(path)) == [(1, True, (250, 0))]
        store.new_game(["Cy", "Dee"], load_rules("standard"))  # not over: no new copy
        assert _games(backup_path(path)) == [(1, True, (250, 0))]
        assert store.back_up()  # (as the table's start: the game in play, in the log, too)
        assert _games(backup_path(path)) == [(1, True, (250, 0)), (2, False, (0, 0))]
    assert backup_path(path) == tmp_path / "farkle.db.backup"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["farkle.db", "farkle.db.backup"]


def test_a_game_s_end_does_not_wait_for_its_copy(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Years of games take a second or more to check and copy on a Pi's card: the last
    press of a game returns (and the winner's banner shows) while the copy is being made;
    the copy is there once `finish_backup` (or closing the store) has waited for it."""
    from farkle_pi.store import db

    path = tmp_path / "farkle.db"
    copying, release = threading.Event(), threading.Event()
    made: list[bool] = []

    def slow_card(database: Path) -> bool:
        copying.set()
        release.wait(10)  # (a copy made at the press would hold the press here 10 s)
        made.append(back_up(database))
        return made[-1]

    monkeypatch.setattr(db, "back_up", slow_card)
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard", {"target": "200"}))
        for command in parse_script(ENDS):
            table.apply(command)
        assert table.state.over and copying.wait(10)
        assert made == [] and not backup_path(path).exists()  # the press came back first
        release.set()
        store.finish_backup()
        assert made == [True]
        assert _games(backup_path(path)) == [(1, True, (250, 0))]
        store.start_backup()  # (the table's start) and closing waits for it
    assert made == [True, True]


def test_the_copy_replaces_a_damaged_file(tmp_path: Path) -> None:
    """The players' way back: the damaged file moved aside, the copy put in its place."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _game_to_the_end(store)
    path.write_bytes(backup_path(path).read_bytes())
    with Store(path) as store:
        assert [(r.id, r.over) for r in store.records()] == [(1, True)]
        store.new_game(["Ann"], load_rules("standard"))  # and the table plays on with it


def test_a_damaged_file_never_replaces_the_last_good_copy(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _game_to_the_end(store)
    good = backup_path(path).read_bytes()
    with sqlite3.connect(path) as db:  # pages enough that one in the middle can be spoilt
        db.execute("CREATE TABLE filler (x TEXT)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 400)
    db.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 20:page * 21] = b"\x0d" + b"\xff" * (page - 1)  # a leaf page's cells gone bad
    path.write_bytes(bytes(data))
    with caplog.at_level(logging.WARNING):
        assert back_up(path) is False
    assert "no backup" in caplog.text and "malformed" in caplog.text
    assert backup_path(path).read_bytes() == good
    assert not backup_path(path).with_name("farkle.db.backup.part").exists()


def test_a_copy_that_cannot_be_written_leaves_the_old_one_and_the_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A full disk while copying: the old copy stays whole, the part file goes, the game's
    end is stored all the same and nothing is raised at the table."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _game_to_the_end(store)
        good = backup_path(path).read_bytes()

        def full(*_: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr("farkle_pi.store.backup.os.replace", full)
        with caplog.at_level(logging.WARNING):
            _game_to_the_end(store)
        assert "No space left on device" in caplog.text
        assert [r.over for r in store.records()] == [True, True]
    assert backup_path(path).read_bytes() == good
    assert not (tmp_path / "farkle.db.backup.part").exists()


def test_reports_and_the_demo_make_no_copy(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with Store(path, kept=False) as store:
        _game_to_the_end(store)
        assert store.back_up() is False
    assert not backup_path(path).exists()
    with Store(path, read_only=True) as report:
        assert report.back_up() is False
    assert not backup_path(path).exists()


def test_a_damaged_database_names_its_copy(tmp_path: Path) -> None:
    """The store's line and doctor's say where the copy is and when it was made (they said
    "restore a backup", and nothing made one)."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _game_to_the_end(store)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page, past the 100-byte header
    path.write_bytes(bytes(data))
    with pytest.raises(FarkleError) as error:
        Store(path)
    assert f"copy its backup {backup_path(path)} (made " in str(error.value)
    finding = doctor.check_database(Config(store=StoreConfig(database=path)))
    assert finding.status is Status.FAIL
    assert f"then copy its backup {backup_path(path)} (made " in finding.message
    assert "copy of" in doctor.check_kept(Config(store=StoreConfig(database=path))).message


def test_the_table_copies_the_games_when_it_starts(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`farkle-pi table` (what the Pi starts at boot) copies the games before the evening."""
    from farkle_pi.app import App
    from farkle_pi.cli import main

    path = tmp_path / "farkle.db"
    with Store(path, kept=False) as store:  # (a game's end without its copy)
        _game_to_the_end(store)
    config = tmp_path / "config.toml"
    config.write_text('[table]\ndice = "virtual"\n[screen]\nsize = "480x320"\n'
                      f'fullscreen = false\n[store]\ndatabase = "{path}"\n')
    monkeypatch.setattr(App, "run", lambda self: None)
    assert not backup_path(path).exists()
    assert main(["table", "--config", str(config)]) == 0
    assert _games(backup_path(path)) == [(1, True, (250, 0))]


@pytest.mark.parametrize("trouble", ["a folder", "a read-only card"])
def test_a_part_file_that_cannot_be_removed_never_stops_a_game_s_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        trouble: str) -> None:
    """The part file could not be removed (a folder of that name; a card going bad, which
    the kernel remounts read-only: removing even a missing file is then EROFS): the removal
    after the failure raised it again, out of the game's end, past `except`."""
    path = tmp_path / "farkle.db"
    part = tmp_path / "farkle.db.backup.part"
    with Store(path) as store:
        if trouble == "a folder":
            part.mkdir()
        else:
            def read_only(*_: object, **__: object) -> None:
                raise OSError(30, "Read-only file system")

            monkeypatch.setattr("farkle_pi.store.backup.os.unlink", read_only)
        with caplog.at_level(logging.WARNING):
            _game_to_the_end(store)  # nothing raised at the table
            assert store.back_up() is False
        monkeypatch.undo()
        assert "no backup" in caplog.text
        assert [r.over for r in store.records()] == [True]
    assert not backup_path(path).exists()


def test_the_copy_never_takes_the_space_the_games_need(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A card nearly full: a first copy as large as the database would leave the next
    command no room (the table's "free some disk space" at a press); the copy is left out
    while it would leave under KEEP_FREE, and a copy that replaces one as large is made."""
    import shutil

    from farkle_pi.store import backup

    path = tmp_path / "farkle.db"
    free = {"bytes": 0}
    real = shutil.disk_usage

    def usage(folder: object) -> object:
        return real(folder)._replace(free=free["bytes"])  # type: ignore[arg-type]

    monkeypatch.setattr("farkle_pi.store.backup.shutil.disk_usage", usage)
    with Store(path) as store:
        size = path.stat().st_size
        free["bytes"] = backup.KEEP_FREE + size // 2  # room for the copy, not for both
        with caplog.at_level(logging.WARNING):
            _game_to_the_end(store)
        assert "no backup" in caplog.text and "free" in caplog.text
        assert not backup_path(path).exists()
        free["bytes"] = backup.KEEP_FREE + 2 * path.stat().st_size
        assert store.back_up()
        free["bytes"] = backup.KEEP_FREE  # the old copy's room is given back by the new one
        assert store.back_up()


def test_two_farkle_pis_copying_at_once_never_lose_the_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table starting (or ending a game) while `sudo farkle-pi game ...` ends one: both
    wrote the same part file. B removed A's finished part and began its own; A renamed B's,
    still empty, over the copy: the last good copy gone, A saying it was made."""
    import contextlib

    from farkle_pi.store import backup

    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _game_to_the_end(store)
    ready = {name: threading.Event() for name in ("A", "B")}
    go = {name: threading.Event() for name in ("A", "B")}
    opened: dict[str, int] = {}
    flush = backup._flush

    def pause(name: str) -> None:
        if threading.current_thread().name == name:
            ready[name].set()
            go[name].wait(10)

    def flushing(where: Path) -> None:  # A: its copy made, about to rename it
        if where.name.endswith(".part"):
            pause("A")
        flush(where)

    def closing(thing: sqlite3.Connection) -> contextlib.closing[sqlite3.Connection]:
        name = threading.current_thread().name
        opened[name] = opened.get(name, 0) + 1
        if opened[name] == 2:  # B: its part file just made, nothing copied into it yet
            pause("B")
        return contextlib.closing(thing)

    monkeypatch.setattr("farkle_pi.store.backup._flush", flushing)
    monkeypatch.setattr("farkle_pi.store.backup.closing", closing)
    made: dict[str, bool] = {}
    threads = {name: threading.Thread(target=lambda n=name: made.update({n: back_up(path)}),
                                      name=name) for name in ("A", "B")}
    threads["A"].start()
    assert ready["A"].wait(10)
    threads["B"].start()
    for _ in range(200):  # B pauses as told, or gives way
        if ready["B"].is_set() or not threads["B"].is_alive():
            break
        threads["B"].join(0.05)
    go["A"].set()
    threads["A"].join(10)
    go["B"].set()
    threads["B"].join(10)
    monkeypatch.undo()
    assert made["A"] and not made["B"]
    assert _games(backup_path(path)) == [(1, True, (250, 0))]
    assert not list(tmp_path.glob("*.part*"))


def test_a_folder_that_cannot_be_locked_still_gets_its_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock that keeps two copies apart is not to be had everywhere (NFS: EBADF for a
    folder opened to read): the copy is made unlocked, and nothing is raised at the table."""
    path = tmp_path / "farkle.db"

    def no_locks(*_: object) -> None:
        raise OSError(9, "Bad file descriptor")

    monkeypatch.setattr("farkle_pi.store.backup.fcntl.flock", no_locks)
    with Store(path) as store:
        _game_to_the_end(store)
    monkeypatch.undo()
    assert _games(backup_path(path)) == [(1, True, (250, 0))]


def test_a_ctrl_c_while_closing_waits_for_the_copy_still_closes_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "farkle.db")

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(store, "finish_backup", interrupted)
    with pytest.raises(KeyboardInterrupt):
        store.close()
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        store._db.execute("SELECT 1")
