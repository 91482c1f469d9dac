"""A scripted whole game under every preset, with totals worked out by hand in the comments."""

from __future__ import annotations

import pytest
from game_script import play, scores

from farkle_pi.game import (
    Bank,
    Farkled,
    FinalRound,
    Game,
    GameOver,
    Refused,
    RollOff,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.rules import Roll, load_rules


def test_standard_game_to_10000() -> None:
    game = play(
        Game(["Ann", "Bob", "Cy"], load_rules("standard")),
        """
        throw 111111   # Ann: six of a kind 3000, hot dice
        keep 111111
        throw 222222   # 3000 more, hot again: 6000
        keep 222222
        bank           # Ann 6000
        throw 234662   # Bob: Farkle
        throw 123456   # Cy: straight 1500, hot
        keep 123456
        throw 155223
        keep 1         # 1600, five dice left
        bank           # Cy 1600
        throw 333333   # Ann: 3000, hot
        keep 333333
        throw 446655   # three pairs 1500: 4500
        keep 446655
        """,
    )
    events = game.apply(Bank())  # Ann 10500: the final round starts
    assert FinalRound("Ann") in events
    assert game.state.final_round and game.state.last_turn_names() == ("Bob", "Cy")
    assert game.state.player.name == "Bob"
    play(
        game,
        """
        throw 555555   # Bob's last turn: 3000
        keep 555555
        throw 112345
        keep 115       # 3250
        throw 666
        keep 666       # 3850, hot
        throw 111111
        keep 111111    # 6850
        throw 222333
        keep 222333    # two triplets 2500: 9350
        bank           # Bob 9350
        throw 112234   # Cy's last turn
        keep 11        # 200
        """,
    )
    events = game.apply(Throw(Roll.parse("2346")))
    assert events[1:] == [Farkled("Cy", 200, 0), GameOver(("Ann",), False)]
    assert scores(game) == {"Ann": 10500, "Bob": 9350, "Cy": 1600}
    assert game.state.over and game.state.winner_names() == ("Ann",)


def test_classic_game_entry_minimum_and_triples_only() -> None:
    rules = load_rules("classic", {"target": "2000"})
    game = play(
        Game(["Ann", "Bob"], rules),
        """
        throw 111234   # Ann: three 1s 1000
        keep 111
        throw 523
        keep 5         # 1050
        bank           # Ann 1050, on the board
        throw 155346   # Bob
        keep 1         # 100: below the 500 entry
        """,
    )
    with pytest.raises(Refused, match="needs 500 in this turn to get on the board"):
        game.apply(Bank())
    play(
        game,
        """
        throw 55234
        keep 55        # 200
        throw 666
        keep 666       # 800, hot
        bank           # Bob 800
        throw 111111   # Ann: no six-of-a-kind row, so two triples of 1s: 2000
        keep 111111
        bank           # Ann 3050: final round
        throw 222346   # Bob's last turn
        keep 222
        throw 346      # Farkle
        """,
    )
    assert scores(game) == {"Ann": 3050, "Bob": 800}
    assert game.state.winner_names() == ("Ann",)
    assert [t.banked for t in game.state.turns] == [1050, 800, 2000, 0]


def test_portland_game_colours_minimum_bank_and_six_ones() -> None:
    rules = load_rules("portland", {"target": "4000"})
    game = play(
        Game(["Ann", "Bob"], rules),
        """
        throw 1:r 1:r 1:r 5:b 2:b 3:b   # Ann: three red 1s = 2000, + 5 = 2050
        keep 1:r 1:r 1:r 5:b
        bank                            # Ann 2050 (entry 750)
        throw 1:r 1:b 2:r 3:b 4:r 6:b   # Bob gathers 1s: 200
        keep 1:r 1:b
        throw 1:r 1:b 3:r 4:b
        keep 1 1                        # plain faces pick from the coloured throw: 400
        throw 1:r 1:b
        keep 1:r 1:b                    # six 1s this turn: 3000 instead of 600
        """,
    )
    assert game.state.turn_points == 3000
    play(
        game,
        """
        bank                            # Bob 3000
        throw 2:r 2:r 2:b 3:r 4:b 6:b   # Ann: triple 2s must be taken
        keep 2 2 2                      # 200
        """,
    )
    with pytest.raises(Refused, match="needs 350 in this turn to bank"):
        game.apply(Bank())
    play(
        game,
        """
        throw 5:r 5:b 3:b
        keep 5 5                        # 300, still below 350
        throw 1:b
        keep 1:b                        # 400, hot dice
        bank                            # Ann 2450
        throw 5:r 5:r 5:r 1:b 2:b 3:b   # Bob: red 5s 1000 + 100
        keep 5:r 5:r 5:r 1:b
        bank                            # Bob 4100: final round
        throw 1:r 1:b 4:r 4:b 6:r 6:b   # Ann's last turn: 200
        keep 1 1
        throw 3:r 3:r 3:r 2:b
        keep 3:r 3:r 3:r                # red 3s 600: 800
        throw 5:b
        keep 5                          # 850, hot
        throw 4:r 4:r 4:r 4:b 4:b 4:b
        keep 4:r 4:r 4:r 4:b 4:b 4:b    # two one-colour triples 800 + 800: 2450
        bank                            # Ann 4900
        """,
    )
    assert scores(game) == {"Ann": 4900, "Bob": 4100}
    assert game.state.winner_names() == ("Ann",)


def test_portland_must_take_a_triple_of_twos() -> None:
    game = play(Game(["Ann"], load_rules("portland")), "throw 2:r 2:r 2:b 1:r 4:b 6:b")
    with pytest.raises(Refused, match="not a legal keep"):
        play(game, "keep 1:r")


def test_tyler_game_doubling_and_stealing() -> None:
    rules = load_rules("tyler", {"target": "3000"})
    game = play(
        Game(["Ann", "Bob", "Cy"], rules),
        """
        throw 111123   # Ann: four 1s doubled = 2000
        keep 1111
        bank           # Ann 2000
        throw 123455   # Bob: five in a row 1000 + 5 = 1050, hot
        keep 123455
        bank           # Bob 1050; Cy is not on the board, so no steal
        """,
    )
    assert game.state.steal is None
    with pytest.raises(Refused, match="Cy is not on the board yet, so may not steal Bob's"):
        game.apply(Steal())
    play(
        game,
        """
        throw 223344   # Cy: three pairs 1500, hot
        keep 223344
        throw 523466
        keep 5         # 1550, five dice left
        bank           # Cy 1550
        steal          # Ann takes 1550 and five dice
        throw 12346
        keep 1         # 1650
        bank           # Ann 3650: final round; Bob may steal 1650 with four dice
        steal
        """,
    )
    assert game.state.phase == "steal" and game.state.dice_to_throw == 4
    with pytest.raises(Refused):
        game.apply(Bank())  # a thief must score with the stolen dice first
    play(
        game,
        """
        throw 2346     # Bob's steal fails: his turn is lost
        throw 555555   # Cy's last turn: six 5s doubled = 4000
        keep 555555
        bank           # Cy 5550
        """,
    )
    assert scores(game) == {"Ann": 3650, "Bob": 1050, "Cy": 5550}
    assert game.state.winner_names() == ("Cy",)
    assert [t.stolen for t in game.state.turns] == [0, 0, 0, 1550, 1650, 0]


def test_tyler_with_five_dice() -> None:
    game = Game(["Ann"], load_rules("tyler", {"dice": "5"}))
    with pytest.raises(Refused, match="throws 5 dice, but 6"):
        game.apply(Throw(Roll.parse("123456")))
    play(game, "throw 12345\nkeep 12345")  # five in a row, hot dice
    assert (game.state.turn_points, game.state.dice_to_throw) == (1000, 5)


@pytest.mark.parametrize(("ties", "roll_off"), [("shared", False), ("roll-off", True)])
def test_family_game_tie(ties: str, roll_off: bool) -> None:
    game = play(
        Game(["Ann", "Bob"], load_rules("family", {"target": "1000", "ties": ties})),
        """
        throw 155234   # Ann: 150, below the 500 entry
        keep 15
        throw 1112
        keep 111       # 1150
        bank           # Ann 1150: final round
        throw 111523   # Bob's last turn: 1050
        keep 1115
        throw 55
        keep 55        # 1150, hot
        """,
    )
    events = game.apply(Bank())
    assert events[-1] == GameOver(("Ann", "Bob"), roll_off)
    assert game.state.winner_names() == ("Ann", "Bob") and game.state.roll_off is roll_off
    if not roll_off:  # a shared win has nothing to settle
        with pytest.raises(Refused, match="no roll-off to settle"):
            game.apply(RollOff("Ann"))
        return
    with pytest.raises(Refused, match="Cy is not one of the roll-off's players: name one of"):
        game.apply(RollOff("Cy"))
    for pasted in ("Bob\nAnn", "B" * 10_000):  # quoted on one short line
        with pytest.raises(Refused) as refused:
            game.apply(RollOff(pasted))
        assert "\n" not in str(refused.value) and len(str(refused.value)) < 120
    assert game.apply(RollOff("Bob")) == [RollOff("Bob"), GameOver(("Bob",), False)]
    assert game.state.winner_names() == ("Bob",) and game.state.over and not game.state.roll_off
    assert Game.replay(game.events).state == game.state  # the log holds it
    game.apply(Undo())
    assert game.state.winner_names() == ("Ann", "Bob") and game.state.roll_off
