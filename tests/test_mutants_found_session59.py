"""What the review of the fifty-ninth session's names in other scripts found.

Right-to-left lines are compared with what UAX #9 gives a left-to-right line (fribidi 1.0.8
gave the same for each); marks the default font lacks are drawn on their letter, not beside
it; a font file cut short or gone since it was read is skipped, not a crash at the table."""

from __future__ import annotations

import shutil
import struct
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from farkle_pi import doctor
from farkle_pi.config import Config, StoreConfig, TableConfig
from farkle_pi.doctor import Status
from farkle_pi.ui.bidi import visual
from farkle_pi.ui.cmap import FontFacts, read_font
from farkle_pi.ui.draw import Painter
from farkle_pi.ui.face import Face, forget_opened
from farkle_pi.ui.fonts import (
    INSTALLED,
    _preference,
    default_font_path,
    undrawable,
    undrawn_names,
)
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
    (f"{SARAH} (Ann)", f"{SARAH[::-1]} (Ann)"),  # ... around Latin after Hebrew too
    (f"[{DANI}] 2", f"[{DANI[::-1]}] 2"),
    (f"{DANI} 1.5 ב", f"ב 1.5 {DANI[::-1]}"),  # a number's point and digits in order
    (f"{SARAH} 50% off", f"50% {SARAH[::-1]} off"),
    (f"{DANI} -5", f"5- {DANI[::-1]}"),
    (f"1 {SARAH}", f"1 {SARAH[::-1]}"),  # a number before: left to right, as the line
    (f"Bob 3 {DANI} 4 Ann", f"Bob 3 4 {DANI[::-1]} Ann"),
    ("محمد ١٢ علي", "\ufef2\ufee0\ufecb ١٢ \ufeaa\ufee4\ufea4\ufee3"),  # Arabic digits in order
    # digits after Arabic letters are Arabic numbers: a plus or a per cent is not theirs
    ("علي 1+5", "5+1 \ufef2\ufee0\ufecb"),
    ("علي 5%", "5 \ufef2\ufee0\ufecb%"),
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
    cut.write_bytes(whole[:-64])  # only its last table short
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


# Font files made here, table by table: the cases of the `cmap` reader that the installed
# fonts may not show (and a test that needs no font installed).

def sfnt(tables: dict[bytes, bytes], tag: bytes = b"\x00\x01\x00\x00") -> bytes:
    """A font file: its header, table records and tables (each padded to 4 bytes)."""
    at = 12 + 16 * len(tables)
    records, body = b"", b""
    for name, data in tables.items():
        records += struct.pack(">4sIII", name, 0, at + len(body), len(data))
        body += data + bytes(-len(data) % 4)
    return tag + struct.pack(">HHHH", len(tables), 0, 0, 0) + records + body


def cmap(*subtables: tuple[int, int, bytes]) -> bytes:
    """A cmap table of (platform, encoding, subtable)."""
    at = 4 + 8 * len(subtables)
    records, body = b"", b""
    for platform, encoding, data in subtables:
        records += struct.pack(">HHI", platform, encoding, at + len(body))
        body += data
    return struct.pack(">HH", 0, len(subtables)) + records + body


def format12(*groups: tuple[int, int, int]) -> bytes:
    """(first, last, first glyph) groups."""
    return struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups)) + b"".join(
        struct.pack(">III", *group) for group in groups)


def format4(*segments: tuple[int, int, int, tuple[int, ...]]) -> bytes:
    """(first, last, delta, glyphs) segments, glyphs () for "code + delta"; the closing
    0xFFFF segment added (mapped by delta 1 to glyph 0, as font tools write it)."""
    segments += ((0xFFFF, 0xFFFF, 1, ()),)
    count = len(segments)
    offsets, glyphs = [], b""
    for k, (_, _, _, array) in enumerate(segments):
        offsets.append(2 * (count - k) + len(glyphs) if array else 0)
        glyphs += struct.pack(f">{len(array)}H", *array)
    arrays = (struct.pack(f">{count}H", *(s[1] for s in segments)) + b"\0\0"
              + struct.pack(f">{count}H", *(s[0] for s in segments))
              + struct.pack(f">{count}h", *(s[2] for s in segments))
              + struct.pack(f">{count}H", *offsets) + glyphs)
    return struct.pack(">7H", 4, 14 + len(arrays), 0, 2 * count, 0, 0, 0) + arrays


def os2(weight: int, width: int, selection: int, length: int = 78) -> bytes:
    table = bytearray(length)
    struct.pack_into(">HH", table, 4, weight, width)
    if length >= 64:
        struct.pack_into(">H", table, 62, selection)
    return bytes(table)


