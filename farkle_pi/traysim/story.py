"""Scripting a tray session: throws, keeps, pick-ups, hands, light; and the events they must give.

A `Director` moves a clock forward through what players do and records, for
every action, the tray event a correct tray reports and the moment the picture
went still (`after`): the event must come after it, within the settle window.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from farkle_pi.traysim.art import BGR
from farkle_pi.traysim.scene import DieSpec, HandSpec, LightSpec, Point, SceneSpec

DICE_COLOURS: list[tuple[BGR, BGR]] = [
    ((235, 235, 235), (30, 30, 30)),  # white, black pips
    ((40, 40, 190), (240, 240, 240)),  # red, white pips
    ((30, 30, 30), (240, 240, 240)),  # black, white pips
    ((40, 200, 230), (30, 30, 30)),  # yellow, black pips
]


@dataclass(frozen=True)
class Expected:
    """An event the tray must report: kind, reason, the faces concerned, when it went still."""

    kind: str
    after: float
    values: tuple[int, ...] = ()  # faces of the flat dice concerned
    count: int = 0  # dice concerned, flat or not
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Director:
    """Builds a SceneSpec step by step, like a camera operator's shot list."""

    def __init__(self, seed: int, base: SceneSpec | None = None, colour: int = 0) -> None:
        self.rng = np.random.default_rng(seed)
        self.base = base or SceneSpec(seed=seed)
        self.t = 0.0
        self.dice: list[DieSpec] = []
        self.hands: list[HandSpec] = []
        self.lights: list[LightSpec] = []
        self.expected: list[Expected] = []
        self.in_tray: list[int] = []  # indices into self.dice
        self.colour = DICE_COLOURS[colour % len(DICE_COLOURS)]
        self._kept = 0

    @property
    def tray_box(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.base.tray]
        ys = [p[1] for p in self.base.tray]
        return min(xs), min(ys), max(xs), max(ys)

    def wait(self, seconds: float) -> Director:
        self.t += seconds
        return self

    def start_empty(self, seconds: float = 1.0) -> Director:
        self.expected.append(Expected("empty", 0.0))
        return self.wait(seconds)

    def throw(self, values: tuple[int, ...], cocked: tuple[int, ...] = (),
              outside: tuple[int, ...] = (), look: float = 1.6,
              expect: int | None = None, colours: tuple[int, ...] = ()) -> Director:
        """A hand throws dice in from the bottom, left or right edge; they bounce and stop.
        `colours` picks each die's colours from DICE_COLOURS (else the director's)."""
        x0, y0, x1, y1 = self.tray_box
        width, height = self.base.size
        side = int(self.rng.integers(3))
        if side == 0:
            entry = (float(self.rng.uniform(x0 + 80, x1 - 80)), y1 - 30.0)
            root = (entry[0], float(height + 40))
        else:
            x = x0 + 30.0 if side == 1 else x1 - 30.0
            entry = (x, float(self.rng.uniform(y0 + 80, y1 - 80)))
            root = (-40.0 if side == 1 else float(width + 40), entry[1] + 40)
        self.hands.append(HandSpec(self.t, self.t + 0.7, root, entry))
        throw_t = self.t + 0.45
        finals = self._spots(len(values), outside)
        colour_of = ([DICE_COLOURS[c % len(DICE_COLOURS)] for c in colours] if colours
                     else [self.colour] * len(values))
        stops = []
        for k, value in enumerate(values):
            stop = throw_t + float(self.rng.uniform(0.9, 1.5))
            stops.append(stop)
            side = next(v for v in (2, 3, 4, 5, 6, 1) if v not in (value, 7 - value))
            self.dice.append(DieSpec(
                value=value, final=finals[k], angle=float(self.rng.uniform(0, 90)),
                throw_t=throw_t, stop_t=stop,
                start=(entry[0] + float(self.rng.uniform(-25, 25)),
                       entry[1] + float(self.rng.uniform(-25, 25))),
                body=colour_of[k][0], pip=colour_of[k][1],
                cocked_side=side if k in cocked else 0,
                spin=float(self.rng.uniform(200, 700)),
            ))
            self.in_tray.append(len(self.dice) - 1)
        still = max(stops)
        inside = [k for k in range(len(values)) if k not in outside]
        self._expect("settled", still, values, inside, cocked)
        for reason, which in (("cocked", cocked), ("outside", outside)):
            if which:
                self._expect("prompt", still, values, which, cocked, reason)
        if expect is not None and expect != len(values):
            self._expect("prompt", still, values, range(len(values)), cocked, "count")
        self.t = still + look
        return self

    def keep(self, values: tuple[int, ...], to_keep_zone: bool = False) -> Director:
        """One hand reach per die: the dice showing `values` leave the tray (or go to the zone)."""
        chosen = self._take(values)
        for k in chosen:
            die = self.dice[k]
            spot = self._keep_spot() if to_keep_zone else None
            self.dice[k] = replace(die, gone_t=self.t + 0.55, keep_at=spot)
            self._reach(die.final, 1.1)
        self.expected.append(Expected("removed", self.t, tuple(sorted(values)), len(values)))
        if not self.in_tray:
            self.expected.append(Expected("empty", self.t))
        return self.wait(1.0)

    def pick_up(self) -> Director:
        """Gather every die left in the tray to throw again (or at the end of a turn)."""
        left = list(self.in_tray)
        if not left:
            return self
        cx = float(np.mean([self.dice[k].final[0] for k in left]))
        cy = float(np.mean([self.dice[k].final[1] for k in left]))
        values = tuple(sorted(self.dice[k].value for k in left if not self.dice[k].cocked_side))
        for k in left:
            self.dice[k] = replace(self.dice[k], gone_t=self.t + 0.7)
        self.in_tray.clear()
        self._reach((cx, cy), 1.4, width=90.0)
        self.expected.append(Expected("removed", self.t, values, len(left)))
        self.expected.append(Expected("empty", self.t))
        return self.wait(1.0)

    def hover(self, seconds: float) -> Director:
        """A hand rests over one die without taking it: nothing must be reported."""
        target = self.dice[self.in_tray[0]].final
        self._reach(target, seconds, jitter=0.2)
        return self.wait(1.0)

    def light(self, gain: float, ramp: float) -> Director:
        """The room light changes (ramp 0 = switched): nothing must be reported."""
        previous = self.lights[-1].gain_to if self.lights else 1.0
        self.lights.append(LightSpec(self.t, self.t + max(ramp, 1e-3), previous, gain))
        return self.wait(ramp + 1.0)

    def spec(self, tail: float = 1.0) -> SceneSpec:
        return replace(self.base, duration=round(self.t + tail, 2), dice=tuple(self.dice),
                       hands=tuple(self.hands), lights=tuple(self.lights))

    def _expect(self, kind: str, after: float, values: tuple[int, ...], which: Iterable[int],
                cocked: tuple[int, ...], reason: str | None = None) -> None:
        chosen = list(which)
        flat = tuple(sorted(values[k] for k in chosen if k not in cocked))
        self.expected.append(Expected(kind, after, flat, len(chosen), reason))

    def _take(self, values: tuple[int, ...]) -> list[int]:
        chosen = []
        for value in values:
            k = next(k for k in self.in_tray if self.dice[k].value == value and k not in chosen)
            chosen.append(k)
        for k in chosen:
            self.in_tray.remove(k)
        return chosen

    def _reach(self, target: Point, seconds: float, width: float = 64.0,
               jitter: float = 1.5) -> None:
        """A hand from the nearest side edge of the picture to target and back."""
        width_px, _height = self.base.size
        root = (float(width_px + 40), target[1] + 60) if target[0] > width_px / 2 else (
            -40.0, target[1] + 60)
        self.hands.append(HandSpec(self.t, self.t + seconds, root, target, width, jitter))
        self.t += seconds

    def _keep_spot(self) -> Point:
        xs = [p[0] for p in self.base.keep_zone]
        ys = [p[1] for p in self.base.keep_zone]
        step = self.base.die_px * 1.5
        spot = (float(np.mean(xs)), min(ys) + step * (0.7 + self._kept))
        self._kept += 1
        return spot

    def _spots(self, count: int, outside: tuple[int, ...]) -> list[Point]:
        """Resting places far enough apart; the `outside` ones on the table beside the tray."""
        x0, y0, x1, y1 = self.tray_box
        die = self.base.die_px
        taken = [self.dice[k].final for k in self.in_tray]
        spots: list[Point] = []
        for k in range(count):
            for _ in range(500):
                if k in outside:
                    p = (float(self.rng.uniform(x1 + die, self.base.size[0] - die)),
                         float(self.rng.uniform(y0 + die, y1 - die)))
                else:
                    p = (float(self.rng.uniform(x0 + die * 1.2, x1 - die * 1.2)),
                         float(self.rng.uniform(y0 + die * 1.2, y1 - die * 2.5)))
                if all(math.dist(p, q) > die * 1.9 for q in taken + spots):
                    break
            spots.append(p)
        return spots
