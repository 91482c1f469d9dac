"""Dice across frames: which die is which (by position), and the vote over settled frames."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from farkle_pi.vision.types import DieReading

DEFAULT_DIE_PX = 48.0


def die_px(die: DieReading) -> float:
    """The die's side in pixels, from its outline (a fallback when the reader gives none)."""
    side = max(die.box.size) if die.box.size else 0.0
    return side if side > 0 else DEFAULT_DIE_PX


def dedupe(found: Sequence[DieReading], overlap: float = 0.6) -> tuple[DieReading, ...]:
    """One reading per die: two centres closer than `overlap` die sizes are one die read twice
    (real dice cannot overlap that much), and the more confident reading stays."""
    kept: list[DieReading] = []
    for die in sorted(found, key=lambda d: -d.confidence):
        if all(math.dist(die.center, k.center) >= overlap * max(die_px(die), die_px(k))
               for k in kept):
            kept.append(die)
    return tuple(sorted(kept, key=lambda d: found.index(d)))


def match(
    before: Sequence[DieReading], after: Sequence[DieReading], reach: float = 0.5
) -> list[tuple[int, int]]:
    """Pairs (i, j): die `before[i]` is `after[j]`, still within `reach` die sizes of its place.

    Greedy on distance, nearest pairs first; every die is used at most once.
    """
    pairs: list[tuple[float, int, int]] = []
    for i, a in enumerate(before):
        for j, b in enumerate(after):
            distance = math.dist(a.center, b.center)
            if distance <= reach * max(die_px(a), die_px(b)):
                pairs.append((distance, i, j))
    used_i: set[int] = set()
    used_j: set[int] = set()
    matched: list[tuple[int, int]] = []
    for _, i, j in sorted(pairs):
        if i not in used_i and j not in used_j:
            used_i.add(i)
            used_j.add(j)
            matched.append((i, j))
    return matched


def nudged(
    before: Sequence[DieReading],
    after: Sequence[DieReading],
    pairs: list[tuple[int, int]],
    most: int = 2,
) -> list[tuple[int, int]]:
    """Pairs for dice a hand pushed aside while taking others: same face, moved.

    Only when dice were taken (fewer now), some stayed put, and at most `most`
    moved; otherwise the dice were thrown again and nothing is paired.
    """
    loose = [j for j in range(len(after)) if j not in {k for _, k in pairs}]
    if not pairs or not loose or len(loose) > most or len(after) >= len(before):
        return []
    free = [i for i in range(len(before)) if i not in {k for k, _ in pairs}]
    extra: list[tuple[int, int]] = []
    for j in loose:
        same = [i for i in free if after[j].value is not None
                and before[i].value == after[j].value]
        if not same:
            return []
        i = min(same, key=lambda k: math.dist(before[k].center, after[j].center))
        free.remove(i)
        extra.append((i, j))
    return extra


def vote(readings: Sequence[Sequence[DieReading]]) -> tuple[DieReading, ...]:
    """One reading agreed by several still frames.

    Each die is followed across the frames by its place; it is there when most frames saw it
    (on a tie, when the latest did), so a die the reader missed in one frame and another die
    missed in the next are both kept (a vote on the count alone dropped them, and they came
    back at the next stillness as a throw nobody made). It takes the value most of the frames
    that saw it agree on, or None when no value has a strict majority of them, so a
    flickering read is reported as unreadable rather than guessed.
    """
    if not readings:
        return ()
    tracks = _tracks(readings)
    last = {id(die) for die in readings[-1]}
    frames = len(readings)
    there = [track for track in tracks
             if len(track) * 2 > frames or (len(track) * 2 == frames and id(track[-1]) in last)]
    order = {id(die): k for k, die in enumerate(readings[-1])}  # the latest frame's order
    there.sort(key=lambda track: order.get(id(track[-1]), len(order)))
    return tuple(_agree(track) for track in there)


def in_doubt(readings: Sequence[Sequence[DieReading]]) -> bool:
    """Whether the frames are too split for the vote to stand: for some die, the frames that
    saw it outnumber those that missed it (or the other way round) by less than two, or its
    face's readings outnumber the others' by less than two. Three frames of which one missed
    or misread a die are so: one more frame then decides it."""
    frames = len(readings)
    for track in _tracks(readings):
        if abs(2 * len(track) - frames) < 2:
            return True
        if len(track) * 2 > frames:
            top = Counter(d.value for d in track).most_common(1)[0][1]
            if 2 * top - len(track) < 2:
                return True
    return False


def _tracks(readings: Sequence[Sequence[DieReading]]) -> list[list[DieReading]]:
    """Each die's readings over the frames, oldest first, followed by its place."""
    tracks: list[list[DieReading]] = []
    for frame in readings:
        latest = [track[-1] for track in tracks]
        paired = {j: i for i, j in match(latest, frame)}
        for j, die in enumerate(frame):
            if j in paired:
                tracks[paired[j]].append(die)
            else:
                tracks.append([die])
    return tracks


def _agree(seen: list[DieReading]) -> DieReading:
    """The latest reading with the value, confidence and lean the readings agree on."""
    latest, frames = seen[-1], len(seen)
    value, votes = Counter(d.value for d in seen).most_common(1)[0]
    flat = sum(d.flat for d in seen) * 2 > frames
    if value is None or votes * 2 <= frames:
        confidence = min(d.confidence for d in seen)
        return replace(latest, value=None, confidence=confidence, flat=flat)
    confidence = sum(d.confidence for d in seen if d.value == value) / frames
    return replace(latest, value=value, confidence=confidence, flat=flat)
