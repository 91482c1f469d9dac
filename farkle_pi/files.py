"""Files written whole or not at all, and still there after a power cut."""

from __future__ import annotations

import os
from pathlib import Path


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
    finally:
        part.unlink(missing_ok=True)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
