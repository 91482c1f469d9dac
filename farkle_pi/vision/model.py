"""The small ONNX nets, run with OpenCV's dnn module (no other runtime needed).

``models/dice_detector.onnx`` marks die centres on a shrunken photo;
``models/dice_reader.onnx`` reads a 40x40 view of a die as 0 = not a die, or 1..6;
``dice_reader_tiny.onnx`` reads every view before it, with a sixth of its work, and the first
reader reads only the views the tiny one is unsure of;
``dice_reader_second.onnx`` and ``dice_reader_close.onnx`` are two more readers, trained
differently and asked only about dice the first is unsure of (the close one sees the die's
top only); they take 40x40 views (VIEW_SIDES). Readers store their weights as float16,
which halves the files; every net is loaded through onnx_compat, so that OpenCV 4.6
(Raspberry Pi OS Bookworm's) reads them too.
All are made by scripts/train_dice_reader.py; see models/dice_reader.md.
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from farkle_pi import assets
from farkle_pi.errors import FarkleError
from farkle_pi.opencv_log import opencv_quiet
from farkle_pi.vision.onnx_compat import prepare

FloatArray = npt.NDArray[np.float32]

MODEL_DIR = assets.models_folder()  # $FARKLE_MODELS, else the copy the package carries
DETECTOR_FILE = "dice_detector.onnx"
READER_FILE = "dice_reader.onnx"
SECOND_READER_FILE = "dice_reader_second.onnx"
CLOSE_READER_FILE = "dice_reader_close.onnx"
TINY_READER_FILE = "dice_reader_tiny.onnx"
# The side in pixels of the square view each reader takes (its training's --view-side)
VIEW_SIDES = {READER_FILE: 40, SECOND_READER_FILE: 40, CLOSE_READER_FILE: 40,
              TINY_READER_FILE: 40}
# Input sizes (height, width) each net keeps set up: a photo's two detector passes (coarse, then
# default) each keep their own, and a close-up's size is a third. Beyond these the least
# recently used is set up again for the new size (what OpenCV did on every size change).
SIZES_KEPT = 4


class Net:
    """A loaded ONNX net: BGR uint8 batch in, float array out.

    A headless net is a reader without its last layer: it gives the features that layer
    scores (`head` holds the layer), so a tray's learned dice can score them instead."""

    def __init__(self, path: Path, headless: bool = False) -> None:
        if not path.is_file():
            where = ("$FARKLE_MODELS points at a folder without it: unset it or fill it"
                     if os.environ.get("FARKLE_MODELS") else "reinstall farkle-pi")
            raise FarkleError(f"model file missing: {path} ({where})")
        self.path = path
        try:
            model = path.read_bytes()
            self.id = hashlib.sha256(model).hexdigest()[:16]  # which net a learned head fits
            self._prepared = prepare(model, headless)
            self._spare: Any = self._read()
        except (OSError, ValueError, cv2.error) as error:
            reason = (str(error).strip().splitlines() or ["?"])[-1].strip("> ")
            raise FarkleError(f"model {path} cannot be read by OpenCV {cv2.__version__} "
                              f"({reason}): replace it with the one farkle-pi ships or one "
                              "made by scripts/train_dice_reader.py") from None
        self.head = self._prepared.head
        self._by_size: OrderedDict[tuple[int, int], Any] = OrderedDict()

    def _read(self) -> Any:
        with opencv_quiet():
            return cv2.dnn.readNetFromONNX(np.frombuffer(self._prepared.model, np.uint8))

    def _net_for(self, size: tuple[int, int]) -> Any:
        """The OpenCV net set up for inputs of this size. One net run at two sizes in turn
        sets itself up again on every change (alone, the detector's two sizes took 4.8 ms a
        pair so, 2.8 ms with a net each; ~0.2 ms a photo in bench_vision)."""
        net = self._by_size.pop(size, None)
        if net is None:
            if self._spare is not None:
                net, self._spare = self._spare, None
            elif len(self._by_size) >= SIZES_KEPT:
                net = self._by_size.popitem(last=False)[1]
            else:
                net = self._read()
        self._by_size[size] = net
        return net

    def run(self, images: npt.NDArray[np.uint8]) -> FloatArray:
        """Run on an N x H x W x 3 uint8 batch (scaled to -0.5..0.5 as in training)."""
        x = np.ascontiguousarray(images.transpose(0, 3, 1, 2), dtype=np.float32)
        x *= np.float32(1.0 / 255.0)  # in place: a third of the time of a new array each step
        x -= np.float32(0.5)
        net = self._net_for((images.shape[1], images.shape[2]))
        net.setInput(self._prepared.before(x))
        try:
            with opencv_quiet():
                out: FloatArray = np.asarray(net.forward(), np.float32)
        except cv2.error:
            side = f"{images.shape[2]}x{images.shape[1]}"
            raise FarkleError(f"model {self.path} cannot run on {side} views: trained for "
                              "another size? (each reader's side is in VIEW_SIDES, "
                              "vision/model.py)") from None
        return out

    def flops(self, batch_shape: tuple[int, ...]) -> int:
        """Floating-point operations (two a multiply-add, as OpenCV counts) of one run on an
        N x H x W x 3 batch: with the time, it says how near the CPU's peak the net runs."""
        n, h, w, c = batch_shape
        return int(self._net_for((h, w)).getFLOPS([n, c, h, w]))


@lru_cache(maxsize=8)  # five nets ship: room to spare, so none is read from disk again per frame
def load_net(name: str, folder: str = str(MODEL_DIR), headless: bool = False) -> Net:
    """Load a net once per process."""
    return Net(Path(folder) / name, headless)
