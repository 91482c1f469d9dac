"""The trouble screen of a table that cannot start: what a press, a key, a tap, Esc and no
press at all do, found untested by a hand-made mutation review of farkle_pi/table/trouble.py."""

from __future__ import annotations

import ast
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from queue import Queue

import pygame
import pytest
from gpiozero.pins.mock import MockFactory
from screen_notes import words_drawn

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.table import trouble
from farkle_pi.table.trouble import show_trouble
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK

PINS = ButtonsConfig(bank=19, next=5, keep=6, undo=13)
MESSAGE = "/var/lib/farkle-pi/farkle.db: the disk is full; free some space"


@pytest.fixture
def surface() -> Iterator[pygame.Surface]:
    """A window as the table opens it, with nothing waiting in pygame's event queue."""
    window = open_surface((480, 320), headless=True)
    pygame.event.clear()
    yield window
    pygame.event.clear()


def shown(surface: pygame.Surface, *events: pygame.event.Event) -> bool:
    """The trouble screen with `events` already in the queue (mock pins: no GPIO needed)."""
    for event in events:
        pygame.event.post(event)
    return show_trouble(surface, DARK, MESSAGE, ButtonsConfig(pin_factory="mock"))


def test_a_key_tries_again(surface: pygame.Surface) -> None:
    assert shown(surface, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))


def test_a_click_or_a_finger_tries_again(surface: pygame.Surface) -> None:
    """A touch panel sends a mouse click or a finger, depending on its driver: both retry."""
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(240, 160))
    finger = pygame.event.Event(pygame.FINGERDOWN, touch_id=0, finger_id=0, x=0.5, y=0.5,
                                dx=0.0, dy=0.0, pressure=1.0)
    assert shown(surface, click)
    assert shown(surface, finger)


def test_esc_and_closing_the_window_give_up(surface: pygame.Surface) -> None:
    """Esc is the keyboard's quit, not "any key": the table stops instead of retrying."""
    assert not shown(surface, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert not shown(surface, pygame.event.Event(pygame.QUIT))


def test_without_a_press_it_gives_up_after_the_wait(
    surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No press for WAIT_SECONDS: no retry (systemd starts the table again) - but only once
    the wait is over."""
    monkeypatch.setattr(trouble, "WAIT_SECONDS", 0.3)
    began = time.monotonic()
    assert not shown(surface)
    assert time.monotonic() - began >= 0.3


def test_the_wait_is_ten_minutes() -> None:
    """Long enough for someone to walk to the table and put things right. The tests' conftest
    shortens it, so the module's own line is read."""
    source = ast.parse(Path(trouble.__file__).read_text(encoding="utf-8"))
    waits = [node.value for node in source.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "WAIT_SECONDS" for t in node.targets)]
    assert len(waits) == 1 and ast.literal_eval(waits[0]) == 600.0


def test_a_gpio_button_tries_again_and_its_pins_are_let_go(
    surface: pygame.Surface, mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BANK pressed on the real buttons retries; the trouble screen closes its buttons before
    the table starts again and opens the same pins (not whenever they are freed)."""
    closed: list[TableButtons] = []
    close = TableButtons.close

    def closing(self: TableButtons) -> None:
        closed.append(self)
        close(self)

    monkeypatch.setattr(TableButtons, "close", closing)
    monkeypatch.setattr(trouble, "WAIT_SECONDS", 5.0)
    pressing = threading.Timer(0.3, mock_pins.pin(PINS.bank).drive_low)
    pressing.start()
    try:
        began = time.monotonic()
        assert show_trouble(surface, DARK, MESSAGE, PINS)
        assert time.monotonic() - began < 4.0
        assert len(closed) == 1
    finally:
        pressing.cancel()
        mock_pins.pin(PINS.bank).drive_high()
    again = TableButtons(PINS, Queue[Action](), mock_pins)
    try:
        assert again.missing == []
    finally:
        again.close()


def test_the_message_is_drawn_on_a_clean_screen_and_shown(
    surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever was on the window before is painted over, the message is drawn, and the
    picture is put on the display before the wait begins."""
    words = words_drawn(monkeypatch)
    flips: list[int] = []
    flip = pygame.display.flip

    def counted() -> None:
        flips.append(len(words))
        flip()

    monkeypatch.setattr(pygame.display, "flip", counted)
    surface.fill((255, 0, 255))
    assert shown(surface, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    assert words[0] == "THE TABLE CANNOT START" and "full;" in " ".join(words)
    assert flips == [len(words)]  # once, after everything was drawn
    assert surface.get_at((0, 0)) == pygame.Color(DARK.background)
