"""Behaviour of the durable file writes that a hand-made mutation review found untested: each
test fails on one small change to farkle_pi/files.py that would lose or half-write a file."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from farkle_pi.files import give_to_folder_owner, write_whole

NOBODY = 65534
only_root = pytest.mark.skipif(os.geteuid() != 0, reason="only root gives files away")


def test_the_data_reaches_the_card_before_the_rename_and_the_folder_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut right after `write_whole` returns leaves the new file whole: its bytes are
    flushed and synced while it is still the part file, then the folder (the rename) is synced."""
    path = tmp_path / "calibration.json"
    synced: list[tuple[bool, int, bool]] = []  # (a folder?, bytes on disk, renamed yet?)
    real_fsync = os.fsync

    def noting(fd: int) -> None:
        info = os.fstat(fd)
        synced.append((stat.S_ISDIR(info.st_mode), info.st_size, path.exists()))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", noting)
    write_whole(path, b'{"tray": 1}\n')
    assert synced == [(False, 12, False), (True, synced[-1][1], True)]
    assert path.read_bytes() == b'{"tray": 1}\n'


def test_a_write_that_fails_leaves_the_old_file_and_no_part_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full card while saving keeps the file as it was (never empty, never half) and leaves
    no `.part` file behind."""
    path = tmp_path / "calibration.json"
    path.write_bytes(b"old\n")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_whole(path, b"new\n")
    monkeypatch.undo()
    assert path.read_bytes() == b"old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["calibration.json"]


@only_root
def test_a_file_root_writes_in_the_tables_folder_is_the_tables_user_and_group(
        tmp_path: Path) -> None:
    folder = tmp_path / "farkle-pi"
    folder.mkdir()
    os.chown(folder, NOBODY, NOBODY)
    write_whole(folder / "calibration.json", b"{}\n")
    info = (folder / "calibration.json").stat()
    assert (info.st_uid, info.st_gid) == (NOBODY, NOBODY)


@only_root
def test_a_users_file_in_a_folder_of_roots_is_left_the_users(tmp_path: Path) -> None:
    """Only files in another user's folder are given away: root never takes a user's file."""
    assert tmp_path.stat().st_uid == 0
    path = tmp_path / "farkle.db"
    path.write_bytes(b"")
    os.chown(path, NOBODY, NOBODY)
    give_to_folder_owner(path)
    assert path.stat().st_uid == NOBODY


def test_a_user_other_than_root_gives_nothing_away(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only root can give a file away: anyone else (the table's own user, writing in a folder
    its group shares) leaves the file as it is and does not fail trying."""
    folder = tmp_path / "shared"
    folder.mkdir()
    if os.geteuid() == 0:
        os.chown(folder, NOBODY, NOBODY)  # another user's folder
    given: list[Path] = []
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setattr(os, "chown", lambda path, uid, gid: given.append(Path(path)))
    write_whole(folder / "calibration.json", b"{}\n")
    assert given == []
