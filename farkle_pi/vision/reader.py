"""read_dice: find candidates, read each, measure outline/colour/flags, decide honestly."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.changes import changed_spots
from farkle_pi.vision.colour import body_colour, colour_name
from farkle_pi.vision.find import CLOSEST_SIDES, Candidate, find_candidates
from farkle_pi.vision.learned import LearnedDice
from farkle_pi.vision.model import (
    CLOSE_READER_FILE,
    MODEL_DIR,
    READER_FILE,
    SECOND_READER_FILE,
    TINY_READER_FILE,
    VIEW_SIDES,
)
from farkle_pi.vision.perspective import measured_stretch, unstretched_length, widest_stretch
from farkle_pi.vision.read import (
    CLOSE_VIEW_SCALE,
    CROP_SCALE,
    Crop,
    Outline,
    classify,
    cut,
    outline,
    straighten,
)
from farkle_pi.vision.types import DieReading, RotatedBox

Image = npt.NDArray[np.uint8]

NOT_DIE = 0.5  # reader's "not a die" probability above which a weak candidate is dropped
WEAK_HEAT = 0.5  # detector score below which the reader may veto a candidate
# ... and above which it must be sure (its surest readings are ~0.96: label smoothing):
# the detector also fires strongly on die-like things (a grey dot on a white plastic bar)
SURE_NOT_DIE = 0.9
MIN_CONFIDENCE = 0.7  # below this the value is reported as unreadable (None)
# Below this the first reader looks again (TURNS more quarter turns, the mean stands). On dice
# it never saw, 33 of its 76 sure but wrong readings lay between MIN_CONFIDENCE and this; turned,
# 22 of them fell below MIN_CONFIDENCE, and 6 of 124 right ones (docs/vision-log.md, 22nd session)
LOOK_AGAIN = 0.8
MIN_IMAGE_SIDE = 16  # px: the smallest dice read are about 20 px across
# A die leaning at angle t shows a silhouette of side x side * (cos t + sin t): up to 1.41
# times longer than a flat die's side. In a calibrated tray the dice are one set, so a die's
# side is the median short side of the dice found (the calibrated size for a lone die), and
# the camera's view of the dice's side faces is taken off first (vision/perspective.py). On
# any other photo dice may differ in size and outlines stretch by shadows and neighbours, so
# only a clearly long outline counts.
COCKED_ASPECT = 1.6  # long / short side of the outline, no calibration
COCKED_LEAN = 1.16  # calibrated tray: long side (side faces taken off) / the set's die side
# ... and / the outline's own short side: a leaning die is as wide as a flat one, so its
# outline is longer than wide; a flat die that is only bigger than the set's median, or
# whose outline a shadow swells all round, is not
LEAN_ASPECT = 1.08
# A die the rule above calls leaning is measured again in a cut of LEAN_CROP die sizes (its
# side face reaches past the reading cut, which is centred on its top face, and is clipped
# there) and leans only if that whole outline is over COCKED_WHOLE both ways too (a lean of
# 16 degrees or more). On real photos the first rule alone calls many flat dice leaning: a
# shadow or a neighbour swells the outline in one cut and not in the other.
COCKED_WHOLE = 1.25
LEAN_CROP = 2.0
MIN_REFERENCE_DIFF = 12.0  # mean colour difference to the empty tray a die must exceed
NEIGHBOUR_GAP = 0.6  # box sizes beyond which another candidate's pixels are its own
SPOT_BOX = 1.2  # box size / die side of a die found only by its difference to the empty tray
# Asked in turn about dice the first reader is unsure of: (net file, view side / die size)
SECOND_OPINIONS = ((SECOND_READER_FILE, CROP_SCALE), (CLOSE_READER_FILE, CLOSE_VIEW_SCALE))
# ... only about dice the first reader (in its four turns) gives at least this: on dice no
# reader saw, the others' agreements with its weaker guesses were wrong 28 times in 45
# (docs/vision-log.md, 23rd session)
SETTLE_FROM = 0.5
TURNS = 3  # more quarter turns of an unsure die the first reader reads (mirrors add nothing)
# A tiny reader (a sixth of the first reader's work a view) reads every view first; its answer
# stands where it is this sure, and the first reader reads the rest. Chosen on the sets the nets
# learned from (byler's training split, rune55 `circle` and `tray`) as the lowest at which
# none reads fewer dice right or more wrong and sure than the first reader alone
# (docs/vision-log.md, forty-second session)
TINY_SURE = 0.9


def read_dice(image_bgr: Image, calibration: Calibration | None = None) -> list[DieReading]:
    """Every die in a BGR photo, best-scored first; see the package docstring."""
    height, width = image_bgr.shape[:2]
    if min(height, width) < MIN_IMAGE_SIDE:
        raise FarkleError(f"a {width}x{height} px picture is too small to hold a die: "
                          f"give at least {MIN_IMAGE_SIDE} px a side")
    if image_bgr.ndim == 2:
        image_bgr = np.asarray(cv2.cvtColor(image_bgr, cv2.COLOR_GRAY2BGR), np.uint8)
    image = np.ascontiguousarray(image_bgr[:, :, :3]).astype(np.uint8)
    if calibration is not None:
        calibration.check_fits(width, height)
    size_hint = calibration.die_size_px if calibration else None
    cands = find_candidates(image, size_hint)
    if calibration is not None:
        cands = _in_tray(image, cands, calibration)
        cands += _changed(image, cands, calibration)
    if size_hint:  # a die's box is 1 to 1.41 calibrated sides: a smaller guess is off centre
        cands = [replace(c, size=float(np.clip(c.size, size_hint, 1.45 * size_hint)))
                 for c in cands]
    learned = calibration.learned if calibration is not None else None
    crops, outlines, turns, views = first_looks(image, cands)
    probs = first_reading(views, learned)
    kept: list[tuple[Candidate, RotatedBox | None, RotatedBox, tuple[int, int, int]]] = []
    kept_probs = []
    for cand, crop, turn, (box, mask, body), p in zip(cands, crops, turns, outlines, probs,
                                                      strict=True):
        if p[0] > SURE_NOT_DIE or (p[0] > NOT_DIE and cand.score < WEAK_HEAT):
            continue
        if (cand.crowded or not body) and float(p[1:].max()) < MIN_CONFIDENCE:
            continue  # squeezed against a stronger candidate, or no die-sized body (a speck,
            # a stain): a die only if surely one
        kept.append((cand, turn, box, body_colour(crop.pixels, mask)))
        kept_probs.append(p)

    def second_view(i: int, net: str, scale: float) -> Image:
        return straighten(image, kept[i][0], kept[i][1], scale, VIEW_SIDES[net])

    faces = _faces(np.array(kept_probs, np.float32).reshape(-1, 7), second_view, learned)
    h, w = image.shape[:2]
    lean = _lean_rule([box for _, _, box, _ in kept], calibration, (w, h))
    out: list[DieReading] = []
    for (cand, _, box, bgr), (value, conf, settled) in zip(kept, faces, strict=True):
        flat = _lies_flat(box, lean)
        if not flat and lean is not None:  # a suspect: its whole outline must lean too
            whole = _whole_outline(image, cand, cands, box)
            flat = _lies_flat(whole, lean, (COCKED_WHOLE, COCKED_WHOLE))
        half = cand.size / 2.0
        bbox = (round(cand.x - half), round(cand.y - half), round(cand.size), round(cand.size))
        at_edge = (bbox[0] <= 1 or bbox[1] <= 1 or bbox[0] + bbox[2] >= w - 1
                   or bbox[1] + bbox[3] >= h - 1)
        if calibration is not None and calibration.regions():
            corners = [(bbox[0], bbox[1]), (bbox[0] + bbox[2], bbox[1]),
                       (bbox[0], bbox[1] + bbox[3]), (bbox[0] + bbox[2], bbox[1] + bbox[3])]
            at_edge = at_edge or not all(calibration.inside(c) for c in corners)
        touching = any(
            other is not cand and math.hypot(other.x - cand.x, other.y - cand.y)
            < 0.62 * (other.size + cand.size)
            for other, *_ in kept
        )
        # In a calibrated tray a leaning die scores nothing (re-throw); elsewhere `flat` is a hint
        readable = conf >= MIN_CONFIDENCE and (flat or lean is None)
        out.append(DieReading(
            value=value if readable else None,
            confidence=conf,
            center=(cand.x, cand.y),
            box=box,
            bbox=bbox,
            colour_name=colour_name(bgr),
            colour_bgr=bgr,
            flat=flat,
            at_edge=at_edge,
            touching=touching,
            settled=settled and readable,
        ))
    return out


def first_looks(image: Image, cands: list[Candidate]
                ) -> tuple[list[Crop], list[Outline], list[RotatedBox | None], list[Image]]:
    """Each candidate's crop, outline, the turn its view is read at, and the view the first
    reader reads."""
    crops = [cut(image, c) for c in cands]
    outlines = [outline(crop, c.size, _neighbours(c, cands))
                for crop, c in zip(crops, cands, strict=True)]
    turns = [box if body else None for box, _, body in outlines]  # no outline: read unturned
    side = VIEW_SIDES[READER_FILE]
    views = [straighten(image, c, turn, out=side) for c, turn in zip(cands, turns, strict=True)]
    return crops, outlines, turns, views


@lru_cache(maxsize=4)
def has_tiny_reader(folder: str) -> bool:
    return (Path(folder) / TINY_READER_FILE).is_file()


def first_reading(views: list[Image], learned: LearnedDice | None = None
                  ) -> npt.NDArray[np.float32]:
    """Each view's probabilities: the tiny reader's where it is TINY_SURE, the first
    reader's elsewhere; with a tray's learned dice (a layer fitted on the first reader's
    features), or from a $FARKLE_MODELS folder of nets without a tiny one (nets trained for a
    comparison), the first reader's everywhere."""
    if learned is not None or not views or not has_tiny_reader(str(MODEL_DIR)):
        return classify(views, READER_FILE, learned)
    probs = classify(views, TINY_READER_FILE)
    unsure = np.nonzero(probs.max(axis=1) < TINY_SURE)[0]
    if len(unsure):
        probs[unsure] = classify([views[i] for i in unsure], READER_FILE)
    return probs


