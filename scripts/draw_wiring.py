#!/usr/bin/env python3
"""Draw docs/img/wiring.png: the buttons and the BANK lamp on the Pi's 40-pin header.

The pins come from config.example.toml, so the picture follows the documented defaults:
after changing them run `.venv/bin/python scripts/draw_wiring.py [OUT.png]` and commit the PNG.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from farkle_pi.config import HEADER_PINS, ButtonsConfig, example_text, parse_config  # noqa: E402

OUT = REPO / "docs" / "img" / "wiring.png"

HEADER = HEADER_PINS  # BCM number -> physical header pin
GROUND = {6, 9, 14, 20, 25, 30, 34, 39}
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUND_PIN = 39

BLACK, GREY = (30, 30, 30), (140, 140, 140)
# BGR colours, one per wire.
COLOURS = {
    "next": (200, 110, 20), "keep": (20, 140, 230), "undo": (150, 60, 160),
    "bank": (40, 160, 40), "bank_led": (30, 30, 210),
}
FONT = cv2.FONT_HERSHEY_SIMPLEX
Colour = tuple[int, int, int]
Point = tuple[int, int]
EVEN_Y, ODD_Y, BUTTON_Y, BUS_Y = 90, 130, 430, 520


def text(img: np.ndarray, words: str, at: Point, scale: float = 0.5,
         colour: Colour = BLACK, thick: int = 1) -> None:
    cv2.putText(img, words, at, FONT, scale, colour, thick, cv2.LINE_AA)


def pin_centre(pin: int) -> Point:
    """The header seen from above, USB ports to the right: pin 1 at the left, odd pins in the
    inner (lower) row, even pins along the board's edge (upper row)."""
    return (120 + 40 * ((pin - 1) // 2), ODD_Y if pin % 2 else EVEN_Y)


def draw_header(img: np.ndarray, used: dict[int, str]) -> None:
    text(img, "Raspberry Pi 40-pin header, seen from above (USB ports to the right)",
         (40, 24), 0.6, thick=2)
    cv2.rectangle(img, (96, EVEN_Y - 22), (904, ODD_Y + 22), (60, 60, 60), 2)
    for pin in range(1, 41):
        x, y = pin_centre(pin)
        colour = COLOURS[used[pin]] if pin in used else BLACK if pin == GROUND_PIN else GREY
        filled = pin in used or pin == GROUND_PIN
        cv2.circle(img, (x, y), 10, colour, -1 if filled else 2, cv2.LINE_AA)
        power = POWER.get(pin, "GND" if pin in GROUND else "")
        if pin % 2 == 0:  # labels above the edge row
            text(img, str(pin), (x - 9, EVEN_Y - 28), 0.38, GREY)
            text(img, power, (x - 13, EVEN_Y - 44), 0.38, GREY)
        else:  # labels below the inner row, left of where a wire leaves
            text(img, str(pin), (x - 24, ODD_Y + 38), 0.38, GREY)
            text(img, power, (x - 32, ODD_Y + 54), 0.38, GREY)


def draw_button(img: np.ndarray, x: int, label: str, colour: Colour, lit: bool) -> None:
    if lit:
        for radius in (42, 48):
            cv2.circle(img, (x, BUTTON_Y), radius, (80, 200, 255), 2, cv2.LINE_AA)
    cv2.circle(img, (x, BUTTON_Y), 36, (70, 70, 70), 3, cv2.LINE_AA)
    cv2.circle(img, (x, BUTTON_Y), 30, colour, -1, cv2.LINE_AA)
    size = cv2.getTextSize(label, FONT, 0.5, 2)[0]
    text(img, label, (x - size[0] // 2, BUTTON_Y + 6), 0.5, (255, 255, 255), 2)


def wire(img: np.ndarray, points: list[Point], colour: Colour) -> None:
    cv2.polylines(img, [np.array(points)], False, colour, 3, cv2.LINE_AA)


def draw(buttons: ButtonsConfig) -> np.ndarray:
    """Buttons left to right in header order, so no two wires cross."""
    img = np.full((600, 1000, 3), 255, np.uint8)
    wires = sorted(
        [("next", buttons.next), ("keep", buttons.keep), ("undo", buttons.undo),
         ("bank", buttons.bank)],
        key=lambda item: HEADER[item[1]],
    )
    used = {HEADER[bcm]: name for name, bcm in wires}
    if buttons.bank_led is not None:
        used[HEADER[buttons.bank_led]] = "bank_led"
    draw_header(img, used)

    gx, gy = pin_centre(GROUND_PIN)
    ground_x = 970  # right of every label
    wire(img, [(gx, gy), (gx, ODD_Y + 20), (ground_x, ODD_Y + 20), (ground_x, BUS_Y),
               (160, BUS_Y)], BLACK)
    text(img, f"GND, header pin {GROUND_PIN}: one leg of every button, and the lamp",
         (170, BUS_Y + 24), 0.5)

    for i, (name, bcm) in enumerate(wires):
        pin = HEADER[bcm]
        px, py = pin_centre(pin)
        x = 200 + 200 * i
        colour = COLOURS[name]
        turn_y = 220 + 30 * i
        wire(img, [(px, py), (px, turn_y), (x, turn_y), (x, BUTTON_Y - 36)], colour)
        label = f"BCM {bcm} (pin {pin})"
        if x == px:
            text(img, label, (x - 150, BUTTON_Y - 70), 0.5, colour)
        else:
            text(img, label, (x + 8, turn_y - 8), 0.5, colour)
        draw_button(img, x, name.upper(), colour, lit=name == "bank")
        wire(img, [(x, BUTTON_Y + 36), (x, BUS_Y)], BLACK)
        cv2.circle(img, (x, BUS_Y), 5, BLACK, -1)

    if buttons.bank_led is not None:
        pin = HEADER[buttons.bank_led]
        px, py = pin_centre(pin)
        colour = COLOURS["bank_led"]
        wire(img, [(px, py), (px, 250)], colour)
        cv2.rectangle(img, (px - 9, 250), (px + 9, 300), colour, 2)  # the resistor
        wire(img, [(px, 300), (px, 340)], colour)
        cv2.fillPoly(img, [np.array([(px - 14, 340), (px + 14, 340), (px, 364)])], colour,
                     cv2.LINE_AA)  # the lamp, an LED: anode on top
        cv2.line(img, (px - 14, 366), (px + 14, 366), colour, 3)
        wire(img, [(px, 366), (px, BUS_Y)], BLACK)
        cv2.circle(img, (px, BUS_Y), 5, BLACK, -1)
        text(img, f"BCM {buttons.bank_led}", (px + 16, 210), 0.5, colour)
        text(img, f"(pin {pin})", (px + 16, 230), 0.5, colour)
        text(img, "220 ohm", (px + 16, 280), 0.5, colour)
        text(img, "BANK", (px + 18, 350), 0.5, colour)
        text(img, "lamp", (px + 18, 370), 0.5, colour)

    text(img, "Buttons use the Pi's internal pull-ups: no resistors. A 5 V or 12 V lamp needs",
         (40, 570), 0.45, GREY)
    text(img, "a transistor instead of the direct wire (see docs/install.md).", (40, 588),
         0.45, GREY)
    return img


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    buttons = parse_config(example_text(), REPO / "config.example.toml").buttons
    out.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(out), draw(buttons)):
        print(f"could not write {out}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
