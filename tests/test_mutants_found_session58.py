"""Found by a review of session 58's changes (the copy of the games made in a thread of its
own, each game's boot, uptime and synced clock kept for the history screen's TONIGHT, a card
the kernel made read-only named so): defects, each with the test that failed before its fix,
and behaviour the earlier tests left open, each test failing on a mutant that survived them."""

from __future__ import annotations

import ctypes
import logging
import sqlite3
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import farkle_pi.store.db as store_db
from farkle_pi import clock, doctor, mounts
from farkle_pi.clock import Moment
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.errors import FarkleError
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.store.db import _fix
from farkle_pi.store.records import GameRecord
from farkle_pi.table.adapter import history_rows


def _record(game_id: int, started: str, winner: str = "Ann", over: bool = True) -> GameRecord:
    return GameRecord(game_id, started, "standard", (winner, "Bob"), (250, 0), over,
                      (winner,) if over else (), (), (0, 0, 0, 0, 0, 0))


def _winners(records: list[GameRecord], moments: dict[int, Moment]) -> list[str]:
    return [row.winner for row in history_rows(records, moments)]


# -- defects -------------------------------------------------------------------------------

@pytest.mark.parametrize("uptime", [1e300, float("inf"), float("nan")])
def test_an_uptime_that_does_not_read_never_closes_the_history_screen(uptime: float) -> None:
    """A damaged uptime (SQLite keeps no checksums; a hand-edited file): the history screen
    said "internal error: days=...; must have magnitude <= 999999999" (timedelta's overflow)
    all evening instead of the night's games. That game is left out of the night; the rest
    are listed."""
    records = [_record(1, "2025-01-08T20:00:00+00:00", "Old"),
               _record(2, "2025-01-08T21:00:00+00:00", "Ann")]
    moments = {1: Moment("boot-1", uptime, True), 2: Moment("boot-1", 3600.0, True)}
    assert _winners(records, moments) == ["Ann"]
    moments = {1: Moment("boot-1", 60.0, True), 2: Moment("boot-1", uptime, True)}
    assert _winners(records, moments)[0] == "Ann"


def test_the_newest_game_is_always_tonight_without_a_boot_id() -> None:
    """A machine whose boot id cannot be read (/proc not mounted: a chroot, a container) but
    whose kernel says the clock was never set: every game, the one just played included, went
    to "another boot on an unset clock", and TONIGHT was empty after a game."""
    records = [_record(1, "1970-01-01T00:05:00+00:00", "Ann")]
    assert _winners(records, {1: Moment(None, 300.0, False)}) == ["Ann"]


def test_a_database_named_through_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    """`[store] database` naming a link to itself: one line naming the file, as before the
    read-only check; the check's resolve() raised RuntimeError ("Symlink loop") on Python
    3.11 out of the error line, and the table stopped with a traceback."""
    loop = tmp_path / "farkle.db"
    loop.symlink_to(loop)
    assert mounts.read_only(loop) is False
    with pytest.raises(FarkleError, match=r"farkle\.db: unable to open"):
        Store(loop)
    assert "check the folder" in _fix(sqlite3.OperationalError("unable to open database file"),
                                      loop)


def _mountinfo(point: Path, options: str) -> str:
    return (f"22 1 179:2 / / rw,noatime - ext4 /dev/mmcblk0p2 rw\n"
            f"45 22 7:0 / {point} rw,relatime - ext4 /dev/loop0 {options}\n")


def test_doctor_tells_a_card_made_read_only_before_the_database_is_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No farkle.db yet, on a card the kernel made read-only (newer kernels: emergency_ro in
    the mount table alone, which access() does not see): doctor said "will be made when the
    table starts" and the table then could not make it."""
    info = tmp_path / "mountinfo"
    info.write_text(_mountinfo(tmp_path, "rw,errors=remount-ro,emergency_ro"))
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    finding = doctor.check_database(Config(store=StoreConfig(database=tmp_path / "games" /
                                                             "farkle.db")))
    assert finding.status is Status.FAIL and "restart the Pi" in finding.message, finding
    info.write_text(_mountinfo(tmp_path, "rw,errors=remount-ro"))
    finding = doctor.check_database(Config(store=StoreConfig(database=tmp_path / "games" /
                                                             "farkle.db")))
    assert finding.status is Status.OK, finding


