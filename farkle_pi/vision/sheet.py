"""A contact sheet of the dice `farkle-pi evaluate` did not read right.

Each die gets one tile: the photo around it, enlarged, with the die's box, what the label
says, what was read, and where. Seeing the failures side by side is how their kinds were
found (smoky see-through dice, glare streaks, piles: docs/vision.md). A list of lines
does not show that.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.evaluate import Mistake

Image = npt.NDArray[np.uint8]

TILE = 176  # px: a tile's picture is TILE x TILE
CAPTION = 34  # px of text under it (two lines)
COLUMNS = 8
MOST = 240  # tiles on one sheet: more would be unreadable, and a very large file
AROUND = 2.5  # die sizes a tile shows, so that the die's neighbours and table show too
BOX = (0, 220, 255)  # yellow: the die's box (the label's, or the reading's for an extra)
OUTSIDE = (96, 96, 96)  # grey: beyond the photo's edge


def mistake_sheet(mistakes: Sequence[Mistake], photos: Mapping[str, Path],
                  read: Callable[[Path], Image]) -> Image:
    """The first MOST mistakes as tiles, COLUMNS a row, in the order given. `photos` finds
    each mistake's photo by name, and `read` loads it (once per photo)."""
    tiles = []
    for name, of_photo in itertools.groupby(mistakes[:MOST], key=lambda m: m.photo):
        image = read(photos[name])
        tiles += [_tile(image, mistake) for mistake in of_photo]
    if not tiles:
        raise ValueError("no mistakes to show")
    blank = np.full_like(tiles[0], 255)
    tiles += [blank] * (-len(tiles) % COLUMNS)
    rows = [np.hstack(tiles[i:i + COLUMNS]) for i in range(0, len(tiles), COLUMNS)]
    return np.asarray(np.vstack(rows), np.uint8)


def _tile(image: Image, mistake: Mistake) -> Image:
    """The photo around the mistake, TILE px a side, its box drawn, captioned below."""
    side = max(8, round(AROUND * mistake.size))
    x0 = round(mistake.center[0] - side / 2.0)
    y0 = round(mistake.center[1] - side / 2.0)
    part = np.full((side, side, 3), OUTSIDE, np.uint8)  # what lies in the photo is copied in
    top, left = max(0, y0), max(0, x0)
    bottom, right = min(image.shape[0], y0 + side), min(image.shape[1], x0 + side)
    if bottom > top and right > left:  # else all beyond the photo (a hand-made label)
        part[top - y0:bottom - y0, left - x0:right - x0] = image[top:bottom, left:right]
    shrink = side > TILE
    picture = np.asarray(cv2.resize(part, (TILE, TILE), interpolation=cv2.INTER_AREA if shrink
                                    else cv2.INTER_CUBIC), np.uint8)
    half = TILE / AROUND / 2.0  # the die's box: its size, in the middle
    corner = round(TILE / 2.0 - half), round(TILE / 2.0 + half)
    cv2.rectangle(picture, (corner[0], corner[0]), (corner[1], corner[1]), BOX, 1, cv2.LINE_AA)
    caption = np.full((CAPTION, TILE, 3), 255, np.uint8)
    _text(caption, mistake.verdict(), 13)
    _text(caption, mistake.where(), 29)
    tile = np.vstack([picture, caption])
    tile[:, -1] = 255  # a white gap between tiles
    return tile


def _text(canvas: Image, text: str, baseline: int) -> None:
    """Black text on the caption, made smaller until it fits the tile's width."""
    scale = 0.4
    while scale > 0.2:
        (width, _), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        if width <= TILE - 6:
            break
        scale -= 0.02
    cv2.putText(canvas, text, (3, baseline), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 1,
                cv2.LINE_AA)
