"""Found by a review of session 58's changes (the copy of the games made in a thread of its
own, each game's boot, uptime and synced clock kept for the history screen's TONIGHT, a card
the kernel made read-only named so): defects, each with the test that failed before its fix,
and behaviour the earlier tests left open, each test failing on a mutant that survived them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from farkle_pi import doctor, mounts
from farkle_pi.clock import Moment
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.errors import FarkleError
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
