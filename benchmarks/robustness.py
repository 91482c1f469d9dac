#!/usr/bin/env python3
"""The dice reader on byler_d6's hold-out photos changed in controlled ways (issue #5).

    .venv/bin/python benchmarks/robustness.py [--quick] [--harsh] [--only NAME,...]
        [--photos IMG.jpg,...] [--label-review] [--split holdout|train] [--data DIR]

Reads the 57 hold-out photos of ../shared/data/byler_d6 (or --data DIR/byler_d6), each time
changed by one transformation, the labels' centres and sizes moved
with it. Prints one table row per transformation with the figures `farkle-pi evaluate` prints
(dice right, unreadable, wrong and confident, missed / extra, photos fully right), counted by
farkle_pi.vision.evaluate itself (Score, add_read, matching by centre). `--split train`
reads the 193 training photos instead: the set to develop a change on (a rule's development
figures), so that the hold-out stays the check it was never tuned on. It also prints:

* colour name changed: of the dice matched both untouched and changed, how many are given
  another colour name; same-colour pairs changed: of the pairs of such dice in one photo, how
  many went from one name to two or back (portland's two-colour rule needs the dice of a throw
  named consistently); for rows where a tenth or more changed, the commonest changes;
* two-colour throws grouped alike: in each photo holding two colour names of two dice or more
  each (read untouched), a throw of up to three dice of each of the two commonest names (the
  same throws in every row); how many of these throws colour.set_colour_names (as a two-colour
  game names a throw's dice) splits into the same sets changed as untouched (a throw with a
  die the changed photo lost: not);
* crashes: photos whose reading raised anything but the reader's one-line FarkleError (their
  dice count as missed); each is printed after the table with its traceback and a command that
  repeats it;
* median ms of read_dice (single-threaded) and the row's seconds; at the end the wall time.

The first row, none, must count exactly what evaluate() counts on the same photos (so, on all 57,
`farkle-pi evaluate DIR --split holdout`); it is checked, exit 1 if not. The transformations
(pixel values v in 0..255; every one deterministic, noise seeded by name and photo):

    rotate-90-exact, rotate-180-exact   np.rot90: no pixel changed, only where it lies
    rotate-15, -30, -45   turned about the centre, canvas enlarged to hold every corner, the
                          rest filled with the median colour of the photo's border
    scale-0.71            the whole photo x 0.71: the 45-degree canvas's shrink, without a turn
                          (the reader fits the longer side to its detector's input)
    tilt-15, tilt-15-sideways   a camera turned 15 degrees about its centre (H = K R K^-1,
                          focal length 0.75 x the side): a keystone, rows at the near edge 1.4 x
                          as wide as at the far one; a plane's warp (no side faces made up)
    darker-x0.5, darker-gamma-1.8, brighter-x1.5   v x 0.5; 255 (v/255)^1.8; v x 1.5 clipped
    warm-cast, cool-cast  B x 0.7, R x 1.15 (tungsten-like); B x 1.15, R x 0.7; clipped
    uneven-light          v x a factor going linearly from 0.5 (left) to 1.2 (right), clipped
    jpeg-30, noise-8, blur-1.2   JPEG quality 30; Gaussian noise sigma 8; Gaussian blur sigma 1.2
    dice-20px, dice-150px-whole   the photo scaled so its labels' median box (longer side)
                          is 20 or 150 px (150: about 2,600 px a side)
    dice-100px-windows, dice-150px-windows   scaled so, then seen as a camera that close would
                          see them, in 640 x 480 windows: one centred on each die no earlier
                          window held whole (clamped to the picture); a window scores the dice
                          wholly inside it that no earlier one scored, and a reading matching a
                          die its edge cuts, or one scored already, counts neither way; a photo
                          is fully right when each of its windows is. (Upscaled: the pixels
                          hold no more detail than the photo's.)
    greyscale             BGR -> grey -> BGR
    --harsh adds: tilt-35, darker-x0.25, brighter-x2, jpeg-10, noise-20, blur-2.5, dice-12px,
                  dice-8px, dice-200px-windows, dice-250px-whole, dice-250px-windows

Nothing is written anywhere. Without the photos it says so in one line and exits 0. About 35 s
on this machine (2 cores, one used), 70 s with --harsh; --quick (none, rotate-30, tilt-15,
warm-cast, uneven-light, noise-8, dice-20px) about 10 s.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
import traceback
import zlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.devices.imagefile import read_image  # noqa: E402
from farkle_pi.errors import FarkleError  # noqa: E402
from farkle_pi.vision.colour import set_colour_names  # noqa: E402
from farkle_pi.vision.dataset import (  # noqa: E402
    LabelledDie,
    LabelledImage,
    apply_review,
    is_holdout,
    load_folder,
)
from farkle_pi.vision.evaluate import (  # noqa: E402
    PhotoRead,
    Score,
    add_read,
    evaluate,
    match,
)
from farkle_pi.vision.reader import read_dice  # noqa: E402
from farkle_pi.vision.types import DieReading  # noqa: E402

Image = npt.NDArray[np.uint8]
Matrix = npt.NDArray[np.float64]
Colour = tuple[int, int, int]  # BGR

DATA = ROOT.parent / "shared" / "data"
REVIEW = ROOT / "fixtures" / "label_review" / "byler_d6.jsonl"
WINDOW = (640, 480)  # a camera frame (w, h) for the close-up windows
FOCAL = 0.75  # focal length / longer side: a phone's main camera (about 70 degrees across)
QUICK = ("none", "rotate-30", "tilt-15", "warm-cast", "uneven-light", "noise-8", "dice-20px")


@dataclass(frozen=True)
class View:
    """One picture to read, made from a photo: its labels in its pixels, which of the photo's
    labels each is, and dice cut by its edge (readings on them count neither way)."""

    image: Image
    dice: tuple[LabelledDie, ...]
    index: tuple[int, ...]
    ignore: tuple[LabelledDie, ...] = ()


Transform = Callable[[Image, LabelledImage, np.random.Generator], list[View]]


# ---------------------------------------------------------------- pixel changes (labels kept)


def same_place(change: Callable[[Image, np.random.Generator], Image]) -> Transform:
    """A transformation that moves no pixel: the labels stay as they are."""
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        return [View(change(image, rng), photo.dice, tuple(range(len(photo.dice))))]
    return run


def clip(values: npt.NDArray[np.float64]) -> Image:
    return np.asarray(np.clip(np.rint(values), 0, 255), np.uint8)


def gain(b: float, g: float, r: float) -> Callable[[Image, np.random.Generator], Image]:
    """Each channel's pixel values times a factor, clipped at 255 (a factor above 1 on a bright
    body is glare: detail gone)."""
    factors = np.array([b, g, r], np.float64)
    return lambda image, rng: clip(image.astype(np.float64) * factors)


def gamma(power: float) -> Callable[[Image, np.random.Generator], Image]:
    """255 * (v / 255) ** power: over 1, darker, most in the shadows."""
    table = clip(255.0 * (np.arange(256) / 255.0) ** power)
    return lambda image, rng: np.asarray(cv2.LUT(image, table), np.uint8)


def gradient(left: float, right: float) -> Callable[[Image, np.random.Generator], Image]:
    """Uneven light: pixel values times a factor going linearly from left to right."""
    def run(image: Image, rng: np.random.Generator) -> Image:
        factor = np.linspace(left, right, image.shape[1])[None, :, None]
        return clip(image * factor)
    return run


def jpeg(quality: int) -> Callable[[Image, np.random.Generator], Image]:
    def run(image: Image, rng: np.random.Generator) -> Image:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        return np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), np.uint8)
    return run


def noise(sigma: float) -> Callable[[Image, np.random.Generator], Image]:
    return lambda image, rng: clip(image + rng.normal(0.0, sigma, image.shape))


def blur(sigma: float) -> Callable[[Image, np.random.Generator], Image]:
    return lambda image, rng: np.asarray(cv2.GaussianBlur(image, (0, 0), sigma), np.uint8)


def grey(image: Image, rng: np.random.Generator) -> Image:
    return np.asarray(cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY),
                                   cv2.COLOR_GRAY2BGR), np.uint8)


# ---------------------------------------------------------------- geometric changes


def move_die(die: LabelledDie, m: Matrix) -> LabelledDie:
    """A label through a homography: its centre exactly; its box kept upright, its sides
    scaled by the root of the change in the box's area (a turned box is not made bigger, so
    matching by centre, within half the longer side, stays as strict as on the photo)."""
    x, y, w, h = die.bbox
    corners = np.array([[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]], np.float64)
    moved = cv2.perspectiveTransform(corners, m)[0]
    (cx, cy), = cv2.perspectiveTransform(np.array([[die.center]], np.float64), m)[0]
    k = math.sqrt(abs(cv2.contourArea(moved.astype(np.float32))) / (w * h))
    if abs(m[0, 1]) > abs(m[0, 0]):  # turned nearer a quarter turn than none: w and h swap
        w, h = h, w
    return LabelledDie(die.value, (cx - k * w / 2, cy - k * h / 2, k * w, k * h))


def border_colour(image: Image) -> tuple[float, float, float]:
    """The median colour of the photo's outermost pixels: what lies beyond its edge."""
    edge = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    b, g, r = np.median(edge, axis=0)
    return (float(b), float(g), float(r))


