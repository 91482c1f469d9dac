"""What `farkle-pi game`, `farkle-pi score` and `farkle-pi coach` print, store and refuse, as a
hand-made mutation review of farkle_pi/commands/game.py, score.py and coach.py found untested.
Each test fails on the mutant named in its docstring (ids from
/work/scratch48/reviewE/review_mutants_E.md, not kept in the repository)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from test_cli_game import run, show

from farkle_pi.cli import main

# -- farkle-pi game ------------------------------------------------------------------------


def test_the_readme_s_game_prints_the_scoreboard_and_the_next_step(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E19 (game.py:191, "(not on the board)" for the players who are on it), E23 (game.py:212,
    four keeps listed instead of five), E24 (game.py:215, "or bank" where the turn cannot be
    banked yet), E35 (game.py:213, the turn's points as 0 in the keep line), E36 (game.py:216,
    another number of dice to throw): the README's game, line for line, as the players at the
    table read it to know what to type next."""
    db = tmp_path / "farkle.db"
    code, out, _ = run(capsys, db, "game", "new", "--players", "Ann", "Bob", "Cy",
                       "--rules", "tyler")
    assert code == 0 and out == ("> Ann               0  (not on the board)\n"
                                 "  Bob               0  (not on the board)\n"
                                 "  Cy                0  (not on the board)\n"
                                 "Ann to throw 6 dice\n")
    _, out, _ = run(capsys, db, "game", "throw", "115234")
    assert out.splitlines()[-1] == ("Ann threw 112345 (0 this turn): keep one of 112345 = 1100, "
                                    "12345 = 1000, 115 = 250, 11 = 200, 15 = 150")
    _, out, _ = run(capsys, db, "game", "keep", "1")
    assert out.splitlines()[-1] == "Ann has 100 this turn: throw 5 dice (bank from 500)"
    _, out, _ = run(capsys, db, "game", "throw", "11555")
    assert out.splitlines()[-1] == ("Ann threw 11555 (100 this turn): keep one of 11555 = 700, "
                                    "1555 = 600, 555 = 500, 1155 = 300, 115 = 250")
    _, out, _ = run(capsys, db, "game", "keep", "555")
    assert out.splitlines()[-1] == "Ann has 600 this turn: throw 2 dice or bank"
    _, out, _ = run(capsys, db, "game", "bank")
    assert out == ("  Ann             600\n"
                   "> Bob               0  (not on the board)\n"
                   "  Cy                0  (not on the board)\n"
                   "Bob to throw 6 dice\n")


