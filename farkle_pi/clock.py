"""What the machine's clocks said when a game started: the wall clock alone cannot say which
games were played tonight.

A Raspberry Pi has no clock of its own. It starts at the time fake-hwclock saved at its last
shutdown (a week ago, if it was put away for a week), at the image's build date, or at 1970, and
jumps to the real time when the network gives it one: seconds after the table started, an hour
later, or never (a friend's house without Wi-Fi). The time since boot never jumps, and the
kernel knows whether a time server has set the wall clock; so games of one boot are timed
against each other exactly, and games of different boots only by wall clocks that were set.
"""

from __future__ import annotations

import ctypes
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

BOOT_ID = Path("/proc/sys/kernel/random/boot_id")  # new at every boot
UNSET = 16_000_000  # µs: the kernel's maximum error of a clock no time server has set


@dataclass(frozen=True)
class Moment:
    """The clocks besides the wall clock's reading, each None where this machine cannot tell."""

    boot: str | None  # which boot of the machine
    uptime: float | None  # seconds since that boot (CLOCK_BOOTTIME: never set, never jumps)
    synced: bool | None  # whether a time server had set the wall clock


def now() -> Moment:
    return Moment(_boot(), _uptime(), _synced())


def _boot() -> str | None:
    try:
        return BOOT_ID.read_text(encoding="ascii").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def _uptime() -> float | None:
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    return None if boottime is None else time.clock_gettime(boottime)


class _Timex(ctypes.Structure):
    """The start of the kernel's struct timex; the rest is room the kernel writes into."""

    _fields_ = [("modes", ctypes.c_uint), ("offset", ctypes.c_long), ("freq", ctypes.c_long),
                ("maxerror", ctypes.c_long), ("room", ctypes.c_byte * 512)]


def _synced() -> bool | None:
    """As `timedatectl` tells "System clock synchronized": the kernel's maximum error is under
    its ceiling once timesyncd (or chrony, or ntpd) has set the clock; reading it changes
    nothing (modes 0)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        adjtimex = ctypes.CDLL(None).adjtimex
    except (OSError, AttributeError):
        return None
    timex = _Timex()
    if adjtimex(ctypes.byref(timex)) < 0:
        return None
    return bool(timex.maxerror < UNSET)


def stamped_at(text: str) -> datetime | None:
    """A game's stored start stamp (ISO 8601; UTC where it names no zone), None where it does
    not read."""
    try:
        started = datetime.fromisoformat(text)
    except ValueError:
        return None
    return started if started.tzinfo else started.replace(tzinfo=UTC)


def local_text(text: str) -> str:
    """A start stamp as the people at the table read their clock: local time to the minute;
    as stored where it does not read."""
    started = stamped_at(text)
    try:
        return text if started is None else started.astimezone().strftime("%Y-%m-%d %H:%M")
    except (OverflowError, ValueError, OSError):  # (a year the platform cannot show)
        return text