def facts_of(tmp_path: Path, data: bytes, name: str = "made.ttf") -> FontFacts | None:
    path = tmp_path / name
    path.write_bytes(data)
    return read_font(path)


def test_a_format_4_cmap_is_read_glyph_for_glyph(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, sfnt({b"cmap": cmap((3, 1, format4(
        (0x41, 0x43, -0x42, ()),  # A B C by delta: B lands on glyph 0, the missing box
        (0x61, 0x63, 0, (5, 0, 7)),  # a b c by the glyph array: b is glyph 0
    ))), b"glyf": b"\0" * 4}))
    assert facts is not None and facts.outlines
    assert [facts.has(c) for c in "ABCabc"] == [True, False, True, True, False, True]
    assert not facts.has("\uffff") and not facts.has("D")


def test_a_glyph_array_running_past_its_table_loses_only_what_it_lacks(tmp_path: Path) -> None:
    table = format4((0x41, 0x41, 1, ()), (0x61, 0x63, 0, (5, 6, 7)))
    table = struct.pack(">HH", 4, len(table) - 2) + table[4:]  # the last glyph cut off
    facts = facts_of(tmp_path, sfnt({b"cmap": cmap((3, 1, table)), b"glyf": b"\0" * 4}))
    assert facts is not None
    assert [facts.has(c) for c in "Aabc"] == [True, True, True, False]


def test_the_full_repertoire_subtable_is_read_where_there_is_one(tmp_path: Path) -> None:
    """Format 12 has what lies past the BMP (emoji, CJK extension B): read it over format 4."""
    facts = facts_of(tmp_path, sfnt({b"cmap": cmap(
        (3, 1, format4((0x41, 0x42, 1, ()))),
        (3, 10, format12((0x41, 0x42, 2), (0x20000, 0x20001, 9), (0x100, 0x102, 0))),
    ), b"glyf": b"\0" * 4}))
    assert facts is not None
    assert facts.has("A") and facts.has("\U00020001") and not facts.has("\U00020002")
    # a group from glyph 0: its first code is the missing box, the ones after are drawn
    assert [facts.has(chr(c)) for c in (0xFF, 0x100, 0x101, 0x102)] == [False, False, True,
                                                                         True]


def test_outlines_are_truetypes_or_cffs_and_colour_bitmaps_are_not(tmp_path: Path) -> None:
    table = cmap((3, 1, format4((0x41, 0x41, 1, ()))))
    otf = facts_of(tmp_path, sfnt({b"CFF ": b"\0" * 8, b"cmap": table}, b"OTTO"), "a.otf")
    bitmaps = facts_of(tmp_path, sfnt({b"CBDT": b"\0" * 8, b"cmap": table}), "emoji.ttf")
    assert otf is not None and otf.outlines  # Noto Sans CJK is CFF
    assert bitmaps is not None and not bitmaps.outlines
    assert facts_of(tmp_path, sfnt({b"glyf": b"\0" * 8}), "no-cmap.ttf") is None  # no error


