"""A throw made while the table was down (a power cut, systemd starting it again, the camera
unplugged) is seen in the first still picture after the start, which the tray reports without
its prompts (those dice may be the ones left lying). When that picture is a throw with a
cocked or unreadable die, the table says so itself, as it does for any throw."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_review55_found import restarted, started_again
from tray_news import TrayDie
from tray_news import TrayNews as News
from tray_scenes import FakeReader

from farkle_pi.rules import load_rules
from farkle_pi.table import camera as camera_module
from farkle_pi.table.tray_input import PROMPTS


def spread(dice: tuple[TrayDie, ...]) -> tuple[TrayDie, ...]:
    return tuple(TrayDie(d.value, flat=d.flat, center=(60.0 * k + 60, 100.0))
                 for k, d in enumerate(dice))


def test_a_cocked_die_in_a_throw_made_while_the_table_was_down_is_told(tmp_path: Path) -> None:
    table = restarted(tmp_path, "standard", [])  # a new game: Ann is to throw
    thrown = spread((*(TrayDie(f) for f in (1, 2, 3, 4, 6)), TrayDie(None, flat=False)))
    table.tray(News("settled", thrown, resumed=True))
    state = table.state
    assert state is not None and not state.throws  # nothing played
    assert table.view().prompt == PROMPTS["cocked"]


def test_an_unreadable_die_in_a_throw_made_while_the_table_was_down_is_told(
        tmp_path: Path) -> None:
    table = restarted(tmp_path, "standard", [])
    thrown = spread((*(TrayDie(f) for f in (1, 2, 3, 4, 6)), TrayDie(None)))
    table.tray(News("settled", thrown, resumed=True))
    assert table.unread is not None and table.view().keypad
    assert table.view().prompt == PROMPTS["unreadable"]


@pytest.mark.parametrize(("face", "prompt"), [(7, PROMPTS["cocked"]),
                                              (0, PROMPTS["unreadable"])])
def test_the_camera_s_first_picture_after_a_start_tells_a_die_to_see_to(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, face: int, prompt: str) -> None:
    """Through the live tray: the first still picture (FakeReader: face 7 a cocked die, 0 one
    it cannot read) of a throw made before the table was started again."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: FakeReader())
    restarted(tmp_path, "standard", []).store.close()
    lying = [(60 + 70 * k, 120, f) for k, f in enumerate((1, 2, 3, 4, 6, face))]
    with started_again(tmp_path, load_rules("standard"), lying) as table:
        state = table.state
        assert state is not None and not state.throws
        assert table.view().prompt == prompt


def test_the_dice_left_lying_bring_no_prompt_after_a_start(tmp_path: Path) -> None:
    """Ann kept 1 and 5 (her other four dice lie still): no prompt, and her turn goes on."""
    thrown = spread(tuple(TrayDie(f) for f in (1, 5, 2, 3, 4, 6)))
    table = restarted(tmp_path, "standard", [News("settled", thrown), News("removed", thrown[:2])])
    table.tray(News("settled", thrown[2:], resumed=True))
    state = table.state
    assert state is not None and state.turn_points == 150 and table.view().prompt == ""


def test_a_die_outside_the_tray_in_the_first_picture_shows_as_a_wrong_count(
        tmp_path: Path) -> None:
    """The tray leaves a die outside it out of the picture's dice: five of Ann's six."""
    table = restarted(tmp_path, "standard", [])
    table.tray(News("settled", spread(tuple(TrayDie(f) for f in (1, 2, 3, 4, 6))),
                    resumed=True))
    state = table.state
    assert state is not None and not state.throws
    assert table.view().prompt == "5 dice in the tray: throw 6"
