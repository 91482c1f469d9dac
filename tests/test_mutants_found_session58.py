"""Found by a review of session 58's changes (the copy of the games made in a thread of its
own, each game's boot, uptime and synced clock kept for the history screen's TONIGHT, a card
the kernel made read-only named so): defects, each with the test that failed before its fix,
and behaviour the earlier tests left open, each test failing on a mutant that survived them."""

from __future__ import annotations

import pytest

from farkle_pi.clock import Moment
from farkle_pi.store.records import GameRecord
from farkle_pi.table.adapter import history_rows


def _record(game_id: int, started: str, winner: str = "Ann", over: bool = True) -> GameRecord:
    return GameRecord(game_id, started, "standard", (winner, "Bob"), (250, 0), over,
                      (winner,) if over else (), (), (0, 0, 0, 0, 0, 0))

def _winners(records: list[GameRecord], moments: dict[int, Moment]) -> list[str]:
    return [row.winner for row in history_rows(records, moments)]

# -- defects -------------------------------------------------------------------------------

@pytest.mark.parametrize("uptime", [1e300, float("inf"), float("nan")])
def test_an_uptime_that_does_not_read_never_closes_the_history_screen(uptime: float) -> None:
    """A damaged uptime (SQLite keeps no checksums; a hand-edited file): the history screen
    said "internal error: days=...; must have magnitude <= 999999999" (timedelta's overflow)
    all evening instead of the night's games. That game is left out of the night; the rest
    are listed."""
    records = [_record(1, "2025-01-08T20:00:00+00:00", "Old"),
               _record(2, "2025-01-08T21:00:00+00:00", "Ann")]
    moments = {1: Moment("boot-1", uptime, True), 2: Moment("boot-1", 3600.0, True)}
    assert _winners(records, moments) == ["Ann"]
    moments = {1: Moment("boot-1", 60.0, True), 2: Moment("boot-1", uptime, True)}
    assert _winners(records, moments)[0] == "Ann"

def test_the_newest_game_is_always_tonight_without_a_boot_id() -> None:
    """A machine whose boot id cannot be read (/proc not mounted: a chroot, a container) but
    whose kernel says the clock was never set: every game, the one just played included, went
    to "another boot on an unset clock", and TONIGHT was empty after a game."""
    records = [_record(1, "1970-01-01T00:05:00+00:00", "Ann")]
    assert _winners(records, {1: Moment(None, 300.0, False)}) == ["Ann"]
