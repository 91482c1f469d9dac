"""Found by a mutation review of session 57's changes (a database kept in memory only, the
store's kept summaries, a file that is no SQLite file, BANK again under a banner): behaviour
the earlier tests left open, each test failing on a mutant that survived them."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from game_script import play
from test_kept_in_memory import PLAIN
from test_presses import PINS, Tabletop
from test_review56_found import bank_waits_under_hot_dice, hot  # noqa: F401 (hot: the fixture)

from farkle_pi import doctor, mounts
from farkle_pi.app import App
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.game import Game, Throw, event_to_json
from farkle_pi.mounts import NOTICE, existing_ancestor, forgotten, kept_in_memory
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.store.db import _MIGRATIONS, _fix
from farkle_pi.table.presses import HELD
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def test_a_ramfs_is_told_as_a_tmpfs_is(tmp_path: Path) -> None:
    """A ramfs keeps its files in memory as a tmpfs does (mounts.IN_MEMORY)."""
    (tmp_path / "r").mkdir()
    table = PLAIN + f"45 20 0:35 / {tmp_path}/r rw - ramfs ramfs rw\n"
    assert kept_in_memory(tmp_path / "r" / "farkle.db", table, "") == (
        f"{tmp_path}/r is a ramfs, kept in memory")


def test_a_database_named_through_a_link_is_told_where_it_really_lives(tmp_path: Path) -> None:
    """The mount table names real folders: /home/pi/games linked to a tmpfs is in memory, and
    a link on the tmpfs to a folder on the disk (the usual way to move the games to a USB
    stick) is kept."""
    (tmp_path / "t").mkdir()
    (tmp_path / "disk").mkdir()
    (tmp_path / "games").symlink_to(tmp_path / "t")
    (tmp_path / "t" / "stick").symlink_to(tmp_path / "disk")
    table = PLAIN + f"46 20 0:36 / {tmp_path}/t rw - tmpfs tmpfs rw\n"
    assert kept_in_memory(tmp_path / "games" / "farkle.db", table, "") == (
        f"{tmp_path}/t is a tmpfs, kept in memory")
    assert kept_in_memory(tmp_path / "t" / "stick" / "farkle.db", table, "") == ""


def test_a_mount_table_that_holds_no_mount_above_the_database_is_no_finding() -> None:
    """A chroot, a mount namespace that lists nothing above the folder (or an empty table):
    nothing to tell, and no error (the doctor's line would crash)."""
    assert kept_in_memory(Path("/var/lib/farkle-pi/farkle.db"), "", "") == ""
    usb = "30 1 8:1 / /media/usb rw - ext4 /dev/sda1 rw\n"
    assert kept_in_memory(Path("/var/lib/farkle-pi/farkle.db"), usb, "overlayroot=tmpfs") == ""


def test_a_tmpfs_is_not_told_to_turn_the_overlay_off(tmp_path: Path) -> None:
    """Only raspi-config's overlay is turned off with raspi-config: a tmpfs's fix is another
    place for the database."""
    line = forgotten(tmp_path / "farkle.db", f"{tmp_path} is a tmpfs, kept in memory")
    assert "raspi-config" not in line and "overlay" not in line
    assert line.endswith("so every game is forgotten at the next power-off: set [store] "
                         "database to a disk that keeps its files")


def test_the_nearest_existing_folder_is_the_folder_itself(tmp_path: Path) -> None:
    """doctor's 'cannot create' asks whether the database's own folder is writable when it
    exists (/var/lib/farkle-pi, the table user's), not the folder above it (/var/lib,
    root's)."""
    assert existing_ancestor(tmp_path) == tmp_path
    assert existing_ancestor(tmp_path / "a" / "b") == tmp_path


def test_doctor_s_kept_line_names_the_copy_only_when_there_is_one(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    config = Config(store=StoreConfig(database=path))
    with Store(path) as store:
        store.new_game(["Ann"], load_rules("standard"))
        before = doctor.check_kept(config)
        assert before.status is Status.OK
        assert "the table makes a copy of them beside it when it starts" in before.message
        assert "farkle.db.backup" not in before.message
        assert store.back_up()
    after = doctor.check_kept(config)
    assert after.status is Status.OK and "farkle.db.backup is their copy of " in after.message
    assert "the table makes a copy" not in after.message and "None" not in after.message


def test_the_setup_screen_tells_the_games_are_not_kept_before_the_calibration_note(
        tmp_path: Path) -> None:
    """"tray not calibrated" is the usual note after an install: it must not hide that every
    game of the evening will be forgotten (in a game it does not either)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        table.notice = "tray not calibrated - for surer reads: farkle-pi calibrate"
        table.kept_trouble = NOTICE
        assert table.view().screen == "setup" and table.view().prompt == NOTICE
        table.new_game()
        assert table.view().prompt == NOTICE


def test_the_table_command_tells_a_database_kept_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`farkle-pi table` itself asks (not only the function that would)."""
    from farkle_pi.cli import main

    info = tmp_path / "mountinfo"
    info.write_text(PLAIN + f"50 20 0:33 / {tmp_path} rw - tmpfs tmpfs rw\n")
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    config = tmp_path / "config.toml"
    config.write_text(
        '[table]\nplayers = ["Ann", "Bob"]\ndice = "manual"\n'
        '[screen]\nsize = "480x320"\nfullscreen = false\n'
        f'[store]\ndatabase = "{tmp_path / "farkle.db"}"\n')
    seen: list[str] = []

    def run(self: App, *args: object, **kwargs: object) -> None:
        self.step()
        seen.append(self.table.view().prompt)

    monkeypatch.setattr(App, "run", run)
    assert main(["table", "--config", str(config)]) == 0
    assert seen == [NOTICE]


def _rebuilt_then_locked(store: Store, path: Path) -> None:
    """records() rebuilds and keeps a summary (Ann's game, left unfinished); then another
    farkle-pi holds the file for 0.3 s."""
    rules = load_rules("standard")
    store.new_game(["Ann"], rules).apply(Throw(Roll.parse("115234")))
    store.new_game(["Bob"], rules)
    store.records()
    assert store._query("SELECT count(*) FROM games WHERE summary IS NULL") == [(1,)]
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")

    def let_go() -> None:
        other.execute("ROLLBACK")
        other.close()

    threading.Timer(0.3, let_go).start()


def test_after_keeping_summaries_a_command_still_waits_for_another_writer(
        tmp_path: Path) -> None:
    """The summaries are kept without waiting (busy_timeout 0); the wait is put back after:
    a press right after a look at the history, while `farkle-pi game` writes, must wait its
    turn, not fail with "another farkle-pi is using it"."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        _rebuilt_then_locked(store, path)
        game = store.latest()
        assert game is not None
        game.apply(Throw(Roll.parse("155234")))  # waits the 0.3 s
        assert store.game(game.id).state.turn_points == 0 and len(game.state.throws) == 1


def test_a_report_tries_to_keep_no_summary(tmp_path: Path,
                                           caplog: pytest.LogCaptureFixture) -> None:
    """A report's read-only store writes nothing, not even the cache: it does not try (the
    journal would get "summaries not kept" at each report), nor write where its schema had to
    be brought up to date first (then its connection could write)."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        rules = load_rules("standard")
        store.new_game(["Ann"], rules).apply(Throw(Roll.parse("115234")))
        store.new_game(["Bob"], rules)
    with caplog.at_level(logging.WARNING), Store(path, read_only=True) as report:
        assert len(report.records()) == 2
    assert "summaries not kept" not in caplog.text
    old = tmp_path / "old.db"  # a version 1 file: two games, neither finished
    game = play(Game(["Ann", "Bob"], load_rules("standard")), "throw 115234\nkeep 115")
    with closing(sqlite3.connect(old)) as db, db:
        db.executescript(_MIGRATIONS[1] + "PRAGMA user_version = 1;")
        for game_id in (1, 2):
            db.execute("INSERT INTO games (started, rules, players) VALUES "
                       "('then', 'standard', '[]')")
            db.executemany(
                "INSERT INTO events (game, seq, command, at, body) VALUES (?, ?, 0, 'then', ?)",
                [(game_id, i, json.dumps(event_to_json(e))) for i, e in enumerate(game.events)])
    with Store(old, read_only=True) as report:
        assert [r.scores for r in report.records()] == [(0, 0), (0, 0)]
    with closing(sqlite3.connect(old)) as db:
        assert db.execute("SELECT summary FROM games").fetchall() == [(None,), (None,)]


def test_an_empty_file_that_cannot_be_opened_is_not_called_no_sqlite_file(
        tmp_path: Path) -> None:
    """An empty file (made with touch, or a first start cut short) has no header yet and is a
    sound empty database: "unable to open" on it is about its folder, not its name."""
    empty = tmp_path / "farkle.db"
    empty.touch()
    fix = _fix(sqlite3.OperationalError("unable to open database file"), empty)
    assert "not a SQLite file" not in fix and fix.startswith("check the folder exists")


def test_another_button_under_a_banner_drops_the_waiting_bank(
        hot: Tabletop) -> None:  # noqa: F811 (the fixture)
    """Ann's BANK waits for her hand in the tray; HOT DICE comes up and she presses NEXT: it
    only takes the banner away, and she went on with something else: the BANK waiting is
    dropped (only BANK again keeps it waiting), and her turn goes on."""
    bank_waits_under_hot_dice(hot)
    hot.press(PINS.next, after=0.6)
    assert hot.app.view is not None and hot.app.view.prompt != HELD
    hot.now += 0.5
    hot.rolling = False
    hot.app.step()
    state = hot.table.state
    assert hot.scores() == {"Ann": 0, "Bob": 0}
    assert state is not None and state.player.name == "Ann" and hot.table.error == ""


def test_bank_typed_under_a_banner_once_the_tray_is_still_banks_once(
        hot: Tabletop) -> None:  # noqa: F811 (the fixture)
    """Ann's BANK waits; HOT DICE comes up as the tray goes still and `b` is typed at the
    desk in the same moment: a key is not a button, it banks at once, and the BANK that waited
    is dropped (else it is played on Bob's turn: refused, an error line he did not cause)."""
    hot.rolling = True
    hot.press(PINS.bank, after=1.0)
    assert hot.app.view is not None and hot.app.view.prompt == HELD
    hot.tray("removed", "555")
    hot.now += 0.5
    hot.rolling = False
    hot.app.actions.put(Action("bank"))
    hot.app.step()
    state = hot.table.state
    assert hot.scores() == {"Ann": 2500, "Bob": 0} and hot.table.error == ""
    assert state is not None and state.player.name == "Bob" and state.phase == "start"
    hot.now += 1.0
    hot.app.step()
    assert hot.table.error == ""
    state = hot.table.state
    assert state is not None and state.player.name == "Bob" and not state.turns[1:]

