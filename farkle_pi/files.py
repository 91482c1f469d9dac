"""Files written whole or not at all, and still there after a power cut."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path
from typing import Any


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


FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def write_picture(path: Path, picture: Any) -> None:
    """An OpenCV picture encoded in memory by `path`'s suffix (.png, .jpg, ...) and written
    whole (write_whole): a full disk is an OSError that says so, nothing half-written is left,
    and libpng or libjpeg print nothing of their own. ValueError: a suffix OpenCV cannot write."""
    import cv2

    try:
        ok, data = cv2.imencode(path.suffix.lower() or ".none", picture)
    except cv2.error:
        ok = False
    if not ok:
        raise ValueError(f"{path}: OpenCV cannot write a {path.suffix or 'suffix-less'} file")
    write_whole(path, data.tobytes())


def write_surface(path: Path, surface: Any) -> None:
    """A pygame surface in the format `path`'s suffix names (PNG, JPEG, BMP, else TGA, as
    pygame chooses), written as write_picture writes (pygame writing to the file itself
    printed libpng's complaint and left a truncated PNG on a full disk)."""
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, path.name)
    write_whole(path, buffer.getvalue())


def unwritten(path: Path | str, error: OSError, otherwise: str) -> str:
    """Why `path` was not written, as the end of a one-line error: a full disk says so;
    anything else gives the system's words and `otherwise` (what to give instead)."""
    why = error.strerror or str(error)
    if error.errno in FULL:
        return f"cannot write {path}: {why} (free some disk space, or write it elsewhere)"
    return f"cannot write {path}: {why} ({otherwise})"
