"""The house rule "hot dice must be thrown again" (`must_throw_hot_dice`): when every die of a
turn has scored the player throws all of them again and may not bank. The rule as written,
the game refusing such a bank, the coach that never advises it, the cache that keeps the two
apart, and the table that does not light BANK there."""

from __future__ import annotations

import json
import math
import random
import sqlite3
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from coach_reference import forced_chance, throws, turn_values, win_chances
from game_script import play, standard
from seating import seated, typed
from tray_news import TrayNews as News
from tray_news import dice as tray_dice

from farkle_pi import coach
from farkle_pi.cli import main
from farkle_pi.coach import cache
from farkle_pi.errors import FarkleError
from farkle_pi.game import Bank, Game, GameState, Keep, PlayerState, Refused, Throw, Undo
from farkle_pi.game.turns import play as turn_play
from farkle_pi.rules import PRESETS, Roll, RuleSet, load_rules
from farkle_pi.store import Store
from farkle_pi.table.adapter import Shown, table_view
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

MUST = {"must_throw_hot_dice": "true"}
REFUSAL = ("hot dice: Ann must throw all 6 dice again (house rule must_throw_hot_dice: no bank "
           "on hot dice)")


# -- the rule as written -----------------------------------------------------------------------

def test_no_preset_has_it_and_every_way_of_saying_it_sets_it(tmp_path: Path) -> None:
    assert not any(load_rules(name).must_throw_hot_dice for name in PRESETS)
    assert load_rules("tyler", {"must_throw_hot_dice": "yes"}).must_throw_hot_dice
    assert load_rules("standard", {"must_roll_hot_dice": True}).must_throw_hot_dice
    path = tmp_path / "ours.toml"
    path.write_text('base = "family"\nmust_throw_hot_dice = true\n', encoding="utf-8")
    rules = load_rules(str(path))
    assert (rules.name, rules.entry, rules.must_throw_hot_dice) == ("ours", 500, True)
    assert rules.differences() == {"entry": 500, "must_throw_hot_dice": True}


@pytest.mark.parametrize(("changes", "message"), [
    ({"must_throw_hot_die": "true"},
     "--set: unknown rule 'must_throw_hot_die' (did you mean must_throw_hot_dice?)"),
    ({"must_throw_hot_dice": "always"},
     "--set: must_throw_hot_dice=always: must_throw_hot_dice must be true or false"),
])
def test_a_typo_or_a_bad_value_is_one_line_saying_what_to_fix(
        changes: dict[str, object], message: str) -> None:
    with pytest.raises(FarkleError) as caught:
        load_rules("standard", changes)
    assert str(caught.value) == message


