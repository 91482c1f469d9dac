"""Drawing primitives in relative units: boxes cut from boxes, text fitted to a box, dice, marks.

Every screen is laid out as fractions of the window, and every text is fitted to the box it
gets, so one layout serves 800x480, 480x320 and 720x1280 without clipped words.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from farkle_pi.ui.bidi import reads_right_to_left
from farkle_pi.ui.face import Face, forget_opened
from farkle_pi.ui.fonts import default_font_path
from farkle_pi.ui.theme import Colour, Theme, die_colours

Align = Literal["left", "center", "right"]

# pygame's default font (freesansbold.ttf ships inside pygame) renders the same everywhere;
# its line height is about 0.68 of the requested size. Characters it lacks ("李", "ễ") are
# drawn in an installed font that has them (`face.Face`).
LINE_HEIGHT = 0.68
# Text is read from two metres when its capital letters are about 3 mm tall (5 arc-minutes):
# 15 px on the 7" 800x480 display, 19 px on a 3.5" 480x320 panel.
READABLE_MM = 2.9
# Below this no player's name or total is drawn (a layout shows fewer rows, or two columns,
# instead): 2.15 mm is 3.7 arc-minutes at two metres, 14 px on the 3.5" panel. Names at the
# table are a few known words, told apart by their shape below the size a letter alone needs.
FLOOR_MM = 2.15
# The points at risk are digits read one by one, by everyone: at least a 20/20 letter (5'+).
FIGURE_FLOOR_MM = 3.1
KEPT_CHARACTERS = 6  # a name cut to be readable keeps at least this much of its start ...
LEAST_KEPT = 4  # ... or, to stay above the floor, this much: "Maxi.." (else another layout)
_FONTS: dict[int, pygame.font.Font] = {}  # loading a font is slow; every frame reuses them
_CAPS: dict[pygame.font.Font, int] = {}  # measured once per font
_FONT_FILE: list[bytes] = []  # the font's bytes, read once: a Font per size keeps no fd open


@dataclass(frozen=True)
class Box:
    """A rectangle that hands out parts of itself as fractions, so layouts scale."""

    x: float
    y: float
    w: float
    h: float

    @classmethod
    def of(cls, surface: pygame.Surface) -> Box:
        width, height = surface.get_size()
        return cls(0, 0, width, height)

    def part(self, fx: float, fy: float, fw: float, fh: float) -> Box:
        return Box(self.x + fx * self.w, self.y + fy * self.h, fw * self.w, fh * self.h)

    def inset(self, pixels: float) -> Box:
        return Box(self.x + pixels, self.y + pixels, self.w - 2 * pixels, self.h - 2 * pixels)

    def rows(self, n: int, gap: float = 0.0) -> list[Box]:
        """n equal rows with `gap` pixels between them."""
        height = (self.h - gap * (n - 1)) / n
        return [Box(self.x, self.y + i * (height + gap), self.w, height) for i in range(n)]

    def stack(self, weights: Sequence[float], gap: float = 0.0) -> list[Box]:
        """Rows whose heights follow `weights`, with `gap` pixels between them."""
        turned = Box(self.y, self.x, self.h, self.w).columns(weights, gap)
        return [Box(b.y, b.x, b.h, b.w) for b in turned]

    def columns(self, weights: Sequence[float], gap: float = 0.0) -> list[Box]:
        """Columns whose widths follow `weights`, with `gap` pixels between them."""
        free = self.w - gap * (len(weights) - 1)
        total = sum(weights)
        out, x = [], self.x
        for weight in weights:
            width = free * weight / total
            out.append(Box(x, self.y, width, self.h))
            x += width + gap
        return out

    def square(self) -> Box:
        """The biggest square centred in this box."""
        side = min(self.w, self.h)
        return Box(self.x + (self.w - side) / 2, self.y + (self.h - side) / 2, side, side)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), round(self.w), round(self.h))

    @property
    def portrait(self) -> bool:
        return self.h > self.w


class Painter:
    """A surface, a theme and a font cache; every screen draws through one of these."""

    def __init__(self, surface: pygame.Surface, theme: Theme) -> None:
        self.surface = surface
        self.theme = theme
        self.unit = min(surface.get_size()) / 100  # 1% of the short side
        self.readable = readable_cap(surface.get_size())
        self.floor = floor_cap(surface.get_size())  # no name nor total is drawn smaller

    def font(self, size: int) -> pygame.font.Font:
        size = max(8, size)
        if not pygame.font.get_init():
            pygame.font.init()
        if not _FONTS:  # pygame.quit() frees fonts (using one then crashes): forget them then
            pygame.register_quit(_forget_fonts)
        if size not in _FONTS:
            _FONTS[size] = _font(size)
        return _FONTS[size]

    def fit(self, text: str, box: Box) -> pygame.font.Font:
        """The biggest default font that shows `text` whole inside `box`."""
        size = int(box.h / LINE_HEIGHT)
        width = self.font(size).size(text)[0]
        if width > box.w > 0:
            size = int(size * box.w / width)
            while size > 8 and self.font(size).size(text)[0] > box.w:
                size -= 1
        return self.font(size)

    def fit_all(self, texts: Sequence[str], box: Box) -> pygame.font.Font:
        """One font for a column: the biggest that shows every one of `texts` inside `box`,
        so a lone 0 is not drawn bigger than 10,350."""
        return min((self.fit(text, box) for text in texts if text),
                   key=lambda font: font.get_height(), default=self.fit("0", box))

    def smallest(self, cap: float) -> pygame.font.Font:
        """The smallest font whose capitals are at least `cap` pixels tall."""
        size = 8
        while cap_height(self.font(size)) < cap and size < 1000:
            size += 1
        return self.font(size)

    def below(self, font: pygame.font.Font) -> pygame.font.Font:
        """The biggest font whose capitals are shorter than `font`'s."""
        size = 8
        while cap_height(self.font(size + 1)) < cap_height(font) and size < 1000:
            size += 1
        return self.font(size)

    def fit_readable(self, texts: Sequence[str], box: Box) -> pygame.font.Font:
        """One font for a column of names: `fit_all`'s, unless that is too small to read from
        the table; then the readable size (as far as the box is tall), at which the longest
        texts lose their ends (keeping `KEPT_CHARACTERS`, or fewer where that would draw them
        below `floor`), rather than every name shrinking for the longest one."""
        whole = self.fit_all(texts, box)
        if cap_height(whole) >= self.readable:
            return whole
        tallest = self.font(int(box.h / LINE_HEIGHT))  # as tall as the box allows ...
        size = int(box.h / LINE_HEIGHT)
        while size > 8 and cap_height(self.font(size - 1)) >= self.readable:
            size -= 1  # ... but no taller than reads ...
        cut = self.fit_all([_cut(text) for text in texts], box)  # ... nor than a cut name fits
        floor = min(self.smallest(self.floor), tallest, key=cap_height)  # ... nor below floor
        readable = min(self.font(size), max(cut, floor, key=cap_height), key=cap_height)
        return readable if cap_height(readable) > cap_height(whole) else whole

    def text(
        self,
        text: str,
        box: Box,
        colour: Colour | None = None,
        align: Align = "left",
        font: pygame.font.Font | None = None,
    ) -> pygame.Rect:
        """Draw `text` as big as fits in `box` (or in `font`), vertically centred."""
        if not text:
            return pygame.Rect(round(box.x), round(box.y), 0, 0)
        face = font or self.fit(text, box)
        text = _elide(text, face, box.w)
        image = face.render(text, True, colour or self.theme.text)
        rect = image.get_rect()
        rect.centery = round(box.y + box.h / 2)
        if align == "left":
            rect.left = round(box.x)
        elif align == "right":
            rect.right = round(box.x + box.w)
        else:
            rect.centerx = round(box.x + box.w / 2)
        self.surface.blit(image, rect)
        return rect

    def lines(self, text: str, box: Box, colour: Colour | None = None, align: Align = "left",
              most: int = 2, tallest: float | None = None, words: Sequence[str] = ()) -> None:
        """`text` on one line, or broken into up to `most` lines where that draws it bigger:
        instructions the table must act on are read, not squinted at. Lines are at most
        `tallest` pixels high (the block centred in `box`); `words` are the pieces a line may
        break between (a name of two words stays whole), else `text`'s words."""
        pieces = list(words) or text.split()
        one = self.fit(" ".join(pieces), box)
        best: tuple[pygame.font.Font, list[str]] = (one, [" ".join(pieces)])
        for count in range(1, min(most, len(pieces)) + 1):
            rows = _block(box, count, tallest)
            split = _balanced(pieces, count, one)
            font = self.fit_all(split, rows[0])
            if count == 1 or cap_height(font) > cap_height(best[0]):
                best = (font, split)
        font, split = best
        for line, row in zip(split, _block(box, len(split), tallest), strict=True):
            self.text(line, row, colour, align, font)

    def fill(self, box: Box, colour: Colour, radius: float = 0, width: int = 0) -> None:
        pygame.draw.rect(
            self.surface, colour, box.rect, width=width, border_radius=max(0, round(radius))
        )

    def panel(self, box: Box) -> None:
        self.fill(box, self.theme.panel, radius=self.unit * 1.5)

    def die(self, box: Box, face: int | None, colour: str | None, flag: str = "") -> None:
        """A die face with its pips, in its own colour; an unread die shows a question mark."""
        square = box.square()
        side = square.w
        body, pip = die_colours(colour)
        self.fill(square, body, radius=side * 0.16)
        self.fill(square, self.theme.text, radius=side * 0.16, width=max(1, round(side * 0.03)))
        if face is None:
            self.text("?", square.inset(side * 0.15), pip, align="center")
        else:
            for px, py in PIPS[face]:
                centre = (round(square.x + px * side), round(square.y + py * side))
                pygame.draw.circle(self.surface, pip, centre, max(2, round(side * 0.085)))
        if flag:
            tag = Box(square.x, square.y + side * 1.02, side, side * 0.26)
            self.text(flag.upper(), tag, self.theme.warn, align="center")

    def star(self, centre: tuple[float, float], radius: float, colour: Colour) -> None:
        """The coach's mark: a five-pointed star (a shape, not just a colour)."""
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
        pygame.draw.polygon(self.surface, colour, points)

    def arrow(self, box: Box, colour: Colour, left: bool = False) -> None:
        """A right-pointing triangle: "this one", without relying on colour (`left`: "back")."""
        back, front = (box.x + box.w, box.x) if left else (box.x, box.x + box.w)
        tip = (front, box.y + box.h / 2)
        pygame.draw.polygon(self.surface, colour, [(back, box.y), tip, (back, box.y + box.h)])

    def caret(self, box: Box, colour: Colour) -> None:
        """An upward triangle in the middle of `box`: "this one", under what it points at."""
        half = min(box.w, box.h * 2) / 2
        middle = box.x + box.w / 2
        pygame.draw.polygon(self.surface, colour, [(middle - half, box.y + box.h),
                                                   (middle, box.y), (middle + half, box.y + box.h)])

    def tick(self, box: Box, colour: Colour) -> None:
        width = max(2, round(min(box.w, box.h) * 0.18))
        points = [
            (box.x + 0.1 * box.w, box.y + 0.55 * box.h),
            (box.x + 0.4 * box.w, box.y + 0.85 * box.h),
            (box.x + 0.9 * box.w, box.y + 0.15 * box.h),
        ]
        pygame.draw.lines(self.surface, colour, False, points, width)

    def cross(self, box: Box, colour: Colour) -> None:
        width = max(2, round(min(box.w, box.h) * 0.18))
        a, b = (box.x, box.y), (box.x + box.w, box.y + box.h)
        c, d = (box.x + box.w, box.y), (box.x, box.y + box.h)
        pygame.draw.line(self.surface, colour, a, b, width)
        pygame.draw.line(self.surface, colour, c, d, width)

    def dot(self, box: Box, colour: Colour, filled: bool) -> None:
        """A filled disc for yes, a ring for no: on-board marks that do not need colour."""
        radius = min(box.w, box.h) / 2
        centre = (box.x + box.w / 2, box.y + box.h / 2)
        pygame.draw.circle(
            self.surface, colour, centre, radius, width=0 if filled else max(2, round(radius / 3))
        )


