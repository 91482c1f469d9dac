"""A slow, obviously correct Farkle scorer written from `shared/rules.md`, not from the engine.

It shares no code with `farkle_pi.rules.scoring`: a keep is scored by trying every way to split
its dice into groups and asking of each group, in plain words, which row of the sheet it is
("three of a kind?", "1-2-3-4-5-6?"). The rule switches are its own plain values, so the golden
tests also check that the engine reads the preset files the way the sheets are written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, combinations_with_replacement

Die = tuple[int, str]  # (face, colour); colour "" when the dice have no colours
Dice = tuple[Die, ...]


@dataclass(frozen=True)
class Sheet:
    """The scoring switches of a rule sheet, written out by hand from the rule text."""

    dice: int = 6
    three_ones: int = 1000
    kinds: str = "fixed"  # "fixed" 1000/2000/3000, "doubling", or "none"
    straight: int = 1500
    three_pairs: int = 1500
    four_kind_pair: int = 1500
    two_triplets: int = 2500
    small_straights: str = "off"  # "off", "500/750" or "1000"
    six_dice_nothing: int = 0
    colour_triples: bool = False
    must_take_triples: str = "none"  # "none", "twos" or "all"


STANDARD = Sheet()
SHEETS = {
    "standard": STANDARD,
    "family": STANDARD,  # the standard chart; only the entry rule differs
    "classic": Sheet(kinds="none", straight=0, three_pairs=0, four_kind_pair=0, two_triplets=0),
    "portland": Sheet(
        kinds="none",
        three_pairs=0,
        four_kind_pair=0,
        two_triplets=0,
        colour_triples=True,
        must_take_triples="twos",
    ),
    "tyler": Sheet(kinds="doubling", four_kind_pair=0, small_straights="1000"),
}


def triple_points(face: int, sheet: Sheet) -> int:
    return sheet.three_ones if face == 1 else 100 * face


def group_points(group: Dice, sheet: Sheet) -> int | None:
    """Points of a group of dice read as ONE row of the sheet, or None if it is no row."""
    faces = sorted(face for face, _ in group)
    n = len(faces)
    counts = sorted(Counter(faces).values())
    all_same = len(set(faces)) == 1
    if n == 1:
        return {1: 100, 5: 50}.get(faces[0])
    if all_same and n == 3:
        points = triple_points(faces[0], sheet)
        one_colour = len({colour for _, colour in group}) == 1 and group[0][1] != ""
        return 2 * points if sheet.colour_triples and one_colour else points
    if all_same and n >= 4:
        if sheet.kinds == "fixed":
            return {4: 1000, 5: 2000, 6: 3000}[n]
        if sheet.kinds == "doubling":
            doubled: int = 2 ** (n - 3)  # n >= 4: a whole number
            return triple_points(faces[0], sheet) * doubled
        return None
    if n == 5 and faces in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        if sheet.small_straights == "500/750":
            return 500 if faces[0] == 1 else 750
        if sheet.small_straights == "1000":
            return 1000
        return None
    if n == 6:
        if faces == [1, 2, 3, 4, 5, 6]:
            return sheet.straight or None
        if counts == [2, 2, 2]:
            return sheet.three_pairs or None
        if counts == [2, 4]:
            return sheet.four_kind_pair or None
        if counts == [3, 3]:
            return sheet.two_triplets or None
    return None


def partitions(items: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to split positions into non-empty groups (set partitions)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in range(len(rest) + 1):
        for mates in combinations(rest, size):
            left = tuple(i for i in rest if i not in mates)
            for tail in partitions(left):
                yield [(first, *mates), *tail]


@cache
def keep_points(keep: Dice, sheet: Sheet) -> int | None:
    """Best total over every split of the keep into scoring groups; None if none covers it all."""
    best: int | None = None
    for split in partitions(tuple(range(len(keep)))):
        total = 0
        for positions in split:
            points = group_points(tuple(keep[i] for i in positions), sheet)
            if points is None:
                break
            total += points
        else:
            best = total if best is None else max(best, total)
    return best


def takes_required_triples(roll: Dice, keep: Dice, sheet: Sheet) -> bool:
    """Portland: every triple rolled (of 2s, or of any face) must be among the dice kept."""
    must = {"none": [], "twos": [2], "all": [1, 2, 3, 4, 5, 6]}[sheet.must_take_triples]
    rolled = Counter(face for face, _ in roll)
    kept = Counter(face for face, _ in keep)
    return all(kept[face] >= 3 * (rolled[face] // 3) for face in must)


@cache
def options(roll: Dice, sheet: Sheet) -> dict[Dice, int]:
    """Every legal keep of the throw (sorted dice) with its points."""
    found: dict[Dice, int] = {}
    for size in range(1, len(roll) + 1):
        for picked in combinations(range(len(roll)), size):
            keep = tuple(sorted(roll[i] for i in picked))
            points = keep_points(keep, sheet)
            if points is not None and takes_required_triples(roll, keep, sheet):
                found[keep] = points
    if not found and len(roll) == sheet.dice and sheet.six_dice_nothing:
        found[tuple(sorted(roll))] = sheet.six_dice_nothing
    return found


def plain(faces: tuple[int, ...] | list[int]) -> Dice:
    """Colourless dice in the brute scorer's form."""
    return tuple(sorted((face, "") for face in faces))


def distinct_rolls(max_dice: int = 6) -> list[tuple[int, ...]]:
    """Every multiset of 1 to `max_dice` faces: 923 of them for six dice."""
    return [
        faces
        for n in range(1, max_dice + 1)
        for faces in combinations_with_replacement(range(1, 7), n)
    ]


# The house-rule switches that leave the chart alone: turn and game rules only.
TURN_RULES = {
    "entry": "500",
    "min_bank": "350",
    "three_farkles": "1000",
    "target": "5000",
    "final_round": "false",
    "stealing": "true",
    "ties": "roll-off",
    "six_ones_turn": "3000",
    "must_throw_hot_dice": "true",
}

# (preset, house rules on top, the sheet they must score like): what the golden checks run under.
CASES: list[tuple[str, dict[str, str], Sheet]] = [
    ("standard", {}, STANDARD),
    ("standard", TURN_RULES, STANDARD),
    ("standard", {"three_ones": "300"}, replace(STANDARD, three_ones=300)),
    ("standard", {"kinds": "doubling"}, replace(STANDARD, kinds="doubling")),
    ("standard", {"kinds": "none"}, replace(STANDARD, kinds="none")),
    ("standard", {"small_straights": "500/750"}, replace(STANDARD, small_straights="500/750")),
    ("standard", {"small_straights": "1000"}, replace(STANDARD, small_straights="1000")),
    ("standard", {"six_dice_nothing": "500"}, replace(STANDARD, six_dice_nothing=500)),
    ("standard", {"dice": "5"}, replace(STANDARD, dice=5)),
    ("standard", {"must_take_triples": "twos"}, replace(STANDARD, must_take_triples="twos")),
    ("standard", {"must_take_triples": "all"}, replace(STANDARD, must_take_triples="all")),
    ("standard", {"colour_triples": "true"}, replace(STANDARD, colour_triples=True)),
    ("classic", {}, SHEETS["classic"]),
    ("portland", {}, SHEETS["portland"]),
    ("tyler", {}, SHEETS["tyler"]),
    ("tyler", {"dice": "5"}, replace(SHEETS["tyler"], dice=5)),
    ("family", {}, SHEETS["family"]),
]
