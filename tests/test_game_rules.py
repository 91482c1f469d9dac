"""Single rules of play: undo, corrections, late players, penalties, refusals."""

from __future__ import annotations

import pytest
from game_script import parse_command, play, scores, standard, undone_exactly

from farkle_pi.game import (
    AddPlayer,
    Bank,
    Correct,
    Farkled,
    Game,
    Keep,
    Refused,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.rules import Roll


def test_farkle_loses_the_turn_points() -> None:
    game = play(standard(), "throw 115234\nkeep 115")
    events = game.apply(Throw(Roll.parse("234")))
    assert events[1] == Farkled("Ann", 250, 0)
    assert scores(game) == {"Ann": 0, "Bob": 0}
    assert game.state.player.name == "Bob" and game.state.turn_points == 0


def test_undo_restores_the_exact_state_before_each_command() -> None:
    game = standard()
    script = ["throw 115234", "keep 115", "bank", "throw 222346", "keep 222", "throw 346"]
    for line in script:
        undone_exactly(game, parse_command(line))


def test_undo_with_nothing_to_undo_is_refused() -> None:
    with pytest.raises(Refused, match="nothing to undo"):
        standard().apply(Undo())


def test_correct_replaces_a_misread_throw_and_undo_brings_it_back() -> None:
    game = play(standard(), "throw 234662")  # read as a Farkle
    assert game.state.player.name == "Bob"
    misread = game.state
    game.apply(Correct(Roll.parse("234561")))
    assert game.state.player.name == "Ann" and game.state.last_throw == Roll.parse("123456")
    assert game.state.throws == (Roll.parse("123456"),)  # the misread is not counted
    game.apply(Undo())
    assert game.state == misread


def test_correct_is_only_for_the_last_throw() -> None:
    game = play(standard(), "throw 115234\nkeep 1")
    with pytest.raises(Refused, match="only the last throw"):
        game.apply(Correct(Roll.parse("11")))
    game = play(standard(), "throw 115234")
    with pytest.raises(Refused, match="correction has 5 dice"):
        game.apply(Correct(Roll.parse("11523")))


def test_hot_dice_may_bank_or_throw_all_dice_again() -> None:
    game = play(standard(), "throw 123456\nkeep 123456")
    assert game.state.dice_to_throw == 6 and game.state.can_bank
    game.apply(Throw(Roll.parse("111222")))
    assert game.state.hot_dice == 1 and game.state.phase == "keep"


def test_six_dice_with_nothing_scores_as_a_keep_of_all_six() -> None:
    game = play(standard(six_dice_nothing="500"), "throw 234662")
    assert [o.points for o in game.state.options] == [500]
    game.apply(Keep(Roll.parse("234662")))
    assert (game.state.turn_points, game.state.dice_to_throw) == (500, 6)


def test_three_farkles_in_a_row_cost_the_penalty() -> None:
    game = play(
        standard(three_farkles="1000"),
        """
        throw 123456
        keep 123456
        bank            # Ann 1500
        throw 222346
        keep 222
        bank            # Bob 200
        throw 234662    # Ann farkles 1
        throw 234662    # Bob farkles 1
        throw 234662    # Ann farkles 2
        throw 234662    # Bob farkles 2
        """,
    )
    events = game.apply(Throw(Roll.parse("234662")))  # Ann's third
    assert events[1] == Farkled("Ann", 0, 1000)
    events = game.apply(Throw(Roll.parse("234662")))  # Bob's third: never below 0
    assert events[1] == Farkled("Bob", 0, 200)
    assert scores(game) == {"Ann": 500, "Bob": 0}
    assert [p.farkles for p in game.state.players] == [0, 0]


def test_a_bank_resets_the_farkle_streak() -> None:
    game = play(
        standard(three_farkles="1000"),
        "throw 234662\nthrow 234662\nthrow 234662\nthrow 234662\nthrow 123456\nkeep 1\nbank",
    )
    assert [p.farkles for p in game.state.players] == [0, 2]


def test_entry_minimum_then_minimum_bank() -> None:
    game = play(standard(entry="300", min_bank="200"), "throw 123456\nkeep 123456\nbank")
    play(game, "throw 222346\nkeep 222")  # Bob: 200 is below the 300 entry
    with pytest.raises(Refused, match="needs 300 in this turn to get on the board"):
        game.apply(Bank())
    play(game, "throw 155\nkeep 1\nbank")  # 300
    play(game, "throw 115234\nkeep 5")  # Ann, on the board: 50 is below the 200 minimum
    with pytest.raises(Refused, match="needs 200 in this turn to bank"):
        game.apply(Bank())
    play(game, "throw 11234\nkeep 11\nbank")
    assert scores(game) == {"Ann": 1750, "Bob": 300}


def test_late_player_joins_at_the_end_with_zero() -> None:
    game = play(standard(), "throw 115234\nkeep 1\nbank")
    game.apply(AddPlayer("Dee"))
    assert [p.name for p in game.state.players] == ["Ann", "Bob", "Dee"]
    play(game, "throw 234662")  # Bob farkles: Dee is next
    assert game.state.player.name == "Dee"
    with pytest.raises(Refused, match="already a player called Dee"):
        game.apply(AddPlayer("Dee"))


def test_nothing_is_accepted_after_the_game_except_undo() -> None:
    game = play(standard(target="1000", final_round="false"), "throw 111234\nkeep 111\nbank")
    assert game.state.over and game.state.winner_names() == ("Ann",)
    for command in (Throw(Roll.parse("123456")), Bank(), Steal(), AddPlayer("Dee")):
        with pytest.raises(Refused, match="game is over"):
            game.apply(command)
    game.apply(Undo())
    assert not game.state.over


@pytest.mark.parametrize(
    ("script", "command", "reason"),
    [
        ("", Keep(Roll.parse("1")), "no throw to keep"),
        ("", Bank(), "cannot bank now"),
        ("", Throw(Roll.parse("12345")), "throws 6 dice, but 5"),
        ("throw 115234", Throw(Roll.parse("123")), "must first keep"),
        ("throw 115234", Keep(Roll.parse("2")), "not a legal keep"),
        ("throw 115234", Keep(Roll.parse("111")), "not a legal keep"),
        ("throw 115234", Steal(), "stealing is off"),
        ("", AddPlayer(" "), "needs a name"),
    ],
)
def test_refusals_change_nothing(script: str, command: object, reason: str) -> None:
    game = play(standard(), script)
    before, log = game.state, game.events
    with pytest.raises(Refused, match=reason):
        game.apply(command)  # type: ignore[arg-type]
    assert game.state == before and game.events == log


def test_replay_of_the_log_gives_the_same_game() -> None:
    game = play(
        standard(), "throw 115234\nkeep 115\nundo\nkeep 1\nbank\nthrow 234662\ncorrect 111234"
    )
    again = Game.replay(game.events)
    assert again.state == game.state and again.events == game.events
