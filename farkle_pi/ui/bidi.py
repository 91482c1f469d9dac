"""Right-to-left names (Hebrew, Arabic) put in the order the screen draws: left to right.

pygame lays a text out left to right in the order its characters are stored, so the Hebrew
"שרה" came out as "הרש" and an Arabic name backwards too. Here each right-to-left stretch is
turned round (a letter keeps its marks after it, a number its digits' order), as the Unicode
bidirectional algorithm does for a line of left-to-right text. Arabic letters also take the
shape of their place in a word; once turned round, the font's shaping would join them the
wrong way, so they are first given their joined forms (the presentation forms, found through
their Unicode decompositions), which the font draws as they are.
"""

from __future__ import annotations

import functools
import unicodedata

RIGHT_TO_LEFT = ("R", "AL")  # Hebrew; Arabic, Syriac, Thaana
NUMBERS = ("EN", "AN")  # digits, which keep their order inside a right-to-left stretch
JOINS_BOTH_SIDES = ("initial", "medial")  # a letter with these forms joins the one after it
JOINS_BEFORE = ("final", "medial")  # ... with these, the one before it
TATWEEL = "\u0640"  # the joining stroke: joins on both sides, has no forms of its own
LAM = "0644"  # (as decompositions write them) lam and an alef after it are one letter
ALEFS = (["0622"], ["0623"], ["0625"], ["0627"])


def visual(text: str) -> str:
    """`text` as drawn left to right: its right-to-left stretches turned round (Arabic letters
    in their joined forms first); a text without such letters comes back as it is."""
    if text.isascii() or not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text):
        return text
    return _visual(text)


@functools.lru_cache(maxsize=4096)  # the same names are drawn every frame
def _visual(text: str) -> str:
    shaped = _joined(unicodedata.normalize("NFC", text))
    out: list[str] = []
    start = None  # where the right-to-left stretch being read began
    for index, character in enumerate(shaped):
        direction = unicodedata.bidirectional(character)
        if direction in RIGHT_TO_LEFT and start is None:
            start = index
        elif direction == "L" and start is not None:
            out.append(_turned(shaped, start))
            start = None
        if start is None:
            out.append(character)
    if start is not None:
        out.append(_turned(shaped, start))
    return "".join(out)


def _turned(text: str, start: int) -> str:
    """The stretch of `text` from `start` to its last right-to-left letter before the next
    left-to-right one, turned round; what follows that letter (spaces, a number before a
    Latin word) is left in place and handed back to be read on."""
    end = start
    index = start
    while index < len(text) and unicodedata.bidirectional(text[index]) != "L":
        if unicodedata.bidirectional(text[index]) in RIGHT_TO_LEFT or _mark(text[index]):
            end = index + 1
        index += 1
    units: list[str] = []
    for character in text[start:end]:
        if units and (_mark(character) or (_number(character) and _number(units[-1][-1]))):
            units[-1] += character  # a letter's marks and a number's digits stay in order
        else:
            units.append(character)
    return "".join(reversed(units)) + text[end:index]


def _mark(character: str) -> bool:
    return unicodedata.category(character) in ("Mn", "Me")


def _number(character: str) -> bool:
    return unicodedata.bidirectional(character) in NUMBERS


@functools.cache
def _forms() -> dict[str, dict[str, str]]:
    """Each Arabic letter's presentation forms by place ("isolated", "final", "initial",
    "medial"), and lam-alef's (the two letters as one, which Arabic requires), keyed by the
    letters, read from the decompositions of Unicode's Arabic presentation forms."""
    forms: dict[str, dict[str, str]] = {}
    for code in range(0xFB50, 0xFF00):
        place, *letters = unicodedata.decomposition(chr(code)).split() or [""]
        if place in ("<isolated>", "<final>", "<initial>", "<medial>") and (
                len(letters) == 1 or (letters[0] == LAM and letters[1:] in ALEFS)):
            key = "".join(chr(int(letter, 16)) for letter in letters)
            forms.setdefault(key, {}).setdefault(place[1:-1], chr(code))
    return forms


def _joined(text: str) -> str:
    """`text` with each Arabic letter in the form of its place: joined to the letter before
    it, after it, both or neither (marks between letters do not break a join)."""
    forms = _forms()
    letters = [i for i, c in enumerate(text) if not _mark(c)]
    out = list(text)
    for place, index in enumerate(letters):
        if not out[index]:
            continue  # the alef of a lam-alef
        before = text[letters[place - 1]] if place > 0 else ""
        after = text[letters[place + 1]] if place + 1 < len(letters) else ""
        pair = forms.get(text[index] + after) if letters[place:place + 2] == [index, index + 1] \
            else None
        if pair is not None:  # drawn as one, joined (or not) to the letter before only
            out[index] = pair["final" if _joins(before, JOINS_BOTH_SIDES) else "isolated"]
            out[index + 1] = ""
            continue
        own = forms.get(text[index])
        if own is None:
            continue
        joins_before = _joins(before, JOINS_BOTH_SIDES) and any(f in own for f in JOINS_BEFORE)
        joins_after = any(f in own for f in JOINS_BOTH_SIDES) and _joins(after, JOINS_BEFORE)
        form = ("medial" if joins_before and joins_after else "final" if joins_before
                else "initial" if joins_after else "isolated")
        out[index] = own.get(form) or own.get("final" if joins_before else "isolated",
                                                  text[index])
    return "".join(out)


def _joins(character: str, forms: tuple[str, str]) -> bool:
    """Whether `character` joins on the side that having one of `forms` means."""
    own = _forms().get(character)
    return character == TATWEEL or (own is not None and any(f in own for f in forms))
