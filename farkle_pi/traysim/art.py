"""Drawing for the tray simulator: procedural tray textures, dice with pips, a hand.

All of it is the project's own rendering (no photographs), so the sequences it
makes may be committed as fixtures.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.synth import PIP_LAYOUT

Float = npt.NDArray[np.float32]
BGR = tuple[int, int, int]

SKIN: BGR = (120, 160, 215)
SUPER = 4  # supersampling for smooth die edges


def texture(kind: str, size: tuple[int, int], base: BGR, rng: np.random.Generator) -> Float:
    """Felt (fine noise), wood (stretched grain) or paper (faint blotches), as float BGR."""
    width, height = size
    img = np.empty((height, width, 3), np.float32)
    img[:] = base
    if kind == "wood":
        grain = cv2.resize(rng.normal(0, 1, (height // 6 + 1, 8)).astype(np.float32),
                           (width, height), interpolation=cv2.INTER_CUBIC)
        img *= (1 + 0.10 * grain)[:, :, None]
    elif kind == "felt":
        img += rng.normal(0, 6, (height, width, 1)).astype(np.float32)
    else:
        blotch = cv2.resize(rng.normal(0, 1, (height // 40 + 1, width // 40 + 1))
                            .astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
        img *= (1 + 0.03 * blotch)[:, :, None]
    return img


def die_face(value: int, side: int, body: BGR, pip: BGR) -> npt.NDArray[np.float32]:
    """A die's top face seen from above: BGRA float (alpha 0..1), rounded and shaded."""
    big = side * SUPER
    img = np.zeros((big, big, 4), np.float32)
    radius = int(big * 0.18)
    mask = np.zeros((big, big), np.uint8)
    cv2.rectangle(mask, (radius, 0), (big - radius, big), (255,), -1)
    cv2.rectangle(mask, (0, radius), (big, big - radius), (255,), -1)
    for cx, cy in ((radius, radius), (big - radius, radius), (radius, big - radius),
                   (big - radius, big - radius)):
        cv2.circle(mask, (cx, cy), radius, (255,), -1)
    yy, xx = np.mgrid[0:big, 0:big].astype(np.float32) / big
    shade = 1.08 - 0.18 * (xx + yy) / 2  # light from the top left
    img[:, :, :3] = np.array(body, np.float32)[None, None, :] * shade[:, :, None]
    for dx, dy in PIP_LAYOUT[value]:
        centre = (int(big / 2 + dx * big * 0.27), int(big / 2 + dy * big * 0.27))
        cv2.circle(img, centre, int(big * 0.085), (*pip, 1.0), -1, cv2.LINE_AA)
    img[:, :, 3] = mask / 255.0
    return np.asarray(cv2.resize(img, (side, side), interpolation=cv2.INTER_AREA), np.float32)


def cocked_die(value: int, side_value: int, side: int, body: BGR, pip: BGR,
               lean: float = 35.0) -> Float:
    """A die leaning `lean` degrees on another or the wall, seen from above.

    Its top face is foreshortened to cos(lean) and one side face shows at
    sin(lean): the outline is about 1.4 times longer than wide, as a real one is.
    """
    return _with_side_face(value, side_value, side, body, pip,
                           round(side * math.cos(math.radians(lean))),
                           round(side * math.sin(math.radians(lean))))


def off_centre_die(value: int, side_value: int, side: int, body: BGR, pip: BGR,
                   stretch: float) -> Float:
    """A flat die away from the middle of a camera's view: its whole top face, and the side
    face turned to the camera at `stretch` x side (distance from the centre / focal length
    in pixels). Turn the side face towards the picture's centre when placing it."""
    return _with_side_face(value, side_value, side, body, pip, side, round(side * stretch))


def _with_side_face(value: int, side_value: int, side: int, body: BGR, pip: BGR,
                    top_h: int, flank_h: int) -> Float:
    """The top face squeezed to top_h rows above the side face at flank_h rows."""
    top = die_face(value, side, body, pip)
    flank = die_face(side_value, side, body, pip)
    out = np.zeros((top_h + flank_h, side, 4), np.float32)
    out[:top_h] = cv2.resize(top, (side, top_h), interpolation=cv2.INTER_AREA)
    if flank_h:
        low = np.asarray(cv2.resize(flank, (side, flank_h), interpolation=cv2.INTER_AREA),
                         np.float32)
        low[:, :, :3] *= np.float32(0.62)  # the side face is turned away from the light
        out[top_h:] = low
    return out


