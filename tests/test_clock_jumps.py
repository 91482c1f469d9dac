"""A Pi has no clock of its own: the history screen's TONIGHT must list the evening's games
whatever the wall clock did (fake-hwclock's restored time, the network setting it mid-evening,
1970), and never last week's."""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from game_script import parse_script, play

import farkle_pi.store.db as store_db
from farkle_pi import clock
from farkle_pi.cli import main
from farkle_pi.clock import Moment
from farkle_pi.game import Game, event_to_json
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.store.db import _MIGRATIONS
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

# Ann banks 250 of a 200 target; Bob's last throw farkles: Ann wins
WON_BY_ANN = "throw 115234\nkeep 115\nbank\nthrow 234662"


class Clocks:
    """The store's wall clock and the machine's other clocks, set by the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.wall = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
        self.moment = Moment("boot-1", 30.0, True)
        monkeypatch.setattr(store_db, "_now", lambda: self.wall.isoformat(timespec="seconds"))
        monkeypatch.setattr(store_db, "_moment", lambda: self.moment, raising=False)

    def set(self, wall: datetime, boot: str, uptime: float, synced: bool) -> None:
        self.wall = wall
        self.moment = Moment(boot, uptime, synced)

    def play(self, path: Path, winner: str, wall: datetime, boot: str, uptime: float,
             synced: bool) -> None:
        """One finished game won by `winner`, started when the clocks said so."""
        self.set(wall, boot, uptime, synced)
        _game(path, winner)


def _game(path: Path, winner_first: str) -> None:
    """One finished game, won by `winner_first` (the first player), as the table's store
    stores it: a store opened for it, as a table started again would."""
    with Store(path) as store:
        game = store.new_game([winner_first, "Bob"], load_rules("standard", {"target": "200"}))
        for command in parse_script(WON_BY_ANN):
            game.apply(command)
        assert game.state.over


def _tonight(path: Path) -> list[tuple[str, str]]:
    """The history screen's TONIGHT rows (time, winner) of a table on this file."""
    with Store(path) as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        table.handle(Action("show", text="history"))
        view = table.view()
        assert view.screen == "history"
        return [(row.when, row.winner) for row in view.history]


def _local(wall: datetime) -> str:
    return wall.astimezone().strftime("%H:%M")


LAST_WEEK = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
TONIGHT = datetime(2025, 1, 8, 20, 0, tzinfo=UTC)


@pytest.mark.parametrize("first_stamp", [
    LAST_WEEK + timedelta(hours=3, minutes=30),  # restored from last week's shutdown
    datetime(1970, 1, 1, 0, 1, tzinfo=UTC),  # no fake-hwclock
    TONIGHT + timedelta(days=30),  # a clock ahead, set back by the network
], ids=["restored", "1970", "ahead"])
def test_the_evenings_first_game_stays_tonight_when_the_network_sets_the_clock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first_stamp: datetime) -> None:
    """Tonight's first game was started on a clock no time server had set; the network set
    it during the game (timesyncd). After the second game TONIGHT listed that one alone: the
    first was stamped days (or 55 years) from it. Both are shown, at the times they were
    really played, and last week's games are not."""
    path = tmp_path / "farkle.db"
    clocks = Clocks(monkeypatch)
    clocks.play(path, "Old", LAST_WEEK, "boot-1", 600.0, True)
    clocks.play(path, "Ann", first_stamp, "boot-2", 40.0, False)
    clocks.play(path, "Cy", TONIGHT + timedelta(minutes=45), "boot-2", 40.0 + 45 * 60, True)
    assert _tonight(path) == [(_local(TONIGHT + timedelta(minutes=45)), "Cy"),
                              (_local(TONIGHT), "Ann")]


def test_last_weeks_games_are_not_tonight_on_a_clock_restored_from_the_last_shutdown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a friend's house without Wi-Fi the Pi's clock stays where fake-hwclock left it: at
    last week's shutdown. TONIGHT listed last week's games with tonight's, as one night."""
    path = tmp_path / "farkle.db"
    clocks = Clocks(monkeypatch)
    clocks.play(path, "Old", LAST_WEEK, "boot-1", 600.0, True)
    clocks.play(path, "Older", LAST_WEEK + timedelta(hours=2), "boot-1", 600.0 + 7200, True)
    clocks.play(path, "Ann", LAST_WEEK + timedelta(hours=3, minutes=5), "boot-2", 50.0, False)
    clocks.play(path, "Cy", LAST_WEEK + timedelta(hours=4), "boot-2", 50.0 + 3300, False)
    assert [winner for _, winner in _tonight(path)] == ["Cy", "Ann"]