def test_the_final_round_and_the_end_through_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E15 (game.py:186, `turn.farkle` dropped: "FARKLE!" after every bank), E18 (game.py:190,
    the turn mark left on the last player after the game), E22 (game.py:203, no "Final round"
    line), E08 (game.py:139, no "game" key), E11 (game.py:156, `current` still named once the
    game is over), E14 (game.py:178, `last_turn` always null), E29 (game.py:153, `farkles`
    always 0), E30 (game.py:165, `last_turn_for` always empty), E31 (game.py:164,
    `final_round` always false): what a final round looks like on the command line and in
    the JSON contract of docs/game.md, from the bank that starts it to the winner."""
    db = tmp_path / "farkle.db"
    code, out, _ = run(capsys, db, "game", "new", "--players", "Ann", "Bob", "Cy",
                       "--set", "target=1000", "--json")
    assert code == 0 and json.loads(out)["game"] == 1
    for words in (["throw", "111234"], ["keep", "111"]):
        assert run(capsys, db, "game", *words)[0] == 0
    _, out, _ = run(capsys, db, "game", "bank")
    assert out == ("  Ann            1000\n"
                   "> Bob               0  (not on the board)\n"
                   "  Cy                0  (not on the board)\n"
                   "Final round: last turns for Bob, Cy\n"
                   "Bob to throw 6 dice\n")
    view = show(capsys, db)
    assert (view["final_round"], view["last_turn_for"], view["current"]) == (
        True, ["Bob", "Cy"], "Bob")
    assert view["last_turn"] == {"player": "Ann", "banked": 1000, "farkle": False,
                                 "penalty": 0, "hot_dice": 0, "stolen": 0}
    _, out, _ = run(capsys, db, "game", "throw", "223346")  # Bob Farkles his last turn
    assert out.splitlines()[0] == "FARKLE! Bob scores nothing this turn"
    assert out.splitlines()[-2:] == ["Final round: last turns for Cy", "Cy to throw 6 dice"]
    view = show(capsys, db)
    assert view["players"][1] == {  # type: ignore[index]
        "name": "Bob", "score": 0, "on_board": False, "farkles": 1, "left": False}
    assert view["last_turn"]["farkle"] is True  # type: ignore[index]
    _, out, _ = run(capsys, db, "game", "throw", "234662")  # so does Cy: the game is over
    assert out == ("  Ann            1000\n"
                   "  Bob               0  (not on the board)\n"
                   "  Cy                0  (not on the board)\n"
                   "Game over: Ann wins with 1000\n")
    view = show(capsys, db)
    assert (view["over"], view["current"], view["winners"]) == (True, None, ["Ann"])
    assert view["game"] == 1


def test_a_steal_through_the_cli_is_offered_then_played_with_its_dice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E25 (game.py:220, the steal not offered in the next-step line), E37 (game.py:221,
    another number of dice), E12 (game.py:171, `steal` always null in the JSON), E09
    (game.py:150, a stolen turn's `last_throw` showing the previous player's dice, which the
    contract says is null until this turn throws)."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "stealing=true")
    for words in (["throw", "123456"], ["keep", "123456"], ["bank"], ["throw", "111234"],
                  ["keep", "111"]):
        assert run(capsys, db, "game", *words)[0] == 0
    _, out, _ = run(capsys, db, "game", "bank")  # Bob banks 1000 and leaves 3 dice
    assert out.splitlines()[-1] == "Ann to throw 6 dice, or steal 1000 with 3 dice"
    assert show(capsys, db)["steal"] == {"player": "Bob", "points": 1000, "dice": 3}
    code, out, _ = run(capsys, db, "game", "steal")
    assert code == 0 and out.splitlines()[-1] == "Ann stole 1000: throw 3 dice and score with them"
    view = show(capsys, db)
    assert (view["phase"], view["turn_points"], view["dice_to_throw"]) == ("steal", 1000, 3)
    assert view["last_throw"] is None and view["steal"] is None


def test_a_five_dice_game_asks_for_five_dice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E37 (game.py:221, the start of a turn asking for 6 dice whatever the rules): a table
    playing with five dice is told to throw five."""
    db = tmp_path / "farkle.db"
    code, out, _ = run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "dice=5")
    assert code == 0 and out.splitlines()[-1] == "Ann to throw 5 dice"


