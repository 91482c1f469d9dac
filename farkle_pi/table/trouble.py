"""The table that cannot start says why on its screen and waits for a press: then it tries
again (a config put right, a disk cleared, a file put back). Without a press it gives up after
WAIT_SECONDS, and systemd starts it again."""

from __future__ import annotations

import time
from queue import Empty, Queue

import pygame

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import open_buttons
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import show
from farkle_pi.ui.draw import Painter
from farkle_pi.ui.screens import trouble
from farkle_pi.ui.theme import Theme

WAIT_SECONDS = 600.0  # then try again anyway: the trouble may have passed by itself
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)


def show_trouble(surface: pygame.Surface, theme: Theme, message: str, pins: ButtonsConfig
                 ) -> bool:
    """Draw `message`; True at the first button, key or tap (try again), False after
    WAIT_SECONDS without one. Esc or closing the window is no retry."""
    surface.fill(theme.background)
    trouble.draw(Painter(surface, theme), message)
    show()
    presses: Queue[Action] = Queue()
    buttons, _ = open_buttons(pins, presses)
    try:
        end = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < end:
            for event in pygame.event.get():
                if _quits(event):
                    return False
                if event.type in PRESSES:
                    return True
            try:
                presses.get(timeout=0.1)
                return True
            except Empty:
                continue
        return False
    finally:
        if buttons is not None:
            buttons.close()


def _quits(event: pygame.event.Event) -> bool:
    return event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                         and event.key == pygame.K_ESCAPE)
