"""The table that cannot start says why on its screen and waits for a press before it gives up
(systemd then starts it again: a disk that was cleared, or a file put back, is picked up)."""

from __future__ import annotations

import time
from queue import Empty, Queue

import pygame

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import open_buttons
from farkle_pi.ui.actions import Action
from farkle_pi.ui.draw import Painter
from farkle_pi.ui.screens import trouble
from farkle_pi.ui.theme import Theme

WAIT_SECONDS = 600.0  # then try again anyway: the trouble may have passed by itself
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.QUIT)


def show_trouble(surface: pygame.Surface, theme: Theme, message: str, pins: ButtonsConfig
                 ) -> None:
    """Draw `message` and return at the first button, key or tap, or after WAIT_SECONDS."""
    surface.fill(theme.background)
    trouble.draw(Painter(surface, theme), message)
    pygame.display.flip()
    presses: Queue[Action] = Queue()
    buttons = open_buttons(pins, presses)
    try:
        end = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < end:
            if any(event.type in PRESSES for event in pygame.event.get()):
                return
            try:
                presses.get(timeout=0.1)
                return
            except Empty:
                continue
    finally:
        if buttons is not None:
            buttons.close()
