"""What each game command says in the log and shows as a banner (farkle_pi/table/announce.py):
the words and figures a hand-made mutation review found untested."""

from __future__ import annotations

from farkle_pi.game import Bank, Command, Farkled, FinalRound, Game, GameOver, Keep, Throw, Undo
from farkle_pi.rules import Roll, RuleSet, load_rules
from farkle_pi.table.announce import News, announce
from farkle_pi.ui.view import Banner


def told(game: Game, command: Command) -> News:
    """The news of one command, as the table tells it."""
    before = game.state
    events = game.apply(command)
    return announce(before, game.state, events)


def turn(game: Game, throw: str, keep: str) -> News:
    """A throw, a keep from it, and the bank: the bank's news."""
    game.apply(Throw(Roll.parse(throw)))
    game.apply(Keep(Roll.parse(keep)))
    return told(game, Bank())


def two(rules: RuleSet) -> Game:
    return Game(["Ann", "Bob"], rules)


def test_a_keep_says_the_turn_so_far_and_no_banner() -> None:
    game = two(load_rules("standard"))
    game.apply(Throw(Roll.parse("115234")))
    news = told(game, Keep(Roll.parse("1")))
    assert news.lines == ["Ann keeps 1: 100 this turn"] and news.banners == []
    game.apply(Throw(Roll.parse("15234")))
    news = told(game, Keep(Roll.parse("15")))
    assert news.lines == ["Ann keeps 15: 250 this turn"] and news.banners == []


def test_hot_dice_says_how_many_dice_to_throw_again() -> None:
    """Every die scored: HOT DICE, all the rules' dice to throw again (five under five-dice
    rules)."""
    for dice, throw in ((6, "111555"), (5, "11155")):
        game = two(load_rules("standard", {"dice": str(dice)}))
        game.apply(Throw(Roll.parse(throw)))
        news = told(game, Keep(Roll.parse(throw)))
        assert news.banners == [Banner("hot_dice", "HOT DICE", f"throw all {dice} again")]


def test_a_bank_names_the_player_who_banked_and_their_new_total() -> None:
    """Ann banks twice: each banner has the points of that bank and her total, in grouped
    figures; the log names her, not Bob who throws next."""
    game = two(load_rules("standard"))
    news = turn(game, "115234", "115")
    assert news.lines == ["Ann banks 250: total 250"]
    assert news.banners == [Banner("bank", "BANK +250", "Ann now has 250")]
    turn(game, "155234", "155")  # Bob
    news = turn(game, "111234", "111")
    assert news.lines == ["Ann banks 1000: total 1250"]
    assert news.banners == [Banner("bank", "BANK +1,000", "Ann now has 1,250")]


def test_on_the_board_is_shown_once_and_only_where_there_is_an_entry_minimum() -> None:
    game = two(load_rules("classic"))  # 500 to get on the board
    news = turn(game, "111234", "111")
    assert news.banners == [Banner("on_board", "ON THE BOARD", "Ann +1,000")]
    turn(game, "555234", "555")  # Bob gets on the board too
    news = turn(game, "555234", "555")
    assert news.banners == [Banner("bank", "BANK +500", "Ann now has 1,500")]
    news = turn(two(load_rules("standard")), "115234", "115")  # no entry minimum
    assert news.banners == [Banner("bank", "BANK +250", "Ann now has 250")]


def test_a_farkle_is_logged_under_the_player_who_threw() -> None:
    game = two(load_rules("standard"))
    news = told(game, Throw(Roll.parse("223466")))
    assert news.lines[0] == "Ann throws 223466"
    assert news.lines[1] == "Ann: FARKLE (Ann: no points were at risk)"
    assert news.banners == [Banner("farkle", "FARKLE", "Ann: no points were at risk")]


def test_the_farkle_detail_says_what_was_lost_and_the_penalty() -> None:
    state = two(load_rules("standard")).state
    details = {
        (350, 0): "Ann loses 350",
        (0, 1000): "Ann loses 1,000 for three Farkles in a row",
        (1250, 500): "Ann loses 1,250, and 500 for three Farkles in a row",
        (0, 0): "Ann: no points were at risk",
    }
    for (lost, penalty), detail in details.items():
        news = announce(state, state, [Farkled("Ann", lost, penalty)])
        assert news.lines == [f"Ann: FARKLE ({detail})"]
        assert news.banners == [Banner("farkle", "FARKLE", detail)]


def test_the_final_round_names_the_target_and_tells_the_others() -> None:
    game = two(load_rules("standard", {"target": "1000"}))
    news = turn(game, "111234", "111")
    assert news.lines == ["Ann banks 1000: total 1000", "Ann reached 1000: final round"]
    assert news.banners[1] == Banner("final_round", "FINAL ROUND",
                                     "everyone else: one last turn")
    state = game.state
    news = announce(state, state, [FinalRound("Bob")])
    assert news.lines == ["Bob reached 1000: final round"]


def test_the_game_over_names_every_winner_and_ends_the_game() -> None:
    state = two(load_rules("standard")).state
    news = announce(state, state, [GameOver(("Ann", "Bob"), roll_off=False)])
    assert news.lines == ["game over: Ann & Bob won"]
    assert news.game_over == GameOver(("Ann", "Bob"), roll_off=False)
    game = two(load_rules("standard", {"target": "1000"}))
    turn(game, "111234", "111")
    news = turn(game, "155234", "155")  # Bob's last turn: Ann wins
    assert news.game_over is not None and news.game_over.winners == ("Ann",)
    assert news.lines[-1] == "game over: Ann won"


def test_an_undo_is_logged() -> None:
    game = two(load_rules("standard"))
    game.apply(Throw(Roll.parse("115234")))
    assert told(game, Undo()).lines == ["undo"]
