"""The coach's advice: bank or roll, the BEST keep, play to win, the solved values and their
cache, as a hand-made mutation review of farkle_pi/coach found untested. Each test fails on
the mutant named in its docstring (ids from /work/scratch47/review_mutants_D.md, not kept in
the repository)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from coach_reference import turn_values

from farkle_pi import coach
from farkle_pi.coach import cache, solve
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Roll, load_rules


def test_a_turn_below_the_entry_minimum_is_never_advised_to_bank() -> None:
    """C02 (policy.py:53, `may_bank` dropped from bank-or-roll): classic rules, 500 to get on
    the board. With 450 and one die, rolling is worth less than 450 on average (298), but 450
    cannot be banked: the advice is to roll, worth what rolling is worth. And a keep that
    leaves the turn at 450 says "then roll"."""
    rules = load_rules("classic")
    then, value = coach.decide(rules, 450, 1, on_board=False)
    assert then == "roll" and value < 450
    keep = coach.choices(rules, 350, Roll.parse("123"), on_board=False)[0]
    assert (keep.keep.faces, keep.total, keep.then) == ((1,), 450, "roll")
    assert coach.decide(rules, 450, 1, on_board=True)[0] == "bank"  # on the board it is banked


def test_a_tie_below_the_minimum_bank_is_no_roll_off_to_bank() -> None:
    """C13 (policy.py:139, `may_bank(tie)` dropped): Portland rules, a roll-off settles ties,
    and no bank under 350. Bob on his last turn is 200 behind: 200 would tie, but 200
    cannot be banked, so there it is "roll" at the chance of passing (32 % with one die),
    not "bank" for a roll-off he cannot have."""
    rules = load_rules("portland", {"ties": "roll-off"})
    plan = coach.coach(rules).win(201, 0.5)
    assert plan.tie is None
    then, chance = plan.decide(200, 1)
    assert then == "roll" and chance < 0.5
    assert coach.win_chance(rules, 201, 200, 1, tie_share=0.5) == pytest.approx(chance)


def test_a_throw_of_no_dice_is_refused() -> None:
    """C09 (policy.py:124, `1 <= dice` -> `0 <= dice`): there is no throw of 0 dice (after hot
    dice all of them are thrown again); asked for one, the coach says so rather than
    answering from an empty row of its table."""
    rules = load_rules("standard")
    with pytest.raises(FarkleError, match="0 dice"):
        coach.decide(rules, 300, 0)
    with pytest.raises(FarkleError, match="0 dice"):
        coach.win_chance(rules, 500, 300, 0)


def test_keeps_of_a_turn_that_cannot_be_are_refused() -> None:
    """C20 (policy.py:178, the check of points and dice dropped from the ranking): a throw of
    no dice, or turn points below 0, is no position of a real turn; the keeps of one are an
    error, not an empty list (a Farkle) or a ranking of made-up totals."""
    rules = load_rules("standard")
    with pytest.raises(FarkleError, match="0 dice"):
        coach.choices(rules, 0, Roll([]))
    with pytest.raises(FarkleError, match="cannot happen"):
        coach.choices(rules, -100, Roll.parse("155234"))


def test_the_value_of_a_turn_below_the_entry_minimum_is_what_rolling_is_worth() -> None:
    """S08 (solve.py:68, the bank taken below the minimum in `value`): classic rules, not on
    the board, 450 with one die: the turn cannot end in a bank of 450, so its value is the
    value of throwing on (298), not 450."""
    values = coach.coach(load_rules("classic"), on_board=False).values
    assert values.value(450, 1) == pytest.approx(values.roll_value(450, 1))
    assert values.value(450, 1) < 450
    assert values.value(500, 1) == 500  # from 500 the bank is taken


@pytest.mark.parametrize(("changes", "streak"), [
    ({"three_farkles": "1000"}, 2),  # a third Farkle costs 1,000 more
    ({"six_dice_nothing": "500"}, 0),  # six dice never Farkle: endless
])
def test_the_values_run_on_past_the_table_as_the_closed_form_says(
        changes: dict[str, str], streak: int) -> None:
    """S10, S12 (solve.py:101, the Farkle penalty's sign in the closed form; :106, the endless
    dice's gain left out above the cap): past the tabulated points a throw's value grows by
    `slope` a step, without a jump where the table ends (a jump is a wrong value on one
    side: a wrong bank or roll for a turn that big)."""
    co = coach.coach(load_rules("standard", changes), farkle_streak=streak)
    values, step = co.values, co.step
    last = (values.top - 1) * step
    for dice in range(1, 7):
        grown = values.roll_value(last + step, dice) - values.roll_value(last, dice)
        assert grown == pytest.approx(float(values.slope[dice]) * step, abs=1e-6)


def test_the_largest_turn_the_coach_takes_is_five_million_points() -> None:
    """S16 (solve.py:122, `>` -> `>=` on MAX_STEPS): 5,000,000 points in steps of 50 is the
    most the coach tabulates (as its error message says), and that much is taken."""
    assert solve._steps(5_000_000, 50, "a need") == solve.MAX_STEPS
    with pytest.raises(FarkleError, match="at most 5,000,000 points"):
        solve._steps(5_000_050, 50, "a need")


def test_the_gain_of_dice_that_never_farkle_is_a_fixed_point() -> None:
    """S17 (solve.py:141, the iteration stopped at 1e-6 instead of 1e-12): with six dice
    never Farkling, what throwing them adds at huge turn totals is the fixed point of one
    more throw, to far better than a millionth (the values above the cap are built on it)."""
    co = coach.coach(load_rules("standard", {"six_dice_nothing": "500"}))
    table = co.table
    endless = np.array([n > 0 and table.farkle_counts[n] == 0 for n in range(table.dice + 1)])
    assert endless[6] and not endless[1:6].any()
    gains = np.where(endless, co.values.offset, 0.0)
    again = solve._by_dice(table, np.where(endless[table.owner],
                                           table.weight * solve._best_gain(table, gains), 0.0))
    assert abs(again[6] - gains[6]) <= 1e-9 * gains[6]


def test_an_entry_minimum_above_the_cap_is_still_solved_exactly() -> None:
    """S21 (solve.py:102, the bank minimum left out of the cap): a house rule of 20,000 to get
    on the board, above where the closed form for big totals starts (~18,400). At 19,000 the
    turn still cannot be banked, so its value is the plain recursion's (a one-die throw is
    worth 2,454), not the closed form's, which banks from there on."""
    rules = load_rules("standard", {"entry": "20000", "target": "30000"})
    values = coach.coach(rules, on_board=False).values
    reference = turn_values(rules, 20_000)
    for dice in range(1, 7):
        assert values.roll_value(19_000, dice) == pytest.approx(reference(19_000, dice))