def test_a_disk_mounted_read_only_on_purpose_is_not_only_told_to_restart_the_pi(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A USB stick or a disk mounted read-only (`ro` in its own options, not only the file
    system's): the store's line said only that the kernel made the card read-only after an
    error, to restart the Pi and replace the card; before, it said to make the file writable or
    give another database, which is the fix there. The line says both, as doctor's does."""
    info = tmp_path / "mountinfo"
    info.write_text(_mountinfo(tmp_path, "ro").replace("rw,relatime", "ro,relatime"))
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    line = _fix(sqlite3.OperationalError("attempt to write a readonly database"),
                tmp_path / "farkle.db")
    assert "restart the Pi" in line and "mount it read-write" in line, line
    assert "another database" in line, line


# -- mutation survivors ----------------------------------------------------------------------

def test_a_new_copy_waits_for_the_one_being_made(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """One copy at a time: a second start (a game's end while the table's first copy is still
    being made) waits for the first (two at once: the second finds the folder locked and
    makes none, and `close` would wait for the second alone)."""
    copying, release = threading.Event(), threading.Event()
    def slow_card(_: Path) -> bool:
        copying.set()
        return release.wait(10)

    monkeypatch.setattr(store_db, "back_up", slow_card)
    joined: list[bool] = []
    with Store(tmp_path / "farkle.db") as store:
        store.start_backup()
        assert copying.wait(10)
        first = store._copying
        assert first is not None
        real_join = first.join

        def join(timeout: float | None = None) -> None:
            real_join(timeout)
            joined.append(not first.is_alive())

        monkeypatch.setattr(first, "join", join)
        release.set()
        store.start_backup()
        assert joined == [True]


def test_a_copy_that_fails_unexpectedly_is_a_line_in_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(_: Path) -> bool:
        raise RuntimeError("a bug in the copy")

    monkeypatch.setattr(store_db, "back_up", broken)
    with caplog.at_level(logging.WARNING), Store(tmp_path / "farkle.db") as store:
        store.start_backup()
        store.finish_backup()
    assert any("no backup of" in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_clock_that_cannot_tell_whether_it_was_set_is_stored_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where adjtimex cannot be read (not Linux, a sandbox) a game's clock is "cannot tell",
    not "never set": a game of another boot is dropped from TONIGHT only on an unset clock."""
    monkeypatch.setattr(store_db, "_moment", lambda: Moment("boot-1", 5.0, None))
    with Store(tmp_path / "farkle.db") as store:
        game = store.new_game(["Ann"], load_rules("standard"))
        assert store.moments() == {game.id: Moment("boot-1", 5.0, None)}


@pytest.mark.parametrize(("error", "told"), [
    ("unable to open database file", "restart the Pi"),  # (its -wal cannot be made)
    ("file is not a database", "damaged"),  # a damaged file is told so, read-only disk or not
])
def test_which_errors_on_a_read_only_card_are_told_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: str, told: str) -> None:
    info = tmp_path / "mountinfo"
    info.write_text(_mountinfo(tmp_path, "rw,errors=remount-ro,emergency_ro"))
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    (tmp_path / "farkle.db").write_bytes(b"SQLite format 3\x00" + bytes(100))
    assert told in _fix(sqlite3.OperationalError(error), tmp_path / "farkle.db")


def test_no_mount_above_the_database_is_not_read_only(tmp_path: Path) -> None:
    assert mounts.read_only(tmp_path / "farkle.db", "") is False


T0 = "2025-01-08T20:00:00+00:00"


def test_games_twelve_hours_apart_are_one_night_by_either_clock() -> None:
    """NIGHT is inclusive: by the time since boot as by the wall clocks."""
    records = [_record(1, T0, "Ann"), _record(2, "2025-01-09T08:00:00+00:00", "Cy")]
    assert _winners(records, {1: Moment("b", 60.0, False), 2: Moment("b", 43_260.0, False)}
                    ) == ["Cy", "Ann"]
    assert _winners(records, {}) == ["Cy", "Ann"]


def test_uptimes_of_unknown_boots_are_not_compared() -> None:
    """Without boot ids (none readable) two games minutes apart by their uptimes may be of two
    boots a week apart: the wall clocks (set by a time server) say which."""
    records = [_record(1, "2025-01-01T20:00:00+00:00", "Old"), _record(2, T0, "Ann")]
    assert _winners(records, {1: Moment(None, 60.0, True), 2: Moment(None, 90.0, True)}
                    ) == ["Ann"]


def test_an_older_game_without_an_uptime_goes_by_the_wall_clock() -> None:
    records = [_record(1, "2025-01-08T19:00:00+00:00", "Old"), _record(2, T0, "Ann")]
    assert _winners(records, {1: Moment("b", None, True), 2: Moment("b", 90.0, True)}
                    ) == ["Ann", "Old"]


def test_a_newest_start_that_does_not_read_keeps_the_boots_games() -> None:
    """The newest game stamped at the clock's very start (a stamp that does not read): its
    boot's games are still the night, at their own stamps."""
    records = [_record(1, T0, "Old"), _record(2, "0001-01-01T00:00:00+00:00", "Ann")]
    assert _winners(records, {1: Moment("b", 60.0, True), 2: Moment("b", 120.0, True)}
                    ) == ["Ann", "Old"]


class _Adjtimex:
    """The kernel's answer to adjtimex: its state and the clock's maximum error (µs)."""

    def __init__(self, state: int, maxerror: int) -> None:
        self.state, self.maxerror = state, maxerror

    def adjtimex(self, timex: Any) -> int:
        timex._obj.maxerror = self.maxerror
        return self.state


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's clocks")
@pytest.mark.parametrize(("state", "maxerror", "synced"), [
    (5, 16_000_000, False),  # never set: the kernel's maximum error is at its ceiling
    (0, 15_999_999, True),  # set, and drifting since
    (0, 2_000_000, True),
    (-1, 0, None),  # adjtimex refused (a sandbox)
])
def test_whether_the_clock_was_set_is_the_kernels_maximum_error(
        monkeypatch: pytest.MonkeyPatch, state: int, maxerror: int, synced: bool | None
) -> None:
    monkeypatch.setattr(ctypes, "CDLL", lambda _: _Adjtimex(state, maxerror))
    assert clock._synced() is synced


def test_an_empty_boot_id_is_no_boot_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    (tmp_path / "boot_id").write_text("\n")
    monkeypatch.setattr(clock, "BOOT_ID", tmp_path / "boot_id")
    assert clock.now().boot is None