def test_config_check_and_score_say_a_bad_value_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[rules]\npreset = "standard"\nmust_throw_hot_dice = "sometimes"\n',
                      encoding="utf-8")
    assert main(["config", "check", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must_throw_hot_dice must be true or false" in err
    config.write_text('[rules]\npreset = "standard"\nmust_throw_hot_dice = true\n',
                      encoding="utf-8")
    assert main(["config", "check", "--config", str(config)]) == 0
    capsys.readouterr()
    assert main(["score", "--set", "must_throw_hot_dic=true", "15"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean must_throw_hot_dice?" in err


# -- the game ----------------------------------------------------------------------------------

def test_hot_dice_cannot_be_banked_and_are_thrown_again() -> None:
    game = play(standard(**MUST), "throw 111555\nkeep 111555")
    state = game.state
    assert (state.phase, state.turn_points, state.dice_to_throw) == ("choose", 2500, 6)
    assert state.hot_dice_must_throw and not state.can_bank
    with pytest.raises(Refused) as refused:
        game.apply(Bank())
    assert str(refused.value) == REFUSAL
    assert game.state == state  # (refused: nothing changed)
    play(game, "throw 123466\nkeep 1")  # thrown again: now the turn may be banked
    assert game.state.can_bank and not game.state.hot_dice_must_throw
    play(game, "bank")
    assert game.state.players[0].score == 2600 and game.state.turns[-1].hot_dice == 1


def test_without_the_rule_the_same_hot_dice_may_be_banked() -> None:
    game = play(standard(), "throw 111555\nkeep 111555\nbank")
    assert game.state.players[0].score == 2500


def test_a_keep_that_leaves_dice_is_no_hot_dice() -> None:
    game = play(standard(**MUST), "throw 111555\nkeep 11155")
    assert game.state.can_bank and not game.state.hot_dice_must_throw


def test_six_dice_with_nothing_scoring_are_hot_dice_too() -> None:
    """Six dice with nothing pay `six_dice_nothing` as a keep of all six: every die has
    scored, so under the rule they are thrown again like any hot dice."""
    game = play(standard(six_dice_nothing="500", **MUST), "throw 234662\nkeep 234662")
    assert game.state.turn_points == 500 and not game.state.can_bank
    with pytest.raises(Refused, match=r"^hot dice: Ann must throw all 6 dice again"):
        game.apply(Bank())


def test_hot_dice_reaching_the_target_are_thrown_again_before_the_final_round() -> None:
    """The target is reached by a bank, and hot dice are no bank: 1,000 of hot dice with a
    target of 1,000 still throw again; a Farkle then loses them and no final round starts."""
    game = play(standard(target="1000", **MUST), "throw 111555\nkeep 111555")
    assert game.state.turn_points >= 1000 and not game.state.can_bank
    play(game, "throw 234662")  # Farkle
    assert not game.state.final_round and game.state.players[0].score == 0
    game = play(standard(target="1000", **MUST), "throw 111555\nkeep 111555\n"
                "throw 123466\nkeep 1\nbank")
    assert game.state.final_round and game.state.last_turn_names() == ("Bob",)


def test_a_stolen_turn_that_makes_hot_dice_throws_them_again() -> None:
    game = play(standard(stealing="true", **MUST),
                "throw 155234\nkeep 155\nbank\n"  # Ann 200, Bob not on the board: no steal
                "throw 155234\nkeep 155\nbank\n"  # Bob 200: Ann may steal 3 dice
                "steal\nthrow 155\nkeep 155")
    assert game.state.stolen == 200 and game.state.turn_points == 400
    assert game.state.dice_to_throw == 6 and not game.state.can_bank


def test_undo_and_replay_are_exact_and_the_stored_game_keeps_the_rule(tmp_path: Path) -> None:
    rules = load_rules("standard", MUST)
    with Store(tmp_path / "farkle.db") as store:
        table = store.new_game(["Ann", "Bob"], rules)
        for command in (Throw(Roll.parse("111555")), Keep(Roll.parse("111555"))):
            table.apply(command)
        hot = table.state
        with pytest.raises(Refused):
            table.apply(Bank())
        table.apply(Throw(Roll.parse("123466")))
        table.apply(Undo())
        assert table.state == hot
    with Store(tmp_path / "farkle.db") as store:
        again = store.resume()
        assert again is not None and again.state == hot
        assert again.state.rules.must_throw_hot_dice and not again.state.can_bank
    assert Game.replay(play(Game(["Ann", "Bob"], rules), "throw 111555\nkeep 111555").events
                       ).state == hot


def test_a_game_stored_before_the_rule_reads_as_before(tmp_path: Path) -> None:
    """Games stored by a farkle-pi that had no such key: hot dice may be banked, as then."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard")).apply(Throw(Roll.parse("111555")))
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT game, seq, body FROM events").fetchall()
        for game, seq, body in rows:
            event = json.loads(body)
            if "rules" in event:
                del event["rules"]["must_throw_hot_dice"]
                db.execute("UPDATE events SET body = ? WHERE game = ? AND seq = ?",
                           (json.dumps(event), game, seq))
    with Store(path) as store:
        table = store.resume()
        assert table is not None and not table.state.rules.must_throw_hot_dice
        table.apply(Keep(Roll.parse("111555")))
        table.apply(Bank())
        assert table.state.players[0].score == 2500


def test_game_show_says_throw_all_six_again(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "farkle.db")
    for words in (["new", "--players", "Ann", "Bob", "--set", "must_throw_hot_dice=true"],
                  ["throw", "111555"], ["keep", "111555"]):
        assert main(["game", *words, "--db", db]) == 0
    out = capsys.readouterr().out
    assert out.endswith("Ann has 2500 this turn: hot dice: throw all 6 dice again (no bank on "
                        "hot dice: house rule)\n")
    assert main(["game", "bank", "--db", db]) == 2
    assert capsys.readouterr().err == f"farkle-pi: {REFUSAL}\n"
    assert main(["game", "show", "--json", "--db", db]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["phase"], shown["dice_to_throw"], shown["can_bank"]) == ("choose", 6, False)


# -- the coach ---------------------------------------------------------------------------------

RULE_SETS = [("standard", {}), ("tyler", {}), ("classic", {"dice": "5"}), ("portland", {})]


@pytest.mark.parametrize(("source", "changes"), RULE_SETS)
def test_the_coach_never_advises_banking_hot_dice(source: str, changes: dict[str, str]) -> None:
    rules = load_rules(source, {**changes, **MUST})
    solved = coach.coach(rules)
    for points in (0, 350, 5000, 25_000, 120_000):
        for faces in combinations_with_replacement(range(1, 7), rules.dice):
            for choice in solved.choices(points, Roll.of(*faces)):
                assert choice.dice < rules.dice or choice.then == "roll", (points, faces)
        if points:
            assert solved.decide(points, rules.dice)[0] == "roll"
    assert solved.bank_thresholds()[rules.dice] is None


def test_where_banking_hot_dice_pays_the_values_differ() -> None:
    """Standard rules bank six dice from 18,400 on: there the rule takes the bank away (and the
    keep of every die is worth less); below, where nobody banks them anyway, little changes."""
    free, must = coach.coach(load_rules("standard")), coach.coach(load_rules("standard", MUST))
    assert free.decide(20_000, 6) == ("bank", 20_000.0)
    then, value = must.decide(20_000, 6)
    assert then == "roll" and 19_500 < value < 20_000
    free_keep = free.choices(19_000, Roll.parse("115555"))[0]
    must_keep = must.choices(19_000, Roll.parse("115555"))[0]
    assert (free_keep.then, free_keep.expected) == ("bank", 20_500.0)
    assert must_keep.then == "roll" and must_keep.expected < 20_500
    assert must.expected_turn < free.expected_turn
    assert must.expected_turn == pytest.approx(free.expected_turn, abs=1e-3)
    assert must.bank_thresholds() == {**free.bank_thresholds(), 6: None}


def test_where_the_dice_are_never_banked_anyway_the_values_are_equal() -> None:
    """Six dice that cannot Farkle (six_dice_nothing) are always thrown: the rule changes
    nothing there, value for value."""
    nothing = {"six_dice_nothing": "500"}
    free = coach.coach(load_rules("standard", nothing))
    must = coach.coach(load_rules("standard", {**nothing, **MUST}))
    for points in range(0, 30_001, 250):
        for dice in range(1, 7):
            assert must.values.roll_value(points, dice) == free.values.roll_value(points, dice)


@pytest.mark.parametrize(("source", "changes", "streak"), [
    ("standard", {}, 0), ("tyler", {"dice": "5", "three_farkles": "500"}, 2)])
def test_high_stakes_match_the_plain_recursion(
        source: str, changes: dict[str, str], streak: int) -> None:
    """Where the rule bites (big turns, where banking hot dice would pay) the vectorised solve
    and its closed form past the cap agree with the plain recursion."""
    rules = load_rules(source, {**changes, **MUST})
    loss = rules.three_farkles if streak >= 2 else 0
    solved = coach.coach(rules, farkle_streak=streak)
    reference = turn_values(rules, rules.min_bank, loss, cap=40_000)
    for points in range(10_000, 30_001, 250):
        for dice in range(1, rules.dice + 1):
            assert solved.values.roll_value(points, dice) == pytest.approx(
                reference(points, dice), rel=1e-9)


def test_the_closed_form_past_the_cap_solves_the_bellman_equation() -> None:
    """Past the cap every state is valued by the closed form; one step of the recursion from
    there, with every keep considered, gives the same values back."""
    rules = load_rules("standard", MUST)
    solved = coach.coach(rules)
    values, table = solved.values, throws(rules)
    for points in (values.top * 50, values.top * 50 + 12_350):
        for dice in range(1, 7):
            total = 0.0
            for ways, keeps in table[dice]:
                total += ways * max((values.value(points + p, left) for left, p in keeps),
                                    default=0.0)
            assert values.roll_value(points, dice) == pytest.approx(total / 6**dice, rel=1e-12)


@pytest.mark.parametrize(("need", "tie", "holds"), [
    (1200, None, ()), (1001, (1000, Fraction(1, 2)), ()),
    (300, None, tuple(Fraction(k, 20) for k in range(20)))])
def test_play_to_win_matches_the_exact_fractions(
        need: int, tie: tuple[int, Fraction] | None, holds: tuple[Fraction, ...]) -> None:
    rules = load_rules("standard", MUST)
    exact = win_chances(rules, need, tie, holds)
    plan = coach.coach(rules).win(need, 0.0 if tie is None else float(tie[1]),
                                  tuple(float(h) for h in holds))
    for points in range(0, max(need, 50 * len(holds)) + 3_000, 50):
        for dice in range(1, 7):
            assert abs(plan.chance(points, dice) - exact(points, dice)) < 1e-12


def test_hot_dice_past_the_need_are_no_sure_win() -> None:
    """Reaching the need with hot dice is not winning yet: they must be thrown again, and get
    to a bank only as often as the full throw (again after each keep of every die) leaves dice."""
    rules = load_rules("standard", MUST)
    survive = float(forced_chance(throws(rules), 6))
    plan = coach.coach(rules).win(1000)
    then, chance = plan.decide(5000, 6)
    assert then == "roll" and chance == pytest.approx(survive)
    assert plan.decide(5000, 5) == ("bank", 1.0)
    assert 0.97 < survive < 1 - 5 / 216
    choices = coach.win_choices(rules, 1000, 900, Roll.parse("111"))
    assert [(c.keep, c.then) for c in choices][:2] == [(Roll.parse("11"), "bank"),
                                                     (Roll.parse("1"), "bank")]
    assert choices[-1].then == "roll" and choices[-1].probability == pytest.approx(survive)


def test_the_cache_keeps_the_rule_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table solved without the rule is never served with it, and a solve with the rule
    loaded back from the disk still refuses the bank on hot dice."""
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    free, must = load_rules("standard"), load_rules("standard", MUST)
    assert cache.cache_key(free, 0, 0) != cache.cache_key(must, 0, 0)
    cache.load_or_solve(free, 0, 0)
    _, values = cache.load_or_solve(must, 0, 0)
    assert not values.may_bank(20_000, 6) and len(list(tmp_path.glob("*.npz"))) == 2
    monkeypatch.setattr(cache, "build_table", _no_solving)
    _, loaded = cache.load_or_solve(must, 0, 0)
    assert not loaded.hot_dice_bank and not loaded.may_bank(20_000, 6)
    assert loaded.may_bank(20_000, 5)
    assert loaded.roll_value(30_000, 6) == values.roll_value(30_000, 6)


def _no_solving(rules: RuleSet) -> None:
    raise AssertionError("solved again although the cache holds the answer")


def test_coach_cli_under_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coach", "--set", "must_throw_hot_dice=true"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("never (hot dice: thrown again)")
    assert main(["coach", "--json", "--set", "must_throw_hot_dice=true", "--points", "19000",
                 "115555"]) == 0
    best = json.loads(capsys.readouterr().out)["choices"][0]
    assert (best["keep"], best["then"]) == ([1, 1, 5, 5, 5, 5], "roll")
    assert best["expected"] < 20_500


# -- the table ---------------------------------------------------------------------------------

@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with seated(tmp_path, load_rules("standard", MUST), ["Ann", "Bob"], "manual") as table:
        yield table


def test_the_table_keeps_bank_dark_on_hot_dice_and_says_throw(table: Table) -> None:
    typed(table, "111555")
    view = table.view()
    assert view.options[0].keep == (1, 1, 1, 5, 5, 5) and view.options[0].then == "roll"
    assert not view.can_bank  # (the lamp: BANK on this keep would be refused)
    table.handle(Action("bank"))
    assert table.error == ("hot dice: keep 6 dice and throw all 6 again (house rule: no bank "
                           "on hot dice)")
    assert table.state is not None and table.state.phase == "keep"
    table.error = ""
    table.handle(Action("keep"))
    view = table.view()
    assert table.state.hot_dice_must_throw
    assert not view.can_bank and view.advice == "" and view.dice_to_throw == 6
    assert view.prompt == ("HOT DICE: enter the throw of all 6 - no bank on hot dice (house "
                           "rule)")
    table.handle(Action("bank"))
    assert table.error == REFUSAL and table.state.turn_points == 2500


def test_without_the_rule_the_table_lights_bank_on_the_same_keep(tmp_path: Path) -> None:
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual") as table:
        typed(table, "111555")
        assert table.view().can_bank  # (the coach rolls 2,500 on: that is advice, not rule)
        table.handle(Action("keep"))
        assert table.view().can_bank and table.view().prompt == ""


def test_a_winning_keep_of_every_die_is_no_bank_under_the_rule(tmp_path: Path) -> None:
    """Without a final round the first bank to the target wins, and the table marks such a
    keep 'bank' whatever the coach says; hot dice under the rule cannot win that way."""
    rules = load_rules("standard", {**MUST, "final_round": "false", "target": "1000"})
    with seated(tmp_path, rules, ["Ann", "Bob"], "manual") as table:
        typed(table, "111555")
        options = {option.keep: option.then for option in table.view().options}
        assert options[(1, 1, 1, 5, 5, 5)] == "roll" and options[(1, 1, 1, 5, 5)] == "bank"
        assert table.view().options[0].keep == (1, 1, 1, 5, 5)


def test_the_camera_table_asks_for_all_six_in_the_tray_again(tmp_path: Path) -> None:
    """Camera dice: the hot dice taken out of the tray are the keep; the engine says no bank,
    and the prompt asks for all six in the tray again."""
    with seated(tmp_path, load_rules("standard", MUST), ["Ann", "Bob"], "camera") as table:
        table.tray(News("settled", tray_dice("111555")))
        table.tray(News("removed", tray_dice("111555")))
        assert table.state is not None and table.state.turn_points == 2500
        view = table.view()
        assert not view.can_bank and view.prompt == ("HOT DICE: throw all 6 into the tray "
                                                     "again - no bank on hot dice (house rule)")
        table.handle(Action("bank"))
        assert table.error == REFUSAL and table.state.turn_points == 2500
        table.error = ""
        table.tray(News("settled", tray_dice("123466")))
        table.tray(News("removed", tray_dice("1")))
        assert table.state.turn_points == 2600 and table.view().can_bank


def test_virtual_dice_are_told_that_keep_throws_all_six_again() -> None:
    state = play(standard(**MUST), "throw 111555\nkeep 111555").state
    view = table_view(state, Shown(dice_mode="virtual"))
    assert not view.can_bank and view.advice == ""
    assert view.prompt == "HOT DICE: KEEP throws all 6 again - no bank on hot dice (house rule)"
    free = play(standard(), "throw 111555\nkeep 111555").state
    assert table_view(free, Shown(dice_mode="virtual")).prompt == ""


def test_the_advice_played_through_the_game_banks_what_the_coach_promises() -> None:
    """Monte-Carlo, through the game itself: 60,000 in hand and hot dice under the rule; the
    coach's best choice after every throw is played as game commands (a bank it advised on hot
    dice would be refused), and the turns average the coach's value of throwing all six, which
    is well below the 60,000 a bank there would have kept."""
    rules = load_rules("standard", MUST)
    solved = coach.coach(rules)
    hot = GameState(rules=rules, players=(PlayerState("Ann", 0, on_board=True),),
                    phase="choose", turn_points=60_000, dice_to_throw=6)
    assert hot.hot_dice_must_throw
    rng = random.Random(60_000)
    banked = [_played_out(hot, solved, rng) for _ in range(20_000)]
    mean = sum(banked) / len(banked)
    spread = math.sqrt(sum((b - mean) ** 2 for b in banked) / (len(banked) - 1))
    promised = solved.values.roll_value(60_000, 6)
    assert abs(mean - promised) <= 4 * spread / math.sqrt(len(banked))
    assert promised < 60_000 - 8 * spread / math.sqrt(len(banked))


def _played_out(state: GameState, solved: coach.Coach, rng: random.Random) -> int:
    """The points this turn banks, played by the coach's first choice through the game."""
    while True:
        state = turn_play(state, Throw(Roll.of(*(rng.randint(1, 6)
                                                   for _ in range(state.dice_to_throw)))))
        if state.phase != "keep":
            return 0  # a Farkle
        assert state.last_throw is not None
        best = solved.choices(state.turn_points, state.last_throw)[0]
        state = turn_play(state, Keep(best.keep))
        if best.then == "bank":
            return turn_play(state, Bank()).players[0].score
