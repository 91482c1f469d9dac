"""Right-to-left names (Hebrew, Arabic) put in the order the screen draws: left to right.

pygame lays a text out left to right in the order its characters are stored, so the Hebrew
"שרה" came out as "הרש" and an Arabic name backwards too. Here a line is put in the order
the Unicode bidirectional algorithm (UAX #9) gives a left-to-right line: right-to-left
stretches turned round, a number after a right-to-left word part of its stretch ("דני 2"
is read "Dani 2" from the right: "2 ינד"), brackets paired and mirrored, a letter's marks
kept after it (SDL_ttf puts a mark on the letter before it). Left out, as names do not use
them: the explicit embedding and isolate controls (taken as neutral). Arabic letters also
take the shape of their place in a word; once turned round, the font's shaping would join
them the wrong way, so they are first given their joined forms (the presentation forms,
found through their Unicode decompositions), which the font draws as they are.
"""

from __future__ import annotations

import functools
import unicodedata

RIGHT_TO_LEFT = ("R", "AL")  # Hebrew; Arabic, Syriac, Thaana
NUMBERS = ("EN", "AN")  # digits: right-to-left for the neutrals beside them, in order inside
SEPARATORS = ("ES", "ET", "CS")  # + - . , : % $ ...: numbers' when inside or beside one
JOINS_BOTH_SIDES = ("initial", "medial")  # a letter with these forms joins the one after it
JOINS_BEFORE = ("final", "medial")  # ... with these, the one before it
TATWEEL = "\u0640"  # the joining stroke: joins on both sides, has no forms of its own
LAM = "0644"  # (as decompositions write them) lam and an alef after it are one letter
ALEFS = (["0622"], ["0623"], ["0625"], ["0627"])
BRACKETS = {"(": ")", "[": "]", "{": "}"}  # the pairs names use (UAX #9's rule N0)
MIRRORED = dict(zip("()[]{}<>«»\u2039\u203a", ")(][}{><»«\u203a\u2039", strict=True))


def visual(text: str) -> str:
    """`text` as drawn left to right: its right-to-left stretches turned round (Arabic letters
    in their joined forms first); a text without such letters comes back as it is."""
    if text.isascii() or not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text):
        return text
    return _visual(text)


def reads_right_to_left(text: str) -> bool:
    """Whether `text`'s first letter with a direction is right-to-left: a name that starts so
    is read from its right end, so its cut end is its left."""
    for character in text:
        kind = unicodedata.bidirectional(character)
        if kind in RIGHT_TO_LEFT or kind == "L":
            return kind != "L"
    return False


@functools.lru_cache(maxsize=4096)  # the same names are drawn every frame
def _visual(text: str) -> str:
    clusters = _clusters(_joined(unicodedata.normalize("NFC", text)))
    levels = [_level(kind) for kind in _resolved(clusters)]
    line = list(zip(clusters, levels, strict=True))
    for level in (2, 1):  # rule L2: from the highest level, each run at least that high turned
        at = 0
        while at < len(line):
            end = at
            while end < len(line) and line[end][1] >= level:
                end += 1
            line[at:end] = reversed(line[at:end])
            at = end + 1
    return "".join(MIRRORED.get(cluster, cluster) if level % 2 else cluster
                   for cluster, level in line)


def _clusters(text: str) -> list[str]:
    """Letters with their marks after them: turned round as one, the marks still after."""
    clusters: list[str] = []
    for character in text:
        if clusters and _mark(character):
            clusters[-1] += character
        else:
            clusters.append(character)
    return clusters


def _level(kind: str) -> int:
    """Rules I1: in a left-to-right line, left-to-right 0, right-to-left 1, numbers 2."""
    return {"L": 0, "R": 1}.get(kind, 2)


def _resolved(clusters: list[str]) -> list[str]:
    """Each cluster's direction, "L", "R" or a number's ("EN", "AN"), by rules W1-W7 and
    N0-N2 of UAX #9 for one line whose own direction is left to right."""
    kinds = [unicodedata.bidirectional(cluster[0]) for cluster in clusters]
    strong = "L"
    for k, kind in enumerate(kinds):  # W2, W3: numbers after Arabic letters are Arabic
        if kind in ("L", "R", "AL"):
            strong = kind
            kinds[k] = "R" if kind == "AL" else kind
        elif kind == "EN" and strong == "AL":
            kinds[k] = "AN"
    for k in range(1, len(kinds) - 1):  # W4: 1.5, 1,000
        if (kinds[k] in ("ES", "CS") and kinds[k - 1] == kinds[k + 1] == "EN") or (
                kinds[k] == "CS" and kinds[k - 1] == kinds[k + 1] == "AN"):
            kinds[k] = kinds[k - 1]
    for k, kind in enumerate(kinds):  # W5: 50%, $5
        if kind == "ET" and "EN" in (_beside(kinds, k, -1), _beside(kinds, k, 1)):
            kinds[k] = "EN"
    strong = "L"
    for k, kind in enumerate(kinds):  # W6, W7: other separators are neutral; a number after
        if kind in ("L", "R"):          # left-to-right text is left to right
            strong = kind
        elif kind in SEPARATORS:
            kinds[k] = "ON"
        elif kind == "EN" and strong == "L":
            kinds[k] = "L"
    _paired_brackets(clusters, kinds)
    return _neutrals(kinds)


def _beside(kinds: list[str], k: int, step: int) -> str:
    """The kind past the run of "ET" next to `k` on one side ("" at the end of the line)."""
    k += step
    while 0 <= k < len(kinds) and kinds[k] == "ET":
        k += step
    return kinds[k] if 0 <= k < len(kinds) else ""


def _strong(kind: str) -> str:
    """A kind as the neutrals' rules see it: numbers count as right to left."""
    return "R" if kind in NUMBERS else kind


def _paired_brackets(clusters: list[str], kinds: list[str]) -> None:
    """Rule N0: a pair of brackets around left-to-right text is left to right; around only
    right-to-left text, it takes the direction of the text before it."""
    opened: list[int] = []
    for k, cluster in enumerate(clusters):
        if kinds[k] != "ON":
            continue
        if cluster[0] in BRACKETS:
            opened.append(k)
        elif opened and BRACKETS[clusters[opened[-1]][0]] == cluster[0]:
            first = opened.pop()
            inside = {_strong(kind) for kind in kinds[first + 1:k]}
            before = next((_strong(kind) for kind in reversed(kinds[:first])
                           if _strong(kind) in ("L", "R")), "L")
            if "L" in inside or "R" in inside:
                kinds[first] = kinds[k] = "L" if "L" in inside else before


def _neutrals(kinds: list[str]) -> list[str]:
    """Rules N1, N2: neutrals between two of one direction take it, others the line's (L)."""
    out = list(kinds)
    at = 0
    while at < len(out):
        if _strong(out[at]) in ("L", "R"):
            at += 1
            continue
        end = at
        while end < len(out) and _strong(out[end]) not in ("L", "R"):
            end += 1
        before = _strong(out[at - 1]) if at else "L"
        after = _strong(out[end]) if end < len(out) else "L"
        out[at:end] = [before if before == after else "L"] * (end - at)
        at = end
    return out


def _mark(character: str) -> bool:
    return unicodedata.category(character) in ("Mn", "Me")


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
