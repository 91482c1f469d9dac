"""A copy of the games beside the database, made when the table starts and when a game ends.

The store survives a pulled plug (write-ahead log, synchronous=FULL) as far as the card honours
what it is told; a cheap card, or a card going bad, can still damage the file, and then the
years of history would go with it. The copy is made with SQLite's online backup (a consistent
copy while the table goes on), only from a file that passes SQLite's quick check (a damaged
file never replaces the last good copy), and through a part file renamed over the old copy (a
full disk or a pulled plug leaves the old copy, never half of one).
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import sqlite3
from contextlib import closing, suppress
from datetime import datetime
from pathlib import Path

from farkle_pi.files import give_to_folder_owner, sqlite_name

log = logging.getLogger(__name__)

SUFFIX = ".backup"
# Room the copy always leaves on the card for the games themselves (doctor's FULL_DISK_MB)
KEEP_FREE = 20 * 1024 * 1024


def backup_path(database: Path) -> Path:
    """Where the copy of `database` is kept: farkle.db.backup beside farkle.db."""
    return database.with_name(database.name + SUFFIX)


def back_up(database: Path) -> bool:
    """Copy `database` to its backup; False (and a line in the log) where it was not: the
    file fails SQLite's quick check, the copy could not be written, or another farkle-pi is
    making it this moment (the games themselves are in the database either way)."""
    target = backup_path(database)
    try:
        short = _short_of_room(database, target)
        if short:
            log.warning("no backup of %s made: %s", database, short)
            return False
        folder = os.open(target.parent, os.O_RDONLY)
    except OSError as error:
        log.warning("no backup of %s made: %s", database, error)
        return False
    try:
        try:  # one copy at a time: the table and `farkle-pi game` share the part file
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning("no backup of %s made: another farkle-pi is making it now", database)
            return False
        except OSError:  # (a file system without such locks, as NFS for a folder: copy as
            pass  # before, unlocked, rather than never)
        return _copy(database, target, folder)
    finally:
        os.close(folder)  # (and the lock with it)


def _copy(database: Path, target: Path, folder: int) -> bool:
    part = target.with_name(target.name + ".part")
    try:
        with closing(sqlite3.connect(f"{Path(sqlite_name(database)).as_uri()}?mode=ro",
                                     uri=True, timeout=5)) as source:
            verdict = str(source.execute("PRAGMA quick_check").fetchone()[0])
            if verdict != "ok":
                log.warning("no backup made: %s fails SQLite's quick check (%s); %s is the "
                            "last good copy", database, verdict.splitlines()[0], target)
                return False
            part.unlink(missing_ok=True)
            with closing(sqlite3.connect(sqlite_name(part))) as copy:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")  # one file, no log beside it
        _flush(part)
        os.replace(part, target)
        give_to_folder_owner(target)
        os.fsync(folder)  # (the new name onto the card)
    except (sqlite3.Error, OSError) as error:
        log.warning("no backup of %s made: %s", database, error)
        with suppress(OSError):  # (a folder of that name, a card remounted read-only)
            part.unlink(missing_ok=True)
        return False
    return True


def backup_made(database: Path) -> str:
    """When the copy of `database` was made, as the players read it ("" if there is none)."""
    try:
        made = backup_path(database).stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(made).strftime("%Y-%m-%d %H:%M")


def backup_note(database: Path) -> str:
    """What to do with a damaged database when its backup is there ("" if there is none)."""
    made = backup_made(database)
    return f"copy its backup {backup_path(database)} (made {made}) in its place" if made else ""


def _short_of_room(database: Path, target: Path) -> str:
    """Why the copy would take room the games need ("" if it would not): less than
    KEEP_FREE left once it replaced the old copy (the database and its log, at most)."""
    size = sum(_size(Path(f"{database}{end}")) for end in ("", "-wal"))
    free = shutil.disk_usage(target.parent).free
    left = free + _size(target) - size
    if left >= KEEP_FREE:
        return ""
    return (f"{free // 2**20} MB free for {target.parent}: a {size // 2**20} MB copy would "
            f"leave the games under {KEEP_FREE // 2**20} MB (free some disk space)")


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _flush(path: Path) -> None:
    """A file's bytes onto the card."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