def _faces(probs: npt.NDArray[np.float32], second_view: Callable[[int, str, float], Image],
           learned: LearnedDice | None = None) -> list[tuple[int, float, bool]]:
    """Each die's face, confidence and whether another reader settled it, with a second look
    and second opinions on unsure ones.

    A face is the same face turned, so the first reader reads its unsure dice (under
    LOOK_AGAIN, a little above MIN_CONFIDENCE) again in three more quarter turns and the mean
    of the four readings stands (one glint or vein that fooled it in one turn weighs less);
    a die already sure enough to play is only checked so: the turns may unsettle it, not
    make it surer.
    The other readers were trained on other data, another recipe or another view, so they are
    rarely wrong together with the first: an unsure reading (SETTLE_FROM or more) stands when
    one of them is sure of the same face, and the confidence is then that reader's (the die is
    `settled`). A weaker guess is not put to them: on dice no reader saw they are wrong
    together with it too often.
    """
    values = [int(np.argmax(p[1:])) + 1 for p in probs]
    confs = [float(p[v]) for p, v in zip(probs, values, strict=True)]
    unsure = [i for i, c in enumerate(confs) if c < LOOK_AGAIN]
    views = [t for i in unsure for t in quarter_turns(second_view(i, READER_FILE, CROP_SCALE))]
    turned = classify(views, READER_FILE, learned)
    for k, i in enumerate(unsure):  # the view as read and its three turns, averaged
        mean = (probs[i] + turned[TURNS * k:TURNS * (k + 1)].sum(axis=0)) / (TURNS + 1)
        value = int(np.argmax(mean[1:])) + 1
        conf = float(mean[value])
        if confs[i] >= MIN_CONFIDENCE and value == values[i]:  # only checked: no surer for it
            conf = min(conf, confs[i])  # (so the table still names it as unsure, UNSURE 0.8)
        values[i], confs[i] = value, conf
    settled = [False] * len(values)
    for net, scale in SECOND_OPINIONS:
        unsure = [i for i, c in enumerate(confs) if SETTLE_FROM <= c < MIN_CONFIDENCE]
        opinions = classify([second_view(i, net, scale) for i in unsure], net)
        for i, q in zip(unsure, opinions, strict=True):
            if float(q[values[i]]) >= MIN_CONFIDENCE:
                confs[i] = float(q[values[i]])
                settled[i] = True
    return list(zip(values, confs, settled, strict=True))


