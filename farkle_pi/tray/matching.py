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

    The die count seen most often wins (ties: the latest); each die of the latest
    frame with that count takes the value most frames agree on, or None when no
    value has a strict majority of the frames, so a flickering read is reported
    as unreadable rather than guessed.
    """
    if not readings:
        return ()
    counts = Counter(len(r) for r in readings)
    best = max(counts.values())
    size = next(len(r) for r in reversed(readings) if counts[len(r)] == best)
    frames = [r for r in readings if len(r) == size]
    anchor = frames[-1]
    agreed: list[DieReading] = []
    for j, die in enumerate(anchor):
        seen = [die]
        for other in frames[:-1]:
            seen += [other[i] for i, k in match(other, anchor) if k == j]
        agreed.append(_agree(die, seen, len(frames)))
    return tuple(agreed)


def _agree(anchor: DieReading, seen: list[DieReading], frames: int) -> DieReading:
    value, votes = Counter(d.value for d in seen).most_common(1)[0]
    flat = sum(d.flat for d in seen) * 2 > len(seen)
    if value is None or votes * 2 <= frames:
        confidence = min(d.confidence for d in seen)
        return replace(anchor, value=None, confidence=confidence, flat=flat)
    confidence = sum(d.confidence for d in seen if d.value == value) / frames
    return replace(anchor, value=value, confidence=confidence, flat=flat)