def test_the_third_farkle_in_a_row_says_what_it_cost(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E17 (game.py:187, the penalty left out of the FARKLE line): the player lost 500 banked
    points, and the screen must say why their score went down."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "--set", "three_farkles=500")
    for words in (["throw", "123456"], ["keep", "123456"], ["bank"], ["throw", "223346"],
                  ["throw", "223346"]):
        assert run(capsys, db, "game", *words)[0] == 0
    _, out, _ = run(capsys, db, "game", "throw", "223346")
    assert out == ("FARKLE! Ann scores nothing this turn, and 500 penalty for three in a row\n"
                   "> Ann            1000\n"
                   "Ann to throw 6 dice\n")


def test_keeps_and_banking_in_the_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E32 (game.py:169, `kept` always empty), E33 (game.py:170, `can_bank` always true),
    E28 (game.py:94, `--json` ignored by the game's actions): a program driving the game
    reads whether BANK is allowed yet from `can_bank`."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--rules", "family")
    code, out, _ = run(capsys, db, "game", "throw", "155234", "--json")
    assert code == 0 and json.loads(out)["options"][0]["keep"] == [1, 5, 5]
    code, out, _ = run(capsys, db, "game", "keep", "1", "--json")
    view = json.loads(out)
    assert (view["kept"], view["can_bank"], view["turn_points"]) == ([[1]], False, 100)
    for words in (["throw", "11155"], ["keep", "111"]):
        assert run(capsys, db, "game", *words)[0] == 0
    view = show(capsys, db)
    assert (view["kept"], view["can_bank"], view["turn_points"]) == ([[1], [1, 1, 1]], True, 1100)


def test_a_two_colour_throw_keeps_its_colours_in_the_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E13 (game.py:175, `last_throw_dice` never given): under portland the colours decide the
    score, and `last_throw` alone has only the faces."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--rules", "portland")
    run(capsys, db, "game", "throw", "2:red", "2:red", "2:red", "3:blue", "4:blue", "6:blue")
    view = show(capsys, db)
    assert view["last_throw_dice"] == ["2:red", "2:red", "2:red", "3:blue", "4:blue", "6:blue"]
    run(capsys, db, "game", "new", "--players", "Ann", "Bob")
    run(capsys, db, "game", "throw", "222346")
    assert "last_throw_dice" not in show(capsys, db)  # one colour: faces say it all


def test_a_correction_under_two_colour_rules_must_name_the_colours(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E03 (game.py:91, `correct` not checked for colours as `throw` is): under portland a
    misread throw corrected to plain `222346` was taken as a mixed throw, so the red triple
    of 2s that scores 400 scored 200, silently. A correction must name every die's colour
    (and two colours at most), as a throw must; the state stays as it was."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--rules", "portland")
    run(capsys, db, "game", "throw", "2:red", "2:red", "2:red", "3:blue", "4:blue", "5:blue")
    before = show(capsys, db)
    code, out, err = run(capsys, db, "game", "correct", "222346")
    assert code == 2 and out == ""
    assert "give every die's colour, e.g. 2:red 2:red 2:blue" in err and err.count("\n") == 1
    code, _, err = run(capsys, db, "game", "correct", "2:red", "2:red", "2:rde", "3:blue",
                       "4:blue", "6:blue")
    assert code == 2 and "'rde' is not a dice colour: did you mean red?" in err
    assert show(capsys, db) == before
    assert run(capsys, db, "game", "correct", "2:red", "2:red", "2:red", "3:blue", "4:blue",
               "6:blue")[0] == 0
    assert show(capsys, db)["options"] == [
        {"keep": [2, 2, 2], "points": 400, "label": "three 2s of one colour"}]


def test_a_tie_waiting_for_its_roll_off_names_both_players_and_their_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """E07 (game.py:126, the tied players joined by a comma), E34 (game.py:197, another score
    in the roll-off line): the refusal and the game-over line say who rolls off, for what."""
    db = tmp_path / "farkle.db"
    run(capsys, db, "game", "new", "--players", "Ann", "Bob", "--set", "target=1000",
        "--set", "ties=roll-off")
    for _ in range(2):
        for words in (["throw", "111234"], ["keep", "111"], ["bank"]):
            assert run(capsys, db, "game", *words)[0] == 0
    code, out, _ = run(capsys, db, "game", "show")
    assert out.splitlines()[-1] == ("Game over: Ann and Bob tie with 1000 and roll off for the "
                                    "win, one die each, highest wins: then farkle-pi game "
                                    "roll-off NAME")
    code, _, err = run(capsys, db, "game", "bank")
    assert code == 2 and err == ("farkle-pi: game 1 is over: Ann and Bob tie and roll off for "
                                 "the win; record who won with farkle-pi game roll-off NAME\n")


# -- farkle-pi score -----------------------------------------------------------------------


