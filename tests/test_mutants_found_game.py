"""Behaviour of the game's rules and its event log that a hand-made mutation review found
untested: each test fails on one small change to farkle_pi/game/engine.py, turns.py, events.py
or state.py that would score a turn wrongly, lose a stored game or tell the table wrongly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_script import play, scores, standard

from farkle_pi.game import (
    AddPlayer,
    Bank,
    Correct,
    Event,
    Farkled,
    FinalRound,
    Game,
    GameOver,
    Keep,
    NewGame,
    Refused,
    RollOff,
    Steal,
    Throw,
    Undo,
    event_from_json,
    event_to_json,
)
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store


def test_a_log_that_does_not_begin_with_its_new_game_is_refused() -> None:
    """A damaged log (its first row lost or edited) is refused with the reason, so the
    history leaves that one game out instead of failing with a traceback."""
    game = play(standard(), "throw 115234\nkeep 115")
    with pytest.raises(Refused, match="must begin with a new game"):
        Game.replay(game.events[1:])
    with pytest.raises(Refused, match="must begin with a new game"):
        Game.replay([])


def test_a_damaged_first_row_leaves_one_game_out_of_the_history(tmp_path: Path) -> None:
    """Through the store: the night's other games are still listed."""
    with Store(tmp_path / "farkle.db") as store:
        good = store.new_game(["Ann"], load_rules("standard"))
        bad = store.new_game(["Bob"], load_rules("standard"))
        bad.apply(Throw(Roll.parse("115234")))
        with store._db:
            store._db.execute("DELETE FROM events WHERE game = ? AND seq = 0", (bad.id,))
        assert [r.id for r in store.records()] == [good.id]
        (reason,) = store.left_out
        assert f"game {bad.id} cannot be replayed" in reason


def test_a_farkle_corrected_to_another_farkle_is_still_announced_as_one() -> None:
    """A misread Farkle corrected to the Farkle that really came up: the correction's events
    still say who Farkled and what they lost (the table announces from them)."""
    game = play(standard(), "throw 115234\nkeep 115\nthrow 234")
    events = game.apply(Correct(Roll.parse("246")))
    assert events == [Correct(Roll.parse("246")), Farkled("Ann", 250, 0)]
    assert scores(game) == {"Ann": 0, "Bob": 0} and game.state.player.name == "Bob"
    assert game.state.throws[-1] == Roll.parse("246")
    assert game.state.turns[-1].farkle and len(game.state.turns) == 1
    game.apply(Throw(Roll.parse("115234")))  # Bob plays on
    game.apply(Keep(Roll.parse("1")))


def test_every_hot_dice_of_a_turn_is_counted_banked_or_farkled() -> None:
    """The statistics' hot dice: each time all six dice scored in a turn counts, a later keep
    that leaves dice does not undo them, and a turn that then Farkles keeps its count."""
    game = play(standard(), """
        throw 123456
        keep 123456     # hot dice
        throw 123456
        keep 123456     # and again
        throw 115234
        keep 1
        bank            # Ann 3,100
        throw 123456
        keep 123456     # Bob: hot dice
        throw 234662    # then a Farkle
        """)
    assert [(t.player, t.banked, t.farkle, t.hot_dice) for t in game.state.turns] == [
        ("Ann", 3100, False, 2), ("Bob", 0, True, 1)]


def test_a_game_needs_a_player(tmp_path: Path) -> None:
    """A game with nobody seated is refused when it starts, and nothing is stored (not a
    crash at its first screen, which asks whose turn it is)."""
    with pytest.raises(Refused, match="at least one player"):
        Game([], load_rules("standard"))
    with Store(tmp_path / "farkle.db") as store:
        with pytest.raises(Refused, match="at least one player"):
            store.new_game([], load_rules("standard"))
        assert store.latest() is None


def test_correcting_before_any_throw_says_there_is_none_yet() -> None:
    with pytest.raises(Refused, match="no throw to correct yet"):
        standard().apply(Correct(Roll.parse("115234")))
    game = play(standard(), "throw 115234\nkeep 1")
    with pytest.raises(Refused, match="only the last throw can be corrected"):
        game.apply(Correct(Roll.parse("115234")))


def test_every_keep_of_the_turn_is_listed_in_order() -> None:
    """`state.kept` (what the tray and `farkle-pi game show` set aside) holds each keep of
    the turn, not just the last; a new turn starts with none."""
    game = play(standard(), "throw 115234\nkeep 1\nthrow 15234\nkeep 15")
    assert game.state.kept == (Roll.parse("1"), Roll.parse("15"))
    assert play(game, "bank").state.kept == ()