def quarter_turns(view: Image) -> list[Image]:
    """The view turned by one, two and three quarter turns."""
    return [np.asarray(cv2.rotate(view, code), np.uint8) for code in _QUARTER_TURNS[:TURNS]]


# np.rot90 by one, two and three quarter turns, done by OpenCV (a sixth of the time)
_QUARTER_TURNS = (cv2.ROTATE_90_COUNTERCLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_CLOCKWISE)


@dataclass(frozen=True)
class _LeanRule:
    """What a calibrated tray's flat die looks like in this frame."""

    centre: tuple[float, float]  # the picture's
    stretch: float  # side face seen per pixel from the centre (vision/perspective.py)
    die_side: float  # the set's, in pixels


def _lean_rule(boxes: list[RotatedBox], calibration: Calibration | None,
               size: tuple[int, int]) -> _LeanRule | None:
    """The rule for this frame's dice; None without a calibrated die size (no rule)."""
    if calibration is None or calibration.die_size_px is None:
        return None
    centre = (size[0] / 2.0, size[1] / 2.0)
    stretch = measured_stretch(boxes, centre)
    if stretch is None:
        stretch = calibration.perspective
    if stretch is None:
        stretch = widest_stretch(size[0])
    side = calibration.die_size_px
    if len(boxes) >= 2:
        side = float(np.median([min(b.size) for b in boxes]))
    return _LeanRule(centre, stretch, side)


