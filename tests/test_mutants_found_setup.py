"""Behaviour of the setup screen that a hand-made mutation review found untested: each test
fails on one small change to farkle_pi/table/setup.py that players would notice."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.game.seating import MAX_NAME, MAX_PLAYERS
from farkle_pi.rules import PRESETS
from farkle_pi.table.setup import modes, step
from farkle_pi.ui.actions import Action, ActionKind
from farkle_pi.ui.view import SETUP_ROWS, SetupView


def pressed(setup: SetupView, kinds: Sequence[ActionKind]) -> SetupView:
    """The setup after these presses, none of which starts the game."""
    for kind in kinds:
        setup, start = step(setup, Action(kind), PRESETS)
        assert not start, kind
    return setup


def typed(setup: SetupView, text: str) -> SetupView:
    for char in text:
        setup, _ = step(setup, Action("char", text=char), PRESETS)
    return setup


def test_next_goes_round_every_row_and_back_to_the_players() -> None:
    """NEXT alone reaches every row, the start row last, and then the players row again."""
    setup = SetupView(players=("Ann",))
    seen = []
    for _ in SETUP_ROWS:
        setup = pressed(setup, ["next"])
        seen.append(SETUP_ROWS[setup.focus])
    assert seen == [*SETUP_ROWS[1:], "players"]


def test_a_name_typed_joins_when_next_or_bank_is_pressed() -> None:
    """A typed name is not lost when the player moves on with NEXT, or starts with BANK."""
    setup = pressed(typed(SetupView(players=("Ann",)), "Cy"), ["next"])
    assert setup.players == ("Ann", "Cy") and setup.typing == ""
    setup, start = step(typed(setup, "Dee"), Action("bank"), PRESETS)
    assert start and setup.players == ("Ann", "Cy", "Dee")


def test_typing_moves_to_the_players_row_and_drops_spaces_around_the_name() -> None:
    """Typing on another row types a name (the focus goes to the players row); spaces before
    and after it are not part of the name."""
    setup = typed(SetupView(players=(), focus=SETUP_ROWS.index("target")), "  Ann ")
    assert setup.focus == 0 and setup.typing == "Ann "
    setup = pressed(setup, ["keep"])
    assert setup.players == ("Ann",)


def test_a_name_stops_at_its_longest() -> None:
    """A long name keeps its first MAX_NAME characters."""
    setup = typed(SetupView(players=()), "A" * (MAX_NAME + 4))
    assert setup.typing == "A" * MAX_NAME


def test_undo_takes_back_the_last_player_not_the_first() -> None:
    assert pressed(SetupView(players=("Ann", "Bob", "Cy")), ["undo"]).players == ("Ann", "Bob")


def test_keep_on_the_players_row_adds_the_typed_name_before_a_known_one() -> None:
    setup = typed(SetupView(players=(), known_names=("Ann",)), "Zed")
    assert pressed(setup, ["keep"]).players == ("Zed",)


def test_keep_adds_only_known_names_not_yet_playing() -> None:
    setup = pressed(SetupView(players=("Ann",), known_names=("Ann", "Bob", "Cy")), ["keep"])
    assert setup.players == ("Ann", "Bob")


def test_keep_on_the_target_row_goes_round_every_target() -> None:
    """2,000 -> 5,000 -> 10,000 -> 2,000."""
    setup = SetupView(players=("Ann",), target=2_000, focus=SETUP_ROWS.index("target"))
    targets = []
    for _ in range(3):
        setup = pressed(setup, ["keep"])
        targets.append(setup.target)
    assert targets == [5_000, 10_000, 2_000]


def test_keep_on_the_rules_row_goes_round_every_preset() -> None:
    setup = SetupView(players=("Ann",), preset=PRESETS[0], focus=SETUP_ROWS.index("rules"))
    presets = []
    for _ in PRESETS:
        setup = pressed(setup, ["keep"])
        presets.append(setup.preset)
    assert presets == [*PRESETS[1:], PRESETS[0]]


def test_without_a_camera_keep_steps_only_through_the_dice_modes_offered() -> None:
    """A table without a camera offers virtual and manual dice: KEEP never lands on camera
    dice, and a camera mode left over (a config's) steps to the first one offered."""
    assert modes(False) == ("virtual", "manual") and "camera" in modes(True)
    dice = SETUP_ROWS.index("dice")
    setup = SetupView(players=("Ann",), dice_modes=modes(False), focus=dice)
    seen = []
    for _ in range(3):
        setup = pressed(setup, ["keep"])
        seen.append(setup.dice_mode)
    assert seen == ["manual", "virtual", "manual"]
    left_over = SetupView(players=("Ann",), dice_mode="camera", dice_modes=modes(False), focus=dice)
    assert pressed(left_over, ["keep"]).dice_mode == "virtual"


def test_keep_with_every_seat_taken_says_the_table_is_full() -> None:
    """Eight known players seated: KEEP says the table is full and BANK starts."""
    names = tuple(f"P{i}" for i in range(MAX_PLAYERS))
    setup = SetupView(players=names, known_names=names)
    with pytest.raises(FarkleError) as refused:
        step(setup, Action("keep"), PRESETS)
    assert str(refused.value) == f"{MAX_PLAYERS} players at most: BANK starts the game"
