"""`farkle-pi coach`: the JSON contracts of the issue, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest

from farkle_pi.cli import main
from farkle_pi.coach import coach, win_chance
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
