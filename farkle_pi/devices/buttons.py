"""The table's arcade buttons through gpiozero: BANK, KEEP, NEXT (held: the whole scoreboard,
then the history, for a screen without touch) and UNDO (held; pressed briefly it frames a die
to set right), and the lamp in the BANK button, lit while banking is allowed. Presses become
actions on the table's queue.

The pin factory is injected (gpiozero's seam): `MockFactory()` in tests, lgpio on a Pi 5.
gpiozero is imported only when buttons are made, so a laptop without it still runs the table.
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from queue import Queue
from typing import Any

from farkle_pi.config import ButtonsConfig
from farkle_pi.errors import FarkleError
from farkle_pi.ui.actions import Action, ActionKind

log = logging.getLogger(__name__)

UNDO_HOLD_SECONDS = 1.0  # a held UNDO, so a brush against it takes nothing back
# a held NEXT shows the next screen (scoreboard, history): as long as UNDO's, one hold to learn
NEXT_HOLD_SECONDS = UNDO_HOLD_SECONDS
# lgpio (gpiozero's default factory on Bookworm) reports an edge only once the pin has been
# steady this long, so it delays every press by it and drops taps shorter than it: an arcade
# switch settles in a few ms; a second press of the same meaning is farkle_pi.table.presses'
BOUNCE_SECONDS = 0.02
DEVICE_TREE_MODEL = "/proc/device-tree/model"

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
    """Four buttons and an optional lamp; `close()` releases the pins. Each opens on its own:
    a pin another program holds loses that button (named in `missing`), not all of them."""

    def __init__(
        self,
        pins: ButtonsConfig,
        actions: Queue[Action],
        factory: Any = None,
        hold_seconds: float = UNDO_HOLD_SECONDS,
        next_hold_seconds: float = NEXT_HOLD_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`clock`: the app's (how long a button acting when let go was down is on it)."""
        try:
            from gpiozero import LED, Button
        except ImportError as error:  # a broken install: keys and taps still run the table
            raise FarkleError(f"gpiozero cannot be imported ({error}): reinstall farkle-pi "
                              "(on a Pi: sudo apt install python3-gpiozero)") from None

        self._devices: list[Any] = []
        self._two_way: dict[str, _ShortOrHeld] = {}  # the buttons acting when let go
        self.missing: list[str] = []  # "BANK (BCM 19): why", for the screen
        bounce = None if _is_mock(factory) else BOUNCE_SECONDS  # mock pins do not bounce

        def device(name: str, pin: int, make: Callable[[], Any]) -> Any:
            try:
                with warnings.catch_warnings():  # a warning for each factory gpiozero falls
                    warnings.simplefilter("ignore")  # back from: the one line below says it
                    made = make()
            except Exception as error:
                self.missing.append(f"{name} (BCM {pin}): {error}")
                return None
            self._devices.append(made)
            return made

        def button(name: str, pin: int, kind: str, **options: Any) -> Any:
            made = device(name, pin, lambda: Button(pin, pin_factory=factory,
                                                    bounce_time=bounce, **options))
            if made is not None and made.is_pressed:  # (the journal only: a finger may be on it)
                log.warning("GPIO %s (BCM %d) reads pressed as the table starts: held, stuck, "
                            "or wired to the switch's NC leg (farkle-pi doctor checks the "
                            "wiring)", name, pin)
            if made is not None and kind in _SHORT_OR_HELD:
                short, held = _SHORT_OR_HELD[kind]
                both = self._two_way[kind] = _ShortOrHeld(actions, short, held, clock)
                made.when_pressed, made.when_held = both.pressed, both.held
                made.when_released = both.released
            elif made is not None:
                made.when_pressed = _presses(actions, kind, self._next_down)
            return made

        self.bank = button("BANK", pins.bank, "bank")
        self.next = button("NEXT", pins.next, "next", hold_time=next_hold_seconds)
        self.keep = button("KEEP", pins.keep, "keep")
        self.undo = button("UNDO", pins.undo, "undo", hold_time=hold_seconds)
        lamp = pins.bank_led
        self.lamp = None if lamp is None else device(
            "BANK lamp", lamp, lambda: LED(lamp, pin_factory=factory))
        if not self._devices:
            raise FarkleError(f"GPIO buttons unavailable: {self.missing[0].split(': ', 1)[1]}")

    def _next_down(self) -> bool:
        """NEXT is down, its brief press's action still to come as it is let go (held past its
        hold time it has shown the next screen, and letting go does nothing more)."""
        next_button = self._two_way.get("next")
        return next_button is not None and next_button.short_to_come

    def show_bank(self, allowed: bool) -> None:
        """Light the BANK button while banking is allowed."""
        if self.lamp is not None and self.lamp.is_lit != allowed:
            self.lamp.value = allowed

    def close(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()


def _presses(actions: Queue[Action], kind: str, next_down: Callable[[], bool]
             ) -> Callable[[], None]:
    """A button acting as it goes down; BANK or KEEP says whether NEXT was down with it."""
    return lambda: actions.put(Action(kind, button=True,  # type: ignore[arg-type]
                                      with_next=kind in ("bank", "keep") and next_down()))


# the buttons with two meanings: (let go before the hold time, held for it)
_SHORT_OR_HELD: dict[str, tuple[ActionKind, ActionKind]] = {
    "undo": ("fix", "undo"),  # brief: frame a die to set right; held: take back a move
    "next": ("next", "cycle"),  # brief: NEXT as ever; held: the next screen
}


class _ShortOrHeld:
    """A button held for the hold time gives its `held` action (UNDO: take back the last game
    action; NEXT: the next screen); let go sooner, its `short` one, on release (UNDO: frame a
    die of the throw shown for NEXT to step; NEXT: next option or row). The short action says
    how long the button was down (`Action.down`): the press guards count from when it went
    down, what the player had seen then. gpiozero calls `held` from its hold thread and the
    others from the pin's: let go at the very moment of the hold, whichever comes first wins,
    never both."""

    def __init__(self, actions: Queue[Action], short: ActionKind, held: ActionKind,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.actions = actions
        self.short, self.held_kind = short, held
        self.clock = clock
        self._lock = threading.Lock()
        self._down = self._held = False
        self._down_at = 0.0

    @property
    def short_to_come(self) -> bool:
        """Pressed, not let go yet and not held for the hold time: letting go gives `short`.
        (Not merely down: BANK or KEEP pressed while NEXT was held past its hold, or while a
        stuck NEXT is down, are no presses together, and must not be dropped as such.)"""
        with self._lock:
            return self._down and not self._held

    def pressed(self) -> None:
        with self._lock:
            self._down, self._held = True, False
            self._down_at = self.clock()

    def held(self) -> None:
        with self._lock:
            if not self._down:  # let go already: that was a short press
                return
            self._held = True
            self.actions.put(Action(self.held_kind, button=True))

    def released(self) -> None:
        with self._lock:
            if self._down and not self._held:
                down = max(0.0, self.clock() - self._down_at)
                self.actions.put(Action(self.short, button=True, down=down))
            self._down = self._held = False


def _is_mock(factory: Any) -> bool:
    if factory is None:
        from gpiozero import Device

        factory = Device.pin_factory
    return type(factory).__name__ == "MockFactory"


def open_buttons(pins: ButtonsConfig, actions: Queue[Action]
                 ) -> tuple[TableButtons | None, str]:
    """The buttons from the config, or None where there is no GPIO (keys and taps still work);
    and what the screen should say when buttons that should be there are not (on a Pi, or
    with a pin factory named in the config: a laptop without GPIO says nothing)."""
    buttons: TableButtons | None = None
    try:
        buttons = TableButtons(pins, actions, pin_factory(pins.pin_factory))
    except FarkleError as error:
        log.warning("%s; the keyboard and touch screen still work", error)
        missing = [str(error)]
    else:
        missing = buttons.missing
        for problem in missing:
            log.warning("GPIO %s; the other buttons work", problem)
    if not missing or not (on_a_pi() or pins.pin_factory not in (None, "mock")):
        return buttons, ""
    names = ", ".join(m.split(":", 1)[0] for m in missing) if buttons else "no button"
    return buttons, f"buttons not working: {names} - see farkle-pi doctor"


def on_a_pi() -> bool:
    """A Raspberry Pi, by its device tree (where buttons are expected to be wired)."""
    try:
        return "Raspberry Pi" in Path(DEVICE_TREE_MODEL).read_text(errors="replace")
    except OSError:
        return False
