"""How many players a game seats and how long a name may be: what the table's screen shows.

Checked where a game starts or a player joins, not when a stored game is replayed, so games
stored before these limits still load.
"""

from __future__ import annotations

from collections.abc import Sequence

from farkle_pi.game.turns import Refused

MAX_PLAYERS = 8  # every seat keeps a readable row on the scoreboard
MAX_NAME = 16  # characters: longer names shrink out of reading distance on the turn bar


def check_seating(names: Sequence[str], seated: int = 0) -> None:
    """Refused, saying what to change, if `names` joining `seated` players is too many or a
    name is too long."""
    if seated + len(names) > MAX_PLAYERS:
        raise Refused(f"{seated + len(names)} players is too many: a game seats at most "
                      f"{MAX_PLAYERS}")
    for name in names:
        if not name.isprintable():  # a line break would split the scoreboard's line
            raise Refused(f"the name {name!r} holds a line break or a control character: "
                          "give letters, digits and spaces")
        if len(name.strip()) > MAX_NAME:
            raise Refused(f"the name {name.strip()!r} is {len(name.strip())} characters long: "
                          f"give at most {MAX_NAME} (a nickname)")
