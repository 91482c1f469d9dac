"""What the throw screen is told: the coach's BEST keep, "then bank/roll" and the bank advice,
as a hand-made mutation review of farkle_pi/table/adapter.py found untested. Each test fails
on the mutant named in its docstring (ids from /work/scratch47/review_mutants_D.md, not kept
in the repository)."""

from __future__ import annotations

from pathlib import Path

from farkle_pi import coach
from farkle_pi.game import Bank, Game, Keep, Throw
from farkle_pi.rules import Roll, RuleSet, load_rules
from farkle_pi.store import GameRecord, Store
from farkle_pi.table.adapter import (
    Shown,
    advice,
    history_rows,
    options_for,
    players,
    table_view,
)
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

FARKLE = "223466"  # scores nothing


def _ann_at_1000(rules: RuleSet) -> Game:
    """Ann banks 1,000 (three 1s), Bob Farkles: Ann's turn again."""
    game = Game(["Ann", "Bob"], rules)
    game.apply(Throw(Roll.parse("111234")))
    game.apply(Keep(Roll.parse("111")))
    game.apply(Bank())
    game.apply(Throw(Roll.parse(FARKLE)))
    assert game.state.player.name == "Ann" and game.state.player.score == 1000
    return game


def test_a_keep_that_reaches_the_target_exactly_is_best_and_says_then_bank() -> None:
    """A01, A13 (adapter.py:68, the coach's "then" kept for a keep that wins; :143, `>=` ->
    `>` on the target): without a final round Ann, at 1,000 of 1,100, throws 1 5 5 2 3 4.
    Keeping the 1 ends the game with her ahead (exactly the target), so it says "then bank",
    and every keep that reaches the target does; the coach alone (100 points, five dice left)
    would say "then roll"."""
    game = _ann_at_1000(load_rules("standard", {"target": "1100", "final_round": "false"}))
    game.apply(Throw(Roll.parse("155234")))
    views = options_for(game.state)
    one = next(v for v in views if v.keep == (1,))
    assert one.then == "bank"
    assert all(v.then == "bank" for v in views if 1000 + v.points >= 1100)
    assert views[0].best and views[0].then == "bank" and 1000 + views[0].points >= 1100


def test_with_a_final_round_reaching_the_target_is_left_to_the_coach() -> None:
    """A12 (adapter.py:143, `not rules.final_round` dropped): with a final round, reaching the
    target does not end the game (the others still play), so a keep that reaches it is not
    "then bank" by rule: it says what the coach says, here "then roll" with five dice left."""
    game = _ann_at_1000(load_rules("standard", {"target": "1100"}))
    game.apply(Throw(Roll.parse("155234")))
    views = options_for(game.state)
    one = next(v for v in views if v.keep == (1,))
    ranked = coach.choices(game.state.rules, 0, Roll.parse("155234"))
    assert one.then == next(c.then for c in ranked if c.keep.faces == (1,)) == "roll"
    assert [v.keep for v in views] == [c.keep.faces for c in ranked]


def test_a_player_not_on_the_board_is_coached_to_reach_the_entry_minimum() -> None:
    """A09 (adapter.py:62, the options ranked as if on the board): classic rules, 500 to get
    on the board. Ann's first throw 1 1 2 2 2 3: on the board the coach would keep 1 1 2 2 2
    and bank 400; she cannot bank 400, so BEST is the 1 alone and rolling on."""
    game = Game(["Ann", "Bob"], load_rules("classic"))
    assert not game.state.player.on_board
    game.apply(Throw(Roll.parse("112223")))
    best = options_for(game.state)[0]
    assert (best.keep, best.then, best.best) == ((1,), "roll", True)


def _ann_after_two_farkles() -> Game:
    """Three Farkles in a row cost 1,000: Ann (1,000 banked, so the penalty takes all of it: a
    score never goes below 0) has Farkled twice and throws again."""
    game = _ann_at_1000(load_rules("standard", {"three_farkles": "1000"}))
    for _ in range(2):
        game.apply(Throw(Roll.parse(FARKLE)))  # Ann
        game.apply(Throw(Roll.parse(FARKLE)))  # Bob
    assert game.state.player.name == "Ann" and game.state.player.farkles == 2
    assert game.state.player.score == 1000
    return game


