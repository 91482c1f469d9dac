"""How many dice the next throw should have, so a wrong count can be prompted."""

from __future__ import annotations


class DiceCount:
    """Follows a turn by itself, unless the game says the number (`exact`).

    By itself: a throw should have the full set, or after the first removal that
    follows a throw (the keep) the dice not set aside; a throw of the full set is
    always right (a new turn, hot dice). Later removals before the next throw are
    the dice picked up to throw again and change nothing.
    """

    def __init__(self, full: int | None) -> None:
        self.full = full
        self.expected = full
        self._exact = False
        self._kept_since_throw = False

    def exact(self, count: int | None) -> None:
        """The game says how many dice the next throw must have (None: don't check)."""
        self.expected = count
        self._exact = True

    def thrown(self, count: int) -> bool:
        """A throw of `count` dice settled: True when that is the wrong number of dice."""
        self._kept_since_throw = False
        if self.expected is None:
            return False
        if not self._exact and count == self.full:
            return False
        return count != self.expected

    def removed(self, left: int) -> None:
        """Dice left the tray and `left` stay in it."""
        if self._exact or self._kept_since_throw or self.full is None:
            return
        self._kept_since_throw = True
        self.expected = left if left > 0 else self.full
