"""Names the default font has no letters for are drawn with an installed font that has them.

pygame's bundled bold font drew "李雷" and "王芳" as the same two boxes, and the "ễ" of
"Nguyễn" as one. Here a character is drawn as a box when its pixels are those of the
missing-glyph box (a private-use character no font has), measured, not taken from the code."""

from __future__ import annotations

import shutil
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from farkle_pi.ui.cmap import FontFacts, read_font
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.face import Face
from farkle_pi.ui.fonts import (
    INSTALLED,
    _preference,
    default_font_path,
    font_fix,
    undrawable,
    undrawn_names,
)
from farkle_pi.ui.theme import DARK

NO_FONT_HAS = "\U0010fffd"  # private use: every font draws its missing-glyph box for it
WHITE = (255, 255, 255)
# letters pygame's bundled font (or Debian's FreeSansBold in its place) may lack: Vietnamese,
# Georgian, Armenian, Hebrew, Chinese
CANDIDATES = "ễქԱש李"
CHINESE = ("李雷", "王芳")


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.font.init()
    INSTALLED.forget()
    yield
    INSTALLED.forget()


def pixels(surface: pygame.Surface) -> bytes:
    """A drawing's pixels, cut to what was drawn (pygame 2.1.2 has no `tobytes`)."""
    drawn = surface.subsurface(surface.get_bounding_rect())
    to_bytes = getattr(pygame.image, "tobytes", None) or pygame.image.tostring
    return bytes(drawn.get_size()) + to_bytes(drawn, "RGBA")


def plain(points: int) -> pygame.font.Font:
    """pygame's default font alone, as the table drew with it before."""
    return pygame.font.Font(str(default_font_path()), points)


def boxed(font: pygame.font.Font, text: str) -> bool:
    """Whether `font` draws `text` as missing-glyph boxes, one a character."""
    return pixels(font.render(text, True, WHITE)) == pixels(
        font.render(NO_FONT_HAS * len(text), True, WHITE))


def face(size: int = 60) -> Face:
    font = Painter(pygame.Surface((800, 480)), DARK).font(size)
    assert isinstance(font, Face)
    return font


def lacking() -> str:
    """A character the default font draws as a box and an installed font has."""
    default = plain(40)
    found = next((c for c in CANDIDATES if boxed(default, c) and not undrawable(c)), None)
    if found is None:
        pytest.skip(f"no installed font has one of {CANDIDATES} that the default font lacks "
                    "(DejaVu Sans, from fonts-dejavu-core, has the first four)")
    return found


def test_a_letter_the_default_font_lacks_is_drawn_by_an_installed_font_not_as_a_box() -> None:
    character = lacking()
    font = face()
    assert boxed(plain(font.points), character)  # as it was drawn before
    assert not boxed(font, character)
    (run, path), = INSTALLED.runs(character)
    assert path is not None and run == character
    own = pygame.font.Font(str(path), font.points)
    assert pixels(font.render(character, True, WHITE)) == pixels(own.render(character, True,
                                                                            WHITE))


def test_a_name_mixing_letters_keeps_the_default_font_for_those_it_has() -> None:
    character = lacking()
    name = f"Ann{character}Bob"
    font = face()
    runs = INSTALLED.runs(name)
    assert [run for run, _ in runs] == ["Ann", character, "Bob"] and runs[0][1] is None
    drawn = font.render(name, True, WHITE)
    assert drawn.get_width() == font.size(name)[0]  # measured as drawn: fitting holds
    assert not boxed(font, name[3]) and boxed(plain(font.points), name[3])


def test_chinese_names_are_drawn_apart_where_a_chinese_font_is_installed(
    require_font: Callable[[str, str], None],
) -> None:
    require_font("".join(CHINESE), "fonts-droid-fallback")  # (CI's: 7 MB, no bold)
    font = face()
    assert all(boxed(plain(font.points), name) for name in CHINESE)  # alike, before
    first, second = (pixels(font.render(name, True, WHITE)) for name in CHINESE)
    assert first != second
    assert not any(boxed(font, name) for name in CHINESE)


def test_a_name_with_such_letters_is_fitted_to_its_box_and_cut_by_its_drawn_width() -> None:
    character = lacking()
    painter = Painter(pygame.Surface((480, 320)), DARK)
    name = f"Trần {character * 5} Nguyen"
    box = Box(10, 10, 120, 30)
    font = painter.fit(name, box)
    assert font.size(name)[0] <= box.w
    rect = painter.text(name, Box(10, 60, 60, 30), font=painter.font(40))  # cut: "Trầ.."
    assert 0 < rect.w <= 60


def test_what_no_installed_font_draws_is_named_with_what_to_install(no_fonts: None) -> None:
    assert undrawable("李雷 and Ann") == "李雷"
    assert undrawable("Ann, Zoë") == ""
    assert undrawable("王王") == "王"
    assert font_fix("李") == font_fix("김") == "sudo apt install fonts-noto-cjk"
    assert font_fix("ก") == "sudo apt install fonts-noto-core"  # Thai
    assert font_fix("ễქ") == "sudo apt install fonts-dejavu-core"
    assert font_fix("\U00020000") == "sudo apt install fonts-noto-cjk"  # CJK extension B
    assert font_fix("李ก\U0001f600") == ("sudo apt install fonts-noto-cjk fonts-noto-core and "
                                        "leave out the emoji")
    assert undrawn_names(["Ann", "李雷", "Bob"]) == (
        "the table's screen has no font for 李, 雷 (in 李雷): it would draw them as boxes, "
        "and such names look alike; sudo apt install fonts-noto-cjk")
    assert undrawn_names(["Ann", "Zoë"]) == ""