@pytest.mark.parametrize("switched_off", ["", "  ", "off", "OFF", "None"])
def test_the_disk_cache_is_off_when_its_variable_says_so(
        switched_off: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """K01, K02 (cache.py:30, "" not among the words for off; the case not folded): an empty
    $FARKLE_PI_CACHE, or OFF in capitals, turns the cache off; it is not a folder named ""
    (the current directory, where the solved tables would pile up) or "OFF"."""
    monkeypatch.setenv("FARKLE_PI_CACHE", switched_off)
    assert cache.cache_dir() is None


def test_an_empty_xdg_cache_home_means_the_home_cache(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    """K03 (cache.py:32, `or` -> a default for a missing variable only): XDG says an empty
    $XDG_CACHE_HOME is as if unset: ~/.cache, not the current directory."""
    monkeypatch.delenv("FARKLE_PI_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / ".cache" / "farkle-pi" / "coach"


def _tampered(arrays: dict[str, np.ndarray], name: str) -> dict[str, np.ndarray]:
    """The arrays of a saved solve with one of them made impossible."""
    changed = {key: value.copy() for key, value in arrays.items()}
    if name == "gain":
        changed["gain"][0, 0] = 0  # a keep worth nothing
    elif name == "roll-nan":
        changed["roll"][1, 0] = np.nan
    elif name == "roll-rows":
        changed["roll"] = changed["roll"][:-1]  # a dice count missing
    elif name == "next-dice":
        changed["next_dice"][0, 0] = 7  # seven dice to throw next, of six
    return changed


@pytest.mark.parametrize("name", ["gain", "roll-nan", "roll-rows", "next-dice"])
def test_a_cache_file_that_reads_but_cannot_be_a_solve_is_solved_again(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """K09-K13 (cache.py:118-125, the consistency check of a loaded file dropped, or one of
    its terms): a cache file whose arrays all read but hold what no solve gives (a keep of
    no points, a NaN, a missing dice count, a throw of seven dice) is not used: the coach
    solves again and its answers are the fresh solve's, not a crash or a NaN at the table."""
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    rules = load_rules("standard")
    fresh_table, fresh = cache.load_or_solve(rules, 0, 0)
    path = tmp_path / f"{cache.cache_key(rules, 0, 0)}.npz"
    with np.load(path) as saved:
        arrays = {key: saved[key] for key in saved.files}
    with path.open("wb") as out:
        np.savez(out, **_tampered(arrays, name))  # type: ignore[arg-type]
    table, values = cache.load_or_solve(rules, 0, 0)
    assert np.array_equal(table.gain, fresh_table.gain)
    assert np.array_equal(table.next_dice, fresh_table.next_dice)
    assert np.array_equal(values.roll, fresh.roll)


def test_a_cache_file_cut_short_is_solved_again(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """K08 (cache.py:23, zipfile.BadZipFile not among the unreadable): a cache file cut short
    (a full SD card, a copy stopped half way) begins as a zip and is not one; it costs a
    solve, not a coach that fails (and a table without its BEST mark)."""
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    rules = load_rules("classic")
    _, fresh = cache.load_or_solve(rules, 0, 0)
    path = tmp_path / f"{cache.cache_key(rules, 0, 0)}.npz"
    whole = path.read_bytes()
    assert whole[:4] == b"PK\x03\x04"
    path.write_bytes(whole[: len(whole) // 2])
    _, again = cache.load_or_solve(rules, 0, 0)
    assert again.roll_value(300, 2) == fresh.roll_value(300, 2)


def test_a_solve_loaded_from_disk_keeps_its_bank_minimum(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """K14 (cache.py:107, the bank minimum not read back): the solve for a player not on the
    board under classic rules (500 to get on) is loaded by the next start of the table;
    loaded, 450 still cannot be banked and the advice there is still to roll."""
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    rules = load_rules("classic")
    cache.load_or_solve(rules, 500, 0)
    monkeypatch.setattr(cache, "build_table", _no_solving)
    _, loaded = cache.load_or_solve(rules, 500, 0)
    assert loaded.bank_min == 500 and not loaded.may_bank(450, 1) and loaded.may_bank(500, 1)


def _no_solving(rules: object) -> None:
    raise AssertionError("solved again although the cache holds the answer")


def test_a_corrupt_cache_file_is_replaced_by_the_fresh_solve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """K15 (cache.py:81, the finished file put in place only where none is): a corrupt file is
    solved again once, and the fresh solve takes its place; the next start loads it (and
    does not solve again at every start)."""
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    rules = load_rules("classic")
    path = tmp_path / f"{cache.cache_key(rules, 0, 0)}.npz"
    path.write_bytes(b"not a zip file at all")
    _, fresh = cache.load_or_solve(rules, 0, 0)
    monkeypatch.setattr(cache, "build_table", _no_solving)
    _, loaded = cache.load_or_solve(rules, 0, 0)
    assert loaded.roll_value(300, 2) == fresh.roll_value(300, 2)


def test_a_chart_of_25_point_fives_is_solved_in_steps_of_25() -> None:
    """W04 (throws.py:84, the step fixed at 50): a house chart where a single 5 is worth 25
    points; the turn totals come in steps of 25, and a 5 kept (25 points) is advised like
    any keep, not refused as a total that cannot happen."""
    rules = load_rules("standard", {"single_five": "25"})
    assert coach.coach(rules).step == 25
    keep = coach.choices(rules, 0, Roll.parse("5"))[0]
    assert (keep.points, keep.total, keep.dice, keep.then) == (25, 25, 6, "roll")
    assert coach.decide(rules, 25, 5)[0] == "roll"
