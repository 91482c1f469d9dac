"""What the review of the fifty-ninth session's names in other scripts found.

Right-to-left lines are compared with what UAX #9 gives a left-to-right line (fribidi 1.0.8
gave the same for each); marks the default font lacks are drawn on their letter, not beside
it; a font file cut short or gone since it was read is skipped, not a crash at the table."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from farkle_pi.ui.bidi import visual
from farkle_pi.ui.cmap import read_font
from farkle_pi.ui.draw import Painter
from farkle_pi.ui.face import Face, forget_opened
from farkle_pi.ui.fonts import INSTALLED, default_font_path, undrawable
from farkle_pi.ui.theme import DARK

WHITE = (255, 255, 255)
DANI, SARAH = "דני", "שרה"
# marks below a letter that pygame's bundled font lacks and DejaVu has (Yoruba, Kikuyu ...)
MARKS = "\u0331\u0323\u0330\u032d"


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.font.init()
    INSTALLED.forget()
    forget_opened()
    yield
    INSTALLED.forget()
    forget_opened()


def face(size: int = 60) -> Face:
    font = Painter(pygame.Surface((800, 480)), DARK).font(size)
    assert isinstance(font, Face)
    return font


def pixels(surface: pygame.Surface) -> bytes:
    drawn = surface.subsurface(surface.get_bounding_rect())
    to_bytes = getattr(pygame.image, "tobytes", None) or pygame.image.tostring
    return bytes(drawn.get_size()) + to_bytes(drawn, "RGBA")


@pytest.mark.parametrize(("stored", "drawn"), [
    (f"{DANI} 23", f"23 {DANI[::-1]}"),  # the number is read after the name: on its left
    (f"Ann {SARAH} 2", f"Ann 2 {SARAH[::-1]}"),
    (f"{SARAH} (2)", f"(2) {SARAH[::-1]}"),  # brackets paired, and mirrored where turned
    (f"Ann ({SARAH})", f"Ann ({SARAH[::-1]})"),  # ... left to right around Latin
    (f"({SARAH}) Ann", f"({SARAH[::-1]}) Ann"),
    (f"[{DANI}] 2", f"[{DANI[::-1]}] 2"),
    (f"{DANI} 1.5 ב", f"ב 1.5 {DANI[::-1]}"),  # a number's point and digits in order
    (f"{SARAH} 50% off", f"50% {SARAH[::-1]} off"),
    (f"{DANI} -5", f"5- {DANI[::-1]}"),
    (f"1 {SARAH}", f"1 {SARAH[::-1]}"),  # a number before: left to right, as the line
    (f"Bob 3 {DANI} 4 Ann", f"Bob 3 4 {DANI[::-1]} Ann"),
    ("محمد ١٢ علي", "\ufef2\ufee0\ufecb ١٢ \ufeaa\ufee4\ufea4\ufee3"),  # Arabic digits in order
])
def test_right_to_left_lines_are_put_in_the_bidirectional_algorithms_order(
        stored: str, drawn: str) -> None:
    assert visual(stored) == drawn


def test_a_mark_the_default_font_lacks_is_drawn_on_its_letter_by_one_font() -> None:
    """"A̱na": the A was the default font's and the macron below another's, drawn beside the
    A ("A_na"); the letter and its mark are now drawn together by the font with both."""
    plain = read_font(default_font_path())
    assert plain is not None
    mark = next((m for m in MARKS if not plain.has(m) and not undrawable(m)), None)
    if mark is None:
        pytest.skip(f"no installed font has one of {MARKS!r} that the default font lacks "
                    "(fonts-dejavu-core has them)")
    font = face()
    cluster = "A" + mark
    runs = INSTALLED.runs(cluster + "na")
    assert [run for run, _ in runs] == [cluster, "na"]
    path = runs[0][1]
    assert path is not None
    alone = pygame.font.Font(str(path), font.points)
    assert pixels(font.render(cluster, True, WHITE)) == pixels(alone.render(cluster, True,
                                                                             WHITE))


def lacking() -> tuple[str, Path]:
    """A letter the default font lacks, and the installed font file that draws it."""
    plain = read_font(default_font_path())
    assert plain is not None
    character = next((c for c in "ễქԱש李" if not plain.has(c) and not undrawable(c)), None)
    if character is None:
        pytest.skip("no installed font has a letter the default font lacks")
    (_, path), = INSTALLED.runs(character)
    assert path is not None
    return character, path


def test_a_font_file_cut_short_is_skipped(tmp_path: Path) -> None:
    """A copy stopped half-way has its cmap and not its glyphs: SDL_ttf opened it and then
    failed to measure with it ("Passed a NULL pointer"), in the frame loop."""
    _, path = lacking()
    whole = path.read_bytes()
    cut = tmp_path / path.name
    cut.write_bytes(whole[:len(whole) // 2])
    assert read_font(cut) is None


def test_a_font_removed_while_the_table_runs_draws_boxes_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    character, path = lacking()
    shutil.copy(path, tmp_path / path.name)
    monkeypatch.setenv("FARKLE_PI_FONTS", str(tmp_path))
    INSTALLED.forget()
    assert undrawable(character) == ""  # found ...
    (tmp_path / path.name).unlink()  # ... then removed (apt remove) while the table runs
    font = face(47)
    assert font.size(character)[0] > 0
    assert font.render(f"Ann {character}", True, WHITE).get_width() > 0
