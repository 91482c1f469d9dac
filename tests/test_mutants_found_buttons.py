"""Behaviour of the GPIO buttons that a hand-made mutation review found untested: each test
fails on one small change to farkle_pi/devices/buttons.py that would lose or invent a press."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from queue import Queue

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory
from test_buttons import PINS, drain, let_go, press

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices import buttons as module
from farkle_pi.devices.buttons import TableButtons, pin_factory
from farkle_pi.errors import FarkleError
from farkle_pi.ui.actions import Action

# mock pins under another name: the table takes them for a real pin factory
PiPins = type("PiPins", (MockFactory,), {})


def test_a_brush_against_undo_takes_nothing_back() -> None:
    """UNDO needs a hold of a whole second by default: a press of a third of a second (a
    sleeve, a player leaning on the table) takes nothing back (it frames a die, at most)."""
    factory = MockFactory()
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, factory)
    try:
        assert let_go(factory, PINS.undo, queue, 0.35) == [Action("fix", button=True)]
    finally:
        buttons.close()


def test_a_press_acts_when_the_button_goes_down(mock_pins: MockFactory) -> None:
    """BANK acts as it is pressed, not when the thumb comes off it (a player resting a thumb
    on it would wait for nothing)."""
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins)
    try:
        mock_pins.pin(PINS.bank).drive_low()
        assert drain(queue) == [Action("bank", button=True)]
        mock_pins.pin(PINS.bank).drive_high()
        assert drain(queue) == []
    finally:
        buttons.close()


def test_real_pins_are_debounced_briefly_and_mock_pins_not_at_all() -> None:
    """On a Pi each button ignores its switch's bounce (one press is one action), for no more
    than a few tens of ms: a longer debounce drops a quick tap."""
    real = TableButtons(PINS, Queue(), PiPins())
    mock = TableButtons(PINS, Queue(), MockFactory())
    try:
        assert real.bank is not None and mock.bank is not None
        assert 0 < real.bank.pin.bounce <= 0.05
        assert mock.bank.pin.bounce is None
    finally:
        real.close()
        mock.close()


def test_closed_buttons_let_go_of_their_pins(mock_pins: MockFactory) -> None:
    """The table opens its buttons again after its trouble screen: the pins must be free."""
    first = TableButtons(PINS, Queue(), mock_pins)
    first.close()
    again = TableButtons(PINS, Queue(), mock_pins)
    try:
        assert again.missing == []
    finally:
        again.close()


@contextmanager
def held(mock_pins: MockFactory, *pins: int) -> Iterator[None]:
    """These pins taken by another program (an LED on each) while the block runs."""
    leds = [LED(pin, pin_factory=mock_pins) for pin in pins]
    try:
        yield
    finally:
        for led in leds:
            led.close()


def test_no_button_at_all_says_why_in_one_line(mock_pins: MockFactory) -> None:
    with held(mock_pins, 5, 6, 13, 19, 26), pytest.raises(FarkleError) as error:
        TableButtons(PINS, Queue(), mock_pins)
    assert str(error.value).startswith("GPIO buttons unavailable: ")
    assert "BCM" not in str(error.value)  # why, not the first button's name again


def test_every_button_missing_on_a_pi_is_named(
    mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    monkeypatch.setattr(module, "DEVICE_TREE_MODEL", str(model))
    monkeypatch.setattr(module, "pin_factory", lambda name: mock_pins)
    with held(mock_pins, PINS.bank, PINS.keep):
        made, problem = module.open_buttons(PINS, Queue())
        assert made is not None
        made.close()
        assert problem == "buttons not working: BANK (BCM 5), KEEP (BCM 13) - see farkle-pi doctor"


def test_mock_pins_named_in_the_config_say_nothing_of_missing_buttons(
    mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`pin_factory = "mock"` is for a demo on a laptop: no button is expected to be wired."""
    monkeypatch.setattr(module, "DEVICE_TREE_MODEL", str(tmp_path / "none"))
    monkeypatch.setattr(module, "pin_factory", lambda name: mock_pins)
    held = LED(PINS.bank, pin_factory=mock_pins)
    try:
        made, problem = module.open_buttons(replace(PINS, pin_factory="mock"), Queue())
        assert made is not None and problem == ""
        made.close()
    finally:
        held.close()


def test_a_pin_factory_that_cannot_start_is_one_clear_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(module._FACTORIES, "lgpio", ("farkle_pi_no_such_module", "Factory"))
    with pytest.raises(FarkleError, match="GPIO pin factory lgpio cannot start: "):
        pin_factory("lgpio")


def test_the_first_four_presses_are_the_four_buttons(mock_pins: MockFactory) -> None:
    """NEXT and KEEP each on their own pin and meaning (a swap plays the wrong option)."""
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins)
    try:
        press(mock_pins, PINS.keep)
        press(mock_pins, PINS.next)
        assert drain(queue) == [Action("keep", button=True), Action("next", button=True)]
    finally:
        buttons.close()


def test_a_laptop_without_gpiozero_still_runs_the_table(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Keys and taps still work: no buttons, and nothing to say on a laptop."""
    monkeypatch.setattr(module, "DEVICE_TREE_MODEL", str(tmp_path / "none"))
    monkeypatch.setitem(sys.modules, "gpiozero", None)  # gpiozero cannot be imported
    assert module.open_buttons(ButtonsConfig(), Queue()) == (None, "")
