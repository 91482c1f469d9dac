"""The rough edges of a player going home mid-game (`LeavePlayer`) met at a game night: a
bank's dice left for a player not on the board who then goes home, a misread throw corrected
after another player left, and what the game says after a player's own leave ended a turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_script import play, standard, undone_exactly

from farkle_pi.cli import main
from farkle_pi.commands.game import describe, state_json
from farkle_pi.game import (
    Correct,
    Farkled,
    Game,
    GameOver,
    LeavePlayer,
    LeftMidTurn,
    Refused,
    Steal,
    StealOffer,
    Throw,
)
from farkle_pi.rules import Roll

# Ann 200, Cy 100 on the board; Bob Farkled, not on it; then Ann banks 50 leaving 5 dice
BOB_OFF_THE_BOARD = ("throw 155234\nkeep 155\nbank\nthrow 234662\nthrow 115234\nkeep 1\nbank"
                     "\nthrow 115234\nkeep 5\nbank")


def three(**changes: str) -> Game:
    return standard("Ann", "Bob", "Cy", stealing="true", **changes)


def test_dice_left_for_a_player_off_the_board_pass_on_when_they_go_home() -> None:
    """Bob may not steal (not on the board) and goes home before throwing: Cy, on the board and
    now next, may steal Ann's dice, as she could had Bob never sat down."""
    game = play(three(), BOB_OFF_THE_BOARD)
    assert game.state.player.name == "Bob" and game.state.steal is None
    game.apply(LeavePlayer("Bob"))
    assert game.state.player.name == "Cy"
    assert game.state.steal == StealOffer("Ann", 50, 5)
    game.apply(Steal())
    assert (game.state.turn_points, game.state.dice_to_throw) == (50, 5)
    sooner = play(three(), BOB_OFF_THE_BOARD.replace("throw 234662", "throw 234662\nleave Bob"))
    assert sooner.state.steal == StealOffer("Ann", 50, 5)  # Bob gone before that bank: the same


def test_the_dice_pass_on_past_several_players_off_the_board() -> None:
    game = play(standard("Ann", "Bob", "Cy", "Dee", stealing="true"),
                "throw 155234\nkeep 155\nbank\nthrow 234662\nthrow 234662"  # Bob, Cy Farkle
                "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 5\nbank")  # Dee on, Ann 50
    play(game, "leave Bob")
    assert game.state.player.name == "Cy" and game.state.steal is None
    play(game, "leave Cy")
    assert game.state.player.name == "Dee" and game.state.steal == StealOffer("Ann", 50, 5)


def test_dice_thrown_are_no_longer_on_the_table() -> None:
    """Bob threw fresh (all he could do): his leave mid-turn offers nobody Ann's dice."""
    game = play(three(), f"{BOB_OFF_THE_BOARD}\nthrow 115234")
    game.apply(LeavePlayer("Bob"))
    assert game.state.player.name == "Cy" and game.state.steal is None


def test_passed_on_dice_are_never_the_bankers_own_back() -> None:
    game = play(standard("Ann", "Bob", stealing="true"),
                "throw 155234\nkeep 155\nbank\nthrow 234662\nthrow 115234\nkeep 5\nbank")
    game.apply(LeavePlayer("Bob"))
    assert game.state.player.name == "Ann" and game.state.steal is None


def test_dice_held_on_a_last_turn_pass_to_the_next_one_owed() -> None:
    game = play(three(target="1000"), "throw 155234\nkeep 155\nbank\nthrow 234662"
                "\nthrow 115234\nkeep 1\nbank\nthrow 111234\nkeep 111\nbank")  # Ann 1200
    assert game.state.last_turn_names() == ("Bob", "Cy") and game.state.steal is None
    game.apply(LeavePlayer("Bob"))
    assert game.state.player.name == "Cy" and game.state.steal == StealOffer("Ann", 1000, 3)


def test_a_held_steal_is_undone_and_replayed_exactly() -> None:
    game = play(three(), BOB_OFF_THE_BOARD)
    undone_exactly(game, LeavePlayer("Bob"))
    undone_exactly(game, Steal())
    undone_exactly(game, Throw(Roll.parse("12345")))
    assert Game.replay(game.events).state == game.state


@pytest.mark.parametrize("between", ["leave cy", "add Dee", "leave Cy\nadd cy", "leave Bob"])
def test_a_throw_is_corrected_after_another_player_left_or_joined(between: str) -> None:
    """A misread and a friend going home (or sitting down) in the same minute: the correction
    is as if the throw had been read right, the seats changed after it."""
    game = play(three(), f"throw 123466\n{between}")  # Ann's throw, misread
    misread = game.state
    assert game.apply(Correct(Roll.parse("123456"))) == [Correct(Roll.parse("123456"))]
    assert game.state == play(three(), f"throw 123456\n{between}").state
    assert Game.replay(game.events).state == game.state
    play(game, "correct 123455")  # corrected again
    assert game.state == play(three(), f"throw 123455\n{between}").state
    play(game, "undo\nundo")
    assert game.state == misread and Game.replay(game.events).state == misread


def test_a_misread_farkle_is_corrected_after_another_player_left() -> None:
    game = play(three(), "throw 234662\nleave Cy")  # read as Ann's Farkle: Bob to throw
    assert game.apply(Correct(Roll.parse("115234"))) == [Correct(Roll.parse("115234"))]
    assert game.state == play(three(), "throw 115234\nleave Cy").state
    assert game.state.player.name == "Ann" and game.state.phase == "keep"


