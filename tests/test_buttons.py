"""GPIO buttons on gpiozero's mock pins: presses become actions, UNDO needs a hold, BANK lights."""

from __future__ import annotations

import time
from pathlib import Path
from queue import Queue

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from farkle_pi.config import ButtonsConfig
from farkle_pi.devices.buttons import TableButtons, _ShortOrHeld, pin_factory
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


def held(mock_pins: MockFactory, pin: int, queue: Queue[Action], seconds: float
         ) -> list[Action]:
    """What `pin` held down for `seconds` gives while it is down; then it is let go."""
    mock_pins.pin(pin).drive_low()
    given = drain(queue, wait=seconds)
    mock_pins.pin(pin).drive_high()
    return given


def let_go(mock_pins: MockFactory, pin: int, queue: Queue[Action], seconds: float,
           wait: float = 0.1) -> list[Action]:
    """What `pin` gives for a press of `seconds`, once it is let go (a brief press's action
    comes as it is let go)."""
    mock_pins.pin(pin).drive_low()
    time.sleep(seconds)
    mock_pins.pin(pin).drive_high()
    return drain(queue, wait=wait)


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
    """A brief press takes nothing back: let go, it frames a die to set right ("fix"); held,
    it undoes, and letting go after the hold frames nothing."""
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins, hold_seconds=0.1)
    try:
        press(mock_pins, 19)  # a brush: nothing is taken back
        assert drain(queue, wait=0.25) == [Action("fix", button=True)]
        assert held(mock_pins, 19, queue, 0.4) == [Action("undo", button=True)]
        assert drain(queue, wait=0.1) == []
        press(mock_pins, 19)  # the next brief press frames again (the hold is forgotten)
        assert drain(queue, wait=0.1) == [Action("fix", button=True)]
    finally:
        buttons.close()


def test_next_acts_when_let_go_and_held_shows_the_next_screen(mock_pins: MockFactory) -> None:
    """NEXT pressed briefly is NEXT, when let go (so that held it can mean something else);
    held, it shows the next screen (the whole scoreboard, the history: a table without touch
    or keys), and letting go after the hold is no NEXT as well."""
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins, next_hold_seconds=0.2)
    try:
        mock_pins.pin(6).drive_low()
        assert drain(queue, wait=0.05) == []  # down: nothing yet
        mock_pins.pin(6).drive_high()
        assert drain(queue, wait=0.3) == [Action("next", button=True)]
        assert held(mock_pins, 6, queue, 0.5) == [Action("cycle", button=True)]
        assert drain(queue, wait=0.1) == []
        press(mock_pins, 6)  # the hold is forgotten: NEXT again
        press(mock_pins, 19)  # UNDO keeps its own pair: a brief press frames a die
        assert drain(queue, wait=0.1) == [Action("next", button=True), Action("fix", button=True)]
    finally:
        buttons.close()


def test_next_says_how_long_it_was_down_and_bank_pressed_with_it_says_so(
        mock_pins: MockFactory) -> None:
    """The press guards count from when NEXT went down (it acts when let go), and drop BANK
    or KEEP pressed while NEXT is down: hit together, which option was meant is not known."""
    now = [100.0]
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins, clock=lambda: now[0])
    try:
        mock_pins.pin(6).drive_low()
        now[0] += 0.3
        press(mock_pins, 5)  # BANK, NEXT still down
        press(mock_pins, 13)  # KEEP likewise
        mock_pins.pin(6).drive_high()
        got = drain(queue)
        assert [(a.kind, a.with_next) for a in got] == [("bank", True), ("keep", True),
                                                         ("next", False)]
        assert got[2].down == pytest.approx(0.3)
        press(mock_pins, 5)  # NEXT up: BANK alone
        press(mock_pins, 6)
        alone = drain(queue)
        assert [(a.kind, a.with_next, a.down) for a in alone] == [("bank", False, 0.0),
                                                                   ("next", False, 0.0)]
    finally:
        buttons.close()