def warp(image: Image, photo: LabelledImage, m: Matrix) -> View:
    """The photo through homography m onto a canvas holding all of it (the rest: the photo's
    border colour), the labels with it."""
    h, w = image.shape[:2]
    corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64)
    moved = cv2.perspectiveTransform(corners, m)[0]
    x0, y0 = np.floor(moved.min(axis=0))
    x1, y1 = np.ceil(moved.max(axis=0))
    m = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ m
    size = (int(x1 - x0), int(y1 - y0))
    out = cv2.warpPerspective(image, m, size, flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=border_colour(image))
    return View(np.asarray(out, np.uint8), tuple(move_die(d, m) for d in photo.dice),
                tuple(range(len(photo.dice))))


def rotate(degrees: float) -> Transform:
    """Turned about the centre, the canvas enlarged so no corner is cut."""
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        h, w = image.shape[:2]
        m = np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0), [0, 0, 1]])
        return [warp(image, photo, m)]
    return run


def quarter_turns(turns: int) -> Transform:
    """Quarter turns, pixel for pixel (np.rot90: counter-clockwise as shown)."""
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        m = np.eye(3)
        width = image.shape[1]
        for _ in range(turns):  # (x, y) -> (y, width - x); the width becomes the height
            m = np.array([[0, 1, 0], [-1, 0, width], [0, 0, 1]], np.float64) @ m
            width = image.shape[0] if width == image.shape[1] else image.shape[1]
        dice = tuple(move_die(d, m) for d in photo.dice)
        return [View(np.ascontiguousarray(np.rot90(image, turns)), dice,
                     tuple(range(len(dice))))]
    return run


