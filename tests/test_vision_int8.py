"""A reader's weights stored as int8 (vision/int8.py) read back through onnx_compat as float32
weights within half an int8 step, and the reader reads as its float16 self."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_vision_onnx_compat import FLOAT16_READERS, MODELS, _ops

from farkle_pi.vision.find import find_candidates
from farkle_pi.vision.int8 import LARGEST, int8_weights
from farkle_pi.vision.model import (
    DETECTOR_FILE,
    READER_FILE,
    Net,
)
from farkle_pi.vision.onnx_compat import (
    FLOAT,
    FLOAT16,
    GRAPH_INITIALIZER,
    MODEL_GRAPH,
    TENSOR_DATA_TYPE,
    TENSOR_DIMS,
    TENSOR_NAME,
    TENSOR_RAW_DATA,
    prepare,
)
from farkle_pi.vision.protobuf import data, integer, integers, messages, parse, text
from farkle_pi.vision.reader import first_looks

REPO = Path(__file__).resolve().parents[1]


def _tensors(onnx: bytes) -> dict[str, tuple[int | None, np.ndarray]]:
    graph = messages(parse(onnx), MODEL_GRAPH)[0]
    out = {}
    for t in messages(graph, GRAPH_INITIALIZER):
        kind = integer(t, TENSOR_DATA_TYPE)
        raw = data(t, TENSOR_RAW_DATA) or b""
        dtype = {FLOAT: "<f4", FLOAT16: "<f2"}.get(kind or 0, "i1")
        out[text(t, TENSOR_NAME) or ""] = (kind, np.frombuffer(raw, dtype).reshape(
            integers(t, TENSOR_DIMS)))
    return out


@pytest.mark.parametrize("name", FLOAT16_READERS)
def test_int8_weights_halve_a_reader_and_come_back_within_half_a_step(name: str) -> None:
    raw = (MODELS / name).read_bytes()
    small = int8_weights(raw)
    assert len(small) < 0.55 * len(raw)
    assert "DequantizeLinear" in _ops(small)
    prepared = prepare(small).model
    assert not set(_ops(prepared)) & {"DequantizeLinear", "Cast"}  # OpenCV sees float32 only
    after = _tensors(prepared)
    kernels = {n: w for n, (kind, w) in _tensors(raw).items() if kind == FLOAT16 and w.ndim >= 2}
    assert kernels
    for half_name, half in kernels.items():
        kind, single = after[half_name.removesuffix("_fp16")]  # named as the Cast's output
        rows = half.astype(np.float32).reshape(len(half), -1)
        step = np.abs(rows).max(axis=1, keepdims=True) / LARGEST
        assert kind == FLOAT and single.shape == half.shape
        assert (np.abs(single.reshape(rows.shape) - rows) <= step / 2 + 1e-7).all()


@pytest.mark.parametrize("name", FLOAT16_READERS)
def test_an_int8_reader_reads_the_synthetic_dice_as_its_float16_self(
    name: str, tmp_path: Path
) -> None:
    views = []
    for photo in sorted((REPO / "fixtures" / "vision").glob("synth_*.png")):
        image = np.asarray(cv2.imread(str(photo)), np.uint8)
        views += first_looks(image, find_candidates(image, None))[3]
    (tmp_path / name).write_bytes(int8_weights((MODELS / name).read_bytes()))
    before = Net(MODELS / name).run(np.stack(views))
    after = Net(tmp_path / name).run(np.stack(views))
    assert len(views) >= 20
    assert (before.argmax(axis=1) == after.argmax(axis=1)).all()
    assert np.abs(before - after).max() < 0.2  # logits; measured 0.05-0.08


def test_the_first_reader_ships_as_int8_and_opencv_sees_float32() -> None:
    """The deeper first reader fits the 2 MB budget only so (models/dice_reader.md)."""
    raw = (MODELS / READER_FILE).read_bytes()
    assert "DequantizeLinear" in _ops(raw)
    assert "DequantizeLinear" not in _ops(prepare(raw).model)
    with pytest.raises(ValueError, match="nothing to store as int8"):
        int8_weights(raw)  # already stored so


def test_the_four_nets_keep_to_the_models_budget() -> None:
    assert sum(path.stat().st_size for path in MODELS.glob("*.onnx")) <= 2_000_000


def test_a_net_without_float16_weights_is_refused() -> None:
    with pytest.raises(ValueError, match="nothing to store as int8"):
        int8_weights((MODELS / DETECTOR_FILE).read_bytes())


def test_the_script_says_in_one_line_what_it_cannot_store(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "int8_weights.py"),
                           str(MODELS / DETECTOR_FILE), str(tmp_path / "out.onnx")],
                          capture_output=True, text=True)
    assert done.returncode != 0 and not (tmp_path / "out.onnx").exists()
    assert done.stderr.strip().count("\n") == 0 and "nothing to store as int8" in done.stderr
