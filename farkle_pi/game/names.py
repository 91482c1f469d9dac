"""How long a name may be, and a name as a refusal's one line quotes it.

Apart from `seating` so that the rules of play (`turns`, which `seating` builds on) can quote a
name too."""

from __future__ import annotations

MAX_NAME = 16  # characters: longer names shrink out of reading distance on the turn bar


def shown(name: str) -> str:
    """A refused name as the refusal quotes it: its start, where it is long (a name pasted
    by mistake made the one line 10,000 characters long)."""
    name = name.strip()
    return repr(name) if len(name) <= MAX_NAME + 8 else f"{name[:MAX_NAME]!r}…"


def said(name: str) -> str:
    """A name as typed where it reads on one line and is not long, else `shown`."""
    name = name.strip()
    return name if name.isprintable() and len(name) <= MAX_NAME + 8 else shown(name)