def tilt(degrees: float, axis: str) -> Transform:
    """A camera turned by `degrees` about its centre (axis "x": the top of the picture
    further away, a keystone; "y": the right side): H = K R K^-1, focal length FOCAL x the
    longer side. The dice's top faces are warped as a plane; the extra side faces a tilted
    camera would see are not made up."""
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        h, w = image.shape[:2]
        f = FOCAL * max(w, h)
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], np.float64)
        t = math.radians(degrees)
        c, s = math.cos(t), math.sin(t)
        r = (np.array([[1, 0, 0], [0, c, -s], [0, s, c]], np.float64) if axis == "x"
             else np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]], np.float64))
        return [warp(image, photo, k @ r @ np.linalg.inv(k))]
    return run


def median_size(photo: LabelledImage) -> float:
    """The labels' median box (longer side); for a photo with no die, 64 px (byler_d6: a tenth)."""
    if not photo.dice:
        return 64.0
    return float(statistics.median(d.size for d in photo.dice))


def scaled(image: Image, photo: LabelledImage, factor: float) -> View:
    h, w = image.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    out = cv2.resize(image, size, interpolation=cv2.INTER_AREA if factor < 1
                     else cv2.INTER_CUBIC)
    m = np.diag([size[0] / w, size[1] / h, 1.0])
    return View(np.asarray(out, np.uint8), tuple(move_die(d, m) for d in photo.dice),
                tuple(range(len(photo.dice))))