def test_the_readme_s_score_table_and_a_farkle_in_words(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E84 (score.py:103, the "how" column left empty), E85 (score.py:97, the rules' name
    left out of the heading), E82 (score.py:99, a Farkle's line cut to "FARKLE"): the
    README's table, which says how each keep scores under which rules."""
    assert main(["score", "111155"]) == 0
    assert capsys.readouterr().out.splitlines()[:5] == [
        "111155  (standard rules)",
        "  points  keep      how",
        "    1500  111155    four of a kind + a pair  <- best",
        "    1150  11115     three 1s + single 1 + single 5",
        "    1100  1111      three 1s + single 1",
    ]
    assert main(["score", "--rules", "tyler", "234662"]) == 0
    assert capsys.readouterr().out == "223466  (tyler rules)\n  FARKLE: nothing scores\n"


def test_a_stdin_line_with_a_misspelt_or_missing_colour_is_reported_not_scored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """E75 (score.py:69, the colour check left out of `score -`): one throw a line under
    portland, a misspelt colour (a third colour) or a die left plain among coloured ones would
    score a one-colour triple half and say nothing; as for a throw given as arguments, that
    line is an error (and exit code 2), the others are scored."""
    lines = "2:red 2:rde 2:red 3:blue\n2:red 2 2\n2:red 2:red 2:red\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["score", "--rules", "portland", "--json", "-"]) == 2
    out, err = capsys.readouterr()
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0]["line"] == 1 and "did you mean red?" in answers[0]["error"]
    assert answers[1]["line"] == 2 and "give every die's colour" in answers[1]["error"]
    assert answers[2]["best"] == 400
    assert err.count("\n") == 2 and err.startswith("farkle-pi: line 1: ")


def test_a_dash_among_dice_is_a_bad_die_not_a_read_of_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """E87 (score.py:51, any first `-` read as "dice from stdin"): `score - 15` read stdin and
    ignored the 15 (printing nothing, exit code 0); only a lone `-` reads stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["score", "-", "15"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "'-' is not a die" in err and err.count("\n") == 1


# -- farkle-pi coach -----------------------------------------------------------------------


def coach_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["coach", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_off_board_advice_never_banks_below_the_entry(capsys: pytest.CaptureFixture[str]) -> None:
    """E41 (coach.py:66, `--off-board` ignored): under family rules (500 to get on the board)
    a player on the board banks 350 before throwing one die, but one not yet on it cannot
    bank 350 at all; the coach told them to bank, which the game then refuses."""
    _, out, _ = coach_cli(capsys, "--rules", "family", "--json", "--points", "350", "--dice", "1")
    assert json.loads(out) == {"points": 350, "dice": 1, "expected": 350.0, "choice": "bank"}
    _, out, _ = coach_cli(capsys, "--rules", "family", "--off-board", "--json", "--points", "350",
                          "--dice", "1")
    assert json.loads(out) == {"points": 350, "dice": 1, "expected": 321.3, "choice": "roll"}


def test_two_farkles_in_a_row_make_the_coach_bank_sooner(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E42 (coach.py:66, `--streak` ignored): with a 1,000 penalty for a third Farkle, 350 in
    hand with three dice is rolled on a clean record but banked after two Farkles."""
    rules = ["--set", "three_farkles=1000", "--json", "--points", "350", "--dice", "3"]
    _, out, _ = coach_cli(capsys, *rules)
    assert json.loads(out) == {"points": 350, "dice": 3, "expected": 368.0, "choice": "roll"}
    _, out, _ = coach_cli(capsys, *rules, "--streak", "2")
    assert json.loads(out) == {"points": 350, "dice": 3, "expected": 350.0, "choice": "bank"}


def test_leaders_of_minus_one_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E53 (coach.py:109, `leaders < 0` as `< -1`): `--leaders -1` divided by zero (a
    ZeroDivisionError traceback); bad input is one line and exit code 2 (docs/coach.md)."""
    code, out, err = coach_cli(capsys, "--set", "ties=roll-off", "--need", "501", "--leaders",
                               "-1", "112333")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--leaders -1: give the players on the top score (1 or more)" in err


def test_points_alone_ask_bank_or_roll_with_every_die_of_the_rules(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E49 (coach.py:86, `--points` alone answered with the rules' summary) and E56
    (coach.py:134, six dice assumed when --dice is not given): `--points P` is a position,
    and the dice about to be thrown are all the rules' dice (five under a five-dice game)."""
    _, out, _ = coach_cli(capsys, "--points", "300", "--json")
    assert json.loads(out) == {"points": 300, "dice": 6, "expected": 853.9, "choice": "roll"}
    _, out, _ = coach_cli(capsys, "--rules", "tyler", "--set", "dice=5", "--points", "300",
                          "--json")
    assert json.loads(out) == {"points": 300, "dice": 5, "expected": 572.6, "choice": "roll"}


def test_bank_or_roll_in_words_gives_the_expected_points(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E63 (coach.py:178, the turn points printed as the expected points) and E57 (coach.py:137,
    the expected points rounded to whole points in the JSON)."""
    _, out, _ = coach_cli(capsys, "--points", "300", "--dice", "6")
    assert out == "300 points, 6 dice to throw: roll (expected 853.9 banked this turn)\n"
    _, out, _ = coach_cli(capsys, "--points", "300", "--dice", "6", "--json")
    assert json.loads(out)["expected"] == 853.9


def test_a_farkle_in_words_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E64 (coach.py:182, the no-choices case dropped): a throw that scores nothing, asked
    without --json, raised an IndexError traceback instead of saying FARKLE."""
    for need in ([], ["--need", "1200"]):
        code, out, err = coach_cli(capsys, *need, "--points", "300", "2346")
        assert (code, out, err) == (0, "FARKLE: nothing scores\n", "")


def test_the_ranked_keeps_in_words_give_the_turn_total_and_what_is_counted(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E67 (coach.py:195, the keep's points printed in the total column) and E68 (coach.py:188,
    the chance and expected headings swapped): the README's tables."""
    _, out, _ = coach_cli(capsys, "--points", "350", "15234")
    assert out.splitlines()[:2] == [
        "  keep   points  total  then         expected banked",
        "  1         100    450  roll 4 dice  542.3  <- best",
    ]
    _, out, _ = coach_cli(capsys, "--need", "1200", "--points", "300", "155")
    assert out.splitlines()[:3] == [
        "  keep   points  total  then         chance to reach the need",
        "  155       200    500  roll 6 dice  45.7%  <- best",
        "  15        150    450  roll 1 die   15.6%",
    ]


def test_a_ranking_to_reach_a_need_says_the_need_in_its_json(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E48 (coach.py:84, "need" left out of the ranked keeps' JSON): the answer says which
    need its probabilities are for, as the bank-or-roll answer does."""
    _, out, _ = coach_cli(capsys, "--json", "--need", "1200", "--points", "300", "155")
    data = json.loads(out)
    assert list(data) == ["need", "choices"] and data["need"] == 1200


def test_plain_dice_under_two_colour_rules_are_coached_as_a_mixed_throw(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E46 (coach.py:76, colours required as for `game throw`): the README says `score` and
    `coach` take plain dice as a mixed throw, so 2 2 2 is the plain triple of 200."""
    code, out, _ = coach_cli(capsys, "--rules", "portland", "--json", "--points", "0", "222346")
    assert code == 0
    assert json.loads(out)["choices"][0] == {"keep": [2, 2, 2], "points": 200, "then": "roll",
                                             "expected": 237.0}


def test_the_summary_in_words_says_which_dice_cannot_farkle(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """E60 (coach.py:166, "never (cannot Farkle)" cut to "never") and E61 (coach.py:167, the
    Farkle odds printed as whole percent): with six_dice_nothing six dice always score."""
    _, out, _ = coach_cli(capsys, "--set", "six_dice_nothing=500")
    lines = out.splitlines()
    assert lines[4] == "     3     5/18 ( 27.8%)        450"
    assert lines[-1] == "     6        0 (  0.0%)  never (cannot Farkle)"
