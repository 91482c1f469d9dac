"""GPIO buttons on gpiozero's mock pins: presses become actions, UNDO needs a hold, BANK lights."""

from __future__ import annotations

import time
from queue import Queue

import pytest
from gpiozero.pins.mock import MockFactory

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons, pin_factory
from farkle_pi.errors import FarkleError
from farkle_pi.ui.actions import Action

PINS = ButtonsConfig(bank=5, next=6, keep=13, undo=19, bank_led=26)


def drain(queue: Queue[Action], wait: float = 0.0) -> list[Action]:
    deadline = time.monotonic() + wait
    out: list[Action] = []
    while True:
        while not queue.empty():
            out.append(queue.get_nowait())
        if time.monotonic() >= deadline:
            return out
        time.sleep(0.01)


def press(mock_pins: MockFactory, pin: int) -> None:
    mock_pins.pin(pin).drive_low()
    mock_pins.pin(pin).drive_high()


def test_each_button_puts_its_action_on_the_queue(mock_pins: MockFactory) -> None:
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins)
    try:
        press(mock_pins, 5)
        press(mock_pins, 6)
        press(mock_pins, 13)
        assert drain(queue) == [Action("bank", button=True), Action("next", button=True),
                                Action("keep", button=True)]
    finally:
        buttons.close()


def test_undo_needs_a_hold(mock_pins: MockFactory) -> None:
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins, hold_seconds=0.1)
    try:
        press(mock_pins, 19)  # a brush: nothing is taken back
        assert drain(queue, wait=0.25) == []
        mock_pins.pin(19).drive_low()
        held = drain(queue, wait=0.4)
        mock_pins.pin(19).drive_high()
        assert held == [Action("undo", button=True)]
    finally:
        buttons.close()


def test_bank_lamp_follows_whether_banking_is_allowed(mock_pins: MockFactory) -> None:
    buttons = TableButtons(PINS, Queue(), mock_pins)
    try:
        lamp = mock_pins.pin(26)
        assert lamp.state in (0, False)
        buttons.show_bank(True)
        assert lamp.state in (1, True)
        buttons.show_bank(False)
        assert lamp.state in (0, False)
    finally:
        buttons.close()


def test_no_lamp_configured_is_fine(mock_pins: MockFactory) -> None:
    buttons = TableButtons(ButtonsConfig(bank_led=None), Queue(), mock_pins)
    try:
        buttons.show_bank(True)
        assert buttons.lamp is None
    finally:
        buttons.close()


def test_unknown_pin_factory_is_one_clear_error() -> None:
    with pytest.raises(FarkleError, match="unknown pin factory"):
        pin_factory("raspberry")
    assert isinstance(pin_factory("mock"), MockFactory)
    assert pin_factory(None) is None
