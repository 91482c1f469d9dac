"""A database in memory only (raspi-config's Overlay File System, a tmpfs) is told: the table
would seem to work all evening and forget every game at the next power-off."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from farkle_pi import doctor, mounts
from farkle_pi.commands.table import _kept_trouble
from farkle_pi.config import Config, StoreConfig
from farkle_pi.doctor import Status
from farkle_pi.mounts import NOTICE, kept_in_memory
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table

DB = Path("/var/lib/farkle-pi/farkle.db")
CARD = "21 1 179:2 / /boot/firmware rw,relatime - vfat /dev/mmcblk0p1 rw\n"
# raspi-config's overlay as the overlayroot package mounts it: the card read-only below, a
# tmpfs for the changes, the overlay as /
OVERLAYROOT = CARD + (
    "22 1 179:2 / /media/root-ro ro,relatime - ext4 /dev/mmcblk0p2 ro\n"
    "23 1 0:25 / /media/root-rw rw,relatime - tmpfs tmpfs-root rw\n"
    "24 1 0:26 / / rw,relatime shared:1 - overlay overlayroot rw,lowerdir=/media/root-ro,"
    "upperdir=/media/root-rw/overlay,workdir=/media/root-rw/overlay-workdir\n")
PLAIN = CARD + "20 1 179:2 / / rw,relatime shared:1 - ext4 /dev/mmcblk0p2 rw\n"
# a container's root: an overlay whose layers are not visible inside it
CONTAINER = ("20 1 0:50 / / rw,relatime - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/"
             "l/ABC,upperdir=/var/lib/docker/overlay2/123/diff,workdir=/var/lib/docker/"
             "overlay2/123/work\n")


def test_the_overlay_file_system_is_told() -> None:
    why = kept_in_memory(DB, OVERLAYROOT, "console=tty1 overlayroot=tmpfs")
    assert why == "/ is an overlay whose changes go to memory (/media/root-rw)"


def test_a_disk_keeps_the_games() -> None:
    assert kept_in_memory(DB, PLAIN, "console=tty1") == ""


def test_a_database_on_a_usb_stick_under_the_overlay_is_kept(tmp_path: Path) -> None:
    """The way to keep the overlay and the games: the database on a disk of its own."""
    (tmp_path / "usb").mkdir()
    (tmp_path / "usbstick").mkdir()
    stick = OVERLAYROOT + f"30 24 8:1 / {tmp_path}/usb rw,relatime - ext4 /dev/sda1 rw\n"
    assert kept_in_memory(tmp_path / "usb" / "farkle.db", stick, "overlayroot=tmpfs") == ""
    assert kept_in_memory(tmp_path / "usbstick" / "farkle.db", stick, "overlayroot=tmpfs") != ""


def test_a_tmpfs_is_told(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "tx").mkdir()
    tmp = PLAIN + f"40 20 0:30 / {tmp_path}/t rw,nosuid - tmpfs tmpfs rw,size=1g\n"
    assert kept_in_memory(tmp_path / "t" / "farkle.db", tmp, "") == (
        f"{tmp_path}/t is a tmpfs, kept in memory")
    assert kept_in_memory(tmp_path / "tx" / "farkle.db", tmp, "") == ""


def test_an_overlay_whose_layers_are_not_seen_asks_how_the_pi_booted() -> None:
    """A container's root is an overlay on a disk (nothing to tell); the overlay's tmpfs may
    also be out of sight: then the kernel's command line says whether the overlay was asked for."""
    assert kept_in_memory(DB, CONTAINER, "console=ttyS0 root=/dev/vda") == ""
    booted = "quiet overlayroot=tmpfs:recurse=0"
    assert "Overlay File System" in kept_in_memory(DB, CONTAINER, booted)
    assert "Overlay File System" in kept_in_memory(DB, CONTAINER, "boot=overlay quiet")
    assert kept_in_memory(DB, CONTAINER, "overlayroot=disabled") == ""


