"""A player for the demo that presses the buttons the coach would: it sees only the screen.

With virtual dice it presses everything (KEEP throws). With a tray the dice, and the keeps set
aside, come from the tray; the robot only presses BANK when the coach says so.
"""

from __future__ import annotations

from farkle_pi.ui.actions import Action
from farkle_pi.ui.view import TableView


def next_press(view: TableView) -> Action | None:
    """The button to press on this screen, or None to wait."""
    if view.screen == "setup":
        return Action("bank")
    if view.screen in ("winner", "history", "results"):
        return None
    if view.screen != "throw":
        return Action("show", text="throw")
    hands = view.dice_mode == "virtual"  # the robot also throws and keeps
    if view.advice == "bank":
        return Action("bank")
    best = view.options[0] if view.options else None
    if not hands:
        return None
    if best is None:
        return Action("keep")  # throw the dice
    if view.selected != 0:
        return Action("option", value=0)
    if best.then == "bank" and view.can_bank:
        return Action("bank")
    return Action("keep")