def test_a_pi_restarted_mid_evening_with_network_time_keeps_the_evenings_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plug pulled mid-evening: a new boot, and both clocks set by the network, so the wall
    clocks are compared as before; a week apart they are two nights."""
    path = tmp_path / "farkle.db"
    clocks = Clocks(monkeypatch)
    clocks.play(path, "Old", LAST_WEEK, "boot-1", 600.0, True)
    clocks.play(path, "Ann", TONIGHT, "boot-2", 600.0, True)
    clocks.play(path, "Cy", TONIGHT + timedelta(hours=1), "boot-3", 90.0, True)
    assert _tonight(path) == [(_local(TONIGHT + timedelta(hours=1)), "Cy"),
                              (_local(TONIGHT), "Ann")]


def test_a_pi_left_on_for_days_has_a_night_per_evening(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One boot is not one night: a Pi left plugged in lists yesterday's games apart, even on
    a clock no time server ever set."""
    path = tmp_path / "farkle.db"
    clocks = Clocks(monkeypatch)
    clocks.play(path, "Old", datetime(1970, 1, 1, 0, 5, tzinfo=UTC), "boot-1", 300.0, False)
    clocks.play(path, "Ann", datetime(1970, 1, 2, 0, 5, tzinfo=UTC), "boot-1", 300.0 + 86_400,
                False)
    assert [winner for _, winner in _tonight(path)] == ["Ann"]


def test_games_stored_before_the_clocks_were_kept_go_by_their_wall_clocks(
        tmp_path: Path) -> None:
    """A file of schema 2 is brought up to date: its games have no boot or uptime, and the
    night is the games within twelve hours of the newest by their stamps, as it was."""
    path = tmp_path / "farkle.db"
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(_MIGRATIONS[1] + _MIGRATIONS[2] + "PRAGMA user_version = 2;")
        for game_id, (when, winner) in enumerate(
                [(LAST_WEEK, "Old"), (TONIGHT, "Ann"), (TONIGHT + timedelta(hours=1), "Cy")],
                start=1):
            game = play(Game([winner, "Bob"], load_rules("standard", {"target": "200"})),
                        WON_BY_ANN)
            db.execute("INSERT INTO games (id, started, rules, players) VALUES (?, ?, ?, ?)",
                       (game_id, when.isoformat(), "standard", json.dumps([winner, "Bob"])))
            db.executemany(
                "INSERT INTO events (game, seq, command, at, body) VALUES (?, ?, 0, ?, ?)",
                [(game_id, i, when.isoformat(), json.dumps(event_to_json(event)))
                 for i, event in enumerate(game.events)])
    with Store(path) as store:
        assert set(store.moments().values()) == {Moment(None, None, None)}
    assert [winner for _, winner in _tonight(path)] == ["Cy", "Ann"]


def test_the_store_keeps_each_games_clocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    clocks = Clocks(monkeypatch)
    clocks.set(TONIGHT, "boot-7", 123.5, False)
    with Store(tmp_path / "farkle.db") as store:
        game = store.new_game(["Ann"], load_rules("standard"))
        assert store.moments() == {game.id: Moment("boot-7", 123.5, False)}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's clocks")
def test_this_machine_tells_its_boot_its_uptime_and_whether_its_clock_was_set() -> None:
    first, second = clock.now(), clock.now()
    assert first.boot == clock.BOOT_ID.read_text(encoding="ascii").strip()
    assert first.uptime is not None and second.uptime is not None
    assert 0 < first.uptime <= second.uptime
    assert isinstance(first.synced, bool)


@pytest.fixture
def in_kolkata(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Pi's local time zone set to one five and a half hours off UTC, all year."""
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_history_prints_each_start_in_local_time_and_says_when_no_time_server_set_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_kolkata: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Friends read the history by the clock on the wall: 20:00 UTC is 01:30 in Kolkata, and
    a game started on a clock no time server had set (1970 on a Pi without network) says so,
    where the bare stamp read as a real date. `--json` keeps the stamp as stored."""
    clocks = Clocks(monkeypatch)
    path = tmp_path / "farkle.db"
    clocks.play(path, "Ann", TONIGHT, "boot-1", 100.0, True)
    clocks.play(path, "Cat", datetime(1970, 1, 1, 0, 2, tzinfo=UTC), "boot-2", 90.0, False)
    assert main(["history", "--db", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("#2 1970-01-01 05:32 (standard, clock not synced) won by Cat")
    assert lines[1].startswith("#1 2025-01-09 01:30 (standard) won by Ann")
    assert main(["history", "--json", "--db", str(path)]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert [game["started"] for game in games] == ["1970-01-01T00:02:00+00:00",
                                                   "2025-01-08T20:00:00+00:00"]
