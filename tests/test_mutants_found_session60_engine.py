"""Session 60's engine and coach changes (hot dice that must be thrown again, a player going
home mid-game) under a hand-made mutation review: each test fails on the mutant named in its
docstring, which the tests written with the changes let through."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from coach_reference import win_chances
from game_script import play, standard

from farkle_pi import coach
from farkle_pi.commands.game import describe
from farkle_pi.game import Game, Keep, LeavePlayer, LeftMidTurn, Refused, Steal
from farkle_pi.rules import Roll, load_rules

MUST = {"must_throw_hot_dice": "true"}


def test_a_turn_not_yet_thrown_is_no_hot_dice() -> None:
    """state.py `hot_dice_must_throw` true in any phase but keep: every turn starts with all
    the dice to throw, and a steal may take them all; only a keep of every die is hot dice."""
    game = standard("Ann", "Bob", **MUST, stealing="true")
    assert not game.state.hot_dice_must_throw
    assert describe(game.state).splitlines()[-1] == "Ann to throw 6 dice"
    play(game, "throw 155234\nkeep 155\nbank\nthrow 155234\nkeep 1\nbank")  # Bob's 100, 5 dice
    game.apply(Steal())
    assert game.state.phase == "steal" and not game.state.hot_dice_must_throw
    play(game, "throw 11155")
    assert not game.state.hot_dice_must_throw  # (a throw to keep from)
    play(game, "keep 11155")
    assert game.state.hot_dice_must_throw and game.state.dice_to_throw == 6


def test_a_refusal_on_hot_dice_never_offers_the_bank() -> None:
    """turns.py `_next_step` without its hot-dice line: a keep with no throw to keep from said
    "Ann may throw 6 dice or bank" with the bank refused on the same dice."""
    game = play(standard(**MUST), "throw 111555\nkeep 111555")
    try:
        game.apply(Keep(Roll.parse("1")))
    except Refused as refused:
        assert str(refused) == ("there is no throw to keep dice from: hot dice: Ann must throw "
                                "all 6 dice again")
    else:
        raise AssertionError("a keep with no throw was accepted")


def test_a_return_keeps_the_news_of_another_players_leave() -> None:
    """turns.py `_add_player` clearing `left_mid_turn` whoever comes back: Cy's return wiped
    that Ann had just gone home with 200 points at risk."""
    game = play(standard("Ann", "Bob", "Cy"), "leave Cy\nthrow 155234\nkeep 155\nleave Ann")
    play(game, "add Cy")
    assert game.state.left_mid_turn == LeftMidTurn("Ann", 200)
    assert describe(game.state).splitlines()[0].startswith("Ann went home mid-turn")


def test_a_leave_after_a_farkle_does_not_announce_the_farkle_again() -> None:
    """engine.py `decide` taking the outcomes of every correctable entry from before the throw:
    Cy's leave after Ann's Farkle (still correctable) logged a second Farkled."""
    game = play(standard("Ann", "Bob", "Cy"), "throw 234662")
    assert game.apply(LeavePlayer("Cy")) == [LeavePlayer("Cy")]


def test_a_return_undoes_only_that_players_leave_in_a_correction() -> None:
    """engine.py `_net` dropping a leave at anyone's return: Dee's return (she left before the
    throw) took Bob's leave away with it."""
    game = play(standard("Ann", "Bob", "Cy", "Dee"), "leave Dee\nthrow 155234\nleave Bob\nadd dee")
    play(game, "correct 155233")
    expected = play(standard("Ann", "Bob", "Cy", "Dee"),
                    "leave Dee\nthrow 155233\nleave Bob\nadd Dee")
    assert game.state == expected.state
    assert game.state.players[1].left and not game.state.players[3].left
    assert Game.replay(game.events).state == game.state


def test_play_to_win_never_banks_hot_dice_however_safe_the_bank() -> None:
    """solve.py `solve_win` letting its recursion bank hot dice: where a bank is all but sure
    to hold (later players unlikely to pass it) banking the keep of every die looked better
    than throwing all six again, so the chances were too high."""
    rules = load_rules("standard", MUST)
    holds = (Fraction(999, 1000),) * 30
    exact = win_chances(rules, 300, None, holds)
    plan = coach.coach(rules).win(300, 0.0, tuple(float(h) for h in holds))
    for points in range(0, 2_000, 50):
        for dice in range(1, 7):
            assert abs(plan.chance(points, dice) - float(exact(points, dice))) < 1e-12


def test_later_players_reach_a_bar_only_with_dice_left_to_bank() -> None:
    """coach `reach_chances` solved without the rule: a later player's chance to pass a bank
    counted turns that reach it with hot dice as made, though they must throw again."""
    must, free = load_rules("standard", MUST), load_rules("standard")
    reach = coach.reach_chances(must)
    for steps in (8, 20):
        assert reach[steps] == pytest.approx(float(win_chances(must, steps * 50)(0, 6)),
                                             abs=1e-12)
        assert reach[steps] < coach.reach_chances(free)[steps]


def test_the_example_config_names_each_house_rule_once() -> None:
    """config.example.toml listed `must_throw_hot_dice` twice: every example house rule line
    names a different rule, and each is one the rules engine knows."""
    text = (Path(__file__).parent.parent / "farkle_pi" / "config.example.toml").read_text()
    rules_part = text.split("[rules]", 1)[1].split("\n[", 1)[0]
    keys = [line[2:].split("=", 1)[0].strip() for line in rules_part.splitlines()
            if line.startswith("# ") and "=" in line.split("#")[1]]
    keys = [k for k in keys if k.isidentifier()]
    assert keys and len(keys) == len(set(keys)), keys
    for key in keys:
        example = next(line for line in rules_part.splitlines() if line.startswith(f"# {key} ="))
        value = tomllib.loads(example[2:].split("#", 1)[0])[key]
        load_rules("standard", {key: str(value).lower() if isinstance(value, bool) else
                                str(value)})