def dice_px(px: float) -> Transform:
    """The whole photo scaled so its labels' median box (longer side) is `px`."""
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        return [scaled(image, photo, px / median_size(photo))]
    return run


def scale_by(factor: float) -> Transform:
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        return [scaled(image, photo, factor)]
    return run


def inside(die: LabelledDie, x: int, y: int, w: int, h: int) -> bool:
    bx, by, bw, bh = die.bbox
    return bx >= x and by >= y and bx + bw <= x + w and by + bh <= y + h


def overlaps(die: LabelledDie, x: int, y: int, w: int, h: int) -> bool:
    bx, by, bw, bh = die.bbox
    return bx < x + w and by < y + h and bx + bw > x and by + bh > y


def windows(px: float) -> Transform:
    """Scaled so the median die is `px`, then seen in WINDOW-sized frames (module docstring)."""
    def run(image: Image, photo: LabelledImage, rng: np.random.Generator) -> list[View]:
        big = scaled(image, photo, px / median_size(photo))
        if not big.dice:  # nothing to centre a window on: the whole picture, as dice_px
            return [big]
        height, width = big.image.shape[:2]
        ww, wh = min(WINDOW[0], width), min(WINDOW[1], height)
        scored: set[int] = set()
        views = []
        for i, die in enumerate(big.dice):
            if i in scored:
                continue
            cx, cy = die.center
            x = int(np.clip(round(cx - ww / 2), 0, width - ww))
            y = int(np.clip(round(cy - wh / 2), 0, height - wh))
            take = [j for j, d in enumerate(big.dice) if j not in scored
                    and inside(d, x, y, ww, wh)]
            skip = [d for j, d in enumerate(big.dice) if j not in take
                    and overlaps(d, x, y, ww, wh)]
            scored.update(take)
            shift = np.array([[1, 0, -x], [0, 1, -y], [0, 0, 1]], np.float64)
            views.append(View(np.ascontiguousarray(big.image[y:y + wh, x:x + ww]),
                              tuple(move_die(big.dice[j], shift) for j in take), tuple(take),
                              tuple(move_die(d, shift) for d in skip)))
        return views
    return run


TRANSFORMS: dict[str, Transform] = {  # the docstring says what each does
    "none": same_place(lambda image, rng: image),
    "rotate-90-exact": quarter_turns(1),
    "rotate-180-exact": quarter_turns(2),
    "rotate-15": rotate(15),
    "rotate-30": rotate(30),
    "rotate-45": rotate(45),
    "scale-0.71": scale_by(1 / math.sqrt(2)),
    "tilt-15": tilt(15, "x"),
    "tilt-15-sideways": tilt(15, "y"),
    "darker-x0.5": same_place(gain(0.5, 0.5, 0.5)),
    "darker-gamma-1.8": same_place(gamma(1.8)),
    "brighter-x1.5": same_place(gain(1.5, 1.5, 1.5)),
    "warm-cast": same_place(gain(0.7, 1.0, 1.15)),
    "cool-cast": same_place(gain(1.15, 1.0, 0.7)),
    "uneven-light": same_place(gradient(0.5, 1.2)),
    "jpeg-30": same_place(jpeg(30)),
    "noise-8": same_place(noise(8.0)),
    "blur-1.2": same_place(blur(1.2)),
    "dice-20px": dice_px(20),
    "dice-150px-whole": dice_px(150),
    "dice-100px-windows": windows(100),
    "dice-150px-windows": windows(150),
    "greyscale": same_place(grey),
}
HARSH: dict[str, Transform] = {  # --harsh: beyond what issue #5 asks, to see where it breaks
    "tilt-35": tilt(35, "x"),
    "darker-x0.25": same_place(gain(0.25, 0.25, 0.25)),
    "brighter-x2": same_place(gain(2.0, 2.0, 2.0)),
    "jpeg-10": same_place(jpeg(10)),
    "noise-20": same_place(noise(20.0)),
    "blur-2.5": same_place(blur(2.5)),
    "dice-12px": dice_px(12),
    "dice-8px": dice_px(8),
    "dice-200px-windows": windows(200),
    "dice-250px-whole": dice_px(250),
    "dice-250px-windows": windows(250),
}


