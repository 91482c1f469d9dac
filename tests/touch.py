"""A finger on the touch screen, as SDL reports it, for the tests through the app loop."""

from __future__ import annotations

import pygame

from farkle_pi.app import App
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.ui.actions import Action


class Clock:
    """A clock the test moves (an App's, for the taps' guard)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def finger(app: App, action: Action) -> None:
    """A finger on the region the last frame drew for `action`, then a frame: by a player who
    has looked at the screen first (a tap sooner is dropped: farkle_pi.table.presses)."""
    clock = app.seen.clock
    assert isinstance(clock, Clock), "make the App with clock=touch.Clock()"
    clock.now += SEEN_SECONDS
    hit = next(h for h in app.hits if h.action == action)
    x, y = hit.rect.center
    width, height = app.surface.get_size()
    pygame.event.post(pygame.event.Event(
        pygame.FINGERDOWN, x=x / width, y=y / height, finger_id=0, touch_id=0, dx=0, dy=0,
        pressure=1.0,
    ))
    app.step()