# Pip positions as fractions of the die's side.
_L, _M, _R = 0.26, 0.5, 0.74
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_M, _M),),
    2: ((_L, _L), (_R, _R)),
    3: ((_L, _L), (_M, _M), (_R, _R)),
    4: ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    5: ((_L, _L), (_R, _L), (_M, _M), (_L, _R), (_R, _R)),
    6: ((_L, _L), (_R, _L), (_L, _M), (_R, _M), (_L, _R), (_R, _R)),
}


def _block(box: Box, count: int, tallest: float | None) -> list[Box]:
    """`count` rows of `box`, each at most `tallest` high, the block centred in `box`."""
    height = box.h / count if tallest is None else min(box.h / count, tallest)
    top = box.y + (box.h - height * count) / 2
    return [Box(box.x, top + height * k, box.w, height) for k in range(count)]


def _balanced(words: Sequence[str], count: int, font: pygame.font.Font) -> list[str]:
    """`words` in `count` lines, broken where the widest line is narrowest."""
    def widest(cuts: tuple[int, ...]) -> int:
        return max(font.size(line)[0] for line in _joined(words, cuts))
    cuts = min(itertools.combinations(range(1, len(words)), count - 1), key=widest)
    return _joined(words, cuts)


def _joined(words: Sequence[str], cuts: tuple[int, ...]) -> list[str]:
    ends = (0, *cuts, len(words))
    return [" ".join(words[a:b]) for a, b in itertools.pairwise(ends)]