def test_only_outline_fonts_draw_at_the_table(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    table = cmap((3, 1, format4((0x674E, 0x674E, 1, ()))))  # 李
    (tmp_path / "emoji.ttf").write_bytes(sfnt({b"CBDT": b"\0" * 8, b"cmap": table}))
    monkeypatch.setenv("FARKLE_PI_FONTS", str(tmp_path))
    INSTALLED.forget()
    assert undrawable("李") == "李"  # (it has it, in colour bitmaps SDL_ttf skips)
    (tmp_path / "outlines.ttf").write_bytes(sfnt({b"glyf": b"\0" * 8, b"cmap": table}))
    INSTALLED.forget()
    assert undrawable("李") == ""


def test_weight_width_and_italic_are_read_from_os2(tmp_path: Path) -> None:
    table = cmap((3, 1, format4((0x41, 0x41, 1, ()))))
    bold = facts_of(tmp_path, sfnt({b"OS/2": os2(700, 3, 1), b"cmap": table,
                                     b"glyf": b"\0" * 4}), "a.ttf")
    short = facts_of(tmp_path, sfnt({b"OS/2": os2(700, 3, 1, 40), b"cmap": table,
                                     b"glyf": b"\0" * 4}), "b.ttf")
    upright = facts_of(tmp_path, sfnt({b"OS/2": os2(400, 5, 0x20), b"cmap": table,
                                       b"glyf": b"\0" * 4}), "c.ttf")
    assert bold is not None and (bold.weight, bold.width, bold.italic) == (700, 3, True)
    assert short is not None and (short.weight, short.width, short.italic) == (400, 5, False)
    assert upright is not None and (upright.weight, upright.italic) == (400, False)


def test_names_with_invisible_controls_or_decomposed_letters_are_not_refused(
        no_fonts: None) -> None:
    """A right-to-left mark pasted from a phone draws nothing, not a box; "Zoë" typed as e
    and a combining diaeresis is the "ë" the default font has."""
    assert undrawable("Ann\u200f") == undrawable("Jo\u200dy") == ""
    assert undrawable(unicodedata.normalize("NFD", "Zoë")) == ""


def test_a_line_naming_many_undrawn_letters_stays_short(no_fonts: None) -> None:
    line = undrawn_names(["一二三四五六七八九十"])
    assert "一, 二, 三, 四, 五, 六, 七, 八, …" in line and "九," not in line


def test_letters_of_two_fonts_sit_on_one_baseline() -> None:
    """The default font's "A" and an installed font's letter stand on one baseline (a letter
    without a descender ends on it; on the Pi's pygame, whose font has all but Chinese, the
    letter is Chinese, which ends a little below it), each font's letters drawn whole (the g's
    tail, the accents above), and the text measures as it is drawn."""
    character, path = lacking()
    font = face(80)
    own = pygame.font.Font(str(path), font.points).render(character, True, WHITE)
    default = pygame.font.Font(str(default_font_path()), font.points).render("Ag", True, WHITE)
    image = font.render("Ag" + character, True, WHITE)
    split = font.size("Ag")[0]
    a_only = image.subsurface((0, 0, font.size("A")[0], image.get_height())).get_bounding_rect()
    left = image.subsurface((0, 0, split, image.get_height()))
    right = image.subsurface((split, 0, image.get_width() - split, image.get_height()))
    # each letter's foot below its own font's baseline, drawn alone ("A" on it; a Chinese
    # letter a little below it, as its font means it): side by side the feet differ so too
    def foot(file: Path, text: str) -> int:
        alone = pygame.font.Font(str(file), font.points)
        return alone.render(text, True, WHITE).get_bounding_rect().bottom - alone.get_ascent()

    apart = foot(path, character) - foot(default_font_path(), "A")
    assert abs(right.get_bounding_rect().bottom - a_only.bottom - apart) <= 1
    assert pixels(left) == pixels(default) and pixels(right) == pixels(own)
    for size in (20, 40, 60, 97):
        for name in ("A" + character, f"Nguy{character}n", f"{character} Ann"):
            assert face(size).size(name) == face(size).render(name, True, WHITE).get_size()


def test_a_decomposed_name_is_drawn_as_the_composed_one() -> None:
    """"Nguyễn" typed as e and two combining marks (a Mac's keyboard) draws as "ễ" does."""
    character, _ = lacking()
    name = f"Zoë Nguy{character}n"
    font = face()
    decomposed = unicodedata.normalize("NFD", name)
    assert decomposed != name
    assert pixels(font.render(decomposed, True, WHITE)) == pixels(font.render(name, True, WHITE))
    ahmad = "أحمد"  # its alef with a hamza above is, decomposed, an alef and a mark
    assert visual(unicodedata.normalize("NFD", ahmad)) == visual(ahmad) == (
        "\ufeaa\ufee4\ufea3\ufe83")


def test_doctor_reads_the_names_of_no_game_from_a_damaged_database(
        tmp_path: Path, no_fonts: None) -> None:
    """doctor is run when something is wrong: a database that is no database is the
    `database` line's to name, not a traceback from the `fonts` line."""
    database = tmp_path / "farkle.db"
    database.write_bytes(b"not a database " * 400)
    config = Config(table=TableConfig(players=("李雷", "Bob")),
                    store=StoreConfig(database=database))
    finding = doctor.check_fonts(config)
    assert finding.status is Status.WARN and "(in 李雷)" in finding.message


def test_a_sans_is_taken_over_a_script_style_of_the_same_weight() -> None:
    """fonts-noto-core without DejaVu: a Hebrew name was drawn in Rashi script, the first
    bold font with Hebrew by its file name."""
    def facts(name: str, weight: int = 700) -> FontFacts:
        return FontFacts(Path("/usr/share/fonts/truetype/noto") / name, ((0x5D0, 0x5EA),),
                         weight, False, 5, True)

    fonts = [facts("NotoRashiHebrew-Bold.ttf"), facts("NotoSansHebrew-Regular.ttf", 400),
             facts("NotoSansHebrew-Bold.ttf"), facts("NotoSerifHebrew-Bold.ttf")]
    assert [f.path.name for f in sorted(fonts, key=_preference)] == [
        "NotoSansHebrew-Bold.ttf", "NotoRashiHebrew-Bold.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSerifHebrew-Bold.ttf"]
