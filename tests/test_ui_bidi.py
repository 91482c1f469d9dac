"""Right-to-left names are drawn in the order they are read.

pygame lays text out left to right as stored, so "שרה" came out as "הרש" and Arabic names
backwards; `bidi.visual` turns such stretches round (Arabic letters joined first)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame
import pytest

from farkle_pi.ui import face as face_module
from farkle_pi.ui.bidi import reads_right_to_left, visual
from farkle_pi.ui.draw import KEPT_CHARACTERS, Box, _cut, _elide, _font, keeps

SARAH = "שרה"  # shin, resh, he: read right to left


def test_a_hebrew_name_is_turned_round() -> None:
    assert visual(SARAH) == SARAH[::-1]
    assert visual("שרה כהן") == "ןהכ הרש"  # a two-word name: its words swap places too


def test_latin_text_and_latin_around_a_hebrew_name_keep_their_order() -> None:
    for text in ("Ann", "Zoë", "Nguyễn", "李雷", ""):
        assert visual(text) == text
    assert visual(f"Ann {SARAH} won") == f"Ann {SARAH[::-1]} won"
    assert visual(f"{SARAH} won") == f"{SARAH[::-1]} won"


def test_numbers_keep_their_digits_and_marks_stay_after_their_letter() -> None:
    # a number after a right-to-left word is read after it, from the right (UAX #9, as
    # fribidi and every phone put it): on its left
    assert visual("דני 23") == "23 ינד"
    assert visual(f"Ann {SARAH} 2") == f"Ann 2 {SARAH[::-1]}"
    assert visual("א 12 ב") == "ב 12 א"  # inside a right-to-left stretch: digits in order
    pointed = unicodedata.normalize("NFC", "שָׂרָה")  # with vowel points
    shin, resh, he = pointed[:3], pointed[3:5], pointed[5:]  # shin and its two marks, ...
    assert (shin[0], resh[0], he) == ("ש", "ר", "ה")
    assert visual(pointed) == he + resh + shin


def test_arabic_letters_take_their_joined_forms_then_turn_round() -> None:
    # محمد: meem initial, hah medial, meem medial, dal final; drawn from the left: dal first
    assert visual("محمد") == "\ufeaa\ufee4\ufea4\ufee3"
    # سلام: lam and alef are one letter (final, joined to the seen before them)
    assert visual("سلام") == "\ufee1\ufefc\ufeb3"
    assert visual("لا") == "\ufefb"  # lam-alef alone
    assert visual("د") == "\ufea9"  # a letter alone: its isolated form
    # a right-joining letter (dal) does not join the letter after it
    assert visual("دم") == "\ufee1\ufea9"


def test_the_screen_draws_a_hebrew_name_in_reading_order(
    monkeypatch: pytest.MonkeyPatch, require_font: Callable[[str, str], None]
) -> None:
    """Pixels: the name drawn is the letters turned round, not the letters as stored."""
    require_font(SARAH, "fonts-dejavu-core")
    pygame.font.init()
    font = _font(40)

    def drawn(text: str) -> bytes:
        surface = font.render(text, True, (255, 255, 255))
        return pygame.image.tostring(surface, "RGBA") + bytes(surface.get_size())

    read = drawn(SARAH)
    width = font.size(SARAH)
    monkeypatch.setattr(face_module, "visual", lambda text: text)  # as pygame lays it out
    assert read == drawn(SARAH[::-1]) != drawn(SARAH)
    assert width == font.size(SARAH[::-1])


def test_a_cut_right_to_left_name_is_marked_at_its_end_as_read() -> None:
    """A name too long for its box loses its end, marked "..": for a Hebrew name that end is
    its left (a Hebrew reader met the "..", drawn on its right, before the name itself);
    Latin names keep theirs on the right."""
    pygame.font.init()
    font = _font(30)
    long_hebrew, long_latin = "שרה כהן-אברמוביץ", "Maximilian Weber-Schulz"
    for name in (long_hebrew, long_latin):
        shown = _elide(name, font, font.size(name)[0] * 0.6)
        kept = shown.removeprefix("..") if name is long_hebrew else shown.removesuffix("..")
        assert len(kept) < len(name) - 2 and name.startswith(kept), shown
        drawn = visual(shown)
        assert drawn.startswith("..") == (name is long_hebrew)
        assert drawn.endswith("..") == (name is long_latin)
        assert keeps(name, font, Box(0, 0, font.size(name)[0] * 0.6, 40))
    assert _cut(long_hebrew) == ".." + long_hebrew[:KEPT_CHARACTERS].rstrip()
    assert visual(_cut(long_hebrew)).startswith("..")
    assert reads_right_to_left(f"12 {SARAH} Ann") and not reads_right_to_left(f"Ann {SARAH}")
    assert not reads_right_to_left("12 - ..")
