"""Files written whole or not at all, and still there after a power cut."""

from __future__ import annotations

import os
from pathlib import Path


def sqlite_name(path: Path) -> str:
    """The name to give SQLite for a file: absolute, as SQLite takes one that starts with
    "file:" as a URI (`file:g.db` would be g.db)."""
    return os.path.abspath(path)


def give_to_folder_owner(path: Path) -> None:
    """A file root made in another user's folder is given to that user: `sudo farkle-pi
    calibrate` or `game new` in the table's /var/lib/farkle-pi must leave files the table (its
    own user) can write again. SQLite does the same for its journals."""
    if os.geteuid() != 0:
        return
    folder = path.parent.stat()
    if folder.st_uid != 0 and path.stat().st_uid != folder.st_uid:
        os.chown(path, folder.st_uid, folder.st_gid)


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to a part file, flush it to the card, rename it over `path`, and flush
    the folder: a full disk or a pulled plug leaves the old file (or none), never half of one.
    OSError is the caller's to word."""
    part = path.with_name(path.name + ".part")
    try:
        with open(part, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(part, path)
        give_to_folder_owner(path)
    finally:
        part.unlink(missing_ok=True)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
