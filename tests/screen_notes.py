"""Screens drawn with every text, fill and on-board dot noted: what was drawn, where, in which
colour, and how tall its capital letters are (every text goes through `Painter.text`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from farkle_pi.ui.display import offscreen
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.render import render
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import TableView

SIZES = [(800, 480), (480, 320), (720, 1280)]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: what it said, its font's cap height and where it went."""

    text: str
    cap: int
    rect: pygame.Rect
    colour: tuple[int, int, int] | None
    box: Box | None = None  # the box it was given


@dataclass(frozen=True)
class Frame:
    """A drawn screen: its pixels, its texts in drawing order, its fills and its dots."""

    surface: pygame.Surface
    texts: list[Drawn]
    fills: list[tuple[pygame.Rect, tuple[int, int, int], int]]  # with the outline's width
    dots: list[pygame.Rect]

    @property
    def outlines(self) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        return [(rect, colour) for rect, colour, width in self.fills if width]

    def caps(self, texts: tuple[str, ...] | list[str]) -> set[int]:
        """The cap heights `texts` were drawn at (each must have been drawn)."""
        found = {drawn.text: drawn.cap for drawn in self.texts}
        missing = [text for text in texts if text not in found]
        assert not missing, f"not drawn: {missing}"
        return {found[text] for text in texts}

    def find(self, text: str) -> Drawn:
        return next(drawn for drawn in self.texts if drawn.text == text)


def cap_height(font: pygame.font.Font) -> int:
    """How tall a capital is drawn in `font` (measured here, not taken from the code)."""
    return font.render("H", True, (255, 255, 255)).get_bounding_rect().h


def draw(view: TableView, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
         picture: pygame.Surface | None = None) -> Frame:
    """`view` drawn at `size`, noting every text, fill and on-board dot."""
    texts: list[Drawn] = []
    fills: list[tuple[pygame.Rect, tuple[int, int, int], int]] = []
    dots: list[pygame.Rect] = []
    text, fill, dot = Painter.text, Painter.fill, Painter.dot

    def noting_text(self: Painter, words: str, box: Any, *args: Any, **kwargs: Any
                    ) -> pygame.Rect:
        font = kwargs.get("font") or (args[2] if len(args) > 2 else None) or self.fit(words, box)
        colour = kwargs.get("colour") or (args[0] if args else None)
        rect = text(self, words, box, *args, **kwargs)
        texts.append(Drawn(words, cap_height(font), rect, colour, box))
        return rect

    def noting_fill(self: Painter, box: Any, colour: tuple[int, int, int], radius: float = 0,
                    width: int = 0) -> None:
        fills.append((box.rect, colour, width))
        fill(self, box, colour, radius, width)

    def noting_dot(self: Painter, box: Any, colour: tuple[int, int, int], filled: bool) -> None:
        dots.append(box.rect)
        dot(self, box, colour, filled)

    monkeypatch.setattr(Painter, "text", noting_text)
    monkeypatch.setattr(Painter, "fill", noting_fill)
    monkeypatch.setattr(Painter, "dot", noting_dot)
    surface = offscreen(size)
    render(surface, view, DARK, picture=picture)
    monkeypatch.undo()
    return Frame(surface, texts, fills, dots)


def words_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on (this test), every text any screen draws, in order: for tests that drive
    the app or the table command rather than render a view."""
    drawn: list[str] = []
    text = Painter.text

    def noting(self: Painter, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(words)
        return text(self, words, *args, **kwargs)

    monkeypatch.setattr(Painter, "text", noting)
    return drawn