def test_a_font_installed_in_a_searched_folder_is_found(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    character = lacking()
    (_, path), = INSTALLED.runs(character)
    assert path is not None
    monkeypatch.setenv("FARKLE_PI_FONTS", str(tmp_path))
    INSTALLED.forget()
    assert undrawable(character) == character
    shutil.copy(path, tmp_path / path.name)
    (tmp_path / "damaged.ttf").write_bytes(path.read_bytes()[:300])  # skipped, not an error
    (tmp_path / "notes.ttf").write_text("not a font")
    INSTALLED.forget()
    assert undrawable(character) == ""
    assert [font.path.name for font in INSTALLED.fonts] == [path.name]


def _drawn(font: pygame.font.Font, character: str, box: bytes) -> bool:
    return pixels(font.render(character, True, WHITE)) != box


def _from_parts(facts: FontFacts, character: str) -> bool:
    """A letter the font lacks that HarfBuzz (the Pi's SDL_ttf 2.20) draws from its canonical
    parts the font has ("≱" as "≥" and a slash): drawn, though not in the cmap."""
    parts = unicodedata.normalize("NFD", character)
    return parts != character and all(facts.has(part) for part in parts)


def test_the_cmap_reader_agrees_with_what_pygame_draws() -> None:
    """Every 61st character of the first planes: the default font has it exactly where
    pygame draws it as something other than the missing-glyph box."""
    path = default_font_path()
    facts = read_font(path)
    assert facts is not None and facts.weight >= 600 and facts.outlines
    font = pygame.font.Font(str(path), 30)
    box = pixels(font.render(NO_FONT_HAS, True, WHITE))
    codes = [c for c in range(0x21, 0x3000, 61) if chr(c).isprintable()] + [0x1EC5, 0x674E]
    wrong = [hex(code) for code in codes
             if _drawn(font, chr(code), box) != facts.has(chr(code))
             and not _from_parts(facts, chr(code))]
    assert not wrong
    assert facts.has("A") and not facts.has("李")


def test_a_bold_upright_sans_is_preferred() -> None:
    def facts(name: str, weight: int, italic: bool = False) -> FontFacts:
        return FontFacts(Path(name), ((0x20, 0x7E),), weight, italic, 5, True)

    fonts = [facts("FreeSerifBold.ttf", 700), facts("DejaVuSans.ttf", 400),
             facts("DejaVuSansMono-Bold.ttf", 700), facts("DejaVuSans-BoldOblique.ttf", 700, True),
             facts("DejaVuSans-Bold.ttf", 700), facts("NotoSansCJK-Bold.ttc", 700)]
    assert [f.path.name for f in sorted(fonts, key=_preference)] == [
        "DejaVuSans-Bold.ttf", "NotoSansCJK-Bold.ttc", "DejaVuSans-BoldOblique.ttf",
        "DejaVuSans.ttf", "DejaVuSansMono-Bold.ttf", "FreeSerifBold.ttf"]


def test_no_font_file_is_read_while_the_default_font_draws_every_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Most evenings every name is the default font's: the table reads no other font file."""
    read: list[Path] = []

    def noting(path: Path) -> FontFacts | None:
        read.append(path)
        return read_font(path)

    monkeypatch.setattr("farkle_pi.ui.fonts.read_font", noting)
    font = face()
    for name in ("Ann", "Zoë", "Łukasz", "Ελένη", "Дмитрий", "Şükrü"):
        assert font.size(name)[0] > 0 and not boxed(font, name[-1])
    assert read == [default_font_path()]


def test_the_first_face_of_a_collection_is_read_as_sdl_ttf_opens_it(tmp_path: Path) -> None:
    """Noto Sans CJK and WenQuanYi come as collections (.ttc): their first face counts."""
    character = lacking()
    (_, path), = INSTALLED.runs(character)
    assert path is not None and path.suffix == ".ttf"
    single = path.read_bytes()
    tables = int.from_bytes(single[4:6], "big")
    moved = bytearray(single)
    for k in range(tables):  # a collection's table offsets count from the file's start
        at = 12 + 16 * k + 8
        moved[at:at + 4] = (int.from_bytes(single[at:at + 4], "big") + 16).to_bytes(4, "big")
    collection = tmp_path / "fonts.ttc"
    collection.write_bytes(b"ttcf" + (0x10000).to_bytes(4, "big") + (1).to_bytes(4, "big")
                           + (16).to_bytes(4, "big") + bytes(moved))
    facts, one = read_font(collection), read_font(path)
    assert facts is not None and one is not None
    assert (facts.ranges, facts.weight, facts.outlines) == (one.ranges, one.weight, True)
    font = pygame.font.Font(str(collection), 40)
    assert pixels(font.render(character, True, WHITE)) == pixels(
        pygame.font.Font(str(path), 40).render(character, True, WHITE))


def test_a_user_without_a_home_still_gets_the_system_fonts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python 3.13's Path.home() raises where there is no $HOME and no passwd entry (a
    service's bare user): the screen's first name in another script raised with it."""
    from farkle_pi.ui import fonts

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("FARKLE_PI_FONTS", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert fonts.font_folders() == (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
