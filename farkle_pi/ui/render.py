"""Draw a `TableView` onto a surface: pick the screen, return its tappable regions."""

from __future__ import annotations

import pygame

from farkle_pi.ui.actions import Hit
from farkle_pi.ui.draw import Painter
from farkle_pi.ui.screens import history, results, scoreboard, setup, throw, winner
from farkle_pi.ui.theme import Theme
from farkle_pi.ui.view import TableView


def render(
    surface: pygame.Surface,
    view: TableView,
    theme: Theme,
    seconds: float = 1.0,
    picture: pygame.Surface | None = None,
) -> list[Hit]:
    """`seconds` since the view appeared drives the results banner's animation; `picture` is
    the camera's view of the tray, shown while the table waits for a throw."""
    painter = Painter(surface, theme)
    surface.fill(theme.background)
    if view.screen == "results":
        return results.draw(painter, view, seconds)
    if view.screen == "throw":
        return throw.draw(painter, view, picture)
    screens = {
        "setup": setup.draw,
        "scoreboard": scoreboard.draw,
        "winner": winner.draw,
        "history": history.draw,
    }
    return screens[view.screen](painter, view)
