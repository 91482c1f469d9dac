"""A scripted tray scene: dice thrown, bouncing, settling, hands reaching in, light changing.

`SceneSpec` is plain data (JSON round-trip, stored beside each rendered fixture),
`Scene` renders it frame by frame and answers what is truly in the tray at any time.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from farkle_pi.devices.frames import Frame, Image, SourceBase
from farkle_pi.traysim.art import BGR, Float, cocked_die, die_face, hand, place, texture
from farkle_pi.vision.calibration import Calibration

Point = tuple[float, float]
VIGNETTE = 0.25  # share of light lost in the picture's corners
DEFOCUS = 0.6  # px: a camera's slight blur
TILT = 0.08  # shear of a die at the picture's edge: seen a little from the side


@dataclass(frozen=True)
class DieSpec:
    """One die of one throw: where it enters, where and when it stops, when it leaves."""

    value: int
    final: Point
    angle: float
    throw_t: float
    stop_t: float
    start: Point
    body: BGR = (235, 235, 235)
    pip: BGR = (30, 30, 30)
    gone_t: float | None = None  # picked up at this time
    keep_at: Point | None = None  # ... and put down here (in the keep zone)
    cocked_side: int = 0  # lands leaning, this side face showing
    spin: float = 400.0


@dataclass(frozen=True)
class HandSpec:
    """A hand reaching from `root` (picture edge) to `tip` and back out."""

    t_in: float
    t_out: float
    root: Point
    tip: Point
    width: float = 64.0
    jitter: float = 1.5


@dataclass(frozen=True)
class LightSpec:
    """The room light going from one gain to another (a lamp dimmed, a cloud)."""

    t0: float
    t1: float
    gain_from: float
    gain_to: float


@dataclass(frozen=True)
class SceneSpec:
    size: tuple[int, int] = (640, 480)
    fps: float = 15.0
    duration: float = 10.0
    die_px: int = 40
    tray: tuple[Point, ...] = ((40, 40), (520, 40), (520, 440), (40, 440))
    keep_zone: tuple[Point, ...] = ()
    floor: str = "felt"
    floor_bgr: BGR = (60, 110, 40)
    table_bgr: BGR = (70, 100, 140)
    dice: tuple[DieSpec, ...] = ()
    hands: tuple[HandSpec, ...] = ()
    lights: tuple[LightSpec, ...] = ()
    noise: float = 0.7
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> SceneSpec:
        def pts(value: Any) -> tuple[Point, ...]:
            return tuple((float(x), float(y)) for x, y in value)

        def die(d: dict[str, Any]) -> DieSpec:
            d = dict(d, final=tuple(d["final"]), start=tuple(d["start"]),
                     body=tuple(d["body"]), pip=tuple(d["pip"]))
            if d.get("keep_at") is not None:
                d["keep_at"] = tuple(d["keep_at"])
            return DieSpec(**d)

        def hand_spec(h: dict[str, Any]) -> HandSpec:
            return HandSpec(**dict(h, root=tuple(h["root"]), tip=tuple(h["tip"])))

        return cls(**dict(
            raw, size=tuple(raw["size"]), tray=pts(raw["tray"]), keep_zone=pts(raw["keep_zone"]),
            floor_bgr=tuple(raw["floor_bgr"]), table_bgr=tuple(raw["table_bgr"]),
            dice=tuple(die(d) for d in raw["dice"]),
            hands=tuple(hand_spec(h) for h in raw["hands"]),
            lights=tuple(LightSpec(**x) for x in raw["lights"]),
        ))


@dataclass(frozen=True)
class DieTruth:
    value: int
    center: Point
    cocked: bool
    in_keep_zone: bool


@dataclass
class Scene:
    """Renders a SceneSpec; `truth(t)` is what is at rest in the picture at time t."""

    spec: SceneSpec
    _sprites: dict[tuple[int, int], Float] = field(default_factory=dict, repr=False)

    @cached_property
    def background(self) -> Float:
        s = self.spec
        rng = np.random.default_rng(s.seed)
        table = texture("wood", s.size, s.table_bgr, rng)
        floor = texture(s.floor, s.size, s.floor_bgr, rng)
        mask = np.zeros((s.size[1], s.size[0]), np.float32)
        cv2.fillPoly(mask, [np.array(s.tray, np.int32)], (1.0,))
        rim = np.asarray(cv2.GaussianBlur(mask, (0, 0), 6), np.float32)
        img = table * (1 - mask[:, :, None]) + floor * mask[:, :, None] * (0.75 + 0.25 * rim[
            :, :, None])
        cv2.polylines(img, [np.array(s.tray, np.int32)], True, (25, 25, 25), 5, cv2.LINE_AA)
        if len(s.keep_zone) >= 3:
            cv2.fillPoly(img, [np.array(s.keep_zone, np.int32)], (150, 150, 150), cv2.LINE_AA)
        yy, xx = np.mgrid[0:s.size[1], 0:s.size[0]].astype(np.float32)
        radius2 = ((xx / s.size[0] - 0.5) ** 2 + (yy / s.size[1] - 0.5) ** 2) * 2
        img *= (1 - VIGNETTE * radius2)[:, :, None]  # the lens darkens the corners
        return np.asarray(img, np.float32)

    def frame_count(self) -> int:
        return round(self.spec.duration * self.spec.fps)

    def render(self, index: int) -> Image:
        s = self.spec
        t = index / s.fps
        canvas = self.background.copy()
        for k, die in enumerate(s.dice):
            self._draw_die(canvas, k, die, t)
        for h in s.hands:
            tip = self._hand_tip(h, t, index)
            if tip is not None:
                hand(canvas, h.root, tip, h.width)
        canvas *= np.float32(self._gain(t))
        canvas = np.asarray(cv2.GaussianBlur(canvas, (0, 0), DEFOCUS), np.float32)
        rng = np.random.default_rng((s.seed, index))
        canvas += rng.normal(0, s.noise, canvas.shape).astype(np.float32)
        return np.asarray(np.clip(canvas, 0, 255), np.uint8)

    def truth(self, t: float) -> list[DieTruth]:
        """Dice lying still at time t (thrown, stopped, not picked up), in spec order."""
        out = []
        for die in self.spec.dice:
            if t < die.stop_t:
                continue
            if die.gone_t is not None and t >= die.gone_t:
                if die.keep_at is not None:
                    out.append(DieTruth(die.value, die.keep_at, False, True))
                continue
            out.append(DieTruth(die.value, die.final, die.cocked_side > 0, False))
        return out

    def _draw_die(self, canvas: Float, k: int, die: DieSpec, t: float) -> None:
        if t < die.throw_t:
            return
        if die.gone_t is not None and t >= die.gone_t:
            if die.keep_at is not None:
                place(canvas, self._sprite(k, die.value, 0), die.keep_at, die.angle, shadow=1.0,
                      skew=self._tilt(die.keep_at))
            return
        if t >= die.stop_t:
            sprite = self._sprite(k, die.value, die.cocked_side)
            place(canvas, sprite, die.final, die.angle, shadow=1.0, skew=self._tilt(die.final))
            return
        span = die.stop_t - die.throw_t
        u = (t - die.throw_t) / span
        decay = (1 - u) ** 2
        sx, sy = die.start[0] - die.final[0], die.start[1] - die.final[1]
        wobble = 0.12 * decay * math.sin(5 * math.pi * u)
        centre = (die.final[0] + sx * decay - sy * wobble, die.final[1] + sy * decay + sx * wobble)
        speed = 2 * (1 - u) / span / self.spec.fps * 0.8
        blur = (sx * speed, sy * speed)
        hop = 1 + 0.22 * decay * abs(math.sin(3 * math.pi * u))
        face = die.value if u > 0.8 else 1 + int(t * 11 + k * 7) % 6
        place(canvas, self._sprite(k, face, 0), centre, die.angle + die.spin * decay,
              scale=hop, blur=blur, shadow=hop, skew=self._tilt(centre))

    def _tilt(self, at: Point) -> tuple[float, float]:
        width, height = self.spec.size
        return (TILT * (at[0] / width - 0.5), TILT * (at[1] / height - 0.5))

    def _sprite(self, k: int, value: int, cocked_side: int) -> Float:
        key = (k * 10 + value, cocked_side)
        if key not in self._sprites:
            d = self.spec.dice[k]
            side = self.spec.die_px
            self._sprites[key] = (cocked_die(value, cocked_side, side, d.body, d.pip)
                                  if cocked_side else die_face(value, side, d.body, d.pip))
        return self._sprites[key]

    @staticmethod
    def _hand_tip(h: HandSpec, t: float, index: int) -> Point | None:
        if not h.t_in <= t < h.t_out:
            return None
        reach = min(0.35, (h.t_out - h.t_in) / 2)
        u = min(1.0, (t - h.t_in) / reach, (h.t_out - t) / reach)
        ease = 1 - (1 - u) ** 2
        wiggle = h.jitter * math.sin(index * 1.7)
        return (h.root[0] + (h.tip[0] - h.root[0]) * ease + wiggle,
                h.root[1] + (h.tip[1] - h.root[1]) * ease - wiggle)

    def _gain(self, t: float) -> float:
        gain = 1.0
        for light in self.spec.lights:
            if t >= light.t1:
                gain = light.gain_to
            elif t >= light.t0:
                u = (t - light.t0) / (light.t1 - light.t0)
                gain = light.gain_from + (light.gain_to - light.gain_from) * u
        return gain

    def reference(self) -> Image:
        """The empty tray, as `farkle-pi calibrate` would capture it."""
        return np.asarray(np.clip(self.background, 0, 255), np.uint8)

    def calibrate(self, reference: Path) -> Calibration:
        """Save the empty tray to `reference`; the tray's calibration as `farkle-pi calibrate`
        would make it (rendered straight down: a perspective of 0)."""
        cv2.imwrite(str(reference), self.reference(), [cv2.IMWRITE_JPEG_QUALITY, 90])
        spec = self.spec
        return Calibration(reference, spec.tray, spec.keep_zone, float(spec.die_px), 0.0)


class SceneSource(SourceBase):
    """Renders a scene on the fly: a frame source for tests and benchmarks with no files."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.fps = scene.spec.fps
        self._index = 0

    def read(self) -> Frame | None:
        if self._index >= self.scene.frame_count():
            return None
        frame = Frame(self.scene.render(self._index), self._index / self.fps, self._index)
        self._index += 1
        return frame


def load_scene(sidecar: Path) -> Scene:
    """The scene of a fixture, from its JSON sidecar."""
    raw = json.loads(sidecar.read_text(encoding="utf-8"))
    return Scene(SceneSpec.from_json(raw["scene"]))