# ---------------------------------------------------------------- reading and scoring


@dataclass(frozen=True)
class Crash:
    transform: str
    photo: str
    view: int
    last_line: str
    text: str


@dataclass
class Row:
    """One transformation's figures."""

    name: str
    score: Score = field(default_factory=Score)
    names: dict[str, dict[int, str]] = field(default_factory=dict)  # photo -> label -> colour
    bgr: dict[str, dict[int, Colour]] = field(default_factory=dict)  # ... -> body colour
    crashes: list[Crash] = field(default_factory=list)
    seconds: float = 0.0


def read_view(view: View) -> tuple[list[DieReading], float, str, str]:
    """The readings of one view (those on dice it ignores left out), ms, the reader's own
    error ("" if none) and a crash's traceback ("" if none)."""
    try:
        t0 = time.perf_counter()
        readings = read_dice(view.image)
        ms = (time.perf_counter() - t0) * 1000.0
    except FarkleError as error:
        return [], 0.0, str(error), ""
    except Exception:  # anything else is a crash: the finding this benchmark looks for
        return [], 0.0, "", traceback.format_exc()
    if view.ignore:
        cut = {id(r) for _, r in match(view.ignore, readings) if r is not None}
        readings = [r for r in readings if id(r) not in cut]
    return readings, ms, "", ""


def run_transform(name: str, transform: Transform, photos: list[LabelledImage],
                  images: dict[str, Image]) -> Row:
    """Read every photo changed by one transformation; score it as evaluate does."""
    row = Row(name)
    t0 = time.perf_counter()
    for photo in photos:
        key = photo.path.name
        rng = np.random.default_rng([zlib.crc32(name.encode()), zlib.crc32(key.encode())])
        part = Score()
        row.names[key], row.bgr[key] = {}, {}
        for number, view in enumerate(transform(images[key], photo, rng)):
            readings, ms, error, crash = read_view(view)
            if crash:
                row.crashes.append(Crash(name, key, number, crash.strip().splitlines()[-1],
                                         crash))
                error = "crashed: " + crash.strip().splitlines()[-1]
            seen = LabelledImage(photo.path, view.dice)
            add_read(part, seen, PhotoRead(readings, ms, f"{photo.path}: {error}" if error else ""))
            for index, (_, r) in zip(view.index, match(view.dice, readings), strict=True):
                if r is not None:
                    row.names[key][index] = r.colour_name
                    row.bgr[key][index] = r.colour_bgr
        fully_right = part.photos_right == part.photos
        part.photos, part.photos_right = 1, int(fully_right)  # a photo, however many views
        part.failures = [] if fully_right else [key]
        row.score.add(part)
    row.seconds = time.perf_counter() - t0
    return row


def colour_moves(base: Row, row: Row) -> Counter[tuple[str, str]]:
    """How often each colour name read untouched became each other name."""
    return Counter((base.names[key][i], name) for key, names in row.names.items()
                   for i, name in names.items()
                   if i in base.names.get(key, {}) and base.names[key][i] != name)


