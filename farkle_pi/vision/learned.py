"""A tray's own dice, learned: the first reader's last layer fitted again on views of them.

A reader reads dice it never saw worse, and it is sure and wrong more often: on a table none of
our nets learned from, one in twenty of its dice. `farkle-pi dice-check --learn` shows the camera
the players' own dice with known faces; `learn` fits the reader's last layer on them (numpy,
about a second) and the tray calibration keeps it. Only that layer changes, and it is pulled
toward the shipped one, so a few dozen dice do not make the reader forget what it knew.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np
import numpy.typing as npt

from farkle_pi.errors import FarkleError
from farkle_pi.vision.model import READER_FILE, Net, load_net
from farkle_pi.vision.onnx_compat import Head

FloatArray = npt.NDArray[np.float32]
Image = npt.NDArray[np.uint8]

CLASSES = 7  # 0 = not a die, 1..6 = face up
STEPS = 2000  # gradient steps of the fit
RATE = 0.05
# The pull toward the shipped layer (squared difference): worth this many examples. Chosen on
# rune55 `tray` with a reader that never saw it (benchmarks/bench_learn.py, docs/vision.md)
PULL = 120.0
SMOOTHING = 0.05  # label smoothing, as the reader was trained
# Faces are given to the dice found by the reader's own odds; a labelling must beat the
# next best by this factor, or the round teaches nothing (two dice could be either face)
SURE_LABELLING = math.log(4.0)
# What the reader learned to give each face a die does not show: odds under it say nothing
# about which of two dice shows that face (two 4s at 0.99, put in as a 4 and a 5, differ in
# their odds of 5 by noise alone)
NO_EVIDENCE = SMOOTHING / (CLASSES - 1)


@dataclass(frozen=True)
class LearnedDice:
    """The first reader's last layer fitted on one tray's dice."""

    reader: str  # the id (model.Net.id) of the reader file it was fitted on
    weight: FloatArray  # CLASSES x features
    bias: FloatArray  # CLASSES
    dice: int  # how many dice it learned from

    def scores(self, views: Sequence[Image]) -> FloatArray:
        """The first reader's log odds for the views: which face, by this layer; whether it
        is a die at all, still by the shipped one (learned from a few dozen dice, that call
        took more real dice for no die)."""
        net, head = self.check_fits()
        features = net.run(np.stack(views)).reshape(len(views), -1)
        shipped = softmax(features @ head.weight.T + head.bias)
        faces = softmax(features @ self.weight[1:].T + self.bias[1:])
        odds = np.concatenate([shipped[:, :1], (1.0 - shipped[:, :1]) * faces], axis=1)
        out: FloatArray = np.log(np.maximum(odds, 1e-12)).astype(np.float32)
        return out

    def check_fits(self) -> tuple[Net, Head]:
        """The installed first reader (headless) and its shipped layer, or a one-line error
        if this layer was fitted on another reader (after an update)."""
        net, head = _headless_reader()
        if net.id != self.reader:
            raise FarkleError("the tray calibration's learned dice were fitted on another dice "
                              f"reader than {net.path}: learn them again with "
                              "farkle-pi dice-check --learn")
        if head.weight.shape[1] != self.weight.shape[1]:
            raise FarkleError(f"the tray calibration's learned dice take {self.weight.shape[1]} "
                              f"features, the reader gives {head.weight.shape[1]}: learn them "
                              "again with farkle-pi dice-check --learn")
        return net, head

    def to_json(self) -> dict[str, object]:
        return {"reader": self.reader, "dice": self.dice,
                "weight": [[round(float(v), 6) for v in row] for row in self.weight],
                "bias": [round(float(v), 6) for v in self.bias]}

    @classmethod
    def from_json(cls, raw: object, where: str) -> LearnedDice:
        """Checked: a hand-edited or cut file gives a one-line error, never odd readings."""
        fix = f"{where}: learned_dice is damaged; delete it or learn again with dice-check --learn"
        if not isinstance(raw, dict) or not isinstance(raw.get("reader"), str):
            raise FarkleError(fix)
        dice = raw.get("dice")
        try:
            weight = np.array(raw.get("weight"), np.float32)
            bias = np.array(raw.get("bias"), np.float32)
        except (TypeError, ValueError):
            raise FarkleError(fix) from None
        if (weight.ndim != 2 or weight.shape[0] != CLASSES or bias.shape != (CLASSES,)
                or not np.isfinite(weight).all() or not np.isfinite(bias).all()
                or not isinstance(dice, int) or isinstance(dice, bool) or dice < 1):
            raise FarkleError(fix)
        return cls(str(raw["reader"]), weight, bias, dice)


@dataclass(frozen=True)
class Examples:
    """Views of one tray picture, each with its class (0 = not a die, 1..6 = face)."""

    views: list[Image]
    labels: list[int]
    dice: int

    @cached_property
    def features(self) -> FloatArray:
        """The first reader's features of the views, worked out once: `farkle-pi learn` fits
        a layer on each photo's views several times, to check each on the photos left out."""
        net, _ = _headless_reader()
        out: FloatArray = net.run(np.stack(self.views)).reshape(len(self.views), -1)
        return out


