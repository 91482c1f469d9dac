"""Store a reader's weights as int8: half its float16 file, so a bigger net fits the 2 MB budget.

Each float16 weight of two or more dimensions (a convolution's kernels, a fully connected
layer's matrix) that the net reads through a Cast to float becomes an int8 tensor and one
float32 scale per output channel (its largest weight / 127), read through a
DequantizeLinear (axis 0): standard ONNX, opset 13. Biases stay float16. `onnx_compat`
turns them back into float32 weights before OpenCV sees the net, as it does float16 ones.
Made by `scripts/int8_weights.py`; docs/vision-log.md ("Thirty-fourth session") measures
what it changes.
"""

from __future__ import annotations

import numpy as np

from farkle_pi.vision.onnx_compat import (
    ATTRIBUTE_INT,
    ATTRIBUTE_NAME,
    GRAPH_INITIALIZER,
    GRAPH_NODE,
    INT8,
    NODE_ATTRIBUTE,
    NODE_INPUT,
    NODE_OP_TYPE,
    NODE_OUTPUT,
    TENSOR_DATA_TYPE,
    TENSOR_DIMS,
    TENSOR_NAME,
    TENSOR_RAW_DATA,
    float16_casts,
    float32_tensor,
    graph_of,
    with_graph,
)
from farkle_pi.vision.protobuf import (
    Field,
    data,
    integers,
    length_field,
    messages,
    parse,
    text,
    texts,
    varint_field,
)

ATTRIBUTE_TYPE, ATTRIBUTE_INT_TYPE = 20, 2  # AttributeProto.type, AttributeProto.INT
LARGEST = 127  # int8 steps on each side of zero


def int8_weights(model: bytes) -> bytes:
    """The ONNX model with its float16 kernels and matrices stored as int8 (ValueError if it
    is not a readable ONNX file, or has none)."""
    fields, graph_field = graph_of(model)
    graph = parse(graph_field.payload)
    halves = {text(t, TENSOR_NAME): t for t in messages(graph, GRAPH_INITIALIZER)
              if data(t, TENSOR_RAW_DATA) is not None and len(integers(t, TENSOR_DIMS)) >= 2}
    casts = {name: out for name, out in float16_casts(graph).items() if name in halves}
    if not casts:
        raise ValueError("no float16 weights read through a Cast: nothing to store as int8")
    out = bytearray()
    for field in graph:
        if field.number == GRAPH_NODE and isinstance(field.value, bytes):
            node = parse(field.value)
            inputs = texts(node, NODE_INPUT)
            if text(node, NODE_OP_TYPE) == "Cast" and inputs and inputs[0] in casts:
                out += length_field(GRAPH_NODE, _dequantize_node(inputs[0], casts[inputs[0]]))
                continue
        if field.number == GRAPH_INITIALIZER and isinstance(field.value, bytes):
            name = text(parse(field.value), TENSOR_NAME)
            if name in casts:
                q, scale = _quantized(halves[name], name)
                out += length_field(GRAPH_INITIALIZER, q) + length_field(GRAPH_INITIALIZER, scale)
                continue
        out += field.raw
    return with_graph(fields, graph_field, bytes(out))


def _quantized(tensor: list[Field], name: str) -> tuple[bytes, bytes]:
    """The int8 tensor and its scales (TensorProtos) for one float16 weight."""
    dims = integers(tensor, TENSOR_DIMS)
    raw = data(tensor, TENSOR_RAW_DATA) or b""
    rows = np.frombuffer(raw, "<f2").astype(np.float32).reshape(dims[0], -1)
    scales = np.abs(rows).max(axis=1) / LARGEST
    scales[scales == 0.0] = 1.0
    q = np.clip(np.round(rows / scales[:, None]), -LARGEST, LARGEST).astype(np.int8)
    dims_raw = b"".join(varint_field(TENSOR_DIMS, d) for d in dims)
    return (dims_raw + varint_field(TENSOR_DATA_TYPE, INT8)
            + length_field(TENSOR_NAME, f"{name}_int8".encode())
            + length_field(TENSOR_RAW_DATA, q.tobytes()),
            float32_tensor(varint_field(TENSOR_DIMS, dims[0]), f"{name}_scale", scales))


def _dequantize_node(name: str, output: str) -> bytes:
    """DequantizeLinear(name_int8, name_scale) -> output, one scale per slice of axis 0."""
    axis = (length_field(ATTRIBUTE_NAME, b"axis") + varint_field(ATTRIBUTE_INT, 0)
            + varint_field(ATTRIBUTE_TYPE, ATTRIBUTE_INT_TYPE))
    return (length_field(NODE_INPUT, f"{name}_int8".encode())
            + length_field(NODE_INPUT, f"{name}_scale".encode())
            + length_field(NODE_OUTPUT, output.encode())
            + length_field(NODE_OP_TYPE, b"DequantizeLinear")
            + length_field(NODE_ATTRIBUTE, axis))
