"""A player who goes home mid-game (`LeavePlayer`, `farkle-pi game leave NAME`): out of the
turn order and the final round, no win, the score kept; undone exactly; refused with one line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from game_script import parse_command, play, scores, standard, undone_exactly

from farkle_pi.cli import main
from farkle_pi.game import (
    AddPlayer,
    Game,
    GameOver,
    LeavePlayer,
    Refused,
    RollOff,
    Steal,
    StealOffer,
)


def three(**changes: str) -> Game:
    return standard("Ann", "Bob", "Cy", **changes)


def whose_turn(game: Game) -> str:
    return game.state.player.name


def left(game: Game) -> list[str]:
    return [p.name for p in game.state.players if p.left]


def test_leaving_at_the_start_of_ones_turn_passes_the_dice_on() -> None:
    game = three()
    game.apply(LeavePlayer("ann"))  # any case
    assert left(game) == ["Ann"] and whose_turn(game) == "Bob"
    play(game, "throw 234662")  # Bob's Farkle: Cy next
    assert whose_turn(game) == "Cy"
    play(game, "throw 115234\nkeep 1\nbank")  # Cy banks: Ann is skipped, Bob again
    assert whose_turn(game) == "Bob"


@pytest.mark.parametrize("script", ["throw 115234", "throw 115234\nkeep 115"])
def test_leaving_mid_turn_loses_its_points_and_is_no_farkle(script: str) -> None:
    game = play(three(three_farkles="500"), "throw 155234\nkeep 155\nbank\n"  # Ann 200
                "throw 234662\nthrow 234662\n"  # Bob and Cy Farkle
                "throw 234662\nthrow 234662\n"  # Ann and Bob Farkle
                "throw 234662")  # Cy: two in a row
    play(game, "throw 155234\nkeep 1\nbank")  # Ann 300
    play(game, "throw 234662")  # Bob
    turns = game.state.turns
    play(game, script)  # Cy (two Farkles in a row) is playing a turn
    game.apply(LeavePlayer("Cy"))
    cy = game.state.players[2]
    assert cy.left and cy.score == 0 and cy.farkles == 2  # no third Farkle, no penalty
    assert game.state.turns == turns  # no turn banked, none Farkled
    assert whose_turn(game) == "Ann" and game.state.phase == "start"
    assert (game.state.turn_points, game.state.dice_to_throw, game.state.kept) == (0, 6, ())
    assert game.state.last_throw is None


def test_leaving_during_anothers_turn_changes_nothing_of_it() -> None:
    game = play(three(), "throw 115234\nkeep 115")
    before = game.state
    events = game.apply(LeavePlayer("Cy"))
    assert events == [LeavePlayer("Cy")]
    assert game.state.players[2].left
    assert replace(game.state, players=before.players) == before
    play(game, "bank")
    assert whose_turn(game) == "Bob"
    play(game, "throw 115234\nkeep 1\nbank")
    assert whose_turn(game) == "Ann"  # Cy is skipped


def test_a_leave_is_undone_exactly_in_every_phase() -> None:
    for script in ("", "throw 115234", "throw 115234\nkeep 115", "throw 115234\nkeep 1\nbank"):
        for name in ("Ann", "Bob", "Cy"):
            game = play(three(stealing="true"), script)
            undone_exactly(game, LeavePlayer(name))
            assert Game.replay(game.events).state == game.state


@pytest.mark.parametrize(
    ("script", "command", "reason"),
    [
        ("", LeavePlayer("Dee"), "Dee is not playing in this game: name one of Ann, Bob, Cy"),
        ("", LeavePlayer(" "), "no name is not playing"),
        ("leave Bob", LeavePlayer("BOB"), "Bob has already left this game"),
        ("leave Bob\nleave Cy", LeavePlayer("Ann"),
         "Ann is the last player still playing: start a new game instead"),
    ],
)
def test_refused_leaves_change_nothing(script: str, command: LeavePlayer, reason: str) -> None:
    game = play(three(), script)
    state, log = game.state, game.events
    with pytest.raises(Refused, match=reason):
        game.apply(command)
    assert game.state == state and game.events == log


def test_nobody_leaves_a_game_that_is_over() -> None:
    game = play(three(target="1000", final_round="false"), "throw 111234\nkeep 111\nbank")
    assert game.state.over
    with pytest.raises(Refused, match="game is over"):
        game.apply(LeavePlayer("Bob"))


def test_a_leaver_is_owed_no_last_turn_and_the_round_ends_without_them() -> None:
    game = play(three(target="1000"), "throw 111234\nkeep 111\nbank")  # Ann 1000: final round
    assert game.state.final_round and game.state.last_turn_names() == ("Bob", "Cy")
    game.apply(LeavePlayer("Cy"))
    assert game.state.last_turn_names() == ("Bob",)
    events = game.apply(parse_command("throw 234662"))  # Bob's last turn: the end
    assert GameOver(("Ann",), False) in events and game.state.winner_names() == ("Ann",)


def test_the_last_one_owed_a_turn_leaving_on_it_ends_the_game() -> None:
    game = play(three(target="1000"), "throw 111234\nkeep 111\nbank\nthrow 234662")
    assert whose_turn(game) == "Cy" and game.state.last_turn_names() == ("Cy",)
    events = game.apply(LeavePlayer("Cy"))
    assert game.state.over and game.state.winner_names() == ("Ann",)
    assert events == [LeavePlayer("Cy"), GameOver(("Ann",), False)]


def test_the_player_who_started_the_final_round_leaving_cannot_win_it() -> None:
    game = play(three(target="1000"), "throw 111234\nkeep 111\nbank"  # Ann 1000
                "\nthrow 155234\nkeep 155\nbank")  # Bob 200
    game.apply(LeavePlayer("Ann"))
    assert game.state.final_round and game.state.last_turn_names() == ("Cy",)
    play(game, "throw 115234\nkeep 1\nbank")  # Cy 100: the round is over
    assert game.state.over and game.state.winner_names() == ("Bob",)
    assert scores(game)["Ann"] == 1000  # the score stays shown


def test_a_bank_to_the_target_gives_last_turns_only_to_players_still_playing() -> None:
    game = play(three(target="1000"), "leave Bob\nthrow 111234\nkeep 111\nbank")
    assert game.state.last_turn_names() == ("Cy",) and whose_turn(game) == "Cy"
    alone = play(three(target="1000"), "leave Bob\nleave Cy\n")
    play(alone, "throw 111234\nkeep 111\nbank")  # nobody left to owe a turn: the end
    assert alone.state.over and alone.state.winner_names() == ("Ann",)


def test_only_players_still_playing_tie() -> None:
    game = play(three(target="1000", ties="roll-off"),
                "throw 155234\nkeep 155\nbank"  # Ann 200
                "\nthrow 111234\nkeep 111\nbank"  # Bob 1000: final round
                "\nthrow 111234\nkeep 111")  # Cy has 1000 this turn
    game.apply(LeavePlayer("Bob"))
    play(game, "bank")  # Cy 1000, Ann's last turn
    play(game, "throw 234662")
    assert game.state.over and game.state.winner_names() == ("Cy",)
    assert not game.state.roll_off and not game.state.roll_off_settled
    with pytest.raises(Refused, match="no roll-off"):
        game.apply(RollOff("Bob"))


def test_a_steal_offered_from_a_leavers_bank_stands() -> None:
    game = play(three(stealing="true"), "throw 155234\nkeep 155\nbank"  # Ann 200
                "\nthrow 115234\nkeep 1\nbank"  # Bob 100
                "\nthrow 115234\nkeep 1\nbank"  # Cy 100
                "\nthrow 115234\nkeep 5\nbank")  # Ann 50: Bob may steal her 5 dice
    assert game.state.steal is not None and game.state.steal.player == "Ann"
    game.apply(LeavePlayer("Ann"))  # the dice are on the table: the offer stands
    assert game.state.steal is not None and game.state.steal.points == 50
    game.apply(Steal())
    assert game.state.turn_points == 50 and game.state.dice_to_throw == 5


def test_a_steal_offered_to_a_leaver_passes_to_the_player_now_next() -> None:
    """As it would have, had the leaver gone a moment before the bank: Ann's dice are still
    on the table, and Cy, on the board, now plays after her."""
    game = play(three(stealing="true"), "throw 155234\nkeep 155\nbank"
                "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 1\nbank"
                "\nthrow 115234\nkeep 5\nbank")  # Bob may steal Ann's 5 dice
    game.apply(LeavePlayer("Bob"))
    assert whose_turn(game) == "Cy"
    assert game.state.steal == StealOffer("Ann", 50, 5)
    game.apply(Steal())
    assert game.state.turn_points == 50 and game.state.dice_to_throw == 5
    sooner = play(three(stealing="true"), "throw 155234\nkeep 155\nbank"
                  "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 1\nbank"
                  "\nleave Bob\nthrow 115234\nkeep 5\nbank")  # Bob left a moment sooner
    assert sooner.state.steal == StealOffer("Ann", 50, 5)


def test_a_passed_on_steal_is_never_the_bankers_own_nor_for_one_off_the_board() -> None:
    two = play(standard("Ann", "Bob", stealing="true"), "throw 155234\nkeep 155\nbank"
               "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 5\nbank")  # Bob may steal
    assert two.state.steal is not None
    two.apply(LeavePlayer("Bob"))
    assert whose_turn(two) == "Ann" and two.state.steal is None  # her own dice: no steal
    off = play(three(stealing="true"), "throw 155234\nkeep 155\nbank"  # Ann 200
               "\nthrow 115234\nkeep 1\nbank\nthrow 234662"  # Bob 100, Cy Farkles
               "\nthrow 115234\nkeep 5\nbank")  # Ann 50: Bob may steal
    off.apply(LeavePlayer("Bob"))
    assert whose_turn(off) == "Cy" and off.state.steal is None  # Cy is not on the board


def test_a_steal_offered_on_a_last_turn_passes_to_the_next_one_owed() -> None:
    game = play(three(stealing="true", target="1000"),
                "throw 155234\nkeep 155\nbank"  # Ann 200
                "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 1\nbank"  # Bob, Cy 100
                "\nthrow 111234\nkeep 111\nbank")  # Ann 1200: Bob may steal, last turns
    assert game.state.steal is not None and game.state.last_turn_names() == ("Bob", "Cy")
    game.apply(LeavePlayer("Bob"))
    assert whose_turn(game) == "Cy" and game.state.steal == StealOffer("Ann", 1000, 3)


def test_a_leaver_who_stole_loses_the_stolen_points_and_the_victim_keeps_theirs() -> None:
    game = play(three(stealing="true"), "throw 155234\nkeep 155\nbank"
                "\nthrow 115234\nkeep 1\nbank\nthrow 115234\nkeep 1\nbank"
                "\nthrow 115234\nkeep 5\nbank\nsteal")  # Bob stole Ann's 50
    game.apply(LeavePlayer("Bob"))
    assert scores(game) == {"Ann": 250, "Bob": 100, "Cy": 100}
    assert whose_turn(game) == "Cy" and game.state.turn_points == 0


def test_add_brings_a_leaver_back_to_their_seat_with_their_score() -> None:
    game = play(three(), "throw 115234\nkeep 1\nbank\nleave ann")  # during Bob's turn
    game.apply(AddPlayer("ANN"))
    assert [(p.name, p.score, p.left) for p in game.state.players] == [
        ("Ann", 100, False), ("Bob", 0, False), ("Cy", 0, False)]
    play(game, "throw 234662\nthrow 234662")  # Bob, Cy
    assert whose_turn(game) == "Ann"


def test_nobody_comes_back_in_the_final_round() -> None:
    game = play(three(target="1000"), "leave Cy\nthrow 111234\nkeep 111\nbank")
    with pytest.raises(Refused, match="Cy cannot join: the final round has started"):
        game.apply(AddPlayer("cy"))


def run(capsys: pytest.CaptureFixture[str], db: Path, *words: str) -> tuple[int, str, str]:
    code = main([*words, "--db", str(db)])
    out, err = capsys.readouterr()
    return code, out, err


def test_game_leave_on_the_command_line(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    db = tmp_path / "farkle.db"
    assert run(capsys, db, "game", "new", "--players", "Ann", "Bob", "Cy")[0] == 0
    code, out, _ = run(capsys, db, "game", "leave", "bob")
    assert code == 0
    assert "  Bob               0  (left)" in out.splitlines()
    code, out, _ = run(capsys, db, "game", "show", "--json")
    view = json.loads(out)
    assert [p["left"] for p in view["players"]] == [False, True, False]
    assert list(view["players"][1]) == ["name", "score", "on_board", "farkles", "left"]
    for words, line in [
        (("leave", "Bob"), "farkle-pi: Bob has already left this game (farkle-pi game add Bob "
                           "brings them back)\n"),
        (("leave", "Dee"), "farkle-pi: Dee is not playing in this game: name one of Ann, Cy\n"),
    ]:
        assert run(capsys, db, "game", *words) == (2, "", line)
    assert run(capsys, db, "game", "leave", "Cy")[0] == 0
    code, out, err = run(capsys, db, "game", "leave", "Ann")
    assert (code, out) == (2, "")
    assert err == "farkle-pi: Ann is the last player still playing: start a new game instead\n"
    assert json.loads(run(capsys, db, "game", "show", "--json")[1])["current"] == "Ann"
    code, out, _ = run(capsys, db, "game", "add", "BOB")  # back from the kitchen
    assert code == 0 and "  Bob               0  (not on the board)" in out.splitlines()


def test_no_leave_after_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=1000",
        "--set", "final_round=false")
    for words in (("throw", "111234"), ("keep", "111"), ("bank",)):
        assert run(capsys, db, "game", *words)[0] == 0
    code, out, err = run(capsys, db, "game", "leave", "Bob")
    assert (code, out) == (2, "") and err.startswith("farkle-pi: game 1 is over (Ann won)")


@pytest.mark.parametrize(("name", "quoted"), [
    ("Dee\nEve", "'Dee\\nEve'"),
    ("x" * 10_000, "'xxxxxxxxxxxxxxxx'…"),
])
def test_an_unknown_name_is_quoted_on_one_short_line(name: str, quoted: str) -> None:
    """A name pasted by mistake: the refusal stays one line a person reads."""
    with pytest.raises(Refused) as refused:
        three().apply(LeavePlayer(name))
    assert str(refused.value) == (f"{quoted} is not playing in this game: name one of Ann, "
                                  "Bob, Cy")
