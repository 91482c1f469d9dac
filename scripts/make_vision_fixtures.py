#!/usr/bin/env python3
"""Render the synthetic test photos in fixtures/vision/ (exact labels, small PNGs).

    .venv/bin/python scripts/make_vision_fixtures.py

Writes synth_NN.png + labels.jsonl (shared/data format, so `farkle-pi evaluate
fixtures/vision` works), and a calibrated scene: tray_empty.png (reference),
tray_dice.png, tray_calibration.json (tray polygon, die size) with a distractor
die drawn outside the tray that the calibrated reader must ignore; and closeup/:
photos of dice 90-150 px across (a camera close to the table).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision.calibration import Calibration  # noqa: E402
from farkle_pi.vision.synth import SynthDie, draw_die, random_background, render_scene  # noqa: E402

OUT = ROOT / "fixtures" / "vision"


def label(dice: list[SynthDie]) -> list[dict[str, object]]:
    return [{"value": d.value, "bbox": [round(v, 1) for v in d.bbox]} for d in dice]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20261129)
    rows = []
    for i in range(6):
        img, dice = render_scene(rng, shape=(480, 640), n_dice=int(rng.integers(2, 7)),
                                 size_range=(30.0, 60.0), noise=False)
        name = f"synth_{i:02d}.png"
        cv2.imwrite(str(OUT / name), img, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        rows.append({"image": name, "dice": label(dice)})
    (OUT / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))

    # calibrated tray: a dark felt tray inside a light table, one die outside the tray
    table = random_background((480, 640), rng, noise=False)
    tray = np.array([[80, 60], [560, 60], [560, 420], [80, 420]], np.int32)
    felt = np.full_like(table, (40, 90, 40))
    mask = np.zeros(table.shape[:2], np.uint8)
    cv2.fillPoly(mask, [tray], (255,))
    empty = np.where(mask[:, :, None] > 0, felt, table).astype(np.uint8)
    cv2.imwrite(str(OUT / "tray_empty.png"), empty, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    inside = empty.copy()
    inside_dice = [SynthDie(v, (160.0 + 70 * k, 200.0 + 40 * (k % 2)), 44.0, 15.0 * k,
                            (235, 235, 235)) for k, v in enumerate((1, 5, 3, 6))]
    outside = SynthDie(2, (38.0, 240.0), 44.0, 10.0, (235, 235, 235))
    for d in [*inside_dice, outside]:
        draw_die(inside, d, (20, 20, 20), rng)
    cv2.imwrite(str(OUT / "tray_dice.png"), inside, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    Calibration(reference_image=Path("tray_empty.png"),
                tray_polygon=tuple((float(x), float(y)) for x, y in tray),
                die_size_px=44.0 * 1.1).save(OUT / "tray_calibration.json")
    (OUT / "tray_labels.json").write_text(json.dumps(
        {"inside": label(inside_dice), "outside": label([outside])}) + "\n")

    # close-ups: dice 90-150 px across, beyond the detector's default scale
    rng = np.random.default_rng(20261130)
    (OUT / "closeup").mkdir(exist_ok=True)
    rows = []
    for i in range(4):
        img, dice = render_scene(rng, shape=(480, 640), n_dice=int(rng.integers(1, 5)),
                                 size_range=(90.0, 150.0), noise=False)
        name = f"closeup_{i:02d}.png"
        cv2.imwrite(str(OUT / "closeup" / name), img, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        rows.append({"image": name, "dice": label(dice)})
    (OUT / "closeup" / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))

    # hard dice: every die marbled or with pips that barely stand out (red on black)
    rng = np.random.default_rng(20261131)
    (OUT / "hard").mkdir(exist_ok=True)
    rows = []
    for i in range(6):
        img, dice = render_scene(rng, shape=(480, 640), n_dice=int(rng.integers(3, 8)),
                                 size_range=(36.0, 70.0), hard_share=1.0)
        name = f"hard_{i:02d}.jpg"  # a camera's JPEG: noisy renders make big PNGs
        cv2.imwrite(str(OUT / "hard" / name), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        rows.append({"image": name, "dice": label(dice)})
    (OUT / "hard" / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