def _elide(text: str, font: pygame.font.Font, width: float) -> str:
    """Text that is too long even in the smallest font loses its end, marked with "..", with
    no space before it ("Anaïs D.." or "Anaïs..", never "Anaïs ..")."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(_marked(text))[0] > width:
        text = text[:-1].rstrip()
    return _marked(text) if text else ""


def _marked(kept: str) -> str:
    """The start of a cut text with ".." where it was cut: at its end as read, so on the left
    of a right-to-left name (a Hebrew reader met "..", drawn on its right, before the name)."""
    return ".." + kept if reads_right_to_left(kept) else kept + ".."


def keeps(text: str, font: pygame.font.Font, box: Box) -> bool:
    """Whether `text` drawn in `font` in `box` keeps `LEAST_KEPT` characters (or all of them)
    of its start: a name cut shorter is no longer told from the others."""
    shown = _elide(text, font, box.w)
    kept = shown if shown == text else shown.removesuffix("..").removeprefix("..")
    return len(kept) >= min(len(text), LEAST_KEPT)


def all_kept(names: Iterable[str], font: pygame.font.Font, boxes: Iterable[Box]) -> bool:
    """Whether every name keeps its start in its box (`keeps`): none cut too short to tell."""
    return all(keeps(name, font, box) for name, box in zip(names, boxes, strict=False))


def _forget_fonts() -> None:
    _FONTS.clear()
    _CAPS.clear()
    forget_opened()


def readable_cap(size: tuple[int, int]) -> float:
    """The cap height in pixels that reads from two metres on a panel of `size` pixels."""
    return READABLE_MM * _pixels_per_mm(size)


def floor_cap(size: tuple[int, int], mm: float = FLOOR_MM) -> int:
    """The least cap height in pixels a name or total (`mm`: another figure) may have on a
    panel of `size` pixels: 14 px at 480x320, 11 at 800x480, 18 at 720x1280."""
    return round(mm * _pixels_per_mm(size))


def _pixels_per_mm(size: tuple[int, int]) -> float:
    """Panels of 320 px or less on the short side are taken as 3.5" (denser), others as 7"."""
    inches = 3.5 if min(size) <= 320 else 7.0
    return math.hypot(*size) / (inches * 25.4)


def cap_height(font: pygame.font.Font) -> int:
    """How tall a capital letter is drawn in `font`, in pixels (what the yardstick measures)."""
    if font not in _CAPS:
        _CAPS[font] = font.render("H", True, (255, 255, 255)).get_bounding_rect().h
    return _CAPS[font]


def _cut(text: str) -> str:
    """`text` as `_elide` would shorten it to its first `KEPT_CHARACTERS`."""
    return text if len(text) <= KEPT_CHARACTERS else _marked(text[:KEPT_CHARACTERS].rstrip())


def points_text(points: int) -> str:
    """Points with thin grouping so 10000 reads as 10,000 from across the table."""
    return f"{points:,}"


def _font(size: int) -> pygame.font.Font:
    """pygame's default font at `size`, from its bytes read once: fitting text tries many sizes,
    and each Font opened from the file would keep it open for the rest of the evening."""
    if not _FONT_FILE:
        path = default_font_path()
        _FONT_FILE.append(path.read_bytes() if path.is_file() else b"")
    if not _FONT_FILE[0]:
        return Face(None, size)
    # Font(None, size) scales the default font by 0.6875; the same glyphs at the same size here.
    return Face(io.BytesIO(_FONT_FILE[0]), max(1, int(size * 0.6875)))
