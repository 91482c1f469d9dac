"""A card the kernel made read-only mid-evening (ext4's errors=remount-ro, after an error on
the card): the players are told what happened and what to do, not "disk I/O error (check the
file)", and the screen shows what the card holds."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from farkle_pi import doctor, mounts
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.store.db import _fix
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def _mountinfo(point: Path, options: str) -> str:
    return (f"22 1 179:2 / / rw,noatime - ext4 /dev/mmcblk0p2 rw\n"
            f"45 22 7:0 / {point} rw,relatime - ext4 /dev/loop0 {options}\n")


@pytest.mark.parametrize(("options", "made_read_only"), [
    ("rw,errors=remount-ro", False),
    ("ro,errors=remount-ro", True),  # kernels before 6.x (statvfs says so too)
    ("rw,errors=remount-ro,emergency_ro", True),  # newer kernels: the mount table alone
])
def test_a_card_made_read_only_is_told_from_the_mount_table(
        tmp_path: Path, options: str, made_read_only: bool) -> None:
    assert mounts.read_only(tmp_path / "farkle.db", _mountinfo(tmp_path, options)) is (
        made_read_only)


def test_a_write_on_a_card_made_read_only_says_to_restart_the_pi(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite says "disk I/O error" for a write the card refuses; the line said "check the
    file, or give another database", which neither explains nor helps."""
    info = tmp_path / "mountinfo"
    info.write_text(_mountinfo(tmp_path, "rw,errors=remount-ro,emergency_ro"))
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    line = _fix(sqlite3.OperationalError("disk I/O error"), tmp_path / "farkle.db")
    assert "read-only" in line and "restart the Pi" in line and "check the file" not in line
    info.write_text(_mountinfo(tmp_path, "rw,errors=remount-ro"))
    assert "read-only" not in _fix(sqlite3.OperationalError("disk I/O error"),
                                   tmp_path / "farkle.db")


@pytest.fixture
def ext4_card(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A small ext4 file system mounted as Raspberry Pi OS mounts its card
    (errors=remount-ro), and the switch that makes the kernel see an error on it."""
    if (os.geteuid() != 0 or shutil.which("mkfs.ext4") is None
            or not Path("/sys/fs/ext4").is_dir()):
        pytest.skip("needs root, mkfs.ext4 and ext4 to mount a file system of its own")
    image, point = tmp_path / "card.img", tmp_path / "card"
    point.mkdir()
    with image.open("wb") as file:
        file.truncate(16 << 20)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
    mounted = subprocess.run(["mount", "-o", "loop,errors=remount-ro", str(image), str(point)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a loop device here: {mounted.stderr.decode().strip()}")
    try:
        source = subprocess.run(["findmnt", "-n", "-o", "SOURCE", str(point)], check=True,
                                capture_output=True, text=True).stdout.strip()
        trigger = Path("/sys/fs/ext4") / Path(source).name / "trigger_fs_error"
        if not trigger.exists():
            pytest.skip("this kernel has no trigger_fs_error")
        yield point, trigger
    finally:
        subprocess.run(["umount", "-d", str(point)], check=False, capture_output=True)


def test_the_table_on_a_card_the_kernel_made_read_only(ext4_card: tuple[Path, Path]) -> None:
    """A real ext4 error mid-turn: the keep is refused in one line saying what happened and
    what to do, the screen keeps the game as the card holds it, the card holds the throw
    stored before the error. `doctor` says so too: on newer kernels, which tell it to statvfs
    no more, it called the file damaged ("unable to open database file") and said to move it
    aside, a new one to start empty."""
    point, trigger = ext4_card
    path = point / "farkle.db"
    with Store(path) as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        table.new_game()
        for face in (1, 1, 5, 2, 3, 4):
            table.handle(Action("digit", value=face))
        thrown = table.state
        assert thrown is not None and thrown.last_throw is not None
        trigger.write_text("farkle-pi test\n")
        table.handle(Action("keep"))
        error = table.view().error
        assert "read-only" in error and "restart the Pi" in error, error
        assert "\n" not in error and table.state == thrown
    with Store(path, read_only=True) as card:
        kept = card.latest()
        assert kept is not None and kept.state == thrown
    finding = doctor.check_database(Config(store=StoreConfig(database=path)))
    assert finding.status is Status.FAIL and "restart the Pi" in finding.message
    assert "damaged" not in finding.message and "aside" not in finding.message
