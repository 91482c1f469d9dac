"""A player for the demo that presses the buttons the coach would: it sees only the screen."""

from __future__ import annotations

from farkle_pi.ui.actions import Action
from farkle_pi.ui.view import TableView


def next_press(view: TableView) -> Action | None:
    """The button to press on this screen, or None when the game is over."""
    if view.screen == "setup":
        return Action("bank")
    if view.screen in ("winner", "history"):
        return None
    if view.screen != "throw":
        return Action("show", text="throw")
    best = view.options[0] if view.options else None
    if best is None:
        return Action("keep")  # throw the dice
    if view.selected != 0:
        return Action("option", value=0)
    if best.then == "bank" and view.can_bank:
        return Action("bank")
    return Action("keep")
