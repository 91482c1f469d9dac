"""`farkle-pi score`: the JSON contract, the stdin stream, and one-line errors with exit code 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from brute_scorer import CASES, SHEETS, Sheet, distinct_rolls, options, plain

from farkle_pi.cli import main


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = ""
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def as_json_lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_json_shape_and_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, "--json", "511151")
    assert (code, err) == (0, "")
    [answer] = as_json_lines(out)
    assert list(answer) == ["dice", "best", "farkle", "options"]
    assert answer["dice"] == [1, 1, 1, 1, 5, 5]
    assert (answer["best"], answer["farkle"]) == (1500, False)
    found = answer["options"]
    assert isinstance(found, list)
    assert found[0] == {"keep": [1, 1, 1, 1, 5, 5], "points": 1500}
    assert all(list(o) == ["keep", "points"] for o in found)
    assert all(o["keep"] == sorted(o["keep"]) for o in found)
    points = [o["points"] for o in found]
    assert points == sorted(points, reverse=True)
    keeps = [tuple(o["keep"]) for o in found]
    assert len(keeps) == len(set(keeps))
    assert {k: o["points"] for k, o in zip(keeps, found, strict=True)} == {
        tuple(f for f, _ in keep): p
        for keep, p in options(plain([1, 1, 1, 1, 5, 5]), CASES[0][2]).items()
    }


def test_a_farkle_in_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "--json", "2", "3", "4", "6", "6", "2")
    assert code == 0
    assert as_json_lines(out) == [
        {"dice": [2, 2, 3, 4, 6, 6], "best": 0, "farkle": True, "options": []}
    ]


@pytest.mark.parametrize(
    "dice",
    [["111155"], ["1", "1", "1", "1", "5", "5"], ["1 1 1 1 5 5"], ["511151"]],
)
def test_digits_or_separate_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, dice: list[str]
) -> None:
    code, out, _ = run(capsys, monkeypatch, "--json", *dice)
    assert code == 0
    assert as_json_lines(out)[0]["dice"] == [1, 1, 1, 1, 5, 5]
    assert as_json_lines(out)[0]["best"] == 1500


def test_table_marks_the_best(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "15")
    assert code == 0
    lines = out.splitlines()
    assert "150" in lines[2] and "<- best" in lines[2]
    assert len(lines) == 5


def test_rules_and_switches_change_the_score(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    table = tmp_path / "ours.toml"
    table.write_text('base = "tyler"\nthree_ones = 300\n', encoding="utf-8")
    for argv, best in [
        (["--rules", "tyler"], 1000),
        (["--set", "kinds=doubling", "--set", "four_kind_pair=0"], 1000),
        (["--rules", str(table)], 1000),
        (["--rules", str(table), "--set", "four_kind_pair=1500"], 1500),
        (["--set", "entry=500", "--set", "target=5000"], 1500),
    ]:
        code, out, _ = run(capsys, monkeypatch, *argv, "--json", "444411")
        assert (code, as_json_lines(out)[0]["best"]) == (0, best), argv


def cli_args(source: str, switches: dict[str, str]) -> list[str]:
    return ["--rules", source, *(f"--set={key}={value}" for key, value in switches.items())]


@pytest.mark.parametrize(
    ("source", "switches", "sheet"),
    CASES,
    ids=[f"{source}-{'-'.join(switches) or 'as-printed'}" for source, switches, _ in CASES],
)
def test_every_roll_through_the_cli_matches_brute_force(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    source: str,
    switches: dict[str, str],
    sheet: Sheet,
) -> None:
    rolls = distinct_rolls(sheet.dice)
    stdin = "".join(" ".join(map(str, faces)) + "\n" for faces in rolls)
    code, out, err = run(
        capsys, monkeypatch, *cli_args(source, switches), "--json", "-", stdin=stdin
    )
    assert (code, err) == (0, "")
    answers = as_json_lines(out)
    assert len(answers) == len(rolls)
    for faces, answer in zip(rolls, answers, strict=True):
        expected = {
            tuple(f for f, _ in keep): p for keep, p in options(plain(faces), sheet).items()
        }
        assert answer["dice"] == list(faces)
        assert answer["best"] == max(expected.values(), default=0)
        assert answer["farkle"] == (not expected)
        found = answer["options"]
        assert isinstance(found, list)
        assert {tuple(o["keep"]): o["points"] for o in found} == expected
        assert len(found) == len(expected)


def test_coloured_dice_keep_their_colours_in_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    throw = ["5:red", "5:red", "5:blue", "5:red", "1:blue"]
    code, out, _ = run(capsys, monkeypatch, "--rules", "portland", "--json", *throw)
    assert code == 0
    [answer] = as_json_lines(out)
    assert list(answer) == ["dice", "colours", "best", "farkle", "options"]
    assert (answer["dice"], answer["best"]) == ([1, 5, 5, 5, 5], 1150)  # red triple 1,000
    assert answer["colours"] == ["blue", "blue", "red", "red", "red"]
    found = answer["options"]
    assert isinstance(found, list)
    keeps = {tuple(zip(o["keep"], o["colours"], strict=True)): o["points"] for o in found}
    assert len(keeps) == len(found), "one entry per distinct keep, colours included"
    dice = tuple(sorted((int(d[0]), d[2:]) for d in throw))
    assert keeps == options(dice, SHEETS["portland"])


def test_stdin_stream_reports_a_bad_line_and_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = "111155\n1 5\n117\n23462\n"
    code, out, err = run(capsys, monkeypatch, "--json", "-", stdin=stdin)
    assert code == 2
    answers = as_json_lines(out)
    assert [a.get("best") for a in answers] == [1500, 150, None, 0]
    assert answers[2] == {"line": 3, "error": "7 is not a die face: faces are 1 to 6"}
    assert err.splitlines() == ["farkle-pi: line 3: 7 is not a die face: faces are 1 to 6"]


def bad_toml(tmp_path: Path) -> str:
    path = tmp_path / "broken.toml"
    path.write_text("dice = \n", encoding="utf-8")
    return str(path)


BAD_INPUT = [
    (["1117"], "7 is not a die face"),
    (["1110"], "0 is not a die face"),
    (["1", "1", "1", "0"], "0 is not a die face"),
    (["1111555"], "7 dice is too many"),
    (["1", "1", "1", "1", "5", "5", "5"], "7 dice is too many"),
    (["11a"], "'a' is not a die"),
    (["one"], "is not a die"),
    (["1 12"], "12 is not a die face"),
    (["--rules", "tylr", "11"], "did you mean tyler"),
    (["--rules", "nope", "11"], "unknown rules preset 'nope'"),
    (["--set", "entri=500", "11"], "did you mean entry"),
    (["--set", "entry", "11"], "write KEY=VALUE"),
    (["--set", "kinds=tripling", "11"], "kinds must be one of"),
    (["--set", "dice=5", "111111"],
     "6 dice thrown, but the standard + dice 5 rules with dice = 5 throw at most 5"),
    (["--rules", "BAD_TOML", "11"], "not valid TOML"),
    (["--rules", "missing.toml", "11"], "no such rules file"),
    ([], "required: DICE"),
    ([""], "no dice given"),
    (["1", "-"], "'-' is not a die"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_INPUT)
def test_bad_input_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    message: str,
) -> None:
    argv = [bad_toml(tmp_path) if a == "BAD_TOML" else a for a in argv]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    try:
        code = main(["score", "--json", *argv])
    except SystemExit as stop:  # argparse's own usage errors
        code = stop.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n")
    assert message in err
    assert "Traceback" not in err


def test_console_path(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "farkle_pi", "score", "--json", "111155"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    answer = json.loads(done.stdout)
    assert (answer["dice"], answer["best"], answer["farkle"]) == ([1, 1, 1, 1, 5, 5], 1500, False)
    assert answer["options"][0] == {"keep": [1, 1, 1, 1, 5, 5], "points": 1500}
    assert len(answer["options"]) == 14