def test_after_two_farkles_the_coach_plays_safe_with_the_options() -> None:
    """A10 (adapter.py:63, the Farkle streak not given to the coach for the options): a third
    Farkle would cost 1,000 more, so of 1 1 2 2 2 3 BEST keeps 1 1 2 2 2 and banks 400 (with
    no streak the coach keeps the 1 and rolls on)."""
    game = _ann_after_two_farkles()
    game.apply(Throw(Roll.parse("112223")))
    best = options_for(game.state)[0]
    assert (best.keep, best.then) == ((1, 1, 2, 2, 2), "bank")


def test_after_two_farkles_the_advice_is_to_bank_what_the_turn_has() -> None:
    """A19 (adapter.py:167, the Farkle streak not given to the coach for the advice): 200 with
    four dice to throw; with a third Farkle costing 1,000 the advice is BANK (with no streak,
    ROLL)."""
    game = _ann_after_two_farkles()
    game.apply(Throw(Roll.parse("112346")))
    game.apply(Keep(Roll.parse("11")))
    assert game.state.turn_points == 200 and game.state.dice_to_throw == 4
    assert advice(game.state) == "bank"


def test_the_advice_is_for_the_dice_left_to_throw() -> None:
    """A17 (adapter.py:164, the advice asked for a throw of every die): 300 with two dice
    left is banked (two dice Farkle 4 times in 9); with six to throw it would be ROLL."""
    game = Game(["Ann", "Bob"], load_rules("standard"))
    game.apply(Throw(Roll.parse("222134")))
    game.apply(Keep(Roll.parse("2221")))
    assert game.state.turn_points == 300 and game.state.dice_to_throw == 2
    assert advice(game.state) == "bank"


def test_no_advice_while_the_turn_cannot_be_banked_yet() -> None:
    """A14 (adapter.py:150, `can_bank` dropped): classic rules, Ann not on the board with 200
    this turn: BANK does nothing, so no BANK/ROLL advice is shown (rolling is not a choice)."""
    game = Game(["Ann", "Bob"], load_rules("classic"))
    game.apply(Throw(Roll.parse("112346")))
    game.apply(Keep(Roll.parse("11")))
    assert game.state.phase == "choose" and not game.state.can_bank
    assert advice(game.state) == ""


def test_nobody_is_the_current_player_once_the_game_is_over() -> None:
    """A24 (adapter.py:215, `not state.over` dropped): on the winner screen no row is marked
    as the player to throw."""
    game = Game(["Ann", "Bob"], load_rules("standard", {"target": "1000",
                                                        "final_round": "false"}))
    game.apply(Throw(Roll.parse("111234")))
    game.apply(Keep(Roll.parse("111")))
    game.apply(Bank())
    assert game.state.over
    assert not any(row.current for row in players(game.state))
    assert table_view(game.state, Shown()).current is None


def test_a_keep_that_reaches_the_entry_minimum_exactly_lights_bank() -> None:
    """A29 (adapter.py:262, `>=` -> `>`): classic rules, 500 to get on the board. With three
    5s (exactly 500) highlighted BANK is lit: banking them is allowed, and a dark lamp would
    tell Ann to throw on."""
    game = Game(["Ann", "Bob"], load_rules("classic"))
    game.apply(Throw(Roll.parse("555234")))
    options = options_for(game.state)
    fives = next(k for k, v in enumerate(options) if v.keep == (5, 5, 5))
    view = table_view(game.state, Shown(selected=fives))
    assert view.options[view.selected].points == 500 and view.can_bank
    other = next(k for k, v in enumerate(options) if v.points < 500)
    assert not table_view(game.state, Shown(selected=other)).can_bank


def test_no_turn_note_where_any_points_may_be_banked() -> None:
    """A30 (adapter.py:252, `<= 1` -> `< 1`): standard rules have no entry or bank minimum
    (the game counts that as a minimum of 1 point); the throw screen says nothing about it,
    not "banks 1 or more"."""
    game = Game(["Ann", "Bob"], load_rules("standard"))
    assert game.state.bank_minimum == 1
    assert table_view(game.state, Shown()).turn_note == ""
    classic = Game(["Ann", "Bob"], load_rules("classic"))
    assert table_view(classic.state, Shown()).turn_note == "needs 500 to get on the board"