def test_a_keep_naming_colours_the_throw_does_not_have_is_refused() -> None:
    """Portland: a keep typed with colours must be dice of the throw. Only plain faces pick
    the best colouring; a red triple of 4s claimed from two red and one blue 4 is refused
    (not scored as the mixed triple it is not)."""
    game = play(Game(["Ann"], load_rules("portland")), "throw 4:r 4:r 4:b 1:b 3:r 6:b")
    with pytest.raises(Refused, match="not a legal keep"):
        game.apply(Keep(Roll.parse("4:r 4:r 4:r")))
    game.apply(Keep(Roll.parse("4 4 4")))  # plain faces: the one triple there is
    assert game.state.turn_points == 400


SIX_ONES = """
    throw 1:r 1:b 3:r 4:b 6:r 2:r
    keep 1:r 1:b
    throw 1:r 1:b 3:r 4:b
    keep 1:r 1:b
    throw 1:r 1:b
    keep 1:r 1:b                    # six 1s over the turn: 3,000
    bank
"""


def test_the_six_ones_prize_is_paid_to_each_player_who_gathers_them() -> None:
    """Portland: the prize is once a turn, not once a game: Bob's six 1s after Ann's pay him
    3,000 too (the next turn starts with the prize unpaid)."""
    game = play(Game(["Ann", "Bob"], load_rules("portland")), SIX_ONES + SIX_ONES)
    assert scores(game) == {"Ann": 3000, "Bob": 3000}


def test_a_roll_off_winner_is_named_exactly_or_refused_when_it_could_be_either() -> None:
    """Two tied players whose names differ only in case: the exact name picks that player;
    a name that matches both only when case is ignored is refused, not given to the first."""
    game = play(Game(["Ann", "ann"], load_rules("standard", {"target": "300",
                                                              "ties": "roll-off"})),
                "throw 111234\nkeep 111\nbank\nthrow 111234\nkeep 111\nbank")
    assert game.state.roll_off and game.state.winner_names() == ("Ann", "ann")
    with pytest.raises(Refused, match="not one of the roll-off's players"):
        game.apply(RollOff("ANN"))
    game.apply(RollOff(" ann "))
    assert game.state.winner_names() == ("ann",) and game.state.roll_off_settled


def test_no_two_players_share_a_name() -> None:
    """Statistics, the roll-off and the screen tell players apart by name: the first seat's
    name is taken too, at the start and for a late player."""
    with pytest.raises(Refused, match="already a player called Ann"):
        Game(["Ann", "Bob", "Ann"], load_rules("standard"))
    game = standard("Ann", "Bob")
    with pytest.raises(Refused, match="already a player called Ann"):
        game.apply(AddPlayer(" Ann"))
    assert [p.name for p in game.state.players] == ["Ann", "Bob"]


# How a farkle-pi of today writes each event: files written by earlier versions must still
# read, so neither the type names nor the field names may change.
WIRE: list[tuple[Event, dict[str, object]]] = [
    (Throw(Roll.parse("1:red 1:blue 5 2 3 4")),
     {"type": "throw", "roll": ["1:blue", "1:red", "2", "3", "4", "5"]}),
    (Keep(Roll.parse("15")), {"type": "keep", "roll": ["1", "5"]}),
    (Bank(), {"type": "bank"}),
    (Steal(), {"type": "steal"}),
    (Correct(Roll.parse("2346")), {"type": "correct", "roll": ["2", "3", "4", "6"]}),
    (Undo(), {"type": "undo"}),
    (AddPlayer("Dee"), {"type": "add_player", "name": "Dee"}),
    (RollOff("Ann"), {"type": "roll_off", "winner": "Ann"}),
    (Farkled("Ann", 250, 500), {"type": "farkled", "player": "Ann", "lost": 250,
                                "penalty": 500}),
    (FinalRound("Ann"), {"type": "final_round", "player": "Ann"}),
    (GameOver(("Ann", "Bob"), True), {"type": "game_over", "winners": ["Ann", "Bob"],
                                      "roll_off": True}),
]


@pytest.mark.parametrize(("event", "body"), WIRE, ids=[str(body["type"]) for _, body in WIRE])
def test_events_are_stored_in_the_form_every_version_reads(
        event: Event, body: dict[str, object]) -> None:
    """A renamed event type or field would leave every game stored before the change
    unreadable (a night's games gone from the history after an update)."""
    assert event_to_json(event) == body
    assert event_from_json(json.loads(json.dumps(body))) == event


