"""A finger on the touch screen, as SDL reports it, for the tests through the app loop."""

from __future__ import annotations

import pygame

from farkle_pi.app import App
from farkle_pi.ui.actions import Action


def finger(app: App, action: Action) -> None:
    """A finger on the region the last frame drew for `action`, then a frame."""
    hit = next(h for h in app.hits if h.action == action)
    x, y = hit.rect.center
    width, height = app.surface.get_size()
    pygame.event.post(pygame.event.Event(
        pygame.FINGERDOWN, x=x / width, y=y / height, finger_id=0, touch_id=0, dx=0, dy=0,
        pressure=1.0,
    ))
    app.step()