def test_bank_or_keep_with_next_held_past_its_hold_is_no_press_together(
        mock_pins: MockFactory) -> None:
    """NEXT held past its hold time has shown the next screen and letting it go does nothing
    more: KEEP pressed then (on the scoreboard it showed; or with a NEXT stuck down) is KEEP,
    not NEXT and KEEP hit together. Before the fix every BANK and KEEP was dropped for as long
    as NEXT was down: a stuck NEXT left a table of buttons alone unable to bank or keep."""
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins, next_hold_seconds=0.1)
    try:
        mock_pins.pin(6).drive_low()
        assert drain(queue, wait=0.4) == [Action("cycle", button=True)]
        press(mock_pins, 13)  # KEEP, NEXT still down (held: its hold done)
        press(mock_pins, 5)  # BANK likewise
        mock_pins.pin(6).drive_high()
        assert [(a.kind, a.with_next) for a in drain(queue, wait=0.1)] == [
            ("keep", False), ("bank", False)]
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


def test_a_busy_pin_loses_its_button_not_the_others(mock_pins: MockFactory) -> None:
    """A pin another program holds (an overlay, a second table) costs that one button."""
    from gpiozero import LED

    other = LED(26, pin_factory=mock_pins)  # someone else's lamp on the BANK lamp's pin
    queue: Queue[Action] = Queue()
    buttons = TableButtons(PINS, queue, mock_pins)
    try:
        assert buttons.lamp is None and len(buttons.missing) == 1
        assert buttons.missing[0].startswith("BANK lamp (BCM 26): ")
        press(mock_pins, 5)
        assert drain(queue) == [Action("bank", button=True)]
    finally:
        buttons.close()
        other.close()


def test_buttons_that_should_be_there_and_are_not_are_named_for_the_screen(
    mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from gpiozero import LED

    from farkle_pi.devices import buttons as module

    other = LED(5, pin_factory=mock_pins)  # BANK's pin is taken
    monkeypatch.setattr(module, "pin_factory", lambda name: mock_pins)
    try:
        monkeypatch.setattr(module, "DEVICE_TREE_MODEL", str(tmp_path / "none"))
        made, problem = module.open_buttons(PINS, Queue())  # a laptop: nothing to say
        assert made is not None and problem == ""
        made.close()
        model = tmp_path / "model"
        model.write_text("Raspberry Pi 4 Model B Rev 1.5\x00")
        monkeypatch.setattr(module, "DEVICE_TREE_MODEL", str(model))
        made, problem = module.open_buttons(PINS, Queue())
        assert made is not None
        assert problem == "buttons not working: BANK (BCM 5) - see farkle-pi doctor"
        made.close()
    finally:
        other.close()


def test_undo_let_go_at_the_moment_of_the_hold_is_one_action_not_two() -> None:
    """gpiozero calls `held` from its hold thread and `released` from the pin's: when the
    thumb comes off just as the hold time passes, the later of the two is ignored."""
    queue: Queue[Action] = Queue()
    undo = _ShortOrHeld(queue, "fix", "undo")
    undo.pressed()
    undo.released()  # the pin's thread first ...
    undo.held()  # ... then the hold thread, a moment late
    assert drain(queue) == [Action("fix", button=True)]
    undo.pressed()
    undo.held()
    undo.released()
    assert drain(queue) == [Action("undo", button=True)]


def test_a_button_reading_pressed_at_the_start_is_named_in_the_journal(
    caplog: pytest.LogCaptureFixture
) -> None:
    """Wired to the switch's NC leg a button reads pressed at rest: the journal says so at
    the start (the screen does not: a finger may still be on it after a retry's press)."""

    class WiredToNC(MockPin):  # type: ignore[misc]
        def _set_pull(self, value: str) -> None:
            super()._set_pull(value)
            if self.info.name == "GPIO13":
                self.drive_low()

    actions: Queue[Action] = Queue()
    with caplog.at_level("WARNING", logger="farkle_pi.devices.buttons"):
        buttons = TableButtons(ButtonsConfig(), actions, MockFactory(pin_class=WiredToNC))
    try:
        said = [r.getMessage() for r in caplog.records]
        assert said == ["GPIO UNDO (BCM 13) reads pressed as the table starts: held, stuck, or "
                        "wired to the switch's NC leg (farkle-pi doctor checks the wiring)"]
        assert actions.empty()
    finally:
        buttons.close()
