"""Scoring: the chart as a list of combinations, a keep's best split, and every legal keep.

A *keep* is a set of dice taken from one throw. It is legal when every die in it belongs to a
scoring combination inside the keep; its points are those of the best such split. Six-dice rows
need six dice, so they can only be made by keeping a whole six-dice throw.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
from operator import sub

from farkle_pi.errors import FarkleError
from farkle_pi.rules.dice import COLOURS, FACES, Die, Roll
from farkle_pi.rules.ruleset import RuleSet

Counts = tuple[int, ...]  # how many of each face, 1s first


@dataclass(frozen=True, slots=True)
class Combination:
    """One row of the chart as it applies to particular dice, e.g. three 4s = 400."""

    name: str
    faces: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ScoringOption:
    """A legal keep of a throw and what it scores."""

    keep: Roll
    points: int
    combinations: tuple[Combination, ...]

    @property
    def label(self) -> str:
        return " + ".join(c.name for c in self.combinations)


@dataclass(frozen=True, slots=True)
class Scoring:
    """Every legal keep of one throw, best first; no options means a Farkle."""

    roll: Roll
    options: tuple[ScoringOption, ...]

    @property
    def farkle(self) -> bool:
        return not self.options

    @property
    def best(self) -> int:
        return self.options[0].points if self.options else 0

    def __iter__(self) -> Iterator[ScoringOption]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def find(self, keep: Roll) -> ScoringOption | None:
        """The option that sets aside exactly `keep`, or None when that keep is not legal."""
        return next((o for o in self.options if o.keep == keep), None)


_FACE_NAMES = {1: "1s", 2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s"}
_KIND_NAMES = {3: "three", 4: "four", 5: "five", 6: "six"}


def _counts(faces: tuple[int, ...]) -> Counts:
    c = Counter(faces)
    return tuple(c[f] for f in FACES)


class Chart:
    """The combinations a rule set scores, and the best split of any handful of dice."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.combinations = tuple(_chart_rows(rules))
        self._split: dict[tuple[Counts, Counts], tuple[int, tuple[Combination, ...]] | None] = {}
        self._scorings: dict[tuple[int, ...], Scoring] = {}

    def split(
        self, counts: Counts, mono: Counts = (0,) * 6
    ) -> tuple[int, tuple[Combination, ...]] | None:
        """Best way to cover *all* these dice with combinations, or None if a die is left over.

        `mono[f]` is how many one-colour triples of face f the dice allow (two-colour games).
        """
        key = (counts, mono)
        if key in self._split:
            return self._split[key]
        best: tuple[int, tuple[Combination, ...]] | None = (0, ()) if not any(counts) else None
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is not None:
            for row, need in self.combinations_with(first + 1):
                rest = tuple(map(sub, counts, need))
                if min(rest) < 0:
                    continue
                row, rest_mono = self._colour(row, mono)
                tail = self.split(rest, rest_mono)
                if tail is not None and (best is None or row.points + tail[0] > best[0]):
                    best = (row.points + tail[0], (row, *tail[1]))
        self._split[key] = best
        return best

    @cached_property
    def _by_first_face(self) -> dict[int, tuple[tuple[Combination, Counts], ...]]:
        return {
            face: tuple((c, _counts(c.faces)) for c in self.combinations if min(c.faces) == face)
            for face in FACES
        }

    def combinations_with(self, face: int) -> tuple[tuple[Combination, Counts], ...]:
        """Rows whose lowest die is `face`: the split always covers the lowest die first."""
        return self._by_first_face[face]

    def _colour(self, row: Combination, mono: Counts) -> tuple[Combination, Counts]:
        face = row.faces[0]
        if not row.name.startswith("three ") or len(row.faces) != 3 or mono[face - 1] == 0:
            return row, mono
        doubled = Combination(f"{row.name} of one colour", row.faces, 2 * row.points)
        return doubled, tuple(m - (i == face - 1) for i, m in enumerate(mono))

    def keep_points(self, keep: Roll) -> int | None:
        """Points for setting `keep` aside, or None when some die in it does not score."""
        found = self.split(keep.counts(), _mono_triples(keep.dice, self.rules))
        return None if found is None or not keep else found[0]

    def score(self, roll: Roll) -> Scoring:
        """Every legal keep of a throw, best first."""
        faces = roll.faces
        if not faces:
            raise FarkleError("no dice given: a throw has 1 to 6 dice")
        if len(faces) > self.rules.dice:
            changed = "" if self.rules.dice == 6 else f" with dice = {self.rules.dice}"
            raise FarkleError(
                f"{len(faces)} dice thrown, but the {self.rules.called}{changed} throw at "
                f"most {self.rules.dice}"
            )
        if not roll.coloured:
            cached = self._scorings.get(faces)
            if cached is None:
                cached = self._scorings[faces] = self._score(roll)
            return cached
        return self._score(roll)

    def _score(self, roll: Roll) -> Scoring:
        options = []
        thrown = roll.counts()
        for counts, dice in _sub_keeps(roll):
            mono = _NO_TRIPLES if dice is None else _mono_triples(dice, self.rules)
            found = self.split(counts, mono)
            if found is not None and self._takes_required_triples(thrown, counts):
                keep = Roll.of(*_faces_of(counts)) if dice is None else Roll(dice)
                rows = tuple(sorted(found[1], key=lambda c: -c.points))
                options.append(ScoringOption(keep, found[0], rows))
        if not options and len(roll) == self.rules.dice and self.rules.six_dice_nothing:
            nothing = Combination(
                f"{len(roll)} dice, nothing", roll.faces, self.rules.six_dice_nothing
            )
            options.append(ScoringOption(roll, nothing.points, (nothing,)))
        options.sort(key=lambda o: (-o.points, len(o.keep), o.keep.faces, str(o.keep)))
        return Scoring(roll, tuple(options))

    def _takes_required_triples(self, have: Counts, kept: Counts) -> bool:
        must = {"none": (), "twos": (2,), "all": tuple(FACES)}[self.rules.must_take_triples]
        # "Any triple rolled must be scored": six 2s are two triples, both must be kept.
        return all(kept[f - 1] >= 3 * (have[f - 1] // 3) for f in must)


def check_colours(roll: Roll, rules: RuleSet, required: bool = True) -> None:
    """A typed throw under two-colour rules names every die's colour (or, unless `required`,
    none: then no triple is one colour), and two colours at most: a die left without its
    colour, or a misspelt colour, would make a one-colour triple score half."""
    if not rules.colour_triples or (not required and not roll.coloured):
        return
    if not all(die.colour for die in roll):
        raise FarkleError(f"{rules.name} scores a triple of one colour double: give every "
                          "die's colour, e.g. 2:red 2:red 2:blue")
    named = sorted({die.colour or "" for die in roll})
    for colour in named:
        if colour not in COLOURS:
            near = difflib.get_close_matches(colour, COLOURS, n=1)
            hint = f"did you mean {near[0]}? " if near else ""
            raise FarkleError(f"{colour!r} is not a dice colour: {hint}the colours are "
                              f"{', '.join(COLOURS)}")
    if len(named) > 2:
        raise FarkleError(f"the dice are of two colours, but this names {len(named)} "
                          f"({', '.join(named)}): check the spelling")


def _mono_triples(keep: tuple[Die, ...], rules: RuleSet) -> Counts:
    if not rules.colour_triples:
        return _NO_TRIPLES
    by_colour = Counter((d.face, d.colour) for d in keep if d.colour is not None)
    return tuple(sum(n // 3 for (f, _), n in by_colour.items() if f == face) for face in FACES)


_NO_TRIPLES: Counts = (0,) * 6


def _faces_of(counts: Counts) -> tuple[int, ...]:
    return tuple(face for face, n in zip(FACES, counts, strict=True) for _ in range(n))


def _sub_keeps(roll: Roll) -> Iterator[tuple[Counts, tuple[Die, ...] | None]]:
    """Every distinct non-empty sub-multiset of the roll as face counts, with its dice if coloured.

    Colourless keeps are only counts, so keeps that do not score never become `Roll`s.
    """
    if not roll.coloured:
        for counts in product(*(range(n + 1) for n in roll.counts())):
            if any(counts):
                yield counts, None
        return
    kinds = Counter(roll.dice)
    dice = sorted(kinds, key=lambda d: (d.face, d.colour or ""))
    for picks in product(*(range(kinds[d] + 1) for d in dice)):
        picked = [0] * 6
        keep: list[Die] = []
        for die, n in zip(dice, picks, strict=True):
            if n:
                picked[die.face - 1] += n
                keep += [die] * n
        if keep:
            yield tuple(picked), tuple(keep)


def _chart_rows(rules: RuleSet) -> list[Combination]:
    """The chart as data: each row with the exact faces it needs."""
    rows = [
        Combination("single 1", (1,), rules.single_one),
        Combination("single 5", (5,), rules.single_five),
    ]
    for face in FACES:
        for n in range(3, rules.dice + 1):
            points = _kind_points(rules, face, n)
            if points:
                rows.append(
                    Combination(f"{_KIND_NAMES[n]} {_FACE_NAMES[face]}", (face,) * n, points)
                )
    if rules.straight and rules.dice == 6:
        rows.append(Combination("straight", (1, 2, 3, 4, 5, 6), rules.straight))
    if rules.small_straights == "500/750":
        rows.append(Combination("small straight 1-5", (1, 2, 3, 4, 5), 500))
        rows.append(Combination("small straight 2-6", (2, 3, 4, 5, 6), 750))
    elif rules.small_straights == "1000":
        rows.append(Combination("five in a row 1-5", (1, 2, 3, 4, 5), 1000))
        rows.append(Combination("five in a row 2-6", (2, 3, 4, 5, 6), 1000))
    if rules.dice == 6:
        for a, b, c in combinations(FACES, 3):
            if rules.three_pairs:
                rows.append(Combination("three pairs", (a, a, b, b, c, c), rules.three_pairs))
        for a, b in combinations(FACES, 2):
            if rules.two_triplets:
                rows.append(Combination("two triplets", (a, a, a, b, b, b), rules.two_triplets))
        for a, b in product(FACES, FACES):
            if a != b and rules.four_kind_pair:
                pair = tuple(sorted((a,) * 4 + (b,) * 2))
                rows.append(Combination("four of a kind + a pair", pair, rules.four_kind_pair))
    return rows


def _kind_points(rules: RuleSet, face: int, n: int) -> int:
    if n == 3:
        return rules.triple(face)
    if rules.kinds == "doubling":
        return rules.triple(face) << (n - 3)
    if rules.kinds == "fixed":
        fixed: dict[int, int] = {4: rules.four_kind, 5: rules.five_kind, 6: rules.six_kind}
        return fixed[n]
    return 0


_charts: dict[RuleSet, Chart] = {}


def chart(rules: RuleSet) -> Chart:
    """The (cached) chart for a rule set: build once, score many throws."""
    found = _charts.get(rules)
    if found is None:
        found = _charts[rules] = Chart(rules)
    return found


def score(roll: Roll, rules: RuleSet | None = None) -> Scoring:
    """Every legal keep of `roll` under `rules` (standard by default), best first."""
    return chart(rules or STANDARD).score(roll)


def keep_points(keep: Roll, rules: RuleSet | None = None) -> int | None:
    """Points for setting `keep` aside on its own, or None when some die in it does not score."""
    return chart(rules or STANDARD).keep_points(keep)


STANDARD = RuleSet()

__all__ = ["Combination", "Die", "Roll", "Scoring", "ScoringOption", "keep_points", "score"]
