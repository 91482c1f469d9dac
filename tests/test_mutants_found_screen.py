"""Pinned since the forty-fifth session's mutation review: what the throw screen is told.

Each test fails on the mutant named in its docstring (ids from that review:
/work/scratch45/review_mutants.md, not kept in the repository)."""

from __future__ import annotations

import pytest

from farkle_pi import coach
from farkle_pi.game import Bank, Game, Keep, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.table.adapter import Shown, advice, last_turn_need, options_for, table_view


def test_a_keep_that_reaches_the_target_says_then_bank_without_a_final_round() -> None:
    """A01 (adapter.py:68, "bank"/"roll" swapped for keeps that decide the game): with
    `final_round = false` a bank that reaches the target wins at once, so that keep is BEST
    and says "then bank", never "then roll"."""
    rules = load_rules("standard", {"target": "1000", "final_round": "false"})
    game = Game(["Ann", "Bob"], rules)
    game.apply(Throw(Roll.parse("111234")))
    views = options_for(game.state)
    winning = [v for v in views if v.points >= 1000]
    assert winning and all(v.then == "bank" for v in winning)
    assert views[0].best and views[0].points >= 1000


def test_hot_dice_shows_the_full_set_as_the_next_throw() -> None:
    """A03 (adapter.py:120, `left or rules.dice` -> `left`): with a keep of every die
    highlighted the risk panel is about six dice, not "next 0 dice" with no odds."""
    game = Game(["Ann", "Bob"], load_rules("standard"))
    game.apply(Throw(Roll.parse("111555")))
    options = options_for(game.state)
    every = next(k for k, v in enumerate(options) if len(v.keep) == 6)
    view = table_view(game.state, Shown(selected=every))
    assert view.options[view.selected].keep == (1, 1, 1, 5, 5, 5)
    assert view.next_dice == 6 and view.farkle_odds is not None and view.farkle_odds > 0


def test_after_a_bank_no_farkle_is_shown_to_check() -> None:
    """A07 (adapter.py:257, `turns[-1].farkle` dropped): after Ann banks, Bob's throw screen in
    camera mode must not show her last throw as "Ann's Farkle above: a die misread?"."""
    game = Game(["Ann", "Bob"], load_rules("standard"))
    game.apply(Throw(Roll.parse("115234")))
    game.apply(Keep(Roll.parse("115")))
    game.apply(Bank())
    view = table_view(game.state, Shown(dice_mode="camera"))
    assert view.dice == () and "Farkle" not in view.prompt


def test_a_throw_entered_by_hand_does_not_show_the_last_farkle() -> None:
    """A05 (adapter.py:201, `not shown.keypad` dropped): while Bob's throw is entered by hand
    (an unread die, no camera), Ann's Farkle is not drawn as the dice to tap."""
    game = Game(["Ann", "Bob"], load_rules("standard"))
    game.apply(Throw(Roll.parse("223466")))  # Ann's Farkle
    assert game.state.phase == "start" and game.state.turns[-1].farkle
    shown = table_view(game.state, Shown(dice_mode="camera"))
    assert [d.face for d in shown.dice] == [2, 2, 3, 4, 6, 6]  # shown to check, as meant
    typing = table_view(game.state, Shown(dice_mode="camera", keypad=True, typed="15"))
    assert typing.dice == () and "Farkle" not in typing.prompt


def test_only_the_dice_of_the_highlighted_keep_are_marked() -> None:
    """A10 (adapter.py:193, `marked.remove` dropped): keep 1 of a throw with two 1s marks one
    die, not both (the players take out the dice marked)."""
    game = Game(["Ann", "Bob"], load_rules("standard"))
    game.apply(Throw(Roll.parse("115234")))
    options = options_for(game.state)
    single = next(k for k, v in enumerate(options) if v.keep == (1,))
    view = table_view(game.state, Shown(selected=single))
    assert [d.face for d in view.dice if d.marked] == [1]


def test_without_the_coach_the_options_still_show_by_points(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """A15 (adapter.py:64, the coach's failure shows no options): the coach is advice; when it
    fails the legal keeps are still offered (else no keep can be chosen with the buttons)."""
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("coach cache unreadable")

    monkeypatch.setattr(coach, "choices", broken)
    game = Game(["Ann", "Bob"], load_rules("standard"))
    game.apply(Throw(Roll.parse("115234")))
    views = options_for(game.state)
    assert [v.keep for v in views] == [o.keep.faces for o in game.state.options]


@pytest.mark.parametrize(("ties", "need"), [("shared", 1000), ("roll-off", 1001)])
def test_on_the_last_turn_a_tie_wins_where_the_rules_share_it(ties: str, need: int) -> None:
    """A16 and A02 (the `+ 1`; `>=` in `winning_bank`): Bob's last turn against Ann's 1,000.
    A shared tie is a win for each, so 1,000 is what he needs and banking it is advised; a
    tie settled by a roll-off is no win yet, so he plays to pass. The chances shown and the
    bank advice once he has the points agree (they did not: WIN% for 1,001, BANK at 1,000)."""
    game = Game(["Ann", "Bob"], load_rules("standard", {"target": "1000", "ties": ties}))
    game.apply(Throw(Roll.parse("111234")))
    game.apply(Keep(Roll.parse("111")))
    game.apply(Bank())
    assert game.state.final_round and game.state.current == 1
    assert last_turn_need(game.state) == need
    game.apply(Throw(Roll.parse("111234")))
    game.apply(Keep(Roll.parse("111")))
    assert game.state.turn_points == 1000
    assert advice(game.state) == ("bank" if ties == "shared" else "roll")


@pytest.mark.parametrize(("throw", "keep", "advised"), [("111523", "1115", "roll"),
                                                         ("111552", "11155", "bank")])
def test_a_tie_settled_by_a_roll_off_is_banked_when_passing_is_less_likely(
        throw: str, keep: str, advised: str) -> None:
    """Bob ties Ann's total on his last turn under `ties = "roll-off"`: banking is a roll-off,
    won one time in two; rolling on passes her only if the dice left score. With two dice
    left (5 in 9 score) he rolls; with one (1 in 3) he banks the tie."""
    game = Game(["Ann", "Bob"], load_rules("standard", {"target": "1000", "ties": "roll-off"}))
    game.apply(Throw(Roll.parse(throw)))
    game.apply(Keep(Roll.parse(keep)))
    game.apply(Bank())
    game.apply(Throw(Roll.parse(throw)))
    game.apply(Keep(Roll.parse(keep)))
    assert game.state.player.name == "Bob" and game.state.turn_points == game.state.players[0].score
    assert advice(game.state) == advised


def test_nobody_leads_before_anyone_has_points() -> None:
    """A04 (adapter.py:173, the `top > 0` dropped): at the start every score is 0, and a LEAD
    tag on every player says nothing; the first to bank leads alone."""
    game = Game(["Ann", "Bob", "Cy"], load_rules("standard"))
    assert not any(row.leader for row in table_view(game.state, Shown()).players)
    game.apply(Throw(Roll.parse("115234")))
    game.apply(Keep(Roll.parse("11")))
    game.apply(Bank())
    assert [row.name for row in table_view(game.state, Shown()).players if row.leader] == ["Ann"]
