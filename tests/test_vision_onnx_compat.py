"""Every net is loaded through onnx_compat, so that OpenCV 4.6 (Raspberry Pi OS Bookworm's)
can read it: float16 weights become float32 ones and the readers' contrast step runs in
numpy. `./bootstrap test` runs these tests again under OpenCV 4.6 itself."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from farkle_pi.errors import FarkleError
from farkle_pi.vision import model
from farkle_pi.vision.model import (
    CLOSE_READER_FILE,
    DETECTOR_FILE,
    READER_FILE,
    SECOND_READER_FILE,
    TINY_READER_FILE,
    Net,
)
from farkle_pi.vision.onnx_compat import (
    FLOAT,
    FLOAT16,
    GRAPH_INITIALIZER,
    GRAPH_INPUT,
    GRAPH_NODE,
    MODEL_GRAPH,
    NODE_INPUT,
    NODE_OP_TYPE,
    NODE_OUTPUT,
    TENSOR_DATA_TYPE,
    TENSOR_NAME,
    TENSOR_RAW_DATA,
    VALUE_INFO_NAME,
    prepare,
)
from farkle_pi.vision.protobuf import (
    Field,
    data,
    integer,
    length_field,
    messages,
    parse,
    read_varint,
    text,
    texts,
    varint,
)

MODELS = Path(model.MODEL_DIR)
READERS = [READER_FILE, SECOND_READER_FILE, CLOSE_READER_FILE, TINY_READER_FILE]
FLOAT16_READERS = [SECOND_READER_FILE, CLOSE_READER_FILE]  # the first reader ships as int8


def _graph(onnx: bytes) -> list[Field]:
    return messages(parse(onnx), MODEL_GRAPH)[0]


def _weights(onnx: bytes) -> dict[str, tuple[int | None, bytes | None]]:
    return {text(t, TENSOR_NAME) or "": (integer(t, TENSOR_DATA_TYPE), data(t, TENSOR_RAW_DATA))
            for t in messages(_graph(onnx), GRAPH_INITIALIZER)}


def _ops(onnx: bytes) -> list[str]:
    return [text(n, NODE_OP_TYPE) or "" for n in messages(_graph(onnx), GRAPH_NODE)]


def test_fields_give_back_the_bytes_they_were_read_from() -> None:
    raw = (MODELS / READER_FILE).read_bytes()
    assert b"".join(f.raw for f in parse(raw)) == raw


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_a_varint_reads_back_as_written(value: int) -> None:
    assert read_varint(varint(value), 0) == (value, len(varint(value)))


def test_a_cut_short_message_is_a_value_error() -> None:
    raw = (MODELS / READER_FILE).read_bytes()
    with pytest.raises(ValueError, match="past the end"):
        parse(raw[:1000])


@pytest.mark.parametrize("name", READERS)
def test_float16_weights_become_the_same_float32_weights_and_the_casts_go(name: str) -> None:
    raw = (MODELS / name).read_bytes()
    before = _weights(raw)
    halves = {n: d for n, (kind, d) in before.items() if kind == FLOAT16}
    assert halves and "Cast" in _ops(raw)  # the file as shipped: float16 behind Casts
    after = _weights(prepare(raw).model)
    assert all(kind == FLOAT for kind, _ in after.values())
    assert "Cast" not in _ops(prepare(raw).model)
    for half_name, half_bytes in halves.items():
        _, single = after[half_name.removesuffix("_fp16")]  # named as the Cast's output
        assert single == np.frombuffer(half_bytes or b"", "<f2").astype("<f4").tobytes()


@pytest.mark.parametrize("name", FLOAT16_READERS)
def test_the_contrast_step_runs_in_numpy_as_the_reader_learned_it(name: str) -> None:
    prepared = prepare((MODELS / name).read_bytes())
    assert _ops(prepared.model)[0] == "Conv"  # nothing of the step is left for OpenCV
    x = np.random.default_rng(1).uniform(-0.5, 0.5, (3, 3, 40, 40)).astype(np.float32)
    # scripts/train_dice_reader.py, Reader.forward with contrast=True
    centred = x - x.mean(axis=(2, 3), keepdims=True)
    spread = (centred * centred).mean(axis=(1, 2, 3), keepdims=True)
    assert np.allclose(prepared.before(x), centred / (np.sqrt(spread) + 0.02), atol=1e-6)


def test_a_net_with_nothing_to_change_is_handed_over_as_it_is() -> None:
    raw = (MODELS / DETECTOR_FILE).read_bytes()
    prepared = prepare(raw)
    assert prepared.model == raw and prepared.prefix == ()
    x = np.ones((1, 3, 8, 8), np.float32)
    assert prepared.before(x) is x


@pytest.mark.parametrize("name", [READER_FILE, SECOND_READER_FILE, TINY_READER_FILE])
def test_every_reader_reads_through_the_prepared_net(name: str) -> None:
    views = np.random.default_rng(2).integers(0, 256, (4, 40, 40, 3)).astype(np.uint8)
    logits = Net(MODELS / name).run(views)
    assert logits.shape == (4, 7) and np.isfinite(logits).all()
    assert len({tuple(row.round(3)) for row in logits}) == 4  # each view read on its own


@pytest.mark.parametrize("content", [b"not a net\n" * 20, None])
def test_a_file_that_is_no_net_is_a_one_line_error(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], content: bytes | None
) -> None:
    bad = tmp_path / READER_FILE
    bad.write_bytes(content if content is not None
                    else (MODELS / READER_FILE).read_bytes()[:5000])  # cut short
    with pytest.raises(FarkleError, match=f"{bad} cannot be read by OpenCV .*replace it") as err:
        Net(bad)
    assert "\n" not in str(err.value)
    assert capfd.readouterr().err == ""


def _node(op: str, inputs: list[str], outputs: list[str]) -> bytes:
    return length_field(GRAPH_NODE, b"".join(
        [length_field(NODE_INPUT, name.encode()) for name in inputs]
        + [length_field(NODE_OUTPUT, name.encode()) for name in outputs]
        + [length_field(NODE_OP_TYPE, op.encode())]))


def _model(*nodes: bytes) -> bytes:
    graph = b"".join(nodes) + length_field(GRAPH_INPUT, length_field(VALUE_INFO_NAME, b"x"))
    return length_field(MODEL_GRAPH, graph)


def test_a_leading_chain_of_steps_is_cut_out_and_done_in_numpy() -> None:
    prepared = prepare(_model(_node("Sqrt", ["x"], ["s"]), _node("Relu", ["s"], ["y"])))
    assert [step.op for step in prepared.prefix] == ["Sqrt"]
    (relu,) = messages(_graph(prepared.model), GRAPH_NODE)
    assert texts(relu, NODE_INPUT) == ["x"]  # the net now starts where numpy stops
    x = np.full((1, 3, 2, 2), 4.0, np.float32)
    assert np.array_equal(prepared.before(x), np.full((1, 3, 2, 2), 2.0, np.float32))


def test_steps_whose_results_are_used_further_on_stay_in_the_net() -> None:
    model = _model(_node("Sqrt", ["x"], ["s"]), _node("Mul", ["s", "s"], ["m"]),
                   _node("Relu", ["m"], ["r"]), _node("Add", ["r", "s"], ["y"]))
    prepared = prepare(model)
    assert prepared.model == model and prepared.prefix == ()
