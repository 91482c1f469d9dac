"""Dice entries at random, the way a hurried scorekeeper types them: faces, spaces, commas,
colours, zeros and sevens, letters, too many or too few. `score` and `coach` accept a throw only
when it is one; `game throw/keep/correct` refused leave the game exactly as it was."""

from __future__ import annotations

import io
import shutil
import sys
from pathlib import Path

import pytest
from fuzzing import (
    assert_clean,
    fresh_folder,
    fuzz_settings,
    game_shown,
    run_cli,
    stored_game,
    tally,
)
from hypothesis import given
from hypothesis import strategies as st

from farkle_pi.errors import FarkleError
from farkle_pi.rules import Roll

DICE_TEXT = st.one_of(
    st.text(alphabet="1234560789 ,:-+\t", max_size=14),
    st.text(alphabet="123456 :", max_size=10).map(lambda t: t.replace(":", ":red ")),
    st.lists(st.sampled_from(["1", "5", "5:red", "2:blue", "6:green", "9", "0", "x", "1:",
                              ":red", "\u0661", "\uff15"]), max_size=8).map(" ".join),
    st.text(max_size=10),
)


def parses(text: str) -> bool:
    try:
        Roll.parse(text)
    except (FarkleError, ValueError):
        return False
    return True


@fuzz_settings(ci_examples=80)
@given(text=DICE_TEXT, command=st.sampled_from(["score", "coach"]))
def test_score_and_coach_accept_only_real_throws(text: str, command: str) -> None:
    tally(f"dice entry: {command}")
    outcome = run_cli([command, "--json", "--", text])
    assert_clean(outcome)
    if outcome.code == 0:
        assert parses(text), f"{text!r} was scored: {outcome.out[:200]}"


@fuzz_settings(ci_examples=20)
@given(lines=st.lists(DICE_TEXT, max_size=8))
def test_score_from_stdin_reports_each_bad_line_once(
    lines: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tally("dice entry: score - (stdin lines)")
    text = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    outcome = run_cli(["score", "--json", "-"])
    bad = sum(1 for line in text.split("\n") if line.strip() and not parses(line))
    assert_clean(outcome, error_lines=max(1, bad))
    assert outcome.code == (2 if bad else 0)
    assert len(outcome.err.splitlines()) == bad


@pytest.fixture
def game_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return stored_game(tmp_path_factory.mktemp("template") / "game.db",
                       "new --players Ann Bob", "throw 115234")


@fuzz_settings(ci_examples=60)
@given(text=DICE_TEXT, action=st.sampled_from(["throw", "keep", "correct"]))
def test_game_entries_refused_leave_the_game_as_it_was(
    text: str, action: str, tmp_path: Path, game_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tally(f"dice entry: game {action}")
    db = fresh_folder(tmp_path, monkeypatch) / "game.db"
    shutil.copy(game_db, db)
    before = game_shown(db)
    outcome = run_cli(["game", action, "--db", str(db), "--", text])
    assert_clean(outcome)
    if outcome.code != 0:
        assert game_shown(db) == before, str(outcome)
    else:
        assert parses(text), f"{text!r} was played: {outcome.out[:200]}"
