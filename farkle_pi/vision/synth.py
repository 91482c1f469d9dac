"""Synthetic dice scenes the project renders itself: for training and test fixtures.

Every die is drawn as a rounded, shaded square seen from above with its pips at
the standard positions, on a plain, gradient or textured background, with a soft
shadow. The labels are exact, so tests can ask for exact values. On request a share
of the dice are the hard kind real tables have: marbled bodies (two colours swirled)
and pips that barely stand out (red on black, gold on ivory); and a share are
translucent, the table showing through and the pips of the bottom and side faces
seen faintly through the body.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Points = npt.NDArray[np.float64]
Pixels = npt.NDArray[np.int32]  # fixed point, 4 fraction bits (cv2's shift=4)

PIP_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

BODY_COLOURS: list[tuple[int, int, int]] = [
    (245, 245, 245), (200, 230, 240), (30, 30, 30), (40, 40, 200), (60, 160, 60),
    (200, 90, 30), (40, 200, 230), (140, 50, 120), (30, 30, 110), (120, 120, 120),
]
PIP_COLOURS: list[tuple[int, int, int]] = [
    (20, 20, 20), (250, 250, 250), (30, 30, 200), (40, 170, 220),
]


@dataclass(frozen=True)
class SynthDie:
    """Ground truth of one rendered die."""

    value: int
    center: tuple[float, float]
    size: float
    angle: float
    body_bgr: tuple[int, int, int]
    marble_bgr: tuple[int, int, int] | None = None  # second body colour, swirled in
    translucent: bool = False  # the table and the other faces' pips show through
    extent: tuple[float, float, float, float] | None = None  # box of a die seen at a slant

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        """Axis-aligned box of the rotated square (or of the slanted cube)."""
        if self.extent is not None:
            return self.extent
        half = self.size / 2.0 * (abs(math.cos(math.radians(self.angle)))
                                  + abs(math.sin(math.radians(self.angle))))
        return (self.center[0] - half, self.center[1] - half, 2 * half, 2 * half)


def _contrast_pip(body: tuple[int, int, int], rng: np.random.Generator) -> tuple[int, int, int]:
    """A pip colour that stands out from the body: far in colour and in brightness."""
    choices = [c for c in PIP_COLOURS
               if sum(abs(a - b) for a, b in zip(c, body, strict=True)) > 240
               and abs(sum(c) - sum(body)) / 3.0 > 50]
    if not choices:
        return (20, 20, 20) if sum(body) > 380 else (250, 250, 250)
    return choices[int(rng.integers(len(choices)))]


def _any_pip(body: tuple[int, int, int], rng: np.random.Generator) -> tuple[int, int, int]:
    """A pip colour that differs from the body but may barely stand out (red on black)."""
    choices = [c for c in PIP_COLOURS
               if sum(abs(a - b) for a, b in zip(c, body, strict=True)) > 120]
    return choices[int(rng.integers(len(choices)))] if choices else _contrast_pip(body, rng)


def marble(size: int, rng: np.random.Generator) -> npt.NDArray[np.float32]:
    """size x size mixing weights in 0..1: smooth noise folded into veins, as in marbled dice."""
    coarse = rng.normal(0, 1, (5, 5)).astype(np.float32)
    field = cv2.resize(coarse, (size, size), interpolation=cv2.INTER_CUBIC)
    veins = np.abs(np.sin(field * rng.uniform(1.5, 4.0)))
    return np.asarray(veins ** rng.uniform(0.5, 2.0), np.float32)


def random_background(shape: tuple[int, int], rng: np.random.Generator,
                      noise: bool = True) -> Image:
    """Paper, felt or wood-like background with a light gradient and (optional) noise."""
    h, w = shape
    base = rng.integers(20, 250, size=3).astype(np.float32)
    if rng.random() < 0.4:
        base = np.full(3, rng.uniform(150, 250), np.float32)  # white-ish paper / board
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tilt = rng.uniform(-0.25, 0.25, size=2)
    grad = 1.0 + tilt[0] * (xx / w - 0.5) + tilt[1] * (yy / h - 0.5)
    img = base[None, None, :] * grad[:, :, None]
    kind = rng.integers(3) if noise else 0
    if kind == 1:  # felt: fine noise
        img += rng.normal(0, rng.uniform(3, 12), size=(h, w, 1)).astype(np.float32)
    elif kind == 2:  # wood: stretched noise stripes
        stripes = cv2.resize(rng.normal(0, 1, size=(max(h // 40, 2), w)).astype(np.float32), (w, h))
        img += (stripes * rng.uniform(2, 10))[:, :, None]
    if noise:
        img += rng.normal(0, 2.0, size=(h, w, 3)).astype(np.float32)
    return np.asarray(np.clip(img, 0, 255), np.uint8)


def busy_table(img: Image, die_size: float, rng: np.random.Generator) -> Image:
    """A speckled carpet, terrazzo or busy print: many small spots of many colours, about a
    pip's size, that are not dice (the readers must learn that pips belong on a die's face)."""
    h, w = img.shape[:2]
    out = img.copy()
    palette = [tuple(int(v) for v in rng.integers(0, 256, 3))
               for _ in range(int(rng.integers(3, 8)))]
    radius = (0.05 * die_size, 0.16 * die_size)
    cover = rng.uniform(0.2, 0.7)  # share of the table under spots (before they overlap)
    count = int(cover * h * w / (math.pi * ((radius[0] + radius[1]) / 2) ** 2))
    xs, ys = rng.uniform(0, w, count), rng.uniform(0, h, count)
    rs = rng.uniform(*radius, count)
    squash = rng.uniform(0.5, 1.0, count)
    angles = rng.uniform(0, 180, count)
    colours = rng.integers(len(palette), size=count)
    for x, y, r, q, a, c in zip(xs, ys, rs, squash, angles, colours, strict=True):
        axes = (max(1, round(r * 16)), max(1, round(r * q * 16)))
        cv2.ellipse(out, (round(x * 16), round(y * 16)), axes, float(a), 0, 360, palette[c], -1,
                    cv2.LINE_AA, 4)
    return np.asarray(cv2.GaussianBlur(out, (0, 0), rng.uniform(0.3, 1.0)), np.uint8)


def draw_die(img: Image, die: SynthDie, pip_bgr: tuple[int, int, int],
             rng: np.random.Generator) -> None:
    """Draw one die (shadow, rounded body, shading, pips) into img in place."""
    cx, cy = die.center
    s = die.size
    rot = cv2.getRotationMatrix2D((0.0, 0.0), -die.angle, 1.0)[:, :2]

    def to_img(points: npt.NDArray[np.float64]) -> npt.NDArray[np.int32]:
        pts = points @ rot.T + np.array([cx, cy])
        return np.asarray(np.round(pts * 16), np.int32)

    r = s * rng.uniform(0.08, 0.2)
    half = s / 2.0
    corners = []
    for qx, qy, a0 in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        for a in range(a0, a0 + 91, 15):
            corners.append(((half - r) * qx + r * math.cos(math.radians(a)),
                            (half - r) * qy + r * math.sin(math.radians(a))))
    outline = np.array(corners, np.float64)
    shadow = img.copy()
    off = np.array([s * 0.08, s * 0.1])
    cv2.fillPoly(shadow, [to_img(outline + off)], (0, 0, 0), cv2.LINE_AA, 4)
    cv2.addWeighted(shadow, 0.25, img, 0.75, 0, dst=img)
    behind = img.copy()
    cv2.fillPoly(img, [to_img(outline)], die.body_bgr, cv2.LINE_AA, 4)
    if die.marble_bgr is not None:
        _swirl(img, to_img(outline), die.marble_bgr, rng)
    # a darker rim suggests the side faces and the rounded edge
    rim = tuple(int(c * 0.7) for c in die.body_bgr)
    cv2.polylines(img, [to_img(outline)], True, rim, max(1, int(s / 25)), cv2.LINE_AA, 4)
    spacing, radius = pip_geometry(s, rng)
    if die.translucent:
        _see_through(img, behind, die, to_img, to_img(outline), pip_bgr, spacing, radius, rng)
    for px, py in PIP_LAYOUT[die.value]:
        c = to_img(np.array([[px * spacing, py * spacing]]))[0]
        cv2.circle(img, (int(c[0]), int(c[1])), int(radius * 16), pip_bgr, -1, cv2.LINE_AA, 4)
    if rng.random() < 0.5:  # glare spot
        g = to_img(np.array([[rng.uniform(-0.3, 0.3) * s, rng.uniform(-0.3, 0.3) * s]]))[0]
        spot = np.zeros_like(img)
        cv2.circle(spot, (int(g[0]), int(g[1])), int(s * 0.12 * 16), (255, 255, 255), -1,
                   cv2.LINE_AA, 4)
        soft = cv2.GaussianBlur(spot, (0, 0), s * 0.06 + 0.5).astype(np.float32)
        cv2.add(img, (soft * rng.uniform(0.2, 0.7)).astype(np.uint8), dst=img)


def _see_through(img: Image, behind: Image, die: SynthDie, to_img: Callable[[Points], Pixels],
                 outline: Pixels, pip_bgr: tuple[int, int, int], spacing: float, radius: float,
                 rng: np.random.Generator) -> None:
    """A translucent body: the table behind shows through it, and so do the pips of the
    bottom face (mirrored, blurred) and of one or two side faces (squeezed to the edges)."""
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [outline], (255,), cv2.LINE_AA, 4)
    clear = rng.uniform(0.2, 0.5) * (mask.astype(np.float32) / 255.0)[..., None]
    tinted = behind.astype(np.float32) * (np.array(die.body_bgr, np.float32) / 255.0 + 0.3)
    img[:] = np.clip(img * (1 - clear) + tinted * clear, 0, 255).astype(np.uint8)
    ghosts = np.zeros(img.shape[:2], np.uint8)
    bottom = 7 - die.value
    for px, py in PIP_LAYOUT[bottom]:  # seen from above through the die: mirrored
        c = to_img(np.array([[-px * spacing * 0.9, py * spacing * 0.9]]))[0]
        cv2.circle(ghosts, (int(c[0]), int(c[1])), int(radius * 0.9 * 16), (255,), -1,
                   cv2.LINE_AA, 4)
    sides = [v for v in range(1, 7) if v not in (die.value, bottom)]
    half = die.size / 2.0
    for turn in rng.choice(4, size=int(rng.integers(1, 5)), replace=False):
        face = sides[int(rng.integers(len(sides)))]
        a = math.radians(90.0 * float(turn))
        for px, py in PIP_LAYOUT[face]:  # the face's pips pressed into a band by the edge
            u, v = px * spacing, half * 0.78 + py * spacing * 0.18
            c = to_img(np.array([[u * math.cos(a) - v * math.sin(a),
                                  u * math.sin(a) + v * math.cos(a)]]))[0]
            axes = (int(radius * 16), int(radius * 0.45 * 16))
            cv2.ellipse(ghosts, (int(c[0]), int(c[1])), axes, die.angle + 90.0 * float(turn),
                        0, 360, (255,), -1, cv2.LINE_AA, 4)
    # smoky dice show the other faces' pips nearly as sharp and strong as the top's
    blur = cv2.GaussianBlur(ghosts, (0, 0), die.size * rng.uniform(0.01, 0.05) + 0.5)
    weight = (blur.astype(np.float32) / 255.0 * rng.uniform(0.3, 0.85)
              * (mask.astype(np.float32) / 255.0))[..., None]
    img[:] = np.clip(img * (1 - weight) + np.array(pip_bgr, np.float32) * weight,
                     0, 255).astype(np.uint8)


def pip_geometry(side: float, rng: np.random.Generator) -> tuple[float, float]:
    """Pip spacing and radius for a face `side` across: makers differ within these ranges."""
    return side * rng.uniform(0.24, 0.3), side * rng.uniform(0.07, 0.1)


def _swirl(img: Image, outline: npt.NDArray[np.int32], colour: tuple[int, int, int],
           rng: np.random.Generator) -> None:
    """Mix a second colour into the body inside the outline (fixed-point, shift 4)."""
    x, y, w, h = cv2.boundingRect(outline // 16)
    x, y = max(0, x), max(0, y)
    part = img[y:y + h, x:x + w]
    if part.size == 0:
        return
    mask = np.zeros(part.shape[:2], np.uint8)
    cv2.fillPoly(mask, [outline - np.array([x * 16, y * 16], np.int32)], (255,), cv2.LINE_AA, 4)
    side = max(part.shape[:2])
    strength = rng.uniform(0.4, 0.85)  # makers keep pips readable: veins never fully cover
    weight = marble(side, rng)[:part.shape[0], :part.shape[1]] * (mask / 255.0) * strength
    mixed = part * (1 - weight[..., None]) + np.array(colour, np.float32) * weight[..., None]
    part[:] = np.clip(mixed, 0, 255).astype(np.uint8)


def render_scene(rng: np.random.Generator, shape: tuple[int, int] = (480, 640),
                 n_dice: int | None = None, size_range: tuple[float, float] = (20.0, 80.0),
                 touching: bool = True, background: Image | None = None,
                 noise: bool = True, hard_share: float = 0.0, slant_share: float = 0.0,
                 translucent_share: float = 0.0, busy_share: float = 0.0
                 ) -> tuple[Image, list[SynthDie]]:
    """A random tray photo from above: background plus 1-12 dice, no overlaps.

    hard_share of the dice are marbled or have low-contrast pips; slant_share of the
    scenes are seen by a tilted camera, their dice drawn as cubes with side faces;
    translucent_share of the dice (seen from above) are see-through; busy_share of the
    scenes lie on a busy, speckled table (`busy_table`). At 0 the random stream is the one
    earlier renders (and the shipped nets' training) used.
    """
    from farkle_pi.vision.cube import View, draw_cube  # cube draws with this module's pips

    h, w = shape
    img: Image = random_background(shape, rng, noise) if background is None else background.copy()
    count = int(rng.integers(1, 13)) if n_dice is None else n_dice
    size = float(math.exp(rng.uniform(math.log(size_range[0]), math.log(size_range[1]))))
    if busy_share and rng.random() < busy_share:
        img = busy_table(img, size, rng)
    dice: list[SynthDie] = []
    for _ in range(count * 30):
        if len(dice) >= count:
            break
        s = size * rng.uniform(0.85, 1.15)
        if touching and dice and rng.random() < 0.3:
            other = dice[int(rng.integers(len(dice)))]
            ang = rng.uniform(0, 2 * math.pi)
            dist = (other.size + s) / 2.0 * 1.45
            c = (other.center[0] + dist * math.cos(ang), other.center[1] + dist * math.sin(ang))
        else:
            c = (rng.uniform(s, w - s), rng.uniform(s, h - s))
        if not (s * 0.75 < c[0] < w - s * 0.75 and s * 0.75 < c[1] < h - s * 0.75):
            continue
        if any(math.dist(c, d.center) < (d.size + s) / 2.0 * 1.42 for d in dice):
            continue
        body = BODY_COLOURS[int(rng.integers(len(BODY_COLOURS)))]
        body = tuple(int(np.clip(v + rng.integers(-20, 21), 0, 255)) for v in body)  # type: ignore[assignment]
        die = SynthDie(int(rng.integers(1, 7)), c, s, float(rng.uniform(0, 90)), body)
        if hard_share and rng.random() < hard_share:
            veins = BODY_COLOURS[int(rng.integers(len(BODY_COLOURS)))]
            die = replace(die, marble_bgr=veins if rng.random() < 0.7 else None)
        if translucent_share and rng.random() < translucent_share:
            die = replace(die, translucent=True)
        dice.append(die)
    view = View.random(rng) if slant_share and rng.random() < slant_share else None
    if view is not None:
        dice.sort(key=lambda d: view.nearness(d.center))  # the near ones hide the far ones
    for k, die in enumerate(dice):
        hard = (die.marble_bgr is not None or die.translucent
                or (hard_share and rng.random() < hard_share))
        pip = _any_pip(die.body_bgr, rng) if hard else _contrast_pip(die.body_bgr, rng)
        if die.marble_bgr is not None and rng.random() < 0.5:  # veins the pips' colour
            dark_pip = (int(0.75 * pip[0]), int(0.75 * pip[1]), int(0.75 * pip[2]))
            dice[k] = die = replace(die, marble_bgr=dark_pip)
        if view is None:
            draw_die(img, die, pip, rng)
            continue
        box = draw_cube(img, die.center, die.size, die.angle, view, die.value,
                        die.body_bgr, pip, rng, die.marble_bgr)
        dice[k] = replace(die, center=(box[0] + box[2] / 2, box[1] + box[3] / 2), extent=box)
    if noise and rng.random() < 0.5:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0)), np.uint8)
    return img, dice
