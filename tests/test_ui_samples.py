"""The sample screens (the README's pictures, `farkle-pi screenshot`, the pixel tests) show what
the table would: a player reading the README learns the screen from them, and a figure the
coach would never give (a bank of 500 that "averages" 561) teaches them it is wrong."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from farkle_pi.cli import main
from farkle_pi.coach import decide, farkle_odds
from farkle_pi.config import SCREEN_SIDES
from farkle_pi.game import Game, Keep, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.table.adapter import options_for
from farkle_pi.ui.samples import SAMPLES, VARIANTS

RULES = load_rules("standard")


def bobs_throw() -> Game:
    """Bob has made 300 with hot dice (six 5s, one a throw) and throws 1 5 5 2 3 6."""
    game = Game(["Bob"], RULES)
    for throw in ("523466", "52346", "5234", "523", "52", "5"):
        game.apply(Throw(Roll.parse(throw)))
        game.apply(Keep(Roll.parse("5")))
    game.apply(Throw(Roll.parse("155236")))
    return game


def test_the_sample_throw_screen_shows_the_coachs_options_and_figures() -> None:
    sample, state = SAMPLES["throw"], bobs_throw().state
    assert sample.turn_points == state.turn_points == 300
    assert sorted(d.face or 0 for d in sample.dice) == list(Roll.parse("155236").faces)
    real = options_for(state)
    assert [(o.keep, o.points, o.label, o.best, o.then) for o in sample.options] == [
        (o.keep, o.points, o.label, o.best, o.then) for o in real]
    assert [o.expected for o in sample.options] == pytest.approx(
        [o.expected for o in real], abs=0.05)
    kept = len(sample.options[sample.selected].keep)
    assert sample.next_dice == sample.dice_to_throw == 6 - kept
    assert sample.farkle_odds == pytest.approx(float(farkle_odds(RULES)[6 - kept]), abs=5e-5)


def test_the_sample_entry_screen_gives_the_coachs_advice() -> None:
    """The throw is entered by hand after keeping the 1: 400 made, five dice to throw."""
    entry = VARIANTS["entry"]
    assert (entry.turn_points, entry.next_dice) == (400, 5)
    assert decide(RULES, entry.turn_points, entry.next_dice)[0] == entry.advice


def test_screenshot_help_gives_the_size_range_it_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The help listed three sizes as if they were the only ones; any WxH in the config's
    range is drawn (a newcomer review)."""
    assert main(["screenshot", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    low, high = SCREEN_SIDES
    assert f"--size WxH any WxH from {low} to {high} pixels a side" in help_text
    out = tmp_path / "wide.png"
    assert main(["screenshot", "--screen", "throw", "--size", "1024x600", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 600)
    assert main(["screenshot", "--screen", "throw", "--size", f"{high + 1}x600", str(out)]) == 2
    assert f"must each be {low} to {high} pixels" in capsys.readouterr().err


@pytest.mark.parametrize("typed", ["800X480", " 800x480", "\uff18\uff10\uff10x\uff14\uff18\uff10"])
def test_a_screenshot_names_the_size_drawn_not_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    out = tmp_path / "throw.png"
    assert main(["screenshot", "--screen", "throw", "--size", typed, str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: throw at 800x480 (dark)\n"
