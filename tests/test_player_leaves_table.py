"""A player who left, at the table and in the reports: the table follows a `game leave` typed
beside it, the screens mark the leaver LEFT (in words, greyed), the coach plays against those
still playing, and history and stats count the game as played, not won, by the leaver."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_script import parse_command, play, standard
from screen_notes import draw
from seating import seated, typed

from farkle_pi.cli import main
from farkle_pi.game import GameState, LeavePlayer
from farkle_pi.rules import load_rules
from farkle_pi.store import GameRecord, Store, player_stats
from farkle_pi.table.adapter import Shown, history_rows, last_turn_need, table_view
from farkle_pi.ui.actions import Action
from farkle_pi.ui.draw import floor_cap
from farkle_pi.ui.theme import DARK

SIZES = [(800, 480), (480, 320)]


def test_the_table_follows_a_leave_typed_beside_it(tmp_path: Path) -> None:
    """As a `game add`: the table's next press is refused with one line, and the screen shows
    the game as stored: Ann's turn over unbanked, Ann marked as left, Bob to throw."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob", "Cy"], "manual") as table:
        typed(table, "115234")
        with Store(table.store.path) as other:
            elsewhere = other.latest()
            assert elsewhere is not None
            elsewhere.apply(LeavePlayer("ann"))
        table.handle(Action("keep"))
        view = table.view()
        assert "another farkle-pi" in view.error
        assert [(p.name, p.left) for p in view.players] == [
            ("Ann", True), ("Bob", False), ("Cy", False)]
        assert view.current is not None and view.current.name == "Bob"
        assert table.state is not None and table.state.turn_points == 0
        typed(table, "234662")  # Bob's Farkle: Cy, then Bob again (Ann is skipped)
        typed(table, "234662")
        assert table.view().current.name == "Bob"  # type: ignore[union-attr]


