"""What stops the table from starting (a damaged database, a full disk), big on its own screen:
under systemd the journal is the only other place, and nobody at the table reads it."""

from __future__ import annotations

import pygame

from farkle_pi.ui.draw import Box, Painter

TITLE = "THE TABLE CANNOT START"
AFTER = "fix it, then press any button to try again"


def draw(p: Painter, message: str) -> None:
    screen = Box.of(p.surface).inset(p.unit * 3)
    title, body, foot = screen.stack([16, 68, 16], gap=p.unit * 2)
    p.fill(title, p.theme.bad, radius=p.unit * 2)
    p.text(TITLE, title.inset(p.unit * 2), p.theme.on_accent, align="center")
    font, lines = fitted(p, message, body)
    height = font.get_linesize()
    for number, line in enumerate(lines):
        p.text(line, Box(body.x, body.y + number * height, body.w, height), font=font)
    p.text(AFTER, foot.inset(p.unit), p.theme.muted, align="center")


def fitted(p: Painter, message: str, box: Box) -> tuple[pygame.font.Font, list[str]]:
    """The biggest font (up to a third of the box's height a line) whose lines of `message`
    all fit in `box`, and those lines."""
    size = int(box.h / 3)
    while True:
        font = p.font(size)
        lines = wrap(message, font, box.w)
        if size <= 8 or (len(lines) * font.get_linesize() <= box.h
                         and all(font.size(line)[0] <= box.w for line in lines)):
            return font, lines
        size -= 1


def wrap(message: str, font: pygame.font.Font, width: float) -> list[str]:
    """The message's words in lines no wider than `width` (a longer word has a line alone)."""
    lines: list[str] = []
    for word in message.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
