"""Which characters a font file has glyphs for, read from its `cmap` table.

pygame cannot say: `Font.metrics` gives the .notdef box's metrics for a character the font
lacks (only astral characters give None), so "李" measured as drawable and was drawn as a box.
FreeType's own test (`FT_Get_Char_Index`) is not exposed, and fontconfig's `fc-list` is not on
every Pi (Raspberry Pi OS Lite), so the table reads the few bytes that answer it itself:
TrueType and OpenType files, and the first face of a collection (`.ttc`, which is the face
SDL_ttf opens), with the Unicode subtables of formats 4 and 12.
"""

from __future__ import annotations

import bisect
import io
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

Ranges = tuple[tuple[int, int], ...]  # inclusive (first, last) code points, sorted, disjoint


@dataclass(frozen=True)
class FontFacts:
    """What the table needs to know of a font file to pick it for characters the default font
    lacks: the characters it draws, and whether it is a bold, upright, plain-width outline
    font (colour-bitmap emoji fonts are no use: SDL_ttf draws them at one size, if at all)."""

    path: Path
    ranges: Ranges
    weight: int  # OS/2 usWeightClass: 400 regular, 700 bold
    italic: bool
    width: int  # OS/2 usWidthClass: 5 normal, lower condensed
    outlines: bool  # glyf or CFF outlines, not only colour bitmaps

    def has(self, character: str) -> bool:
        """Whether the font maps `character` to a glyph (not to the missing-glyph box)."""
        return covers(self.ranges, ord(character))


def covers(ranges: Ranges, code: int) -> bool:
    """Whether `code` falls in one of `ranges`."""
    at = bisect.bisect_right(ranges, (code, 0x10FFFF + 1)) - 1
    return at >= 0 and ranges[at][0] <= code <= ranges[at][1]


def read_font(path: Path) -> FontFacts | None:
    """The facts of the font file at `path`; None where it is no font SDL_ttf can use or
    cannot be read (a damaged file is skipped, never an error at the table)."""
    try:
        with path.open("rb") as file:
            return _read(file, path)
    except (OSError, struct.error, ValueError):
        return None


def _read(file: BinaryIO, path: Path) -> FontFacts | None:
    start = 0
    tag = file.read(4)
    if tag == b"ttcf":  # a collection: its first face
        file.seek(12)
        (start,) = struct.unpack(">I", file.read(4))
        file.seek(start)
        tag = file.read(4)
    if tag not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        return None
    (count,) = struct.unpack(">H", file.read(2))
    file.seek(start + 12)
    tables: dict[bytes, tuple[int, int]] = {}
    for _ in range(count):
        name, _checksum, offset, length = struct.unpack(">4sIII", file.read(16))
        tables[name] = (offset, length)
    if b"cmap" not in tables or not _whole(file, tables.values()):
        return None
    ranges = _cmap(file, tables[b"cmap"][0])
    weight, italic, width = _os2(file, tables.get(b"OS/2"))
    outlines = any(t in tables for t in (b"glyf", b"CFF ", b"CFF2"))
    return FontFacts(path, ranges, weight, italic, width, outlines)


def _whole(file: BinaryIO, tables: Iterable[tuple[int, int]]) -> bool:
    """Whether every table lies inside the file: a font cut short (a copy or an install
    stopped half-way) has its cmap but not its glyphs, and SDL_ttf fails to draw with it."""
    size = file.seek(0, io.SEEK_END)
    return all(offset + length <= size for offset, length in tables)


def _os2(file: BinaryIO, table: tuple[int, int] | None) -> tuple[int, bool, int]:
    """Weight, italic and width from the OS/2 table (regular, upright, normal without one)."""
    if table is None or table[1] < 64:
        return 400, False, 5
    file.seek(table[0] + 4)
    weight, width = struct.unpack(">HH", file.read(4))
    file.seek(table[0] + 62)
    (selection,) = struct.unpack(">H", file.read(2))
    return weight, bool(selection & 1), width


def _cmap(file: BinaryIO, offset: int) -> Ranges:
    """The characters of the best Unicode subtable: the full repertoire (format 12) where
    there is one, else the Basic Multilingual Plane's (format 4)."""
    file.seek(offset)
    _version, count = struct.unpack(">HH", file.read(4))
    subtables = [struct.unpack(">HHI", file.read(8)) for _ in range(count)]
    found: dict[int, int] = {}
    for platform, encoding, at in subtables:
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 0), (0, 1)):
            file.seek(offset + at)
            (form,) = struct.unpack(">H", file.read(2))
            found.setdefault(form, offset + at)
    if 12 in found:
        return _format12(file, found[12])
    if 4 in found:
        return _format4(file, found[4])
    return ()


def _format12(file: BinaryIO, at: int) -> Ranges:
    file.seek(at + 12)
    (groups,) = struct.unpack(">I", file.read(4))
    data = file.read(12 * groups)
    # a group's first code maps to its glyph, the next ones to those after it: one starting
    # at glyph 0 (the missing box) draws all but its first
    pairs = [(first if glyph else first + 1, last)
             for first, last, glyph in struct.iter_unpack(">III", data)]
    return _merged([(first, last) for first, last in pairs if first <= last])


def _format4(file: BinaryIO, at: int) -> Ranges:
    """Segments of the BMP; a character is drawn where its segment maps it to a glyph other
    than 0 (segments of a glyph array are read character by character for that)."""
    file.seek(at + 2)
    (length,) = struct.unpack(">H", file.read(2))
    file.seek(at)
    data = file.read(length)
    (doubled,) = struct.unpack_from(">H", data, 6)
    segments = doubled // 2
    ends = struct.unpack_from(f">{segments}H", data, 14)
    starts = struct.unpack_from(f">{segments}H", data, 16 + doubled)
    deltas = struct.unpack_from(f">{segments}h", data, 16 + 2 * doubled)
    range_at = 16 + 3 * doubled
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    pairs: list[tuple[int, int]] = []
    for k in range(segments):
        first, last = starts[k], ends[k]
        if first == 0xFFFF:
            continue
        if offsets[k] == 0:  # glyph = code + delta: one code at most lands on glyph 0
            zero = -deltas[k] & 0xFFFF
            pairs.extend(part for part in ((first, min(last, zero - 1)),
                                           (max(first, zero + 1), last))
                         if part[0] <= part[1])
            continue
        for code in range(first, last + 1):
            where = range_at + 2 * k + offsets[k] + 2 * (code - first)
            if where + 2 <= len(data) and struct.unpack_from(">H", data, where)[0]:
                pairs.append((code, code))
    return _merged(pairs)


def _merged(pairs: list[tuple[int, int]]) -> Ranges:
    """Sorted, touching and overlapping ranges joined: a short tuple to search."""
    out: list[tuple[int, int]] = []
    for first, last in sorted(pairs):
        if out and first <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return tuple(out)
