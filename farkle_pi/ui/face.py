"""The default font at one size, drawing the characters it lacks in an installed font that
has them (`fonts.py` finds it): "李雷" and "王芳" drawn as themselves, not as the same boxes;
right-to-left names in the order they are read (`bidi.py`)."""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pygame

from farkle_pi.ui.bidi import visual
from farkle_pi.ui.fonts import INSTALLED

if TYPE_CHECKING:
    from pygame._common import ColorValue

PIECES_KEPT = 512  # texts a Face remembers the runs of (a frame draws a few dozen)
_OPENED: dict[tuple[Path, int], pygame.font.Font] = {}  # (file, points): loaded once
_BYTES: dict[Path, bytes] = {}  # read once: a Font per size keeps no file open


def forget_opened() -> None:
    """pygame.quit() frees fonts (using one then crashes): forget them then."""
    _OPENED.clear()


def _opened(path: Path, points: int) -> pygame.font.Font:
    key = (path, points)
    if key not in _OPENED:
        if path not in _BYTES:
            _BYTES[path] = path.read_bytes()
        _OPENED[key] = pygame.font.Font(io.BytesIO(_BYTES[path]), points)
    return _OPENED[key]


class Face(pygame.font.Font):
    """The default font at `points`, measuring and drawing the characters it lacks in an
    installed font that has them, at the same size, on one baseline."""

    def __init__(self, name: str | io.BytesIO | None, points: int) -> None:
        super().__init__(name, points)
        self.points = points if name is not None else max(1, int(points * 0.6875))  # as pygame
        self._known: dict[str, list[tuple[str, pygame.font.Font | _Default]]] = {}

    def _pieces(self, text: str | bytes | None
                ) -> list[tuple[str, pygame.font.Font | _Default]]:
        """`text`'s runs with their fonts; empty where the default font draws it all (the
        common case: no lookup beyond a dictionary's; fitting measures a text many times)."""
        if not isinstance(text, str) or text.isascii():
            return []
        known = self._known.get(text)
        if known is None:
            if len(self._known) >= PIECES_KEPT:
                self._known.clear()
            runs = INSTALLED.runs(unicodedata.normalize("NFC", text))
            known = self._known[text] = [] if all(path is None for _, path in runs) else [
                (run, self._font_for(path)) for run, path in runs]
        return known

    def _font_for(self, path: Path | None) -> pygame.font.Font | _Default:
        """The font of `path` at this size; the default font (boxes, not a crash in the
        frame loop) where the file is gone or unreadable since it was read (a font package
        removed while the table runs, a file cut short)."""
        if path is None:
            return _Default(self)
        try:
            return _opened(path, self.points)
        except (OSError, pygame.error):
            return _Default(self)

    def size(self, text: str | bytes) -> tuple[int, int]:
        text = visual(text) if isinstance(text, str) else text
        pieces = self._pieces(text)
        if not pieces:
            return super().size(text)
        sizes = [(font.size(run), font.get_ascent()) for run, font in pieces]
        return sum(w for (w, _), _ in sizes), _height([(h, a) for (_, h), a in sizes])

    def render(self, text: str | bytes | None, antialias: bool | Literal[0, 1],
               color: ColorValue, background: ColorValue | None = None) -> pygame.Surface:
        text = visual(text) if isinstance(text, str) else text
        pieces = self._pieces(text)
        if not pieces:
            return super().render(text, antialias, color, background)
        drawn = [(font.render(run, antialias, color), font.get_ascent()) for run, font in pieces]
        top = max(ascent for _, ascent in drawn)
        height = _height([(image.get_height(), ascent) for image, ascent in drawn])
        surface = pygame.Surface((sum(image.get_width() for image, _ in drawn), height),
                                 pygame.SRCALPHA)
        if background is not None:
            surface.fill(background)
        x = 0
        for image, ascent in drawn:
            surface.blit(image, (x, top - ascent))
            x += image.get_width()
        return surface


def _height(pieces: list[tuple[int, int]]) -> int:
    """The height of pieces (height, ascent) set on one baseline: the tallest ascent down to
    the deepest bottom, so that `size` says what `render` draws ("Nguyễn" measured a pixel
    short of its drawing, the installed font's letters lower on the line)."""
    top = max(ascent for _, ascent in pieces)
    return max(top - ascent + height for height, ascent in pieces)


class _Default:
    """A `Face`'s runs that its own font draws: measured and drawn by pygame's Font itself
    (a Face would look for fallbacks again)."""

    def __init__(self, face: Face) -> None:
        self.face = face

    def size(self, text: str) -> tuple[int, int]:
        return pygame.font.Font.size(self.face, text)

    def render(self, text: str, antialias: bool | Literal[0, 1], color: ColorValue
               ) -> pygame.Surface:
        return pygame.font.Font.render(self.face, text, antialias, color)

    def get_ascent(self) -> int:
        return self.face.get_ascent()
