"""`farkle-pi doctor` must not call a sound database damaged. On a full disk SQLite cannot make
the -shm file it needs to read a WAL database and says "disk I/O error", and a folder given as
the database says the same: the doctor called both "damaged" and said to move the file aside
("a new one starts empty"), while `farkle-pi game` said to free some disk space (found by hand
in a bad-input review)."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections import namedtuple
from pathlib import Path
from typing import Any

import pytest
from test_doctor import config_with

from farkle_pi import doctor
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.rules import load_rules
from farkle_pi.store import Store

DiskUsage = namedtuple("DiskUsage", "total used free")


def test_a_folder_given_as_the_database_is_named_a_folder(tmp_path: Path) -> None:
    """As $FARKLE_PI_DB=FOLDER gives it (the config file's [store] database refuses one)."""
    folder = tmp_path / "games"
    folder.mkdir()
    finding = doctor.check_database(Config(store=StoreConfig(database=folder)))
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert "damaged" not in finding.message and "is a folder" in finding.message


def test_a_full_disk_is_not_a_damaged_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))
    config = config_with(tmp_path, f'[store]\ndatabase = "{path}"\n')

    def full_disk(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        raise sqlite3.OperationalError("disk I/O error")  # what SQLite says on a full disk

    monkeypatch.setattr(sqlite3, "connect", full_disk)
    monkeypatch.setattr(shutil, "disk_usage", lambda where: DiskUsage(10**9, 10**9, 0))
    finding = doctor.check_database(config)
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert "damaged" not in finding.message and "move the file aside" not in finding.message
    assert "free some disk space" in finding.message


def test_a_read_only_mount_is_not_an_ownership_problem(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A card mounted read-only: "sudo chown" cannot help, so the doctor says what can."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))
    real = os.statvfs
    Flags = namedtuple("Flags", "f_flag")
    monkeypatch.setattr(os, "statvfs", lambda where: Flags(real(where).f_flag | os.ST_RDONLY))
    finding = doctor.check_database(Config(store=StoreConfig(database=path)))
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert "read-only file system" in finding.message and "chown" not in finding.message
    assert "mount it read-write" in finding.message and "restart the Pi" in finding.message
    monkeypatch.setattr(os, "statvfs", real)
    assert doctor.check_database(Config(store=StoreConfig(database=path))).status is Status.OK


def test_a_file_that_is_no_sqlite_file_is_named_so_by_the_doctor_too(tmp_path: Path) -> None:
    """A calibration given as the database by mistake: the doctor said it was damaged and to
    move it aside ("a new one starts empty"), and the camera lost its calibration; the table
    says to check the name first, and so does the doctor now. The file is left as it was."""
    calibration = tmp_path / "tray.json"
    calibration.write_text('{"die_size_px": 30}\n')
    finding = doctor.check_database(Config(store=StoreConfig(database=calibration)))
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert "not a SQLite file: check the name" in finding.message
    assert "a new one starts empty" not in finding.message
    assert calibration.read_text() == '{"die_size_px": 30}\n'