def colour_changes(base: Row, row: Row) -> tuple[int, int, int, int]:
    """(dice whose colour name changed, dice matched in both, same-colour pairs changed,
    pairs of such dice in one photo)."""
    changed = both = pairs_changed = pairs = 0
    for key, names in row.names.items():
        before = base.names.get(key, {})
        common = sorted(set(names) & set(before))
        both += len(common)
        changed += sum(names[i] != before[i] for i in common)
        for a, i in enumerate(common):
            for j in common[a + 1:]:
                pairs += 1
                pairs_changed += (names[i] == names[j]) != (before[i] == before[j])
    return changed, both, pairs_changed, pairs


def two_colour_throws(base: Row, row: Row) -> tuple[int, int]:
    """(throws grouped alike, throws): in each photo with two colour names (read untouched) of
    two dice or more each, a throw of up to three dice of each of the two commonest, chosen
    from the untouched reading (the same throws in every row); is it split into the same two
    sets by colour.set_colour_names, as a two-colour game names a throw's dice, untouched and
    changed? A throw with a die the changed photo did not give a reading for is not."""
    alike = throws = 0
    for key, named in base.names.items():
        before, got = base.bgr[key], row.bgr.get(key, {})
        top = [n for n, c in Counter(named[i] for i in sorted(named)).most_common()
               if c >= 2][:2]
        if len(top) < 2:
            continue
        dice = [i for i in sorted(named) if named[i] == top[0]][:3] + [
            i for i in sorted(named) if named[i] == top[1]][:3]
        throws += 1
        alike += (all(i in got for i in dice)
                  and sets(set_colour_names([before[i] for i in dice]))
                  == sets(set_colour_names([got[i] for i in dice])))
    return alike, throws


def sets(names: list[str]) -> set[frozenset[int]]:
    """Which dice share a name (the names themselves left out)."""
    return {frozenset(i for i, n in enumerate(names) if n == name) for name in names}


HEADER = ("| transformation | photos | dice | right | unreadable | wrong and confident "
          "| missed / extra | photos fully right | colour name changed "
          "| same-colour pairs changed | two-colour throws grouped alike | crashes | median ms "
          "| s |")


def line(row: Row, base: Row) -> str:
    s, rates = row.score, row.score.summary()
    changed, both, pairs_changed, pairs = colour_changes(base, row)
    alike, throws = two_colour_throws(base, row)
    return (f"| {row.name} | {s.photos} | {s.dice} | {s.right} ({rates['die_accuracy']:.1%}) "
            f"| {s.unreadable} | {s.wrong_confident} ({rates['wrong_confident_rate']:.2%}) "
            f"| {s.missed} / {s.extra} | {s.photos_right} "
            f"| {changed}/{both} ({changed / max(1, both):.1%}) "
            f"| {pairs_changed}/{pairs} ({pairs_changed / max(1, pairs):.1%}) | {alike}/{throws} "
            f"| {len(row.crashes)} | {rates['median_ms']:.1f} | {row.seconds:.1f} |")


COUNTS = ("photos", "dice", "right", "found", "missed", "extra", "unreadable",
          "wrong_confident", "photos_right")


def same_as_evaluate(base: Row, photos: list[LabelledImage]) -> bool:
    """Whether the untouched row counts what evaluate() counts on the same photos."""
    own = evaluate(photos)
    differ = [f"{k} {getattr(base.score, k)} (evaluate: {getattr(own, k)})" for k in COUNTS
              if getattr(base.score, k) != getattr(own, k)]
    if differ:
        print("baseline differs from farkle-pi evaluate: " + ", ".join(differ))
        return False
    print(f"baseline = farkle-pi evaluate on these photos: {own.right}/{own.dice} dice right, "
          f"{own.photos_right}/{own.photos} photos fully right, {own.unreadable} unreadable, "
          f"{own.wrong_confident} wrong and confident (checked)")
    return True


