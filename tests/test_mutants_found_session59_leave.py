"""What a mutation review of `game leave` (session 59) found untested: each test fails on one
small change to the leave code (mostly `farkle_pi/game/turns.py`) that would carry the
leaver's unfinished turn into the next player's (a wrong hot-dice count in the statistics, a
six-1s prize paid or withheld wrongly, a stolen count that was never stolen), hand a last turn
to the wrong player, take the wrong player out when names differ only in case or come with
spaces, trust a damaged summary's leavers, or mark a leaver as leading."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_script import parse_script, play, standard

from farkle_pi.game import AddPlayer, Game, LeavePlayer, Refused, TurnRecord
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.adapter import players

# portland: two colours of dice, six 1s over one turn = 3,000 (entry 750)
ONES_AND_MORE = "1:red 1:blue 1:red 2:blue 3:red 4:blue"
THREE_ONES = "1:red 1:blue 1:red"


def portland() -> Game:
    return Game(["Ann", "Bob", "Cy"], load_rules("portland"))


def test_the_leavers_hot_dice_are_not_counted_in_the_next_players_turn() -> None:
    game = play(standard("Ann", "Bob", "Cy"), "throw 111555\nkeep 111555")  # hot dice
    assert game.state.hot_dice == 1
    game.apply(LeavePlayer("Ann"))
    play(game, "throw 115234\nkeep 1\nbank")
    assert game.state.turns[-1] == TurnRecord("Bob", 100, farkle=False, hot_dice=0, stolen=0)


def test_the_leavers_stolen_points_are_not_the_next_players() -> None:
    game = play(standard("Ann", "Bob", "Cy", stealing="true"),
                "throw 155234\nkeep 155\nbank\nthrow 115234\nkeep 1\nbank"
                "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 5\nbank\nsteal")  # Bob stole
    game.apply(LeavePlayer("Bob"))
    play(game, "throw 115234\nkeep 1\nbank")
    assert game.state.turns[-1] == TurnRecord("Cy", 100, farkle=False, hot_dice=0, stolen=0)


def test_the_leavers_1s_do_not_count_toward_the_next_players_six_1s() -> None:
    game = play(portland(), f"throw {ONES_AND_MORE}\nkeep {THREE_ONES}")  # Ann: three 1s
    game.apply(LeavePlayer("Ann"))
    play(game, f"throw {ONES_AND_MORE}\nkeep {THREE_ONES}")  # Bob: three 1s of his own
    assert (game.state.turn_points, game.state.ones) == (1000, 3)  # no six-1s prize


def test_a_six_1s_prize_paid_to_the_leaver_is_still_the_next_players_to_earn() -> None:
    game = play(portland(), f"throw {ONES_AND_MORE}\nkeep {THREE_ONES}"
                f"\nthrow {THREE_ONES}\nkeep {THREE_ONES}")  # Ann: six 1s, 3,000
    assert game.state.six_ones_paid and game.state.turn_points == 3000
    game.apply(LeavePlayer("Ann"))
    play(game, f"throw {ONES_AND_MORE}\nkeep {THREE_ONES}\nthrow {THREE_ONES}\nkeep {THREE_ONES}")
    assert game.state.player.name == "Bob" and game.state.turn_points == 3000


def test_a_last_turn_left_on_passes_to_the_next_one_owed_in_seat_order() -> None:
    game = play(standard("Ann", "Bob", "Cy", "Dee", target="1000"),
                "throw 111234\nkeep 111\nbank")  # Ann 1000: last turns for Bob, Cy, Dee
    game.apply(LeavePlayer("Bob"))  # on his last turn
    assert game.state.player.name == "Cy" and game.state.last_turn_names() == ("Cy", "Dee")


def test_a_name_typed_with_spaces_round_it_names_the_player() -> None:
    """A name pasted with a space either side still names them (to leave, and to come back)."""
    game = standard("Ann", "Bob", "Cy")
    game.apply(LeavePlayer(" bob "))
    assert [p.left for p in game.state.players] == [False, True, False]
    game.apply(AddPlayer(" BOB\t"))
    assert [p.left for p in game.state.players] == [False, False, False]
    assert len(game.state.players) == 3  # back in his seat, not a new player


def test_a_name_as_seated_names_that_player_where_another_differs_only_in_case() -> None:
    """Two names alike but for case (a game seated before look-alikes were refused, or by
    the API): the name as seated is that player; any other case names neither."""
    game = standard("Ann", "ann", "Cy")
    game.apply(LeavePlayer("ann"))
    assert [p.left for p in game.state.players] == [False, True, False]
    with pytest.raises(Refused, match="ANN is not playing in this game"):
        game.apply(LeavePlayer("ANN"))
    assert [p.left for p in game.state.players] == [False, True, False]


def test_a_summary_naming_a_leaver_not_in_the_game_is_rebuilt_from_the_log(
        tmp_path: Path) -> None:
    """The summary is a cache of the log: one whose leavers are not the game's players (a
    damaged row) would mark nobody, or a stranger, (left) in the history."""
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann", "Bob"], load_rules("standard", {"target": "300"}))
        for command in parse_script("leave Bob\nthrow 111234\nkeep 111\nbank"):
            table.apply(command)
        (good,) = store.records()
        assert good.left == ("Bob",)
        with store._db:
            store._db.execute("UPDATE games SET summary = ?", (good.to_json().replace(
                '"left": ["Bob"]', '"left": ["Zed"]'),))
        assert store.records() == [good]


def test_a_player_who_left_level_with_the_leader_is_no_leader() -> None:
    """The scoreboard's leader mark is for those still playing: Ann, gone home with Bob's
    score, is not marked as leading beside him."""
    game = play(standard("Ann", "Bob", "Cy"), "throw 115234\nkeep 1\nbank"
                "\nthrow 115234\nkeep 1\nbank\nleave Ann")
    rows = {row.name: (row.leader, row.left) for row in players(game.state)}
    assert rows == {"Ann": (False, True), "Bob": (True, False), "Cy": (False, False)}