def place(canvas: Float, sprite: Float, centre: tuple[float, float], angle: float,
          scale: float = 1.0, blur: tuple[float, float] = (0.0, 0.0), shadow: float = 0.0,
          skew: tuple[float, float] = (0.0, 0.0)) -> None:
    """Composite a BGRA sprite about its middle: rotated, scaled, sheared, blurred, shadowed."""
    height, width = sprite.shape[:2]
    side = max(height, width)
    pad = int(side * 0.9 * scale) + int(abs(blur[0]) + abs(blur[1])) + 6
    patch = 2 * pad
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), angle, scale)
    matrix[0, 1] += skew[0]
    matrix[1, 0] += skew[1]
    matrix[:, 2] += (pad - width / 2 - skew[0] * height / 2, pad - height / 2 - skew[1] * width / 2)
    warped = np.asarray(
        cv2.warpAffine(sprite, matrix, (patch, patch), flags=cv2.INTER_LINEAR), np.float32
    )
    length = float(np.hypot(*blur))
    if length >= 1.5:
        warped = _motion_blur(warped, blur)
    x0, y0 = round(centre[0]) - pad, round(centre[1]) - pad
    if shadow > 0:
        alpha = np.asarray(cv2.GaussianBlur(warped[:, :, 3], (0, 0), side * 0.12), np.float32)
        off = max(2, int(side * 0.12 * shadow))
        _blend(canvas, np.zeros((patch, patch, 3), np.float32), alpha * 0.45, x0 + off, y0 + off)
    _blend(canvas, warped[:, :, :3], warped[:, :, 3], x0, y0)


def hand(canvas: Float, root: tuple[float, float], tip: tuple[float, float], width: float,
         skin: BGR = SKIN) -> None:
    """An arm from `root` (at the picture's edge) to a hand at `tip`, with fingers."""
    height, w = canvas.shape[:2]
    mask = np.zeros((height, w), np.float32)
    vec = np.subtract(tip, root).astype(np.float32)
    length = float(np.hypot(*vec)) or 1.0
    unit = vec / length
    normal = np.array([-unit[1], unit[0]], np.float32)
    r, t = np.array(root, np.float32), np.array(tip, np.float32)
    arm = np.array([r + normal * width / 2, t + normal * width * 0.6,
                    t - normal * width * 0.6, r - normal * width / 2], np.int32)
    cv2.fillPoly(mask, [arm], (1.0,), cv2.LINE_AA)
    cv2.ellipse(mask, (int(t[0]), int(t[1])), (int(width * 0.8), int(width * 0.65)),
                float(np.degrees(np.arctan2(unit[1], unit[0]))), 0, 360, (1.0,), -1, cv2.LINE_AA)
    for k in (-1.5, -0.5, 0.5, 1.5):
        base = t + normal * k * width * 0.3
        end = base + unit * width * (0.9 - 0.15 * abs(k))
        cv2.line(mask, (int(base[0]), int(base[1])), (int(end[0]), int(end[1])), (1.0,),
                 max(3, int(width * 0.22)), cv2.LINE_AA)
    shadow = cv2.GaussianBlur(mask, (0, 0), width * 0.3)
    dark = np.zeros_like(canvas)
    _blend(canvas, dark, np.roll(shadow, (int(width * 0.25), int(width * 0.2)), (0, 1)) * 0.4,
           0, 0)
    shade = 0.85 + 0.25 * cv2.GaussianBlur(mask, (0, 0), width * 0.25)
    colour = np.array(skin, np.float32)[None, None, :] * shade[:, :, None]
    _blend(canvas, colour, mask, 0, 0)


def _motion_blur(img: Float, blur: tuple[float, float]) -> Float:
    size = int(max(3, np.hypot(*blur))) | 1
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    end = (int(c + blur[0] / 2), int(c + blur[1] / 2))
    start = (int(c - blur[0] / 2), int(c - blur[1] / 2))
    cv2.line(kernel, start, end, (1.0,), 1)
    kernel /= max(float(kernel.sum()), 1.0)
    return np.asarray(cv2.filter2D(img, -1, kernel), np.float32)


def _blend(canvas: Float, colour: Float, alpha: Float, x0: int, y0: int) -> None:
    """canvas = canvas * (1 - alpha) + colour * alpha, clipped to the canvas."""
    height, width = canvas.shape[:2]
    h, w = alpha.shape[:2]
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x0 + w, width), min(y0 + h, height)
    if cx0 >= cx1 or cy0 >= cy1:
        return
    a = alpha[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0, None]
    region = canvas[cy0:cy1, cx0:cx1]
    region *= 1 - a
    region += colour[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0] * a
