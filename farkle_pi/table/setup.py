"""The setup screen's rows as a pure step function: (setup, action) -> (setup, start?).

Buttons alone are enough: NEXT moves between rows, KEEP changes the focused row (on the players
row it adds the next known name), UNDO removes the last player, BANK starts. A keyboard types
new names on the players row; a tap on a row focuses it and changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from farkle_pi.errors import FarkleError
from farkle_pi.game.seating import MAX_NAME, MAX_PLAYERS, name_key, spelled_as
from farkle_pi.ui.actions import Action
from farkle_pi.ui.fonts import font_fix, undrawable
from farkle_pi.ui.view import SETUP_ROWS, SetupView

TARGETS = (2_000, 5_000, 10_000)
DICE_MODES = SetupView.dice_modes  # the order KEEP steps through them
T = TypeVar("T")


def step(setup: SetupView, action: Action, presets: Sequence[str],
         targets: Sequence[int] = TARGETS) -> tuple[SetupView, bool]:
    """The setup after `action`, and whether the game should start now (`targets`: the
    target row's choices, in order)."""
    kind = action.kind
    if kind == "bank":
        return _commit_typing(setup), True
    if kind == "next":
        return replace(_commit_typing(setup), focus=(setup.focus + 1) % len(SETUP_ROWS)), False
    if kind == "char":
        typed = (setup.typing + action.text).lstrip()[:MAX_NAME]
        return replace(setup, focus=0, typing=typed), False
    if kind in ("erase", "undo"):
        if setup.typing:
            return replace(setup, typing=setup.typing[:-1]), False
        return replace(setup, players=setup.players[:-1]), False
    if kind == "option":
        setup = replace(_commit_typing(setup), focus=action.value % len(SETUP_ROWS))
        kind = "keep"
    if kind == "keep":
        row = SETUP_ROWS[setup.focus]
        if row == "start":
            return _commit_typing(setup), True
        return _change(setup, row, presets, targets), False
    return setup, False


def _commit_typing(setup: SetupView) -> SetupView:
    """The typed name added to the players; a name that cannot join says why (and stays typed,
    so the players see what was refused)."""
    name = setup.typing.strip()
    if not name:
        return replace(setup, typing="")
    playing = next((n for n in setup.players if name_key(n) == name_key(name)), None)
    if playing is not None:
        raise FarkleError(f"{playing} is already playing: type another name (UNDO erases)")
    lost = undrawable(name)
    if lost:  # boxes tell nobody apart (and the line cannot quote what it cannot draw)
        raise FarkleError(f"this screen has no font for {len(lost)} of the name's letters (it "
                          f"draws boxes): {font_fix(lost)}, or type another name (UNDO erases)")
    # "ann" typed for the Ann of earlier games: her name as before, so the stats keep her whole
    name = spelled_as(name, setup.known_names)
    if len(setup.players) >= MAX_PLAYERS:
        raise FarkleError(f"{MAX_PLAYERS} players at most: {name} cannot join (UNDO erases)")
    return replace(setup, players=(*setup.players, name), typing="")


def _change(setup: SetupView, row: str, presets: Sequence[str],
            targets: Sequence[int]) -> SetupView:
    if row == "players":
        if setup.typing:
            return _commit_typing(setup)
        if len(setup.players) >= MAX_PLAYERS:  # (before the names: a typed one is refused too)
            raise FarkleError(f"{MAX_PLAYERS} players at most: BANK starts the game")
        waiting = [n for n in setup.known_names if n not in setup.players]
        if not waiting:
            raise FarkleError("no more known names: type a new one on a keyboard")
        return replace(setup, players=(*setup.players, waiting[0]))
    if row == "rules":
        return replace(setup, preset=_after(setup.preset, presets))
    if row == "target":
        return replace(setup, target=_after(setup.target, targets))
    return replace(setup, dice_mode=_after(setup.dice_mode, setup.dice_modes))


def modes(camera: bool) -> tuple[str, ...]:
    """The dice modes a table offers: camera dice only where a camera was opened for it."""
    return DICE_MODES if camera else tuple(m for m in DICE_MODES if m != "camera")


def _after(value: T, choices: Sequence[T]) -> T:
    """The choice after `value`, round; the first if `value` is not among them."""
    if value not in choices:
        return choices[0]
    return choices[(list(choices).index(value) + 1) % len(choices)]