def _lies_flat(box: RotatedBox, lean: _LeanRule | None,
               limits: tuple[float, float] = (COCKED_LEAN, LEAN_ASPECT)) -> bool:
    """False for a die leaning on something: in a calibrated tray, its outline (side faces
    taken off) longer than `limits` times the set's die side and times its own width."""
    if lean is None:
        return max(box.size) / max(1.0, min(box.size)) < COCKED_ASPECT
    length = unstretched_length(box, lean.centre, lean.stretch)
    return length <= limits[0] * lean.die_side or length <= limits[1] * min(box.size)


def _whole_outline(image: Image, cand: Candidate, cands: list[Candidate], box: RotatedBox
                   ) -> RotatedBox:
    """The die's outline in a cut of LEAN_CROP die sizes (`box` if none is found there)."""
    wide = cut(image, replace(cand, size=cand.size * LEAN_CROP / CROP_SCALE))
    whole, _, body = outline(wide, cand.size, _neighbours(cand, cands))
    return whole if body else box


def _neighbours(cand: Candidate, cands: list[Candidate]) -> list[tuple[float, float]]:
    """Centres of the other dice whose side of the gap is theirs (read.outline): not crowded
    ones, nor any so close it may be this die seen twice."""
    return [(o.x, o.y) for o in cands if o is not cand and not o.crowded
            and math.hypot(o.x - cand.x, o.y - cand.y) > NEIGHBOUR_GAP * cand.size]


def _changed(image: Image, cands: list[Candidate], cal: Calibration) -> list[Candidate]:
    """Weak candidates where the tray changed and the detector saw nothing: dice unlike
    any it learned from. The reader may call them no die (a hand, a shadow)."""
    ref, side = cal.reference(), cal.die_size_px
    if ref is None or side is None:
        return []
    floor = CLOSEST_SIDES * side
    return [Candidate(x, y, SPOT_BOX * side, 0.0) for x, y in changed_spots(image, ref, side)
            if cal.inside((x, y)) and all(math.hypot(x - c.x, y - c.y) > floor for c in cands)]


def _in_tray(image: Image, cands: list[Candidate], cal: Calibration) -> list[Candidate]:
    """Keep candidates inside the tray/keep zone that differ from the empty tray.

    The difference is in colour, not grey: a red die on green felt is nearly the
    felt's grey.
    """
    ref = cal.reference()  # the same size as the image (read_dice checked)
    kept = []
    for c in cands:
        if not cal.inside((c.x, c.y)):
            continue
        if ref is not None:
            r = max(2, round(c.size / 4))
            x, y = max(r, round(c.x)), max(r, round(c.y))
            now = image[y - r:y + r, x - r:x + r].astype(np.int16)
            empty = ref[y - r:y + r, x - r:x + r].astype(np.int16)
            if now.size and float(np.abs(now - empty).mean()) < MIN_REFERENCE_DIFF:
                continue
        kept.append(c)
    return kept
