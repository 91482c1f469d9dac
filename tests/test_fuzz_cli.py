"""Random and garbled arguments for every subcommand, found from the parser itself, so a
command added later is fuzzed too. Each must exit 0 or give one line and exit 2 (doctor: 1),
and a refused command must leave the game in progress exactly as it was."""

from __future__ import annotations

import argparse
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fuzzing import (
    assert_clean,
    fresh_folder,
    fuzz_settings,
    game_shown,
    junk_files,
    quick_commands,
    run_cli,
    stored_game,
    tally,
)
from hypothesis import given
from hypothesis import strategies as st

from farkle_pi.cli import build_parser

TEXT = st.text(
    alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")
    | st.sampled_from(["\udcff", "\udc80", "\u202e", "\n", "\t", "=", "-", ":", "."]),
    max_size=12,
)
VALUES = [
    "111155", "1 1 5", "5:red", "5:blue 5:red", "123456", "7", "0", "-1", "99999999999999999999",
    "1e309", "nan", "inf", "", " ", "-", "--", "standard", "portland", "tyler", "nosuch",
    "target=500", "entry=abc", "dice=7", "foo=1", "=", "Ann", "Bob", "800x480", "0x0", "1x99999",
    "picamera2", "opencv:0", "opencv:99", "3", "1", "--json", "--help",
]
FILES = ["empty.jpg", "text.jpg", "truncated.jpg", "truncated.png", "huge.png", "garbage.bin",
         "bad.toml", "latin1.toml", "wrong-types.toml", "rules-bad.toml", "rules-good.toml",
         "calibration.json", "notadb.db", "a-folder.jpg", "frames", "missing.jpg", "good.toml",
         "game.db"]


def command_paths(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], list[str]]]:
    """Every (sub)command with the words its parser knows: option strings and choices."""
    words: list[str] = []
    nested = None
    for action in parser._actions:
        words += action.option_strings
        if isinstance(action, argparse._SubParsersAction):
            nested = action
        elif action.choices is not None:
            words += [str(choice) for choice in action.choices]
    yield prefix, words
    if nested is not None:
        for name, child in nested.choices.items():
            yield from command_paths(child, (*prefix, name))


COMMANDS = [(path, words) for path, words in command_paths(build_parser())]
NAMES = {path[0] for path, _ in COMMANDS if path}


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    path, words = draw(st.sampled_from(COMMANDS))
    token = st.one_of(
        st.sampled_from(words or ["--help"]),
        st.sampled_from(VALUES),
        st.sampled_from(FILES).map(lambda name: f"@{name}"),
        TEXT.map(lambda text: text.lstrip("/~")),  # nothing outside the test's folder
    )
    return [*path, *draw(st.lists(token, max_size=6))]


@pytest.fixture
def game_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game in progress (Ann on the board, Bob mid-turn), made once, copied per example."""
    return stored_game(tmp_path_factory.mktemp("template") / "game.db", "new --players Ann Bob",
                       "throw 111523", "keep 111", "bank", "throw 155234")


@fuzz_settings(ci_examples=160)
@given(words=argv())
def test_garbled_arguments_for_every_command(
    words: list[str], tmp_path: Path, game_db: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    quick_commands(monkeypatch)
    folder = fresh_folder(tmp_path, monkeypatch)
    junk_files(folder)
    shutil.copy(game_db, folder / "game.db")
    monkeypatch.setenv("FARKLE_PI_DB", str(folder / "game.db"))
    words = [str(folder / w[1:]) if w.startswith("@") else w for w in words]
    tally(f"arguments: {words[0] if words and words[0] in NAMES else '(no command)'}")
    before = game_shown(folder / "game.db")
    outcome = run_cli(words)
    # detect: a line per image it cannot read; any word may be one ("-1" too: argparse takes
    # a word that looks like a negative number as a positional)
    many_images = len(words) - 1 if words[:1] == ["detect"] else 1
    assert_clean(outcome, codes=(0, 1, 2) if "doctor" in words[:1] else (0, 2),
                 error_lines=max(1, many_images))
    if outcome.code != 0:
        assert game_shown(folder / "game.db") == before, str(outcome)


def test_every_subcommand_is_in_the_fuzz() -> None:
    assert {"score", "coach", "game", "stats", "history", "fairness", "config", "doctor",
            "detect", "replay", "screenshot", "table", "verify", "demo", "learn"} <= NAMES
    assert ("game", "throw") in [path for path, _ in COMMANDS]
