"""GPIO buttons on gpiozero's mock pins: presses become actions, UNDO needs a hold, BANK lights."""

from __future__ import annotations

import time
from collections.abc import Iterator
from queue import Queue

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons, pin_factory
from farkle_pi.errors import FarkleError
from farkle_pi.ui.actions import Action

PINS = ButtonsConfig(bank=5, next=6, keep=13, undo=19, bank_led=26)


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    mock = MockFactory()
    Device.pin_factory = mock
    yield mock
    mock.reset()
    Device.pin_factory = None


def drain(queue: Queue[Action], wait: float = 0.0) -> list[Action]:
    deadline = time.monotonic() + wait
    out: list[Action] = []
    while True:
        while not queue.empty():
            out.append(queue.get_nowait())
        if time.monotonic() >= deadline:
            return out
        time.sleep(0.01)


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_each_button_puts_its_action_on_the_queue(factory: MockFactory) -> None:
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, factory)
    try:
        press(factory, 5)
        press(factory, 6)
        press(factory, 13)
        assert drain(queue) == [Action("bank"), Action("next"), Action("keep")]
    finally:
        buttons.close()


def test_undo_needs_a_hold(factory: MockFactory) -> None:
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, factory, hold_seconds=0.1)
    try:
        press(factory, 19)  # a brush: nothing is taken back
        assert drain(queue, wait=0.25) == []
        factory.pin(19).drive_low()
        held = drain(queue, wait=0.4)
        factory.pin(19).drive_high()
        assert held == [Action("undo")]
    finally:
        buttons.close()


def test_bank_lamp_follows_whether_banking_is_allowed(factory: MockFactory) -> None:
    buttons = TableButtons(PINS, Queue(), factory)
    try:
        lamp = factory.pin(26)
        assert lamp.state in (0, False)
        buttons.show_bank(True)
        assert lamp.state in (1, True)
        buttons.show_bank(False)
        assert lamp.state in (0, False)
    finally:
        buttons.close()


def test_no_lamp_configured_is_fine(factory: MockFactory) -> None:
    buttons = TableButtons(ButtonsConfig(bank_led=None), Queue(), factory)
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