def test_a_farkle_says_what_was_lost_and_the_penalty_apart() -> None:
    """`Farkled.lost` is the turn's points, `penalty` the three-Farkles penalty: the table
    says "Ann loses 250, and 500 penalty" from them."""
    game = play(standard(three_farkles="500"), """
        throw 111234
        keep 111
        bank            # Ann 1,000
        throw 234662    # Bob
        throw 234662    # Ann's first Farkle
        throw 234662    # Bob
        throw 234662    # Ann's second
        throw 234662    # Bob
        throw 115234
        keep 115
        """)
    (_, farkled) = game.apply(Throw(Roll.parse("234")))
    assert isinstance(farkled, Farkled)
    assert (farkled.player, farkled.lost, farkled.penalty) == ("Ann", 250, 500)


def test_a_stored_new_game_with_names_that_are_not_text_still_reads() -> None:
    """A hand-edited log with a number for a name reads as that name (not a crash when the
    game is replayed)."""
    body = event_to_json(NewGame(("Ann", "Bob"), load_rules("standard")))
    body["players"] = [7, "Bob"]
    event = event_from_json(body)
    assert isinstance(event, NewGame) and event.players == ("7", "Bob")
    assert [p.name for p in Game.replay([event]).state.players] == ["7", "Bob"]


def test_a_turn_at_exactly_the_minimum_may_bank() -> None:
    """The screen offers BANK from `can_bank`: a turn of exactly the entry minimum (or the
    minimum bank) may bank, as the rules accept it."""
    game = play(standard(entry="300", min_bank="350"), "throw 111234\nkeep 1\nthrow 11234\nkeep 11")
    assert (game.state.turn_points, game.state.bank_minimum) == (300, 300)
    assert game.state.can_bank
    play(game, "bank\nthrow 234662\nthrow 155234\nkeep 155\nthrow 115\nkeep 5")
    assert (game.state.player.name, game.state.turn_points) == ("Ann", 250)
    assert not game.state.can_bank  # 250 of the 350 a player on the board needs


def test_a_single_winner_under_roll_off_rules_has_no_roll_off_to_record() -> None:
    """`roll_off_settled` is only for a tie that was rolled off: a clear winner under
    `ties = "roll-off"` has none, and recording one is refused as such."""
    game = play(Game(["Ann", "Bob"], load_rules("standard", {"target": "300",
                                                              "ties": "roll-off"})),
                "throw 111234\nkeep 111\nbank\nthrow 234662")
    assert game.state.over and game.state.winner_names() == ("Ann",)
    assert not game.state.roll_off and not game.state.roll_off_settled
    with pytest.raises(Refused, match="there is no roll-off to settle"):
        game.apply(RollOff("Ann"))


def test_the_last_turn_is_the_latest_and_options_only_while_a_keep_is_due() -> None:
    """`last_turn` (what `farkle-pi game show` reports) is the turn that just ended; the legal
    keeps are listed only while a keep is due, not once the dice are set aside."""
    game = play(standard(), "throw 115234\nkeep 1\nbank\nthrow 234662\nthrow 222346")
    last = game.state.last_turn
    assert last is not None and (last.player, last.farkle) == ("Bob", True)
    assert [o.points for o in game.state.options][:1] == [200]
    game.apply(Keep(Roll.parse("222")))
    assert game.state.phase == "choose" and game.state.options == ()


def test_a_stored_event_with_a_name_that_is_not_text_leaves_one_game_out(
        tmp_path: Path) -> None:
    """`records()` promises that one game whose log cannot be replayed (a hand edit, a bit
    flipped) is left out with its reason and never hides the night's other games. A player's
    name stored as a number was a traceback in every report and at the table's start until the
    forty-seventh session (the review found it): a stored field of the wrong type is now no
    stored event."""
    with Store(tmp_path / "farkle.db") as store:
        good = store.new_game(["Ann"], load_rules("standard"))
        bad = store.new_game(["Bob"], load_rules("standard"))
        with store._db:
            store._db.execute("INSERT INTO events VALUES (?, 1, 1, 'then', ?)",
                              (bad.id, json.dumps({"type": "add_player", "name": 5})))
        assert [r.id for r in store.records()] == [good.id]
        (reason,) = store.left_out
        assert f"game {bad.id} cannot be replayed" in reason