def test_a_mount_point_with_a_space_is_read_as_the_kernel_writes_it(tmp_path: Path) -> None:
    (tmp_path / "game night").mkdir()
    (tmp_path / "game").mkdir()
    spaced = PLAIN + f"41 20 0:31 / {tmp_path}/game\\040night rw - tmpfs tmpfs rw\n"
    assert kept_in_memory(tmp_path / "game night" / "farkle.db", spaced, "") != ""
    assert kept_in_memory(tmp_path / "game" / "farkle.db", spaced, "") == ""


def test_the_last_mount_over_a_point_is_the_one_seen() -> None:
    over = PLAIN + "42 20 0:32 / / rw - tmpfs tmpfs rw\n"
    assert kept_in_memory(DB, over, "") == "/ is a tmpfs, kept in memory"


def test_no_mount_table_is_no_finding(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(mounts, "MOUNTINFO", tmp_path / "missing")
    assert kept_in_memory(DB) == ""


def test_doctor_fails_with_the_fix(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = Config(store=StoreConfig(database=tmp_path / "farkle.db"))
    info = tmp_path / "mountinfo"
    info.write_text(OVERLAYROOT)
    cmdline = tmp_path / "cmdline"
    cmdline.write_text("overlayroot=tmpfs\n")
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    monkeypatch.setattr(mounts, "CMDLINE", cmdline)
    finding = doctor.check_kept(config)
    assert finding.status is Status.FAIL
    assert finding.message == (
        f"{tmp_path / 'farkle.db'}: / is an overlay whose changes go to memory (/media/root-rw), "
        "so every game is forgotten at the next power-off: turn the overlay off (sudo "
        "raspi-config nonint do_overlayfs 1, then reboot) or set [store] database to a disk "
        "that keeps its files")
    info.write_text(PLAIN)
    assert doctor.check_kept(config).status is Status.OK


def test_the_table_says_so_all_evening(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        caplog: pytest.LogCaptureFixture) -> None:
    """On the setup screen and under every game (a new game does not take it away), below
    the prompts that come and go; the journal gets the fix."""
    info = tmp_path / "mountinfo"
    info.write_text(PLAIN + f"50 20 0:33 / {tmp_path} rw - tmpfs tmpfs rw\n")
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    with caplog.at_level(logging.WARNING):
        trouble = _kept_trouble(tmp_path / "farkle.db")
    assert trouble == NOTICE
    assert "every game is forgotten at the next power-off" in caplog.text
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        table.kept_trouble = trouble
        assert table.view().prompt == NOTICE
        table.new_game()
        assert table.view().prompt == NOTICE
        table.buttons_trouble = "buttons not working: BANK (BCM 19) - see farkle-pi doctor"
        assert table.view().prompt == NOTICE  # (the games first: the buttons have keys)
    info.write_text(PLAIN)
    assert _kept_trouble(tmp_path / "farkle.db") == ""


def test_a_mount_point_named_in_another_encoding_does_not_stop_the_table(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The kernel writes a mount point's bytes as they are (a USB stick named in Latin-1): the
    mount table is no UTF-8 then, and reading it must not raise (the table would not start),
    nor hide a tmpfs elsewhere."""
    info = tmp_path / "mountinfo"
    info.write_bytes(PLAIN.encode() + b"43 20 8:1 / /media/pi/Caf\xe9 rw - vfat /dev/sda1 rw\n"
                     + f"44 20 0:34 / {tmp_path} rw - tmpfs tmpfs rw\n".encode())
    monkeypatch.setattr(mounts, "MOUNTINFO", info)
    assert _kept_trouble(tmp_path / "farkle.db") == NOTICE
    assert kept_in_memory(DB) == ""


def test_a_check_that_fails_does_not_stop_the_table(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """The table starts whatever the mount table holds; the journal says the check failed."""
    def broken(*_: object) -> str:
        raise IndexError("an odd mount table")

    monkeypatch.setattr(mounts, "kept_in_memory", broken)
    assert _kept_trouble(tmp_path / "farkle.db") == ""