def repro(crash: Crash, byler: Path, review: bool, split: str) -> str:
    words = [".venv/bin/python", "benchmarks/robustness.py", "--only", crash.transform,
             "--photos", crash.photo, "--split", split, "--data", str(byler.parent)]
    return " ".join(words + (["--label-review"] if review else []))


def names(text: str | None, known: Iterable[str], what: str) -> list[str] | None:
    if text is None:
        return None
    wanted = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [t for t in wanted if t not in known]
    if unknown:
        raise SystemExit(f"robustness.py: no {what} {', '.join(unknown)}; "
                         f"choose from: {', '.join(known)}")
    return wanted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help=f"only: {', '.join(QUICK)}")
    ap.add_argument("--harsh", action="store_true",
                    help=f"also, beyond the issue's range: {', '.join(HARSH)}")
    ap.add_argument("--only", metavar="NAME,...", help="only these transformations (and none)")
    ap.add_argument("--photos", metavar="IMG.jpg,...", help="only these photos of the split")
    ap.add_argument("--split", choices=("holdout", "train"), default="holdout",
                    help="the hold-out (the check) or the training split (to develop on)")
    ap.add_argument("--label-review", action="store_true",
                    help=f"score against the reviewed labels ({REVIEW.relative_to(ROOT)})")
    ap.add_argument("--data", type=Path, default=DATA, metavar="DIR",
                    help=f"the folder holding byler_d6 (default {DATA})")
    args = ap.parse_args()
    byler = args.data / "byler_d6"
    if not (byler / "labels.jsonl").is_file():
        print(f"robustness.py: no {byler / 'labels.jsonl'}: nothing to measure (give --data DIR)")
        return 0
    cv2.setNumThreads(1)  # as evaluate times it
    started = time.perf_counter()
    photos = load_folder(byler)
    if args.label_review:
        photos, _ = apply_review(photos, REVIEW)
    holdout = args.split == "holdout"
    photos = [p for p in photos if is_holdout(p.path.name) == holdout]
    split = "hold-out" if holdout else "training split"
    only = names(args.photos, [p.path.name for p in photos], f"{split} photo")
    if only is not None:
        photos = [p for p in photos if p.path.name in only]
    every = {**TRANSFORMS, **HARSH}
    chosen = names(args.only, every, "transformation") or (
        list(QUICK) if args.quick else list(TRANSFORMS) + (list(HARSH) if args.harsh else []))
    images = {p.path.name: read_image(p.path) for p in photos}
    for p in photos:  # the nets are set up on the first read: not timed
        read_dice(images[p.path.name])
        break
    print(f"byler_d6 {split}: {len(photos)} photos, {sum(len(p.dice) for p in photos)} dice, "
          f"labels {'reviewed' if args.label_review else 'as given'}; read from {byler}")
    base = run_transform("none", TRANSFORMS["none"], photos, images)
    print(HEADER)
    print("|---" * (HEADER.count("|") - 1) + "|")
    print(line(base, base), flush=True)
    rows = [base]
    for name in chosen:
        if name == "none":
            continue
        rows.append(run_transform(name, every[name], photos, images))
        print(line(rows[-1], base), flush=True)
    for row in rows:
        changed, both, _, _ = colour_changes(base, row)
        if changed >= max(1, both // 10):
            moves = ", ".join(f"{a}→{b} {n}" for (a, b), n in
                              colour_moves(base, row).most_common(6))
            print(f"colour names, {row.name}: {moves}")
    crashes = [c for r in rows for c in r.crashes]
    for crash in crashes:
        print(f"\ncrash: {crash.transform}, {crash.photo} (view {crash.view}): "
              f"{crash.last_line}\n  repeat: {repro(crash, byler, args.label_review, args.split)}\n"
              + "\n".join("    " + t for t in crash.text.strip().splitlines()))
    ok = same_as_evaluate(base, photos)
    print(f"wall time {time.perf_counter() - started:.0f} s "
          f"({len(rows)} transformations incl. none, {len(crashes)} crashes)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
