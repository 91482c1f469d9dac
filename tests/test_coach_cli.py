"""`farkle-pi coach`: the JSON contracts of the issue, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest

from farkle_pi.cli import main
from farkle_pi.coach import coach, reach_chances, win_chance
from farkle_pi.rules import load_rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["coach", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_summary_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["expected_turn", "farkle_odds", "bank_thresholds"]
    assert data["expected_turn"] == 601.56
    assert data["farkle_odds"] == {
        "1": 0.6667, "2": 0.4444, "3": 0.2778, "4": 0.1574, "5": 0.0772, "6": 0.0231
    }  # fmt: skip
    thresholds = coach(load_rules("standard")).bank_thresholds()
    assert data["bank_thresholds"] == {str(n): t for n, t in thresholds.items()}


def test_summary_follows_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--rules", "tyler", "--set", "dice=5", "--json")
    data = json.loads(out)
    assert list(data["farkle_odds"]) == ["1", "2", "3", "4", "5"]
    expected = coach(load_rules("tyler", {"dice": "5"})).expected_turn
    assert data["expected_turn"] == round(expected, 2)


def test_ranked_choices_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", "--points", "350", "15234")
    assert code == 0
    choices = json.loads(out)["choices"]
    assert choices[0] == {"keep": [1], "points": 100, "then": "roll", "expected": 542.3}
    assert [c["keep"] for c in choices] == [[1], [5], [1, 5]]
    assert choices[2]["then"] == "bank" and choices[2]["expected"] == 500.0


def test_a_farkle_has_no_choices(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--json", "--points", "350", "2346")
    assert json.loads(out) == {"choices": []}


def test_need_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", "--need", "1200", "--points", "300", "--dice", "3")
    assert code == 0
    data = json.loads(out)
    chance = win_chance(load_rules("standard"), 1200, 300, 3)
    assert data == {
        "need": 1200,
        "points": 300,
        "dice": 3,
        "probability": round(chance, 6),
        "choice": "roll",
    }
    _, out, _ = run(capsys, "--json", "--need", "1200", "--points", "1200", "--dice", "3")
    assert json.loads(out)["probability"] == 1.0 and json.loads(out)["choice"] == "bank"


def test_need_with_a_throw_ranks_by_chance(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--json", "--need", "1200", "--points", "300", "155")
    data = json.loads(out)
    chances = [c["probability"] for c in data["choices"]]
    assert chances == sorted(chances, reverse=True)
    assert data["choices"][0]["keep"] == [1, 5, 5]  # hot dice: all six again


def test_leaders_count_a_tie_as_the_roll_off_s_chance(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """500 short of one leader under ties = roll-off, throwing 1 1 2 3 3 3: banking the tie
    (1 1 3 3 3) is a roll-off won 1 in 2, better than keeping a 1 to pass (37 %); against two
    leaders (1 in 3) a last die is no better than its roll-off, which is banked."""
    roll_off = ["--set", "ties=roll-off", "--need", "501"]
    _, out, _ = run(capsys, "--json", *roll_off, "--leaders", "1", "112333")
    data = json.loads(out)
    assert data["leaders"] == 1 and data["choices"][0] == {
        "keep": [1, 1, 3, 3, 3], "points": 500, "then": "bank", "probability": 0.5}
    _, out, _ = run(capsys, "--json", *roll_off, "112333")  # no leaders given: to pass only
    assert json.loads(out)["choices"][0]["keep"] == [1]
    _, out, _ = run(capsys, *roll_off, "--leaders", "2", "--points", "500", "--dice", "1")
    assert out.strip() == ("500 points, 1 die to throw, need 501: bank "
                           "(wins, a tie's roll-off counted, 33.3%)")


@pytest.mark.parametrize(("argv", "says"), [
    (["--need", "501", "--leaders", "1", "112333"], 'for ties = "roll-off"'),
    (["--set", "ties=roll-off", "--leaders", "1", "112333"], "with --need"),
    (["--set", "ties=roll-off", "--need", "501", "--leaders", "-2", "112333"], "1 or more"),
])
def test_leaders_need_a_roll_off_and_a_need(capsys: pytest.CaptureFixture[str],
                                            argv: list[str], says: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and says in err and err.count("\n") == 1


def test_players_to_come_count_in_the_chance_to_win(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """--later: a player still to play a last turn, level with this one: banking the 500 that
    reaches the need wins only if their turn does not make 550 (about half do), as the table
    counts it; without --later it is a sure win."""
    _, out, _ = run(capsys, "--json", "--need", "500", "--later", "0", "112333")
    data = json.loads(out)
    best = data["choices"][0]
    assert data["later"] == [0] and (best["keep"], best["then"]) == ([1, 1, 3, 3, 3], "bank")
    assert best["probability"] == pytest.approx(1 - reach_chances(load_rules("standard"))[11])
    _, out, _ = run(capsys, "--json", "--need", "500", "112333")
    assert json.loads(out)["choices"][0]["probability"] == 1.0
    _, out, _ = run(capsys, "--need", "500", "--later", "0", "--later", "-200", "--points",
                    "500", "--dice", "1")
    assert "(wins, players to come counted, " in out
    code, out, err = run(capsys, "--later", "0", "112333")
    assert code == 2 and out == "" and "--need" in err and err.count("\n") == 1



def test_players_to_come_off_the_board_must_make_the_entry_minimum(
        capsys: pytest.CaptureFixture[str]) -> None:
    """--later-off-board: a player still to play who is not on the board yet must make the
    entry minimum (here 1,000) as well as pass the bank, so a bank of 500 holds more often
    than against a player on the board; the chance is the table's (`later` with on_board
    False)."""
    rules = load_rules("standard", {"entry": 1000})
    _, out, _ = run(capsys, "--json", "--set", "entry=1000", "--need", "500",
                    "--later-off-board", "0", "112333")
    data = json.loads(out)
    best = data["choices"][0]
    assert data["later_off_board"] == [0] and "later" not in data
    assert (best["keep"], best["then"]) == ([1, 1, 3, 3, 3], "bank")
    assert best["probability"] == pytest.approx(
        1 - reach_chances(rules, on_board=False)[-(-1000 // coach(rules).step)])
    _, out, _ = run(capsys, "--json", "--set", "entry=1000", "--need", "500", "--later", "0",
                    "112333")
    assert json.loads(out)["choices"][0]["probability"] < best["probability"] - 0.1
    _, out, _ = run(capsys, "--set", "entry=1000", "--need", "500", "--later", "0",
                    "--later-off-board", "-300", "--points", "500", "--dice", "1")
    assert "(wins, players to come counted, " in out
    assert win_chance(rules, 500, 500, 1, later=[(0, True), (-300, False)]) == pytest.approx(
        float(out.split("%")[0].split()[-1]) / 100, abs=0.001)
    code, out, err = run(capsys, "--later-off-board", "0", "112333")
    assert code == 2 and out == "" and "--need" in err and err.count("\n") == 1

def test_text_output_marks_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--points", "350", "15234")
    assert "<- best" in out.splitlines()[1] and "roll 4 dice" in out
    _, out, _ = run(capsys)
    assert "601.56" in out and "5/216" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--json", "--dice", "7"],
        ["--json", "--points", "350", "1523455"],
        ["--rules", "tyler", "--set", "dice=5", "--points", "0", "123456"],
        ["--json", "--points", "375", "--dice", "2"],
        ["--json", "--points", "-50", "--dice", "2"],
        ["--json", "--need", "0"],
        ["--json", "--dice", "3", "155"],
        ["--json", "--points", "100", "1x5"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("farkle-pi: ") and err.count("\n") == 1


def test_absurd_sizes_are_refused_not_ground_through(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--json", "--need", "999999999", "--dice", "6")
    assert code == 2 and "beyond the coach" in err
    code, _, err = run(capsys, "--json", "--off-board", "--set", "entry=999999999")
    assert code == 2 and "entry=999999999: at most 1,000,000" in err  # no rule goes that far
    for points in ("100000000000000000000000", "5000050"):  # once printed float garbage
        code, out, err = run(capsys, "--points", points, "15")
        assert (code, out) == (2, "") and "turn points are beyond the coach" in err
    code, out, _ = run(capsys, "--json", "--points", "4999800", "1")
    assert code == 0 and json.loads(out)["choices"][0]["expected"] == 4999900.0