def test_a_start_time_without_a_zone_is_read_as_utc_beside_zoned_ones() -> None:
    """A36 (adapter.py:353, a start time without a zone left naive): a database written by
    hand or by an older version may hold "2026-11-29 21:00:00"; beside zoned times it is
    UTC, and the history still lists the night's games (it raised: naive and aware times
    cannot be subtracted)."""
    def game(number: int, started: str) -> GameRecord:
        return GameRecord(id=number, started=started, rules="standard", players=("Ann", "Bob"),
                          scores=(10_050, 8_000), over=True, winners=("Ann",), turns=(),
                          faces=(0,) * 6)

    rows = history_rows([game(1, "2026-11-29 21:00:00"), game(2, "2026-11-29T22:00:00+00:00")])
    assert len(rows) == 2


def test_a_keep_that_wins_now_is_best_over_the_coachs_keep_that_does_not() -> None:
    """A40 (adapter.py:77, the winning keeps not moved first): without a final round Ann, at
    1,000 of 1,150, throws 1 5 5 2 3 4. Over a turn the coach would keep the 1 and roll on
    (1,100: no win); keeping 1 5 wins the game now, so a winning keep is BEST."""
    game = _ann_at_1000(load_rules("standard", {"target": "1150", "final_round": "false"}))
    game.apply(Throw(Roll.parse("155234")))
    assert coach.choices(game.state.rules, 0, Roll.parse("155234"))[0].keep.faces == (1,)
    best = options_for(game.state)[0]
    assert best.best and best.then == "bank" and 1000 + best.points >= 1150


def test_a_keep_that_reaches_the_target_but_cannot_be_banked_is_left_to_the_coach() -> None:
    """Game night review: without a final round, with a 350 minimum bank, Ann at 1,000 of
    1,100 throws 1 2 3 3 4 6. Keeping the 1 reaches the target, but a bank of 100 is below
    the minimum and the table refuses it: the keep must not say "then bank" (it did, and BANK
    on the starred keep gave "100 is not enough to bank: 350 needed")."""
    game = _ann_at_1000(load_rules("standard", {"target": "1100", "final_round": "false",
                                                "min_bank": "350"}))
    game.apply(Throw(Roll.parse("123346")))
    views = options_for(game.state)
    assert [(v.keep, v.then) for v in views] == [((1,), "roll")]


def test_the_three_farkles_penalty_the_coach_weighs_is_capped_at_the_players_score() -> None:
    """Game night review: a score never goes below 0, so a third Farkle in a row costs a
    player with nothing banked nothing more. Ann (0 points, two Farkles in a row) has 2,600
    this turn with five dice to throw: the coach weighed the full 1,000 penalty and said BANK
    (from 2,100 with five dice), where by the rules in force she risks only her turn and the
    coach's own figure says roll on (banks from 3,100, as with no penalty)."""
    game = Game(["Ann", "Bob"], load_rules("standard", {"three_farkles": "1000"}))
    for _ in range(4):
        game.apply(Throw(Roll.parse(FARKLE)))
    assert game.state.player.name == "Ann" and game.state.player.farkles == 2
    game.apply(Throw(Roll.parse("111222")))
    game.apply(Keep(Roll.parse("111222")))
    game.apply(Throw(Roll.parse("123466")))
    assert options_for(game.state)[0].keep == (1,)
    game.apply(Keep(Roll.parse("1")))
    assert game.state.turn_points == 2600 and game.state.dice_to_throw == 5
    assert advice(game.state) == "roll"
    assert coach.decide(game.state.rules, 2600, 5, farkle_streak=2)[0] == "bank"  # uncapped


def test_bank_on_a_keep_that_completes_six_ones_banks_the_prize(tmp_path: Path) -> None:
    """Game night review: Portland pays 3,000 for six 1s over a turn. Ann, 750 from the
    board, has kept 1 1 twice (400) and throws 1 1: BANK on the highlighted 1 1 was refused
    ("600 is not enough to bank: 750 needed", the lamp off), though that keep makes 3,000."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland", {"colour_triples": "false"}),
                      ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        table.new_game()
        for command in (Throw(Roll.parse("112346")), Keep(Roll.parse("11")),
                        Throw(Roll.parse("1136")), Keep(Roll.parse("11")),
                        Throw(Roll.parse("11"))):
            table._apply(command)
        assert table.view().options[0].keep == (1, 1) and table.view().can_bank
        table.handle(Action("bank", button=True))
        assert not table.error and table.state is not None
        assert table.state.players[0].score == 3000
