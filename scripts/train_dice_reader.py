#!/usr/bin/env python3
"""Train the small nets of farkle_pi.vision (a detector and readers) and export them as ONNX.

* detector: a tiny fully convolutional net that marks die centres (heat map,
  sub-cell offset, log size) on the photo shrunk so a die is ~5-28 px across;
* reader: a 40x40 crop classifier with 7 classes: 0 = "not a (readable) die",
  1..6 = the face pointing up. Crops are cut by farkle_pi.vision.read.straighten,
  as at run time: turned upright by the die's outline where one is found.

Data: ../shared/data/byler_d6 minus the hold-out split (farkle_pi.vision.dataset),
rune55 `circle` + `tray` + the greyscale byler copies of training photos (never
the `table` collection, never copies of held-out photos), plus synthetic scenes
from farkle_pi.vision.synth. Needs torch (CPU) + onnx in a separate venv:

    /work/train-venv/bin/python scripts/train_dice_reader.py [--data ../shared/data]

The second and close readers (asked only about dice the first is unsure of) are the same net
trained other ways; models/dice_reader.md gives the commands (--reader-file, --view-scale,
--view-side, --half).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.optim.lr_scheduler import LRScheduler

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision.dataset import (  # noqa: E402
    apply_review,
    collections,
    is_holdout,
    load_folder,
    read_tsv,
)
from farkle_pi.vision.find import Candidate  # noqa: E402
from farkle_pi.vision.model import Net  # noqa: E402
from farkle_pi.vision.onnx_compat import float32_weights  # noqa: E402
from farkle_pi.vision.read import CROP, CROP_SCALE, cut, outline, straighten  # noqa: E402
from farkle_pi.vision.reader import NEIGHBOUR_GAP  # noqa: E402
from farkle_pi.vision.synth import render_scene  # noqa: E402

DET_PATCH = 128
STORE = 64
# Set from the command line in main(): share of crops and patches turned grey; the reader's
# view side / die size (CROP_SCALE at run time; the second reader may look closer); stored
# crop side / die size (room for a small turn + jitter around the view).
RECIPE = {"grey_share": 0.15, "view_scale": CROP_SCALE, "store_scale": 1.8, "glare_share": 0.0,
          "view_side": CROP, "det_shuffle": 0.0, "neighbour_cut": False, "colour_swap": 0.0,
          "oblique": 0.0, "degrade": 0.0, "hard_share": 0.0}
HARD_LOSS_CAP = 2.3  # cross-entropy of a face read at 0.1: above it a die is hard enough
HALF_SUFFIX = "_fp16"  # --half: a weight stored as float16 under its name + this
UNTURNED = 0.1  # share of dice crops turned at random although their outline was found


class Detector(nn.Module):
    def __init__(self, strided: bool = False, plain_c4: bool = False) -> None:
        """strided: the first conv strides instead of being pooled (a quarter of its cost);
        plain_c4: the fourth conv is not dilated (OpenCV's Winograd skips dilated convs)."""
        super().__init__()
        self.strided = strided

        def cbr(i: int, o: int, d: int = 1, stride: int = 1) -> nn.Sequential:
            return nn.Sequential(nn.Conv2d(i, o, 3, stride, padding=d, dilation=d),
                                 nn.BatchNorm2d(o), nn.ReLU())

        self.c1 = cbr(3, 16, stride=2 if strided else 1)
        self.c2 = cbr(16, 24)
        self.c3 = cbr(24, 32)
        self.c4 = cbr(32, 32, 1 if plain_c4 else 2)
        self.c5 = cbr(32, 32, 4)
        self.fuse = nn.Sequential(nn.Conv2d(56, 24, 1), nn.ReLU())
        self.head = nn.Conv2d(24, 4, 1)
        self.head.bias.data[0] = -2.2

    def features(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """The deep features (at a quarter of the input's size) and the skip's (at half)."""
        f1 = self.c1(x) if self.strided else F.max_pool2d(self.c1(x), 2)
        f2 = self.c2(f1)
        return self.c5(self.c4(self.c3(F.max_pool2d(f2, 2)))), f2

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f, f2 = self.features(x)
        f = F.interpolate(f, scale_factor=2.0, mode="nearest")
        return self.head(self.fuse(torch.cat([f, f2], 1)))


class ExportedDetector(nn.Module):
    """The detector as shipped: the same sums, with its fuse conv (1 x 1 over the upsampled deep
    features and the skip's) split in two. A 1 x 1 conv works pixel by pixel and the
    upsampling copies pixels, so the deep half runs before the upsampling, at a quarter of the
    pixels and on 24 channels instead of 32, and no concat is made: ~0.3 ms less a pass in
    OpenCV (outputs within 1e-6)."""

    def __init__(self, net: Detector) -> None:
        super().__init__()
        self.net = net
        weight, bias = net.fuse[0].weight.data, net.fuse[0].bias.data
        deep = net.c5[0].out_channels  # the concat's first part
        self.deep = nn.Conv2d(deep, weight.shape[0], 1, bias=False)
        self.skip = nn.Conv2d(weight.shape[1] - deep, weight.shape[0], 1)
        self.deep.weight.data.copy_(weight[:, :deep])
        self.skip.weight.data.copy_(weight[:, deep:])
        self.skip.bias.data.copy_(bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f, f2 = self.net.features(x)
        up = F.interpolate(self.deep(f), scale_factor=2.0, mode="nearest")
        return self.net.head(torch.relu(up + self.skip(f2)))


class Reader(nn.Module):
    def __init__(self, channels: tuple[int, ...] = (32, 64, 96), hidden: int = 96,
                 contrast: bool = False, side: int = CROP, separable: bool = False) -> None:
        """Conv widths: the first two convs halve the crop, the rest work at a quarter of it
        and the last halves it again (3 widths: three conv+pool blocks). separable: each
        conv after the first is a 3 x 3 conv of each channel alone then a 1 x 1 conv mixing
        them (a fifth of the multiply-adds at these widths; OpenCV runs it ~2.6x faster)."""
        super().__init__()
        self.contrast = contrast

        def cbr(i: int, o: int, pool: bool) -> nn.Sequential:
            conv: list[nn.Module] = [nn.Conv2d(i, o, 3, padding=1)]
            if separable and i > 3:
                conv = [nn.Conv2d(i, i, 3, padding=1, groups=i), nn.BatchNorm2d(i), nn.ReLU(),
                        nn.Conv2d(i, o, 1)]
            layers = [*conv, nn.BatchNorm2d(o), nn.ReLU()]
            return nn.Sequential(*layers, *([nn.MaxPool2d(2)] if pool else []))

        widths = (3, *channels)
        last = len(channels) - 1
        self.features = nn.Sequential(*(cbr(widths[k], widths[k + 1], k < 2 or k == last)
                                        for k in range(len(channels))))
        self.fc = nn.Sequential(nn.Flatten(),
                                nn.Linear(channels[-1] * (side // 8) ** 2, hidden), nn.ReLU(),
                                nn.Dropout(0.2), nn.Linear(hidden, 7))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.contrast:  # each crop to zero mean per channel and unit spread: dim dice read
            x = x - x.mean(dim=(2, 3), keepdim=True)  # like bright ones
            spread = (x * x).mean(dim=(1, 2, 3), keepdim=True)
            x = x / (torch.sqrt(spread) + 0.02)
        return self.fc(self.features(x))


# ---------------------------------------------------------------- data
def load_training_images(data: Path, n_synth: int, rng: np.random.Generator,
                         grey_byler: bool = True, review: Path | None = None,
                         hard_share: float = 0.0, left_out: tuple[str, ...] = (),
                         slant_share: float = 0.0, translucent_share: float = 0.0,
                         more: tuple[Path, ...] = (), more_weight: int = 1,
                         busy_share: float = 0.0,
                         ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(image, centres Nx2, sizes N, values N) for every training photo.

    A rune55 collection in left_out is not learned from, so it can measure photos from a
    photographer, camera and dice no net saw; "byler" leaves out byler_d6 and its greyscale
    copies in rune55. `more` are folders of the same format (`dice-check --keep`), learned
    from but for their own hold-out split, each photo `more_weight` times (a table's own
    photos are few against the thousands here)."""
    out = []
    byler = load_folder(data / "byler_d6")
    if review is not None:
        byler, fixed = apply_review(byler, review)
        print(f"labels corrected by {review.name}: {len(fixed)}", flush=True)
    byler = [r for r in byler if not is_holdout(r.path.name) and "byler" not in left_out]
    grey_byler = grey_byler and "byler" not in left_out
    rune = load_folder(data / "rune55")
    coll = collections(data / "rune55")
    copies = {r["image"]: r["byler_d6_image"]
              for r in read_tsv(data / "rune55" / "byler_d6_copies.tsv")}
    learned = {"circle", "tray"} - set(left_out)
    keep = [r for r in rune if coll.get(r.path.name) in learned
            or (grey_byler and coll.get(r.path.name) == "byler" and r.path.name in copies
                and not is_holdout(copies[r.path.name]))]
    kept = [r for folder in more for r in load_folder(folder) if not is_holdout(r.path.name)]
    for rec in byler + keep + kept * more_weight:
        img = cv2.imread(str(rec.path))
        if img is None or not rec.dice:
            continue
        cs = np.array([d.center for d in rec.dice], np.float32)
        ss = np.array([d.size for d in rec.dice], np.float32)
        vs = np.array([d.value for d in rec.dice], np.int64)
        out.append((img, cs, ss, vs))
    print(f"photos: byler {len(byler)}, rune55 {len(keep)}, more {len(kept)}", flush=True)
    for _ in range(n_synth):
        img, dice = render_scene(rng, size_range=(20.0, 120.0), hard_share=hard_share,
                                 slant_share=slant_share, translucent_share=translucent_share,
                                 busy_share=busy_share)
        out.append((img, np.array([d.center for d in dice], np.float32),
                    np.array([d.size * 1.1 for d in dice], np.float32),
                    np.array([d.value for d in dice], np.int64)))
    return out


def colour_jitter(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    f = img.astype(np.float32)
    if rng.random() < RECIPE["grey_share"]:
        f = np.repeat(f.mean(axis=2, keepdims=True), 3, axis=2)
    f = f * rng.uniform(0.8, 1.2, size=3) * rng.uniform(0.8, 1.2) + rng.uniform(-25, 25)
    if rng.random() < 0.3:
        f = 255.0 * (np.clip(f, 0, 255) / 255.0) ** rng.uniform(0.6, 1.6)
    if rng.random() < 0.3:
        k = rng.uniform(0.3, 1.2)
        f = cv2.GaussianBlur(f, (0, 0), k)
    f += rng.normal(0, rng.uniform(0, 6), size=f.shape)
    return np.clip(f, 0, 255).astype(np.uint8)


def glare_streak(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A white specular streak (a thin arc) across the view: glossy and translucent dice show
    them, and the reader took them for pips (a 2 read as a 3)."""
    n = img.shape[0]
    die = n / RECIPE["view_scale"]
    mask = np.zeros((n, n), np.float32)
    radius = die * rng.uniform(0.4, 2.0)
    centre = np.array([n / 2, n / 2]) + rng.uniform(-0.35, 0.35, 2) * die
    ang = rng.uniform(0, 2 * math.pi)
    arc_centre = centre + radius * np.array([math.cos(ang), math.sin(ang)])
    start = math.degrees(ang + math.pi) - rng.uniform(5, 30)
    span = math.degrees(rng.uniform(0.3, 0.9) * die / radius)
    cv2.ellipse(mask, (round(arc_centre[0] * 16), round(arc_centre[1] * 16)),
                (round(radius * 16), round(radius * rng.uniform(0.4, 1.0) * 16)),
                0.0, start, start + span, 1.0, int(rng.integers(1, 3)), cv2.LINE_AA, 4)
    lo, hi = round(n / 2 - 0.45 * die), round(n / 2 + 0.45 * die)  # on the die's top only
    mask[:lo], mask[hi:], mask[:, :lo], mask[:, hi:] = 0, 0, 0, 0
    mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(0.4, 1.0)) * rng.uniform(0.4, 0.9)
    white = rng.uniform(225, 255)
    out = img.astype(np.float32) * (1 - mask[..., None]) + white * mask[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def to_tensor(batch: list[np.ndarray]) -> torch.Tensor:
    arr = np.stack(batch).astype(np.float32) / 255.0 - 0.5
    return torch.from_numpy(arr.transpose(0, 3, 1, 2).copy())


def det_sample(item, rng: np.random.Generator):
    img, cs, ss, _ = item
    med = float(np.median(ss))
    target = math.exp(rng.uniform(math.log(5.0), math.log(28.0)))
    s = target / med
    ang = rng.uniform(0, 360) if rng.random() < 0.5 else 90.0 * rng.integers(4)
    # pick a die (or anywhere) to centre the patch on
    if rng.random() < 0.8:
        c = cs[rng.integers(len(cs))] + rng.normal(0, 40 / max(s, 0.1) * 0.25, 2)
    else:
        c = np.array([rng.uniform(0, img.shape[1]), rng.uniform(0, img.shape[0])])
    if s < 0.9:  # shrink with area averaging first: warpAffine alone aliases pips away
        img = cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        cs, ss, c, s = cs * s, ss * s, c * s, 1.0
    m = cv2.getRotationMatrix2D((float(c[0]), float(c[1])), float(ang), float(s))
    m[:, 2] += np.array([DET_PATCH / 2 - c[0], DET_PATCH / 2 - c[1]])
    if rng.random() < 0.5:  # mirror
        m[0] = -m[0]
        m[0, 2] += DET_PATCH
    border = cv2.BORDER_REFLECT if rng.random() < 0.5 else cv2.BORDER_CONSTANT
    val = tuple(int(v) for v in rng.integers(0, 255, 3))
    patch = cv2.warpAffine(img, m, (DET_PATCH, DET_PATCH), flags=cv2.INTER_LINEAR,
                           borderMode=border, borderValue=val)
    patch = colour_jitter(patch, rng)
    if RECIPE["det_shuffle"] and rng.random() < RECIPE["det_shuffle"]:
        patch = np.ascontiguousarray(patch[:, :, rng.permutation(3)])  # any die on any cloth
    pc = cs @ m[:, :2].T + m[:, 2]
    psz = ss * s
    o = DET_PATCH // 2
    heat = np.zeros((o, o), np.float32)
    reg = np.zeros((3, o, o), np.float32)
    mask = np.zeros((o, o), np.float32)
    yy, xx = np.mgrid[0:o, 0:o].astype(np.float32)
    for (x, y), z in zip(pc / 2.0, psz, strict=True):
        if not (0 <= x < o and 0 <= y < o):
            continue
        sig = max(0.5, z / 2.0 / 6.0)
        j, i = int(x), int(y)
        g = np.exp(-((xx - j) ** 2 + (yy - i) ** 2) / (2 * sig * sig))
        heat = np.maximum(heat, g)
        heat[i, j] = 1.0
        reg[:, i, j] = (x - j, y - i, math.log(z))
        mask[i, j] = 1.0
    return patch, heat, reg, mask


def focal(logit: torch.Tensor, gt: torch.Tensor) -> torch.Tensor:
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    neg = 1 - pos
    lp = -torch.log(p) * (1 - p) ** 2 * pos
    ln = -torch.log(1 - p) * p ** 2 * (1 - gt) ** 4 * neg
    return (lp.sum() + ln.sum()) / pos.sum().clamp(min=1)


class Checkpoint:
    """A run's state every `every` steps, so the same command run again goes on from there: a
    20,000-step reader takes longer than a working session, and a session's end (or a reboot)
    stops it. Removed when the net is written."""

    def __init__(self, path: Path, options: dict[str, str], every: int = 500) -> None:
        self.path, self.options, self.every = path, options, every

    def resume(self, net: nn.Module, opt: torch.optim.Optimizer, sched: LRScheduler,
               rng: np.random.Generator, arrays: dict[str, np.ndarray]) -> int:
        """The step to go on from (0 with no checkpoint), with everything put back as it was."""
        if not self.path.exists():
            return 0
        state = torch.load(self.path, weights_only=False)
        if state["options"] != self.options:
            kept, given = state["options"], self.options
            differ = ", ".join(f"{k} {kept.get(k, 'default')} there, {given.get(k, 'default')} "
                               "here" for k in sorted(kept.keys() | given.keys())
                               if kept.get(k) != given.get(k))
            sys.exit(f"{self.path} is from a run with other options ({differ}): give the same "
                     "options to go on, or delete the file to start anew")
        net.load_state_dict(state["net"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        rng.bit_generator.state = state["rng"]
        torch.set_rng_state(state["torch_rng"])
        for name, array in arrays.items():
            array[...] = state["arrays"][name]
        print(f"going on from step {state['step']} ({self.path})", flush=True)
        return int(state["step"])

    def save(self, done: int, net: nn.Module, opt: torch.optim.Optimizer, sched: LRScheduler,
             rng: np.random.Generator, arrays: dict[str, np.ndarray]) -> None:
        """Keep the state after `done` steps, every `every` steps (written whole, then renamed,
        so a stop while writing leaves the last one)."""
        if done % self.every:
            return
        state = {"options": self.options, "step": done, "net": net.state_dict(),
                 "opt": opt.state_dict(), "sched": sched.state_dict(),
                 "rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state(),
                 "arrays": arrays}
        part = self.path.with_name(self.path.name + ".part")
        torch.save(state, part)
        os.replace(part, self.path)

    def finish(self) -> None:
        self.path.unlink(missing_ok=True)


def train_detector(items, steps: int, rng: np.random.Generator, checkpoint: Checkpoint,
                   strided: bool = False, plain_c4: bool = False) -> Detector:
    net = Detector(strided, plain_c4)
    opt = torch.optim.AdamW(net.parameters(), 3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps)
    t0 = time.time()
    for step in range(checkpoint.resume(net, opt, sched, rng, {}), steps):
        batch = [det_sample(items[rng.integers(len(items))], rng) for _ in range(24)]
        x = to_tensor([b[0] for b in batch])
        heat = torch.from_numpy(np.stack([b[1] for b in batch]))
        reg = torch.from_numpy(np.stack([b[2] for b in batch]))
        mask = torch.from_numpy(np.stack([b[3] for b in batch]))
        out = net(x)
        lh = focal(out[:, 0], heat)
        l1 = F.l1_loss(out[:, 1:], reg, reduction="none").sum(1)
        lr = (l1 * mask).sum() / mask.sum().clamp(min=1)
        loss = lh + lr
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0:
            print(f"det {step} heat {lh.item():.3f} reg {lr.item():.3f} {time.time() - t0:.0f}s",
                  flush=True)
        checkpoint.save(step + 1, net, opt, sched, rng, {})
    return net.eval()


def without_batch_norms(net: Detector) -> Detector:
    """The detector as exported (each batch norm folded into its conv), so that an exported
    detector's weights fit it."""
    for block in (net.c1, net.c2, net.c3, net.c4, net.c5):
        block[1] = nn.Identity()
    return net


def exported_detector(path: Path) -> Detector:
    """A detector this script exported, read back (its batch norms folded into its convs) in
    the shape it was made: first conv strided or not, fourth conv dilated or not; its fuse
    conv whole (7 convs) or split as ExportedDetector splits it (8: the deep half without a
    bias)."""
    import onnx
    from google.protobuf.message import DecodeError
    from onnx import helper, numpy_helper

    try:
        model = onnx.load(str(path))
    except (OSError, DecodeError) as error:
        sys.exit(f"--det-teacher {path}: cannot be read as ONNX ({error})")
    weights = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    convs = [node for node in model.graph.node if node.op_type == "Conv"]

    def attribute(node, name: str) -> list[int]:
        return next((list(helper.get_attribute_value(a)) for a in node.attribute
                     if a.name == name), [1, 1])

    if len(convs) == 8 and len(convs[5].input) == 2:  # the fuse split: deep half, skip half
        deep, skip = (weights.get(node.input[1], np.zeros(0)) for node in convs[5:7])
        if deep.ndim == skip.ndim == 4 and deep.shape[0] == skip.shape[0]:
            weights["fuse.weight"] = np.concatenate([deep, skip], axis=1)
            fuse = helper.make_node("Conv", ["f", "fuse.weight", convs[6].input[2]], ["y"])
            convs = [*convs[:5], fuse, convs[7]]
    if len(convs) == 7:
        strided = attribute(convs[0], "strides") == [2, 2]
        net = without_batch_norms(Detector(strided, attribute(convs[3], "dilations") == [1, 1]))
        targets = [net.c1[0], net.c2[0], net.c3[0], net.c4[0], net.c5[0], net.fuse[0], net.head]
        shapes = [weights.get(node.input[1], np.zeros(0)).shape for node in convs]
        if shapes == [tuple(conv.weight.shape) for conv in targets]:
            for node, conv in zip(convs, targets, strict=True):
                conv.weight.data.copy_(torch.from_numpy(weights[node.input[1]].copy()))
                conv.bias.data.copy_(torch.from_numpy(weights[node.input[2]].copy()))
            return net
    sys.exit(f"--det-teacher {path}: not a detector this script made ({len(convs)} "
             "convolutions; give a dice_detector.onnx)")


def distil_detector(items, steps: int, rng: np.random.Generator, checkpoint: Checkpoint,
                    teacher: Detector, strided: bool, plain_c4: bool, labels_weight: float,
                    box_weight: float = 1.0) -> Detector:
    """A cheaper detector (strided first conv, maybe a plain fourth) that starts from an
    exported detector's weights (`exported_detector`) and learns to give its outputs on the
    same patches: the readers learned the teacher's false candidates as "not a die", so a
    student that finds what the teacher finds keeps what they learned. `labels_weight` adds
    the labels' loss; `box_weight` weighs the teacher's offsets and sizes (a crop's side and
    which of two close candidates stays come from the size)."""
    teacher.eval()
    net = without_batch_norms(Detector(strided, plain_c4))
    net.load_state_dict(teacher.state_dict())  # strides and dilations are no weights
    opt = torch.optim.AdamW(net.parameters(), 1e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 1e-3, total_steps=steps, pct_start=0.1)
    t0 = time.time()
    for step in range(checkpoint.resume(net, opt, sched, rng, {}), steps):
        batch = [det_sample(items[rng.integers(len(items))], rng) for _ in range(24)]
        x = to_tensor([b[0] for b in batch])
        with torch.no_grad():
            want = teacher(x)
        out = net(x)
        p = torch.sigmoid(want[:, 0])  # the teacher's heat: its peaks weigh most
        lh = 10.0 * (F.binary_cross_entropy_with_logits(out[:, 0], p, reduction="none")
                     * (1.0 + 20.0 * p)).mean()
        lr = ((out[:, 1:] - want[:, 1:]).abs().sum(1) * p).sum() / p.sum().clamp(min=1)
        loss = lh + box_weight * lr
        if labels_weight:
            heat = torch.from_numpy(np.stack([b[1] for b in batch]))
            loss = loss + labels_weight * focal(out[:, 0], heat)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0:
            print(f"distil {step} heat {lh.item():.3f} reg {lr.item():.3f} "
                  f"{time.time() - t0:.0f}s", flush=True)
        checkpoint.save(step + 1, net, opt, sched, rng, {})
    return net.eval()


def view(img: np.ndarray, x: float, y: float, size: float,
         others: list[tuple[float, float]] | None = None) -> tuple[np.ndarray, bool]:
    """A stored crop as read_dice would see a candidate there, and whether it was turned.
    `others`: the other dice's centres, which cut the outline as at run time (--neighbour-cut)."""
    cand = Candidate(float(x), float(y), float(size), 1.0)
    box, _, body = outline(cut(img, cand), cand.size, others or ())
    return straighten(img, cand, box if body else None, RECIPE["store_scale"], STORE), body


def build_crops(items, rng: np.random.Generator):
    """Stored crops (side = RECIPE["store_scale"] x die size), class labels, and 'was turned' flags.

    Dice are cut around a centre and size jittered like the detector's, so the
    outline (and so the turn) is as good or bad as at run time.
    """
    crops, labels, turned = [], [], []

    def add(img, x, y, size, label, others=None):
        crop, body = view(img, x, y, size, others)
        crops.append(crop)
        labels.append(label)
        turned.append(body)

    for img, cs, ss, vs in items:
        h, w = img.shape[:2]
        for c, z, v in zip(cs, ss, vs, strict=True):
            others = ([(float(o[0]), float(o[1])) for o in cs
                       if math.hypot(o[0] - c[0], o[1] - c[1]) > NEIGHBOUR_GAP * z]
                      if RECIPE["neighbour_cut"] else None)
            for _ in range(2):
                jx, jy = rng.normal(0, 0.06 * z, 2)
                add(img, c[0] + jx, c[1] + jy, z * rng.uniform(0.88, 1.12), int(v), others)
            # a neighbour-ish miss: off-centre view of this die is "not a die"
            d = rng.uniform(0.65, 1.0) * z
            a = rng.uniform(0, 2 * math.pi)
            add(img, c[0] + d * math.cos(a), c[1] + d * math.sin(a), z, 0)
        med = float(np.median(ss))
        for _ in range(max(2, len(cs) // 2)):
            p = np.array([rng.uniform(0, w), rng.uniform(0, h)])
            if np.min(np.hypot(*(cs - p).T) / ss) < 0.9:
                continue
            add(img, p[0], p[1], med * rng.uniform(0.8, 1.2), 0)
    return np.stack(crops), np.array(labels, np.int64), np.array(turned, bool)


def hard_negatives(items, det_path: Path, data_root: Path):
    """Detector candidates on real training photos that match no label: "not a die" crops."""
    from farkle_pi.vision import find
    from farkle_pi.vision.model import load_net

    find.load_net = lambda name: load_net(name, str(det_path.parent))
    crops, turned = [], []
    for img, cs, ss, _ in items:
        for k in find.find_candidates(img):
            d = np.hypot(cs[:, 0] - k.x, cs[:, 1] - k.y)
            if np.all(d > 0.5 * ss):
                crop, body = view(img, k.x, k.y, k.size)
                crops.append(crop)
                turned.append(body)
    return crops, turned


def crop_batch(crops, labels, turned, idx, rng: np.random.Generator):
    out = []
    die_px = STORE / RECIPE["store_scale"]
    view_scale, side = RECIPE["view_scale"], int(RECIPE["view_side"])
    for k in idx:
        if turned[k] and rng.random() > UNTURNED:
            ang = 90.0 * rng.integers(4) + rng.normal(0, 4.0)
        else:
            ang = rng.uniform(0, 360)
        scale = side / (view_scale * rng.uniform(0.9, 1.12) * die_px)
        m = cv2.getRotationMatrix2D((STORE / 2, STORE / 2), ang, scale)
        jit = rng.normal(0, 0.04 * side / view_scale, 2) if labels[k] else 0
        m[:, 2] += side / 2 - STORE / 2 + jit
        if rng.random() < 0.5:
            m[0] = -m[0]
            m[0, 2] += side
        sx = rng.uniform(0.92, 1.08)  # mild stretch: perspective, stretched photos
        m[0] *= sx
        m[0, 2] += side / 2 * (1 - sx)
        if RECIPE["oblique"] and rng.random() < RECIPE["oblique"]:
            view = cv2.warpPerspective(crops[k], oblique(side, side / view_scale, rng) @ np.vstack(
                [m, [0.0, 0.0, 1.0]]), (side, side), borderMode=cv2.BORDER_REPLICATE)
        else:
            view = cv2.warpAffine(crops[k], m, (side, side), borderMode=cv2.BORDER_REPLICATE)
        if RECIPE["glare_share"] and rng.random() < RECIPE["glare_share"]:
            view = glare_streak(view, rng)
        if RECIPE["colour_swap"] and rng.random() < RECIPE["colour_swap"]:
            view = view[..., rng.permutation(3)]  # hue must not matter
        if RECIPE["degrade"] and rng.random() < RECIPE["degrade"]:
            view = degrade(view, rng)
        out.append(colour_jitter(view, rng))
    return to_tensor(out)


def degrade(view: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A view as a cheap phone photo gives it: fewer pixels on the die, JPEG blocks, blur.
    Unread dice of tables the reader never saw look like that at 40 px; the renders do not."""
    side = view.shape[0]
    small = max(8, round(side * rng.uniform(0.4, 0.8)))
    view = cv2.resize(cv2.resize(view, (small, small), interpolation=cv2.INTER_AREA),
                      (side, side), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.5:
        ok, jpeg = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(25, 70))])
        view = cv2.imdecode(jpeg, cv2.IMREAD_COLOR) if ok else view
    if rng.random() < 0.3:
        view = cv2.GaussianBlur(view, (0, 0), rng.uniform(0.6, 1.5))
    return view


def oblique(side: int, die: float, rng: np.random.Generator) -> np.ndarray:
    """A camera tilted towards a random direction, about the view's centre: the top face
    shortened along it (up to 0.7), wider at the near edge, and off the outline's centre, as
    dice look in photos not taken from straight above."""
    phi = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(phi), math.sin(phi)
    turn = np.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])
    short = rng.uniform(0.7, 1.0)
    tilt = np.array([[1.0, 0.0, 0.0],
                     [0.0, short, (1 - short) * 0.5 * die],
                     [0.0, rng.uniform(-0.2, 0.2) / die, 1.0]])
    centre = np.array([[1.0, 0.0, side / 2], [0.0, 1.0, side / 2], [0.0, 0.0, 1.0]])
    return centre @ turn.T @ tilt @ turn @ np.linalg.inv(centre)


DISTILL_T = 2.0  # temperature of the teachers' and the new reader's readings
DISTILL_SOFT = 0.7  # weight of copying the teachers against learning the labels


def load_teachers(specs: list[str], channels: tuple[int, ...], hidden: int) -> list[Reader]:
    """Trained readers (.pt; "PATH:contrast" for one made with --reader-contrast) whose
    readings a new reader learns to copy (--teacher)."""
    teachers = []
    for spec in specs:
        path, _, flag = spec.partition(":")
        teacher = Reader(channels, hidden, flag == "contrast", int(RECIPE["view_side"]))
        teacher.load_state_dict(torch.load(path))
        teachers.append(teacher.eval())
    return teachers


def reader_loss(logits: torch.Tensor, y: torch.Tensor, x: torch.Tensor,
                teachers: list[Reader]) -> torch.Tensor:
    """Cross-entropy to the labels; with teachers, mostly their mean softened readings
    (distillation: a net copies how sure the others are, not only their answers)."""
    hard = F.cross_entropy(logits, y, label_smoothing=0.05)
    if not teachers:
        return hard
    with torch.no_grad():
        target = torch.stack([F.softmax(t(x) / DISTILL_T, dim=1) for t in teachers]).mean(0)
    soft = F.kl_div(F.log_softmax(logits / DISTILL_T, dim=1), target, reduction="batchmean")
    return (1 - DISTILL_SOFT) * hard + DISTILL_SOFT * DISTILL_T ** 2 * soft


def train_reader(crops, labels, turned, steps: int, rng: np.random.Generator,
                 checkpoint: Checkpoint, channels: tuple[int, ...], hidden: int,
                 start: Path | None, contrast: bool = False,
                 teachers: list[Reader] | None = None, separable: bool = False) -> Reader:
    net = Reader(channels, hidden, contrast, int(RECIPE["view_side"]), separable)
    peak = 3e-3
    if start is not None:  # go on from an earlier run's weights, gentler
        if start.suffix == ".onnx":
            load_shipped(net, start)
        else:
            net.load_state_dict(torch.load(start))
        peak = 1e-3
    opt = torch.optim.AdamW(net.parameters(), peak, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, peak, total_steps=steps)
    t0 = time.time()
    dice = np.nonzero(labels > 0)[0]
    other = np.nonzero(labels == 0)[0]
    # each die's last loss (all equal at first): --hard-share of the dice in a batch are drawn
    # in proportion to it, capped so that a wrong label is not drawn without end
    last_loss = np.full(len(labels), HARD_LOSS_CAP, np.float64)
    n_hard = round(96 * RECIPE["hard_share"])
    kept = {"last_loss": last_loss}
    for step in range(checkpoint.resume(net, opt, sched, rng, kept), steps):
        # 3 in 4 samples are dice: "not a die" crops outnumber dice 2:1 in the pool
        picks = [rng.choice(dice, 96 - n_hard)]
        if n_hard:
            picks.append(rng.choice(dice, n_hard, p=last_loss[dice] / last_loss[dice].sum()))
        idx = np.concatenate([*picks, rng.choice(other, 32)])
        x = crop_batch(crops, labels, turned, idx, rng)
        y = torch.from_numpy(labels[idx])
        logits = net(x)
        loss = reader_loss(logits, y, x, teachers or [])
        if n_hard:
            each = F.cross_entropy(logits.detach(), y, reduction="none", label_smoothing=0.05)
            last_loss[idx] = np.minimum(each.numpy(), HARD_LOSS_CAP)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 200 == 0:
            print(f"read {step} loss {loss.item():.3f} {time.time() - t0:.0f}s", flush=True)
        checkpoint.save(step + 1, net, opt, sched, rng, kept)
    return net.eval()


def load_shipped(net: Reader, path: Path) -> None:
    """Go on from a reader as models/ ships it (.onnx; the .pt is not shipped), so a table's
    kept photos can teach the shipped reader rather than a new one. The export folded each
    batch norm into its conv: the norms start as identities and stay frozen (eval mode)."""
    import onnx
    from onnx import numpy_helper

    # float16 (--half) or int8 (scripts/int8_weights.py) weights as the float32 they stand for
    graph = onnx.load_from_string(float32_weights(path.read_bytes())).graph
    arrays = {t.name: numpy_helper.to_array(t).astype(np.float32) for t in graph.initializer}

    def weight(name: str) -> np.ndarray:
        return arrays.get(name, np.zeros(0, np.float32))

    nodes = [n for n in graph.node if n.op_type in ("Conv", "Gemm")]
    layers = [m for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    norms = [m for m in net.modules() if isinstance(m, nn.BatchNorm2d)]
    contrast = any(n.op_type == "ReduceMean" for n in graph.node)
    if (contrast != net.contrast or [weight(n.input[1]).shape for n in nodes]
            != [tuple(m.weight.shape) for m in layers]):
        sys.exit(f"{path} is not a reader of the --reader-channels, --reader-hidden and "
                 "--reader-contrast given: give the options it was made with")
    with torch.no_grad():
        for node, layer in zip(nodes, layers, strict=True):
            for name, param in zip(node.input[1:3], (layer.weight, layer.bias), strict=True):
                param.copy_(torch.from_numpy(weight(name)))
        for norm in norms:
            norm.reset_parameters()
            norm.running_var.fill_(1.0 - norm.eps)
    side = int(RECIPE["view_side"])
    views = np.random.default_rng(0).integers(0, 256, (16, side, side, 3), dtype=np.uint8)
    theirs = torch.softmax(torch.from_numpy(Net(path).run(views)), dim=1)  # as farkle-pi reads
    with torch.no_grad():
        x = torch.from_numpy(views.transpose(0, 3, 1, 2).astype(np.float32) / 255.0 - 0.5)
        ours = torch.softmax(net.eval()(x), dim=1)
    gap = float((theirs - ours).abs().max())
    if gap > 1e-4:  # odds; measured 1e-6 or less for the shipped readers
        sys.exit(f"{path} read into the reader gives other outputs (by {gap:.1e}): "
                 "give the --reader-* options it was made with")
    net.train()
    for norm in norms:
        norm.eval()
    print(f"started from {path.name} (odds within {gap:.1e} of farkle-pi's)", flush=True)


def export(net: nn.Module, shape: tuple[int, ...], path: Path, half: bool = False) -> None:
    torch.onnx.export(net, torch.zeros(shape), str(path), input_names=["x"], output_names=["y"],
                      opset_version=13, dynamo=False)
    if half:
        store_half(path)
    print(f"wrote {path} ({path.stat().st_size} bytes)", flush=True)


def store_half(path: Path) -> None:
    """Keep the weights as float16 (half the file) with a Cast back to float32 in the graph,
    so OpenCV still runs the net in float32; outputs move by about 1e-3."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    weights, casts = [], []
    for tensor in graph.initializer:
        array = numpy_helper.to_array(tensor)
        if array.dtype == np.float32 and array.size > 16:
            half = tensor.name + HALF_SUFFIX
            weights.append(numpy_helper.from_array(array.astype(np.float16), half))
            casts.append(helper.make_node("Cast", [half], [tensor.name],
                                          to=TensorProto.FLOAT))
        else:
            weights.append(tensor)
    nodes = casts + list(graph.node)
    del graph.initializer[:], graph.node[:]
    graph.initializer.extend(weights)
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--out", type=Path, default=ROOT / "models")
    ap.add_argument("--det-steps", type=int, default=8000)
    ap.add_argument("--fast-detector", action="store_true",
                    help="detector with a strided first conv and a plain fourth (~0.6 ms less)")
    ap.add_argument("--strided-detector", action="store_true",
                    help="detector with a strided first conv only (the fourth stays dilated)")
    ap.add_argument("--det-teacher", type=Path, metavar="ONNX",
                    help="a detector (dice_detector.onnx) for the new one to start from and "
                         "copy (with --strided-detector or --fast-detector: a cheaper copy)")
    ap.add_argument("--det-labels-weight", type=float, default=0.0, metavar="W",
                    help="with --det-teacher: weight of the labels' loss beside the teacher's")
    ap.add_argument("--det-box-weight", type=float, default=1.0, metavar="W",
                    help="with --det-teacher: weight of the teacher's offsets and sizes")
    ap.add_argument("--det-shuffle", type=float, default=0.0,
                    help="share of detector patches with their colour channels shuffled")
    ap.add_argument("--read-steps", type=int, default=20000)
    ap.add_argument("--synth", type=int, default=300)
    ap.add_argument("--reader-channels", default="32,64,96", help="reader conv widths")
    ap.add_argument("--reader-hidden", type=int, default=96, help="reader hidden layer width")
    ap.add_argument("--reader-separable", action="store_true",
                    help="reader convs after the first split into per-channel 3x3 + 1x1 (faster)")
    ap.add_argument("--reader-contrast", action="store_true",
                    help="normalise each crop's contrast inside the reader net")
    ap.add_argument("--no-grey-byler", action="store_true",
                    help="leave out rune55's greyscale copies of the byler training photos")
    ap.add_argument("--leave-out", action="append", default=[], choices=["circle", "tray", "byler"],
                    help="a collection not to learn from (to measure unseen photos)")
    ap.add_argument("--more-data", action="append", type=Path, default=[], metavar="FOLDER",
                    help="a labelled folder to learn from too, but for its hold-out split "
                         "(photos kept by `farkle-pi dice-check --keep`)")
    ap.add_argument("--more-weight", type=int, default=1, metavar="W",
                    help="learn from each --more-data photo W times (each time cut anew)")
    ap.add_argument("--grey-share", type=float, default=0.15, help="share of samples made grey")
    ap.add_argument("--start-from", type=Path,
                    help="reader to go on training: a run's .pt, or a shipped .onnx")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2, help="torch threads (1 on a busy machine)")
    ap.add_argument("--checkpoint-every", type=int, default=500, metavar="N",
                    help="keep the run's state in --out every N steps: the same command run "
                         "again goes on from there")
    ap.add_argument("--only", choices=["det", "read", "both"], default="both")
    ap.add_argument("--reader-file", default="dice_reader.onnx",
                    help="file name of the reader in --out (dice_reader_second.onnx, "
                         "dice_reader_close.onnx for the other readers)")
    ap.add_argument("--view-scale", type=float, default=CROP_SCALE,
                    help="the reader's view side / die size (read.CLOSE_VIEW_SCALE for the "
                         "close reader)")
    ap.add_argument("--view-side", type=int, default=CROP,
                    help="the reader's view in pixels, a multiple of 8 (model.VIEW_SIDES at "
                         "run time)")
    ap.add_argument("--store-scale", type=float, default=1.8,
                    help="stored crop side / die size (at least 1.45 x --view-scale)")
    ap.add_argument("--glare-share", type=float, default=0.0,
                    help="share of reader views given a white glare streak")
    ap.add_argument("--colour-swap", type=float, default=0.0,
                    help="share of reader views with their colour channels shuffled")
    ap.add_argument("--oblique", type=float, default=0.0,
                    help="share of reader views seen as by a tilted camera")
    ap.add_argument("--degrade", type=float, default=0.0,
                    help="share of reader views given fewer pixels, JPEG blocks and blur")
    ap.add_argument("--hard-synth", type=float, default=0.0,
                    help="share of synthetic dice that are marbled or have low-contrast pips")
    ap.add_argument("--slant-synth", type=float, default=0.0,
                    help="share of synthetic scenes seen by a tilted camera: cubes with side faces")
    ap.add_argument("--translucent-synth", type=float, default=0.0,
                    help="share of synthetic dice that are see-through (the other faces' pips "
                         "show faintly)")
    ap.add_argument("--busy-synth", type=float, default=0.0,
                    help="share of synthetic scenes on a busy, speckled table (carpet, "
                         "terrazzo): spots the size of pips that are not dice")
    ap.add_argument("--hard-share", type=float, default=0.0,
                    help="share of a batch's dice drawn in proportion to their last loss "
                         "(hard dice seen more often)")
    ap.add_argument("--label-review", type=Path,
                    help="corrections to byler_d6 labels (fixtures/label_review/byler_d6.jsonl)")
    ap.add_argument("--half", action="store_true", help="store the reader's weights as float16")
    ap.add_argument("--neighbour-cut", action="store_true",
                    help="dice crops' outlines cut by the other dice, as read_dice cuts them")
    ap.add_argument("--teacher", action="append", default=[],
                    help="a trained reader's weights (.pt) for the new reader to copy; "
                         "PATH:contrast for one made with --reader-contrast; repeat to copy "
                         "the mean of several")
    ap.add_argument("--teacher-channels", default="32,64,96", help="the teachers' conv widths")
    ap.add_argument("--teacher-hidden", type=int, default=96,
                    help="the teachers' hidden layer width (a smaller reader can copy a bigger)")
    args = ap.parse_args()
    det_teacher = None
    if args.det_teacher is not None:  # before the images load: a wrong file is said at once
        if args.only == "read":
            sys.exit("--det-teacher makes a detector: give --only det (or both)")
        det_teacher = exported_detector(args.det_teacher)
    elif args.det_labels_weight or args.det_box_weight != 1.0:
        sys.exit("--det-labels-weight and --det-box-weight weigh parts of copying a teacher: "
                 "give --det-teacher")
    for name, weight in (("labels", args.det_labels_weight), ("box", args.det_box_weight)):
        if not weight >= 0:  # (NaN too)
            sys.exit(f"--det-{name}-weight {weight:g}: give 0 or more")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    RECIPE.update(grey_share=args.grey_share, view_scale=args.view_scale,
                  store_scale=args.store_scale, glare_share=args.glare_share,
                  view_side=args.view_side, det_shuffle=args.det_shuffle,
                  neighbour_cut=args.neighbour_cut, colour_swap=args.colour_swap,
                  oblique=args.oblique, degrade=args.degrade, hard_share=args.hard_share)
    items = load_training_images(args.data, args.synth, rng, not args.no_grey_byler,
                                 args.label_review, args.hard_synth, tuple(args.leave_out),
                                 args.slant_synth, args.translucent_synth,
                                 tuple(args.more_data), args.more_weight, args.busy_synth)
    args.out.mkdir(exist_ok=True)
    # how the nets are made, as far as it is not the default (so that a later script with new
    # options can go on); a run may go on in another folder and with other threads
    defaults = recipe(ap.parse_args([]))
    options = {k: v for k, v in recipe(args).items() if v != defaults[k] and k != "threads"}
    if args.only in ("det", "both"):
        strided = args.fast_detector or args.strided_detector
        checkpoint = Checkpoint(args.out / "dice_detector.resume.pt", options,
                                args.checkpoint_every)
        if det_teacher is not None:
            det = distil_detector(items, args.det_steps, rng, checkpoint, det_teacher,
                                  strided, args.fast_detector, args.det_labels_weight,
                                  args.det_box_weight)
        else:
            det = train_detector(items, args.det_steps, rng, checkpoint, strided,
                                 args.fast_detector)
        export(ExportedDetector(det), (1, 3, 160, 160), args.out / "dice_detector.onnx")
        checkpoint.finish()
    if args.only in ("read", "both"):
        crops, labels, turned = build_crops(items, rng)
        real = items[: len(items) - args.synth]
        hard, hard_turned = hard_negatives(real, args.out / "dice_detector.onnx", args.data)
        if hard:
            crops = np.concatenate([crops] + [np.stack(hard)] * 3)  # weight them x3
            labels = np.concatenate([labels, np.zeros(3 * len(hard), np.int64)])
            turned = np.concatenate([turned] + [np.array(hard_turned, bool)] * 3)
        print(f"hard negatives {len(hard)}", flush=True)
        print(f"crops {len(labels)} (not-die {int((labels == 0).sum())}, "
              f"turned {turned.mean():.0%})", flush=True)
        channels = tuple(int(c) for c in args.reader_channels.split(","))
        assert len(channels) >= 3, "--reader-channels takes three or more numbers"
        teacher_channels = tuple(int(c) for c in args.teacher_channels.split(","))
        teachers = load_teachers(args.teacher, teacher_channels, args.teacher_hidden)
        reader_path = args.out / args.reader_file
        checkpoint = Checkpoint(reader_path.with_suffix(".resume.pt"), options,
                                args.checkpoint_every)
        reader = train_reader(crops, labels, turned, args.read_steps, rng, checkpoint,
                              channels, args.reader_hidden,
                              args.start_from, args.reader_contrast, teachers,
                              args.reader_separable)
        # the .pt is to go on training from; it is not shipped
        torch.save(reader.state_dict(), reader_path.with_suffix(".pt"))
        side = args.view_side
        export(reader, (1, 3, side, side), reader_path, args.half)
        checkpoint.finish()
    record_args(args)


def recipe(args: argparse.Namespace) -> dict[str, str]:
    """The options that make the nets: not where the data and nets are, not checkpointing."""
    return {k: str(v) for k, v in vars(args).items()
            if k not in ("data", "out", "checkpoint_every")}


def record_args(args: argparse.Namespace) -> None:
    """Note this run's options in --out/dice_train_args.json under each net it made, keeping
    the other nets' entries (so models/ says how every shipped net was made)."""
    path = args.out / "dice_train_args.json"
    try:
        record = json.loads(path.read_text())
        if not all(isinstance(v, dict) for v in record.values()):
            record = {}
    except (OSError, ValueError):
        record = {}
    options = recipe(args)
    if args.only in ("det", "both"):
        record["detector"] = options
    if args.only in ("read", "both"):
        record[Path(args.reader_file).stem.removeprefix("dice_")] = options
    path.write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    from farkle_pi.errors import FarkleError

    try:
        main()
    except FarkleError as error:  # a data folder without labels, an unreadable photo: one line
        sys.exit(f"train_dice_reader.py: {error}")
