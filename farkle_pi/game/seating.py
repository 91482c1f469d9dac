"""How many players a game seats and how long a name may be: what the table's screen shows.

Checked where a game starts or a player joins, not when a stored game is replayed, so games
stored before these limits still load.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from farkle_pi.game.names import MAX_NAME, shown
from farkle_pi.game.turns import Refused

__all__ = ["MAX_NAME", "MAX_PLAYERS", "check_seating", "name_key", "spelled_as"]

MAX_PLAYERS = 8  # every seat keeps a readable row on the scoreboard


def name_key(name: str) -> str:
    """What tells players apart: "ann" and "Ann", or "Zoë" typed as one letter or as e and
    a dot mark, look alike on the scoreboard (and the stats would count two people)."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def spelled_as(name: str, known: Iterable[str]) -> str:
    """`name` as the first of the `known` names it looks like spells it ("ann" typed for the
    Ann of earlier games), else as typed: the stats keep one player whole."""
    return next((n for n in known if name_key(n) == name_key(name)), name)


def check_seating(names: Sequence[str], seated: Sequence[str] = (),
                  left: Sequence[str] = ()) -> None:
    """Refused, saying what to change, if `names` joining the `seated` players are too many,
    a name is too long, or two names look alike. `left`: the seated who went home, whose
    seats stay theirs (a full table's refusal says that they may come back)."""
    if len(seated) + len(names) > MAX_PLAYERS:
        back = (f" ({', '.join(left)} left this game and keeps a seat: add with that name "
                "brings them back)") if left else ""
        raise Refused(f"{len(seated) + len(names)} players is too many: a game seats at most "
                      f"{MAX_PLAYERS}{back}")
    taken = {name_key(n): n.strip() for n in seated}
    for name in names:
        other = taken.setdefault(name_key(name), name.strip())
        if other != name.strip():
            raise Refused(f"{name.strip()} and {other} look alike on the scoreboard: give "
                          "another name")
    for name in names:
        if not name.isprintable():  # a line break would split the scoreboard's line
            raise Refused(f"the name {shown(name)} holds a line break or a control character: "
                          "give letters, digits and spaces")
        if len(name.strip()) > MAX_NAME:
            raise Refused(f"the name {shown(name)} is {len(name.strip())} characters long: "
                          f"give at most {MAX_NAME} (a nickname)")