def _final_round_with_a_leaver() -> GameState:
    """Ann (2,000) went home; Cy reached 3,100 and Dee is on her last turn, Bob still to come."""
    game = standard("Ann", "Bob", "Cy", "Dee", target="3000")
    play(game, "throw 111234\nkeep 111\nbank\nthrow 155234\nkeep 155\nbank"
         "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 5\nbank"
         "\nthrow 111234\nkeep 111\nbank\nleave Ann"
         "\nthrow 115234\nkeep 115\nbank\nthrow 111111\nkeep 111111\nbank")
    return game.state


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", ["scoreboard", "throw"])
def test_the_scoreboards_mark_a_leaver_left(screen: str, size: tuple[int, int],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    state = _final_round_with_a_leaver()
    frame = draw(table_view(state, Shown(screen=screen)), size, monkeypatch)  # type: ignore[arg-type]
    ann = [drawn for drawn in frame.texts if drawn.text in ("Ann", "2,000", "LEFT")]
    assert sorted(drawn.text for drawn in ann) == ["2,000", "Ann", "LEFT"]
    assert all(drawn.colour == DARK.muted for drawn in ann)  # greyed, and said in words
    assert frame.find("Ann").cap >= floor_cap(size)
    assert len(frame.dots) == 3  # no on-board dot for Ann: LEFT instead
    if screen == "scoreboard":  # ranked after the players still playing, with no place
        ranks = [drawn.text for drawn in frame.texts if drawn.text in ("1.", "2.", "3.", "-")]
        assert ranks == ["1.", "2.", "3.", "-"]
        assert "LEADER" in [drawn.text for drawn in frame.texts]  # Cy's, not Ann's
        assert frame.find("LEFT").rect.top > frame.find("Dee").rect.top


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_winner_screen_marks_a_leaver_left(size: tuple[int, int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = standard("Ann", "Bob", "Cy", target="1000", final_round="false")
    play(game, "throw 111234\nkeep 11\nbank\nleave Ann\nthrow 155234\nkeep 155\nbank"
         "\nthrow 111234\nkeep 111\nbank")  # Ann 200 left, Bob 200, Cy 1000 wins
    frame = draw(table_view(game.state, Shown()), size, monkeypatch)
    words = [drawn.text for drawn in frame.texts]
    assert "WINNER" in words and "LEFT" in words and "Cy" in words
    assert frame.find("LEFT").colour == DARK.muted == frame.find("Ann").colour
    assert frame.find("LEFT").cap >= floor_cap(size)
    assert frame.find("LEFT").rect.left > frame.find("Ann").rect.right  # not cut off
    ranks = [w for w in words if w in ("1.", "2.", "3.", "-")]
    assert ranks == ["1.", "2.", "-"]


def test_a_results_banner_strip_shows_only_players_still_playing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _final_round_with_a_leaver()
    frame = draw(table_view(state, Shown(screen="results")), (480, 320), monkeypatch)
    words = [drawn.text for drawn in frame.texts]
    assert "Ann" not in words and {"Bob", "Cy", "Dee"} <= set(words)


def test_the_coach_plays_a_last_turn_against_those_still_playing() -> None:
    """Ann banked 3,000 and went home: Cy's last turn must pass Bob's 1,000, not Ann's."""
    game = standard("Ann", "Bob", "Cy", target="1000")
    play(game, "throw 111111\nkeep 111111\nbank\nleave Ann\nthrow 111234\nkeep 111\nbank"
         "\nthrow 115234")
    assert game.state.player.name == "Cy"
    assert last_turn_need(game.state) == 1000 - 0
    view = table_view(game.state, Shown())
    assert [p.leader for p in view.players] == [False, True, False]
    assert view.options[0].chance is not None  # ranked by the chance to pass Bob


def test_the_last_one_playing_on_a_last_turn_gets_advice_not_an_error() -> None:
    game = standard("Ann", "Bob", target="1000")
    play(game, "throw 111234\nkeep 111\nbank\nleave Ann\nthrow 115234\nkeep 1")
    assert last_turn_need(game.state) == 1  # nobody left to pass: any bank wins
    assert table_view(game.state, Shown()).advice in ("bank", "roll")


def _game_with_a_leader_who_left(path: Path) -> None:
    """Ann banks 1,000 (the target) and goes home; Bob banks 200 on his last turn, Cy
    Farkles: Bob wins with 200, Ann's 1,000 stays on the board."""
    with Store(path) as store:
        table = store.new_game(["Ann", "Bob", "Cy"], load_rules("standard", {"target": "1000"}))
        for line in ("throw 111234", "keep 111", "bank", "leave Ann", "throw 155234",
                     "keep 155", "bank", "throw 234662"):
            table.apply(parse_command(line))
        assert table.state.over and table.state.winner_names() == ("Bob",)


def test_history_and_stats_count_a_leaver_as_played_not_won(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "farkle.db"
    _game_with_a_leader_who_left(path)
    with Store(path) as store:  # (the record as stored: parsed from its summary)
        [record] = store.records()
    assert (record.left, record.winners, record.scores) == (("Ann",), ("Bob",), (1000, 200, 0))
    stats = {row.name: (row.games, row.wins) for row in player_stats([record])}
    assert stats == {"Bob": (1, 1), "Ann": (1, 0), "Cy": (1, 0)}
    [row] = history_rows([record])
    assert (row.winner, row.score) == ("Bob", 200)  # the winner's score, not Ann's 1,000
    assert main(["history", "--db", str(path)]) == 0
    assert "won by Bob: Ann 1000 (left), Bob 200, Cy 0" in capsys.readouterr().out
    assert main(["history", "--json", "--db", str(path)]) == 0
    [game] = json.loads(capsys.readouterr().out)["games"]
    assert list(game)[-1] == "left" and game["left"] == ["Ann"]


def test_summaries_without_leavers_read_and_are_written_as_before() -> None:
    before = ('{"players": ["Ann", "Bob"], "scores": [1000, 200], "over": true, '
              '"winners": ["Ann"], "turns": [], "faces": [0, 0, 0, 0, 0, 0]}')
    record = GameRecord.from_json(1, "2026-12-01T20:00:00+00:00", "standard", before)
    assert record.left == () and record.winners == ("Ann",)
    assert record.to_json() == before  # a game nobody left: its summary as it always was
    assert record.top_score == 1000