def learn(examples: Sequence[Examples]) -> LearnedDice:
    """The first reader's last layer fitted on the examples (FarkleError if there are none)."""
    labels = np.array([c for e in examples for c in e.labels], np.int64)
    dice = sum(e.dice for e in examples)
    if not dice:
        raise FarkleError("no dice to learn from: every round was left out")
    net, head = _headless_reader()
    features = np.concatenate([e.features for e in examples if e.views])
    weight, bias = fit(features, labels, head)
    return LearnedDice(net.id, weight, bias, dice)


def _headless_reader() -> tuple[Net, Head]:
    """The first reader without its last layer, and that layer."""
    net = load_net(READER_FILE, headless=True)
    if net.head is None:  # never: a headless net always has its head
        raise FarkleError(f"{net.path} has no last layer")
    return net, net.head


def fit(features: FloatArray, labels: npt.NDArray[np.int64], base: Head
        ) -> tuple[FloatArray, FloatArray]:
    """Softmax regression from the base layer, pulled toward it (plain gradient descent:
    a few hundred examples of 96 features need nothing more)."""
    target = np.full((len(labels), CLASSES), SMOOTHING / (CLASSES - 1), np.float32)
    target[np.arange(len(labels)), labels] = 1.0 - SMOOTHING
    weight, bias = base.weight.astype(np.float32).copy(), base.bias.astype(np.float32).copy()
    pull = PULL / len(labels)  # the fewer the examples, the less they may move it
    for _ in range(STEPS):
        error = (softmax(features @ weight.T + bias) - target) / len(labels)
        weight -= RATE * (error.T @ features + pull * (weight - base.weight))
        bias -= RATE * error.sum(axis=0)
    return weight, bias


def softmax(logits: FloatArray) -> FloatArray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    out: FloatArray = (shifted / shifted.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


def labelling(probs: FloatArray, faces: Sequence[int]) -> list[int] | None:
    """The faces put in, given to the dice found: the likeliest way by the reader's odds,
    or None when the next likeliest is nearly as likely (then which die is which is a guess)."""
    logs = np.log(np.maximum(probs[:, 1:], NO_EVIDENCE))
    kinds = sorted(set(faces))

    @cache
    def best_two(die: int, left: tuple[int, ...]) -> list[tuple[float, tuple[int, ...]]]:
        """The two likeliest ways to give the faces still `left` (a count of each kind) to
        the dice from `die` on."""
        if die == len(logs):
            return [(0.0, ())]
        ways = [(score + float(logs[die, face - 1]), (face, *rest))
                for k, face in enumerate(kinds) if left[k]
                for score, rest in best_two(die + 1, (*left[:k], left[k] - 1, *left[k + 1:]))]
        return sorted(ways, reverse=True)[:2]

    ranked = best_two(0, tuple(list(faces).count(face) for face in kinds))
    if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < SURE_LABELLING:
        return None
    return list(ranked[0][1])
