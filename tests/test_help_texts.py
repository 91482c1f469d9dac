"""What `--help` tells a newcomer of the options it lists without a word (a review of the
docs and the help, session 57): the demo's players and window size, `game new`'s players,
and what `replay` replays."""

from __future__ import annotations

import pytest

from farkle_pi.cli import main
from farkle_pi.config import SCREEN_SIDES


def help_of(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    assert main([*command, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_the_demo_help_says_its_players_and_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    """`--players` and `--size` were listed bare ("window size"): nothing said Ann and Bob are
    the default, that the recording takes two, nor which sizes draw."""
    text = help_of(capsys, "demo")
    assert "(default Ann Bob): two for the recorded session, 1 to 8 with --virtual" in text
    low, high = SCREEN_SIDES
    assert f"window size, any WxH from {low} to {high} pixels a side (default 800x480)" in text


def test_game_new_help_says_who_may_sit(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "game", "new")
    assert "--players NAME [NAME ...] in seat order: 1 to 8 names of at most 16 characters" in text


def test_game_add_help_says_whose_name(capsys: pytest.CaptureFixture[str]) -> None:
    """`add NAME` was bare: nothing said it also brings back a player who left, in any case,
    as `leave NAME` says of its name (session 59's docs review)."""
    text = help_of(capsys, "game", "add")
    assert ("NAME a new player's (at most 16 characters; one with spaces in quotes), or the "
            "name of one who left (any case)") in text


def test_the_replay_help_names_cameras_too(capsys: pytest.CaptureFixture[str]) -> None:
    """It said "a video file or image folder" and then listed picamera2 and opencv:INDEX,
    which it replays as well."""
    text = help_of(capsys, "replay")
    assert "SOURCE a recording or a camera (picamera2 | opencv:INDEX" in text