def test_a_correction_replays_a_leave_on_a_last_turn_to_the_end_of_the_game() -> None:
    """Bob's last throw was really a Farkle: the turn passes to Cy, who went home meanwhile:
    nobody is owed a turn any more and Ann wins, as if it had been read right."""
    game = play(three(target="1000"), "throw 111234\nkeep 111\nbank"  # Ann 1000
                "\nthrow 115234\nleave Cy")  # Bob's last throw, misread
    events = game.apply(Correct(Roll.parse("234662")))
    assert events == [Correct(Roll.parse("234662")), Farkled("Bob", 0, 0),
                      GameOver(("Ann",), False)]
    right = play(three(target="1000"), "throw 111234\nkeep 111\nbank\nthrow 234662\nleave Cy")
    assert game.state == right.state and game.state.over


def test_a_correction_that_would_end_the_game_before_a_leave_is_refused() -> None:
    game = play(three(target="1000"), "throw 111234\nkeep 111\nbank\nthrow 234662"  # Bob
                "\nthrow 115234\nleave ann")  # Cy's last throw, misread; Ann goes home
    state, log = game.state, game.events
    with pytest.raises(Refused, match=r"^the game would end on that throw, but Ann went home "
                                      r"after it: undo back to the throw, then correct it$"):
        game.apply(Correct(Roll.parse("234662")))
    assert game.state == state and game.events == log


def test_the_players_own_leave_ends_the_throw_with_the_turn() -> None:
    game = play(three(), "throw 123466\nleave Ann")
    with pytest.raises(Refused, match="only the last throw can be corrected"):
        game.apply(Correct(Roll.parse("123456")))


def test_after_ones_own_leave_the_game_says_what_happened_and_shows_no_throw() -> None:
    game = play(three(), "throw 155234\nkeep 155")
    game.apply(LeavePlayer("ann"))
    state = game.state
    assert state.last_throw is None and state.left_mid_turn == LeftMidTurn("Ann", 200)
    assert describe(state).splitlines()[0] == ("Ann went home mid-turn: the 200 points at risk "
                                              "are lost (no Farkle)")
    assert state_json(state)["left_mid_turn"] == {"player": "Ann", "lost": 200}
    game.apply(LeavePlayer("Bob"))  # before throwing
    assert describe(game.state).splitlines()[0] == ("Bob went home on their turn: no points "
                                                   "were at risk")
    play(game, "throw 234662")  # Cy plays on: old news
    assert game.state.left_mid_turn is None and "went home" not in describe(game.state)


def test_a_leaver_back_before_the_next_throw_is_no_longer_news() -> None:
    game = play(three(), "throw 155234\nkeep 155\nleave Ann\nleave Cy")
    play(game, "add ann")
    assert game.state.left_mid_turn is None and "went home" not in describe(game.state)


def test_another_players_leave_is_no_turn_ended() -> None:
    game = play(three(), "throw 155234\nkeep 155\nleave Bob")
    assert game.state.left_mid_turn is None and game.state.last_throw == Roll.parse("155234")
    assert state_json(game.state)["left_mid_turn"] is None


def test_game_leave_says_the_turns_points_were_lost(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    db = str(tmp_path / "farkle.db")
    for words in (["new", "--players", "Ann", "Bob"], ["throw", "155234"], ["keep", "155"]):
        assert main(["game", *words, "--db", db]) == 0
    capsys.readouterr()
    assert main(["game", "leave", "ann", "--db", db]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Ann went home mid-turn: the 200 points at risk are lost (no Farkle)",
        "  Ann               0  (left)",
        "> Bob               0  (not on the board)",
        "Bob to throw 6 dice"]
    assert main(["game", "show", "--db", db]) == 0
    assert capsys.readouterr().out.startswith("Ann went home mid-turn")


def test_a_player_out_and_back_while_a_misread_farkle_stood_keeps_their_turn() -> None:
    """Bob stepped out and came back while Ann's throw stood misread; it was really a Farkle:
    the turn is Bob's, as if he had never gone (replayed after the Farkle, his leave would end
    his own turn and pass it to Cy). Seat for seat a return undoes the leave, so a throw that
    really scored is corrected as before."""
    game = play(three(), "throw 155234\nleave Bob\nadd bob")
    events = game.apply(Correct(Roll.parse("234662")))
    assert events == [Correct(Roll.parse("234662")), Farkled("Ann", 0, 0)]
    assert game.state == play(three(), "throw 234662").state
    assert game.state.player.name == "Bob" and game.state.left_mid_turn is None
    assert Game.replay(game.events).state == game.state
    play(game, "correct 155233")  # corrected again: it scored after all
    assert game.state == play(three(), "throw 155233\nleave Bob\nadd Bob").state
    play(game, "undo\nundo")
    assert game.state.last_throw == Roll.parse("155234") and not game.state.players[1].left


def test_out_and_back_then_out_again_stays_out() -> None:
    """Only a leave a return undid is dropped: Bob out, back and out again is out, and the
    corrected Farkle's turn, his by the seats, ends at his own leave as before."""
    game = play(three(), "throw 155234\nleave Bob\nadd Bob\nleave bob")
    play(game, "correct 234662")
    assert game.state == play(three(), "throw 234662\nleave Bob").state
    assert game.state.player.name == "Cy" and game.state.players[1].left
