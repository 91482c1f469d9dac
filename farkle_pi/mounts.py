"""Whether a file's disk keeps it after a power-off.

Raspberry Pi OS offers an "Overlay File System" (raspi-config): the card is mounted read-only
and every write goes to memory, to protect the card from power cuts. farkle-pi's database
survives power cuts by itself (SQLite's write-ahead log, synchronous=FULL), and under the
overlay it would seem to work all evening and then forget every game at the next power-off.
So the table and `farkle-pi doctor` ask here, from the kernel's mount table.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

IN_MEMORY = ("tmpfs", "ramfs")
MOUNTINFO = Path("/proc/self/mountinfo")
CMDLINE = Path("/proc/cmdline")
# raspi-config's overlay (the overlayroot package) and the older overlay boot scripts
OVERLAY_BOOT = re.compile(r"(^|\s)(overlayroot=tmpfs\S*|boot=overlay)(\s|$)")


class Mount(NamedTuple):
    point: str
    fstype: str
    options: str  # the file system's own (for an overlay: lowerdir, upperdir, workdir)


def kept_in_memory(path: Path, mountinfo: str | None = None, cmdline: str | None = None) -> str:
    """What keeps `path` in memory only ("" if nothing does, or the mount table cannot be
    read): a tmpfs or ramfs, or an overlay whose changes go to one. The mount table and the
    kernel's command line default to this machine's (tests give their own)."""
    try:
        mounts = _mounts(mountinfo)
    except OSError:
        return ""
    mount = containing(mounts, str(existing_ancestor(path.resolve())))
    if mount is None:
        return ""
    if mount.fstype in IN_MEMORY:
        return f"{mount.point} is a {mount.fstype}, kept in memory"
    if mount.fstype != "overlay":
        return ""
    upper = _option(mount.options, "upperdir")
    below = containing(mounts, upper) if upper else None
    if below is not None and below.fstype in IN_MEMORY:
        return f"{mount.point} is an overlay whose changes go to memory ({below.point})"
    if below is None or below.fstype == "overlay":  # (not visible here: ask how it booted)
        try:
            booted = os.fsdecode(CMDLINE.read_bytes()) if cmdline is None else cmdline
        except OSError:
            return ""
        if OVERLAY_BOOT.search(booted):
            return (f"{mount.point} is the read-only card's overlay, its changes kept in "
                    "memory (raspi-config's Overlay File System)")
    return ""


def read_only(path: Path, mountinfo: str | None = None) -> bool:
    """Whether the disk `path` is on takes no writes now: mounted read-only, or a card whose
    ext4 the kernel made read-only after an error on it (errors=remount-ro, Raspberry Pi OS's
    default for its card): "ro" on older kernels, which statvfs reports, and only
    "emergency_ro" in the mount table on newer ones, which it does not."""
    try:
        where = existing_ancestor(path.resolve())
    except (OSError, RuntimeError):  # (a symlink loop: RuntimeError on Python 3.11)
        return False
    try:
        if os.statvfs(where).f_flag & os.ST_RDONLY:
            return True
        mounts = _mounts(mountinfo)
    except OSError:
        return False
    mount = containing(mounts, str(where))
    return mount is not None and bool({"ro", "emergency_ro"} & set(_split(mount.options)))


# What to do about a card the kernel made read-only, or a disk mounted so (the store's error
# lines and doctor's add where else the games can go)
READ_ONLY_FIX = ("the kernel makes a card read-only after an error on it: what was stored is "
                 "kept; restart the Pi (it checks the card as it starts) and if it happens "
                 "again, copy the games off the card and replace it; a disk mounted read-only: "
                 "mount it read-write")


def forgotten(path: Path, why: str) -> str:
    """The one line that says so, with the fix."""
    fix = ("turn the overlay off (sudo raspi-config nonint do_overlayfs 1, then reboot) or "
           if "overlay" in why else "")
    return (f"{path}: {why}, so every game is forgotten at the next power-off: {fix}set "
            "[store] database to a disk that keeps its files")


# The table's line for the players (the journal and doctor have the whole story)
NOTICE = "games are NOT kept: the card is in memory-only mode - see farkle-pi doctor"


def _mounts(mountinfo: str | None) -> list[Mount]:
    """The mount table given, else this machine's (OSError where it cannot be read)."""
    # (as bytes: the kernel writes a mount point's name as it is, not always UTF-8)
    return parse(os.fsdecode(MOUNTINFO.read_bytes()) if mountinfo is None else mountinfo)


def parse(mountinfo: str) -> list[Mount]:
    """The mounts of /proc/self/mountinfo, in its order (a later one over the same point
    hides the earlier)."""
    mounts = []
    for line in mountinfo.splitlines():
        fields = line.split()
        if "-" not in fields[6:]:
            continue
        dash = fields.index("-", 6)
        if len(fields) < dash + 3:
            continue
        options = fields[dash + 3] if len(fields) > dash + 3 else ""
        mounts.append(Mount(_unescape(fields[4]), fields[dash + 1], options))
    return mounts


def containing(mounts: list[Mount], path: str) -> Mount | None:
    """The mount `path` is on: the longest mount point above it, the last mounted there."""
    best: Mount | None = None
    for mount in mounts:
        point = mount.point.rstrip("/") + "/"
        if (path + "/").startswith(point) and (
                best is None or len(mount.point) >= len(best.point)):
            best = mount
    return best


def _split(options: str) -> list[str]:
    """A mount's options one by one (a comma in a path is written as \\,)."""
    return re.split(r"(?<!\\),", options)


def _option(options: str, name: str) -> str:
    for option in _split(options):
        key, _, value = option.partition("=")
        if key == name:
            return _unescape(value.replace("\\,", ","))
    return ""


def _unescape(text: str) -> str:
    """The kernel writes a space, tab, line break or backslash in a path as \\ooo (octal)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


def existing_ancestor(path: Path) -> Path:
    """`path`, or the nearest folder above it that exists (the database may not be made yet)."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path("/")
