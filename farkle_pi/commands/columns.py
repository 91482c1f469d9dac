"""Names in a terminal's columns: a Chinese letter takes two columns and a combining mark
none, so names padded by their length put the scores after "李雷" two columns out of line."""

from __future__ import annotations

import unicodedata


def columns(text: str) -> int:
    """How many columns a terminal gives `text` (wide and full-width letters two, marks and
    zero-width characters none)."""
    return sum(_columns(c) for c in text)


def _columns(character: str) -> int:
    if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def left_aligned(text: str, width: int) -> str:
    """`text` padded with spaces to `width` columns."""
    return text + " " * max(0, width - columns(text))


def widest(texts: list[str], least: int) -> int:
    """The columns the widest of `texts` takes, and at least `least`."""
    return max(least, *(columns(text) for text in texts))
