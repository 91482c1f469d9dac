"""The table's arcade buttons through gpiozero: BANK, NEXT, KEEP and UNDO (held), and the lamp in
the BANK button, lit while banking is allowed. Presses become actions on the table's queue.

The pin factory is injected (gpiozero's seam): `MockFactory()` in tests, lgpio on a Pi 5.
gpiozero is imported only when buttons are made, so a laptop without it still runs the table.
"""

from __future__ import annotations

import importlib
import logging
from queue import Queue
from typing import Any

from farkle_pi.config import ButtonsConfig
from farkle_pi.errors import FarkleError
from farkle_pi.ui.actions import Action

log = logging.getLogger(__name__)

UNDO_HOLD_SECONDS = 1.0  # a held UNDO, so a brush against it takes nothing back
# lgpio (gpiozero's default factory on Bookworm) reports an edge only once the pin has been
# steady this long, so it delays every press by it and drops taps shorter than it: an arcade
# switch settles in a few ms; a second press of the same meaning is farkle_pi.table.presses'
BOUNCE_SECONDS = 0.02

_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
    "mock": ("gpiozero.pins.mock", "MockFactory"),
}


def pin_factory(name: str | None) -> Any:
    """The gpiozero pin factory named in the config; None lets gpiozero choose."""
    if name is None:
        return None
    if name not in _FACTORIES:
        raise FarkleError(f"unknown pin factory {name!r}: use {', '.join(_FACTORIES)}")
    module, cls = _FACTORIES[name]
    try:
        return getattr(importlib.import_module(module), cls)()
    except Exception as error:
        raise FarkleError(f"GPIO pin factory {name} cannot start: {error}") from None


class TableButtons:
    """Four buttons and an optional lamp; `close()` releases the pins."""

    def __init__(
        self,
        pins: ButtonsConfig,
        actions: Queue[Action],
        factory: Any = None,
        hold_seconds: float = UNDO_HOLD_SECONDS,
    ) -> None:
        from gpiozero import LED, Button

        self._devices: list[Any] = []
        bounce = None if _is_mock(factory) else BOUNCE_SECONDS  # mock pins do not bounce

        def button(pin: int, **options: Any) -> Any:
            device = Button(pin, pin_factory=factory, bounce_time=bounce, **options)
            self._devices.append(device)
            return device

        def press(kind: str) -> Any:
            return lambda: actions.put(Action(kind, button=True))  # type: ignore[arg-type]

        try:
            self.bank = button(pins.bank)
            self.next = button(pins.next)
            self.keep = button(pins.keep)
            self.undo = button(pins.undo, hold_time=hold_seconds)
            self.lamp = None
            if pins.bank_led is not None:
                self.lamp = LED(pins.bank_led, pin_factory=factory)
                self._devices.append(self.lamp)
        except Exception as error:
            self.close()
            raise FarkleError(f"GPIO buttons unavailable: {error}") from None
        self.bank.when_pressed = press("bank")
        self.next.when_pressed = press("next")
        self.keep.when_pressed = press("keep")
        self.undo.when_held = press("undo")

    def show_bank(self, allowed: bool) -> None:
        """Light the BANK button while banking is allowed."""
        if self.lamp is not None and self.lamp.is_lit != allowed:
            self.lamp.value = allowed

    def close(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()


def _is_mock(factory: Any) -> bool:
    if factory is None:
        from gpiozero import Device

        factory = Device.pin_factory
    return type(factory).__name__ == "MockFactory"


def open_buttons(pins: ButtonsConfig, actions: Queue[Action]) -> TableButtons | None:
    """The buttons from the config, or None (logged) where there is no GPIO: keys still work."""
    try:
        return TableButtons(pins, actions, pin_factory(pins.pin_factory))
    except FarkleError as error:
        log.warning("%s; the keyboard and touch screen still work", error)
        return None
