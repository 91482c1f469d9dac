"""Busy synthetic tables: what other people's photos have and byler's lack.

Dice photographed by other people lie in piles, come in any colour (neon, glitter,
translucent), show their side faces, and sit on carpets and felts the same colour
as the dice. A detector trained on byler's tidy photos misses such dice (see
docs/vision.md, "Photos no net saw"), so training adds scenes like these.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.synth import PIP_LAYOUT, SynthDie, random_background

Image = npt.NDArray[np.uint8]
Colour = tuple[int, int, int]

NAMED_PIPS: list[Colour] = [(20, 20, 20), (250, 250, 250), (30, 30, 200), (40, 170, 220)]


def any_colour(rng: np.random.Generator, grey_share: float = 0.3) -> Colour:
    """A random BGR colour: greys and whites as often as real dice are, else any hue."""
    if rng.random() < grey_share:
        v = int(rng.choice([rng.uniform(15, 60), rng.uniform(200, 250), rng.uniform(60, 200)]))
        return (v, v, v)
    hsv = np.array([[[rng.uniform(0, 180), rng.uniform(90, 255), rng.uniform(60, 255)]]],
                   np.uint8)
    b, g, r = (int(c) for c in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
    return (b, g, r)


def pip_for(body: Colour, rng: np.random.Generator) -> Colour:
    """A pip colour that stands out from the body in brightness (as makers make them)."""
    brightness = sum(body) / 3.0
    options = [c for c in [*NAMED_PIPS, any_colour(rng, 0.0)]
               if abs(sum(c) / 3.0 - brightness) > 60]
    if not options:
        return (20, 20, 20) if brightness > 127 else (250, 250, 250)
    return options[int(rng.integers(len(options)))]


def busy_background(shape: tuple[int, int], rng: np.random.Generator) -> Image:
    """Felt, carpet speckle, woven cloth or a plain board, sometimes with a tray wall."""
    h, w = shape
    img = random_background(shape, rng).astype(np.float32)
    kind = rng.integers(4)
    if kind == 1:  # speckled carpet: dots of two or three colours, a few px each
        for _ in range(int(rng.integers(2, 4))):
            dots = (rng.random((h // 2, w // 2)) < rng.uniform(0.05, 0.3)).astype(np.float32)
            dots = np.asarray(cv2.resize(dots, (w, h), interpolation=cv2.INTER_NEAREST), np.float32)
            dots = np.asarray(cv2.GaussianBlur(dots, (0, 0), rng.uniform(0.5, 1.5)), np.float32)
            img += dots[:, :, None] * (np.array(any_colour(rng), np.float32) - img) * 0.8
    elif kind == 2:  # woven cloth
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        period = rng.uniform(3, 8)
        weave = np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)
        img += (weave * rng.uniform(5, 20))[:, :, None]
    if rng.random() < 0.4:  # a tray wall or table edge: a band of another colour
        side = rng.integers(4)
        depth = int(rng.uniform(0.05, 0.25) * (w if side < 2 else h))
        wall = np.array(any_colour(rng), np.float32)
        if side == 0:
            img[:, :depth] = wall
        elif side == 1:
            img[:, w - depth:] = wall
        elif side == 2:
            img[:depth] = wall
        else:
            img[h - depth:] = wall
    return np.asarray(np.clip(img, 0, 255), np.uint8)


def draw_busy_die(img: Image, die: SynthDie, pip: Colour, rng: np.random.Generator,
                  side_offset: tuple[float, float], translucent: float, glitter: bool) -> None:
    """A die with visible side faces (the top face shifted by side_offset), see-through by
    `translucent` (0 = opaque), optionally glittered."""
    cx, cy = die.center
    s = die.size
    rot = cv2.getRotationMatrix2D((0.0, 0.0), -die.angle, 1.0)[:, :2]
    half, r = s / 2.0, s * rng.uniform(0.08, 0.2)
    corners = [((half - r) * qx + r * math.cos(math.radians(a)),
                (half - r) * qy + r * math.sin(math.radians(a)))
               for qx, qy, a0 in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270))
               for a in range(a0, a0 + 91, 15)]
    top = np.array(corners) @ rot.T + np.array([cx, cy])
    base = top + np.array(side_offset)
    hull = cv2.convexHull(np.round(np.vstack([top, base]) * 16).astype(np.int32))
    fixed = np.round(top * 16).astype(np.int32)

    layer = img.copy()
    shadow = img.copy()
    cv2.fillPoly(shadow, [hull + np.round(np.array([s, s]) * 0.1 * 16).astype(np.int32)],
                 (0, 0, 0), cv2.LINE_AA, 4)
    cv2.addWeighted(shadow, 0.3, img, 0.7, 0, dst=img)
    dark = tuple(int(c * rng.uniform(0.45, 0.8)) for c in die.body_bgr)
    cv2.fillPoly(layer, [hull], dark, cv2.LINE_AA, 4)
    cv2.fillPoly(layer, [fixed], die.body_bgr, cv2.LINE_AA, 4)
    if glitter:
        mask = np.zeros(img.shape[:2], np.uint8)
        cv2.fillPoly(mask, [hull], (255,), cv2.LINE_8, 4)
        sparkle = (rng.random(img.shape[:2]) < 0.06) & (mask > 0)
        layer[sparkle] = np.clip(layer[sparkle].astype(np.int16) + 90, 0, 255).astype(np.uint8)
    spacing, radius = s * rng.uniform(0.24, 0.3), s * rng.uniform(0.07, 0.1)
    for px, py in PIP_LAYOUT[die.value]:
        c = np.array([px * spacing, py * spacing]) @ rot.T + np.array([cx, cy])
        cv2.circle(layer, (round(c[0] * 16), round(c[1] * 16)), round(radius * 16), pip, -1,
                   cv2.LINE_AA, 4)
    if translucent:
        cv2.addWeighted(img, translucent, layer, 1.0 - translucent, 0, dst=layer)
        cv2.polylines(layer, [fixed], True, (235, 235, 235), 1, cv2.LINE_AA, 4)  # glossy rim
    img[:] = layer


def render_busy_scene(rng: np.random.Generator, shape: tuple[int, int] = (480, 640),
                      size_range: tuple[float, float] = (20.0, 120.0)
                      ) -> tuple[Image, list[SynthDie]]:
    """A busy table: 1-30 dice, often in a pile, one light direction for their sides.

    A label's centre and size are those of the whole visible die (top and sides), as a
    person boxes a die in a photo.
    """
    h, w = shape
    img = busy_background(shape, rng)
    count = int(rng.integers(1, 31))
    size = float(math.exp(rng.uniform(math.log(size_range[0]), math.log(size_range[1]))))
    lean = rng.uniform(0.0, 0.35) if rng.random() < 0.7 else 0.0
    direction = rng.uniform(0, 2 * math.pi)
    pile = rng.random() < 0.5
    placed: list[SynthDie] = []
    labels: list[SynthDie] = []
    for _ in range(count * 30):
        if len(placed) >= count:
            break
        s = size * rng.uniform(0.85, 1.15)
        if pile and placed:
            other = placed[int(rng.integers(len(placed)))]
            ang = rng.uniform(0, 2 * math.pi)
            dist = (other.size + s) / 2.0 * rng.uniform(1.15, 1.5)
            c = (other.center[0] + dist * math.cos(ang), other.center[1] + dist * math.sin(ang))
        else:
            c = (rng.uniform(s, w - s), rng.uniform(s, h - s))
        if not (s * 0.75 < c[0] < w - s * 0.75 and s * 0.75 < c[1] < h - s * 0.75):
            continue
        if any(math.dist(c, d.center) < (d.size + s) / 2.0 * 1.15 for d in placed):
            continue
        placed.append(SynthDie(int(rng.integers(1, 7)), c, s, float(rng.uniform(0, 90)),
                               any_colour(rng)))
    # far dice first, so nearer ones (lower in the picture) hide them as in a real pile
    placed.sort(key=lambda d: d.center[1])
    for die in placed:
        offset = (s_off := die.size * lean) * math.cos(direction), s_off * math.sin(direction)
        translucent = rng.uniform(0.25, 0.6) if rng.random() < 0.2 else 0.0
        draw_busy_die(img, die, pip_for(die.body_bgr, rng), rng, offset, translucent,
                      rng.random() < 0.15)
        centre = (die.center[0] + offset[0] / 2.0, die.center[1] + offset[1] / 2.0)
        labels.append(SynthDie(die.value, centre, die.size + math.hypot(*offset) / 2.0,
                               die.angle, die.body_bgr))
    if rng.random() < 0.5:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.5)), np.uint8)
    img = np.asarray(np.clip(img + rng.normal(0, 3.0, img.shape), 0, 255), np.uint8)
    return img, labels
