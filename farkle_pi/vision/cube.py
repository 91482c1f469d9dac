"""Dice drawn as cubes seen by a tilted camera: the top face and the side faces turned to it.

A phone held over a tray, or a Pi camera on a short arm, sees most dice at a slant:
the top face is short and one or two side faces show their pips. Flat renders from
straight above never teach the reader that, so dice from other tables come back
unreadable. These cubes are projected orthographically (a die is small next to its
distance from the lens), so every face is an affine warp of a flat face picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.vision.synth import PIP_LAYOUT, marble, pip_geometry

Image = npt.NDArray[np.uint8]
Vector = npt.NDArray[np.float64]
Colour = tuple[int, int, int]

FACE = 64  # side of the flat face picture that is warped onto each face
# the cube's corners (x right, y towards the camera, z up), edge 1, centred
CORNERS = np.array([[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])
# each face: its outward normal and four corner indices in order around the face
FACES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int, int]]] = {
    "top": ((0, 0, 1), (1, 5, 7, 3)),
    "+x": ((1, 0, 0), (5, 4, 6, 7)),
    "-x": ((-1, 0, 0), (0, 1, 3, 2)),
    "+y": ((0, 1, 0), (3, 7, 6, 2)),
    "-y": ((0, -1, 0), (0, 4, 5, 1)),
}


@dataclass(frozen=True)
class View:
    """How one scene's camera looks at the table: the same for every die in it."""

    tilt: float  # degrees from straight down
    heading: float  # degrees: which way in the picture the slant runs
    light: tuple[float, float, float]  # unit vector towards the lamp, table frame

    @staticmethod
    def random(rng: np.random.Generator) -> View:
        """A camera 12-38 degrees off vertical (the top face stays the largest), any heading,
        a lamp well above."""
        lamp = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(1.2, 3.0)])
        lamp /= np.linalg.norm(lamp)
        return View(float(rng.uniform(12, 38)), float(rng.uniform(0, 360)),
                    (float(lamp[0]), float(lamp[1]), float(lamp[2])))

    def camera(self) -> Vector:
        """Table frame (x right, y towards the camera, z up) -> picture x, y and nearness."""
        return _about(2, self.heading) @ _about(0, self.tilt)

    def nearness(self, centre: tuple[float, float]) -> float:
        """How near the lens a die at this picture point is: draw the far ones first."""
        towards = (self.camera() @ np.array([0.0, 1.0, 0.0]))[:2]
        return float(np.dot(centre, towards))


def _about(axis: int, degrees: float) -> Vector:
    """Rotation matrix about one axis."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    i, j = [k for k in range(3) if k != axis]
    m = np.eye(3)
    m[i, i], m[i, j], m[j, i], m[j, j] = c, -s, s, c
    return m


def side_values(top: int, rng: np.random.Generator) -> dict[str, int]:
    """Values on the four side faces that a real die could have around this top face."""
    ring = [v for v in range(1, 7) if v not in (top, 7 - top)]
    first = ring[int(rng.integers(4))]
    second = [v for v in ring if v not in (first, 7 - first)][int(rng.integers(2))]
    return {"+x": first, "-x": 7 - first, "+y": second, "-y": 7 - second}


def face_picture(value: int, body: Colour, pip: Colour, veins: Colour | None,
                 rng: np.random.Generator) -> Image:
    """One flat face, FACE pixels square, in a random quarter turn (2, 3 and 6 have a way up)."""
    img = np.zeros((FACE, FACE, 3), np.float32)
    img[:] = body
    if veins is not None:
        weight = marble(FACE, rng) * rng.uniform(0.4, 0.85)
        img = img * (1 - weight[..., None]) + np.array(veins, np.float32) * weight[..., None]
    spacing, radius = pip_geometry(FACE, rng)
    for px, py in PIP_LAYOUT[value]:
        centre = (round((FACE / 2 + px * spacing) * 16), round((FACE / 2 + py * spacing) * 16))
        cv2.circle(img, centre, round(radius * 16), pip, -1, cv2.LINE_AA, 4)
    return np.rot90(np.asarray(np.clip(img, 0, 255), np.uint8), int(rng.integers(4))).copy()


def draw_cube(img: Image, centre: tuple[float, float], edge: float, yaw: float, view: View,
              value: int, body: Colour, pip: Colour, rng: np.random.Generator,
              veins: Colour | None = None) -> tuple[float, float, float, float]:
    """Draw one die into img in place; its box in the picture as (x, y, w, h)."""
    camera, turn = view.camera(), _about(2, yaw)
    corners = (CORNERS * edge) @ (camera @ turn).T
    flat = corners[:, :2] + np.array(centre)
    lamp = np.array(view.light)
    _shadow(img, flat, edge, lamp, camera)
    sides = side_values(value, rng)
    for name, (normal, idx) in FACES.items():
        outward = turn @ np.array(normal, np.float64)
        if (camera @ outward)[2] <= 0.02:  # turned away from the lens, or seen edge-on
            continue
        lit = 0.45 + 0.6 * max(0.0, float(np.dot(outward, lamp)))
        face = face_picture(value if name == "top" else sides[name], body, pip, veins, rng)
        _paste(img, face, flat[list(idx)], lit)
    x0, y0 = flat.min(axis=0)
    x1, y1 = flat.max(axis=0)
    return (float(x0), float(y0), float(x1 - x0), float(y1 - y0))


def _paste(img: Image, face: Image, quad: Vector, lit: float) -> None:
    """Warp a face picture onto quad (four picture points) with its light and a darker rim."""
    h, w = img.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    local = (quad - np.array([x0, y0])).astype(np.float32)
    square = np.array([[0, 0], [FACE, 0], [FACE, FACE]], np.float32)
    warp = cv2.getAffineTransform(square, local[:3])
    size = (int(x1 - x0), int(y1 - y0))
    colour = cv2.warpAffine(face, warp, size, flags=cv2.INTER_AREA).astype(np.float32) * lit
    mask = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillConvexPoly(mask, np.round(local * 16).astype(np.int32), (255,), cv2.LINE_AA, 4)
    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    part = img[y0:y1, x0:x1].astype(np.float32)
    part = part * (1 - alpha) + np.clip(colour, 0, 255) * alpha
    img[y0:y1, x0:x1] = np.clip(part, 0, 255).astype(np.uint8)
    inside = mask > 128  # empty for a face seen almost edge-on
    rim = tuple(int(c) for c in colour[inside].mean(axis=0) * 0.6) if inside.any() else (0, 0, 0)
    cv2.polylines(img[y0:y1, x0:x1], [np.round(local * 16).astype(np.int32)], True, rim,
                  max(1, round(math.dist(quad[0], quad[1]) / 30)), cv2.LINE_AA, 4)


def _shadow(img: Image, flat: Vector, edge: float, lamp: Vector, camera: Vector) -> None:
    """A patch 30 % darker where the die keeps the lamp off the table."""
    along = -lamp[:2] / max(lamp[2], 0.3) * edge * 0.5  # the lamp's slant, table frame
    shift = (camera @ np.array([along[0], along[1], 0.0]))[:2]
    hull = cv2.convexHull(np.round((flat + shift) * 16).astype(np.int32))
    dark = img.copy()
    cv2.fillConvexPoly(dark, hull, (0, 0, 0), cv2.LINE_AA, 4)
    cv2.addWeighted(dark, 0.3, img, 0.7, 0, dst=img)
