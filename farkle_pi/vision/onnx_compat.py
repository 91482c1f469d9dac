"""Make the project's ONNX nets readable by every OpenCV it runs on, down to 4.6.

Raspberry Pi OS Bookworm's apt installs OpenCV 4.6, which cannot read two things our
nets hold:

* **float16 weights.** The readers keep their weights as float16 (half the file: all five
  nets fit in 2 MB), each followed by a Cast to float32. Here they become float32 weights
  under the Cast's output name and the Casts go: exactly what the Casts computed.
* **int8 weights** (`vision/int8.py` stores a reader's weights so, a quarter of float32):
  each an int8 initializer and one scale per output channel, read through a DequantizeLinear.
  Here they become the float32 weights the DequantizeLinear gives, and it goes.
* **A per-view contrast normalisation** at the start of the second and close readers
  (means, a square root, a division by one number per view), whose broadcasting 4.6
  cannot import. The run of such element-wise steps before the first real layer is cut
  out of the graph and done with numpy on the input instead (`Prepared.before`). Newer
  OpenCV imports the step, but its results differed from PyTorch's and onnxruntime's by up
  to 0.06 in the readers' logits; numpy's agree to 1e-5.

Every OpenCV gets the same prepared net, so there is one way nets run. A graph of another
shape is handed over as it is.

A reader can also be prepared *headless*: without its last layer, so that it gives the
features that layer scores, and the layer's weights are handed back. A tray's learned dice
(vision/learned.py) are a new last layer fitted on those features.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from farkle_pi.vision.protobuf import (
    Field,
    data,
    integer,
    integers,
    length_field,
    messages,
    parse,
    text,
    texts,
    varint_field,
)

FloatArray = npt.NDArray[np.float32]

# Field numbers from onnx.proto
MODEL_GRAPH = 7
GRAPH_NODE, GRAPH_INITIALIZER, GRAPH_INPUT, GRAPH_OUTPUT = 1, 5, 11, 12
NODE_INPUT, NODE_OUTPUT, NODE_OP_TYPE, NODE_ATTRIBUTE = 1, 2, 4, 5
ATTRIBUTE_NAME, ATTRIBUTE_FLOAT, ATTRIBUTE_INT, ATTRIBUTE_TENSOR, ATTRIBUTE_INTS = 1, 2, 3, 5, 8
VALUE_INFO_NAME, VALUE_INFO_TYPE = 1, 2
TENSOR_DIMS, TENSOR_DATA_TYPE, TENSOR_FLOAT_DATA, TENSOR_INT32_DATA = 1, 2, 4, 5
TENSOR_NAME, TENSOR_RAW_DATA = 8, 9
FLOAT, INT8, FLOAT16 = 1, 3, 10  # TensorProto.DataType

ELEMENTWISE = {"Sub": np.subtract, "Mul": np.multiply, "Add": np.add, "Div": np.divide}
PREFIX_OPS = {"ReduceMean", "Sqrt", "Constant", *ELEMENTWISE}


@dataclass(frozen=True)
class Step:
    """One element-wise step of a net's input prefix, done with numpy."""

    op: str
    inputs: tuple[str, ...]
    output: str
    axes: tuple[int, ...] | None = None  # ReduceMean
    keepdims: bool = True  # ReduceMean
    value: FloatArray | None = None  # Constant


@dataclass(frozen=True)
class Prepared:
    """The net for OpenCV, and the steps to do on its input first (none for most nets)."""

    model: bytes
    input_name: str
    prefix: tuple[Step, ...] = ()
    head: Head | None = None  # the last layer taken off a headless net

    def before(self, x: FloatArray) -> FloatArray:
        """The input as the net's first real layer takes it."""
        if not self.prefix:
            return x
        values: dict[str, FloatArray] = {self.input_name: x}
        for step in self.prefix:
            args = [values[name] for name in step.inputs]
            if step.op == "Constant" and step.value is not None:
                out = step.value
            elif step.op == "ReduceMean":
                out = args[0].mean(axis=step.axes, keepdims=step.keepdims, dtype=np.float32)
            elif step.op == "Sqrt":
                out = np.sqrt(args[0])
            else:
                out = ELEMENTWISE[step.op](args[0], args[1])
            values[step.output] = np.asarray(out, np.float32)
        return np.ascontiguousarray(values[self.prefix[-1].output])


@dataclass(frozen=True)
class Head:
    """A net's last layer: scores = features @ weight.T + bias."""

    weight: FloatArray  # classes x features
    bias: FloatArray  # classes


def prepare(model: bytes, headless: bool = False) -> Prepared:
    """The model ready for OpenCV; ValueError if it is not a readable ONNX file, or if
    `headless` and its last layer is not one fully connected layer (Gemm)."""
    fields, graph_field = graph_of(model)
    graph = _weights_as_float32(parse(graph_field.payload))
    inputs = [text(i, VALUE_INFO_NAME) or "" for i in messages(graph, GRAPH_INPUT)]
    initializers = {text(t, TENSOR_NAME) for t in messages(graph, GRAPH_INITIALIZER)}
    real_inputs = [name for name in inputs if name not in initializers]
    if len(real_inputs) != 1:
        raise ValueError(f"an ONNX net with {len(real_inputs)} inputs, not one")
    graph, prefix = _split_prefix(graph, real_inputs[0])
    head = None
    if headless:
        graph, head = _without_head(graph)
    return Prepared(with_graph(fields, graph_field, _join(graph)), real_inputs[0], prefix, head)


def float32_weights(model: bytes) -> bytes:
    """The model with its float16 and int8 weights as the float32 weights they stand for (the
    Casts and DequantizeLinears gone), for tools that read a net's weights back."""
    fields, graph_field = graph_of(model)
    return with_graph(fields, graph_field, _join(_weights_as_float32(parse(graph_field.payload))))


def _weights_as_float32(graph: list[Field]) -> list[Field]:
    return _dequantized_weights(_float32_weights(graph))


def graph_of(model: bytes) -> tuple[list[Field], Field]:
    """An ONNX model's fields and the one among them that holds its graph (ValueError if it is
    not an ONNX model)."""
    fields = parse(model)
    graphs = [f for f in fields if f.number == MODEL_GRAPH and isinstance(f.value, bytes)]
    if len(graphs) != 1:
        raise ValueError("not an ONNX model (no graph)")
    return fields, graphs[0]


def with_graph(fields: list[Field], graph_field: Field, graph: bytes) -> bytes:
    """The model's bytes with another graph in that field's place."""
    return b"".join(length_field(MODEL_GRAPH, graph) if f is graph_field else f.raw
                    for f in fields)


def _without_head(graph: list[Field]) -> tuple[list[Field], Head]:
    """The graph without the Gemm that makes its one output (whose input is now the output),
    and that Gemm's weights."""
    outputs = [text(v, VALUE_INFO_NAME) for v in messages(graph, GRAPH_OUTPUT)]
    nodes = [f for f in graph if f.number == GRAPH_NODE and isinstance(f.value, bytes)]
    last = parse(nodes[-1].payload) if nodes else []
    inputs = texts(last, NODE_INPUT)
    if (len(outputs) != 1 or text(last, NODE_OP_TYPE) != "Gemm" or len(inputs) != 3
            or texts(last, NODE_OUTPUT) != outputs or _attribute_int(last, "transA")
            or any(_attribute_float(last, name) not in (None, 1.0) for name in ("alpha", "beta"))):
        raise ValueError("its last layer is not one fully connected layer")
    tensors = {text(t, TENSOR_NAME): t for t in messages(graph, GRAPH_INITIALIZER)}
    if inputs[1] not in tensors or inputs[2] not in tensors:
        raise ValueError("its last layer's weights are not stored in it")
    weight, bias = _floats(tensors[inputs[1]]), _floats(tensors[inputs[2]])
    if _attribute_int(last, "transB") != 1:
        weight = weight.T
    if weight.ndim != 2 or bias.shape != (weight.shape[0],):
        raise ValueError("its last layer's weights have odd shapes")
    out = []
    for field in graph:
        if field is nodes[-1]:
            continue
        if field.number == GRAPH_OUTPUT:
            field = _field(GRAPH_OUTPUT, length_field(VALUE_INFO_NAME, inputs[0].encode())
                           + length_field(VALUE_INFO_TYPE, _batch_of(weight.shape[1])))
        elif field.number == GRAPH_INITIALIZER and text(parse(field.payload), TENSOR_NAME) in (
                inputs[1], inputs[2]):
            continue
        out.append(field)
    return out, Head(np.ascontiguousarray(weight, np.float32), bias)


def _batch_of(features: int) -> bytes:
    """TypeProto of a float tensor N x features (tensor_type: elem_type, shape)."""
    dims = (length_field(1, length_field(2, b"N"))  # dim_param
            + length_field(1, varint_field(1, features)))  # dim_value
    return length_field(1, varint_field(1, FLOAT) + length_field(2, dims))


def _floats(tensor: list[Field]) -> FloatArray:
    """A float32 tensor's values in its shape."""
    if integer(tensor, TENSOR_DATA_TYPE) != FLOAT:
        raise ValueError("a weight that is not float32")
    raw = data(tensor, TENSOR_RAW_DATA)
    values = (np.frombuffer(raw, "<f4") if raw is not None
              else np.array(_float_data(tensor), np.float32))
    return values.astype(np.float32).reshape(integers(tensor, TENSOR_DIMS))


def float16_casts(graph: list[Field]) -> dict[str, str]:
    """Each float16 initializer read only through one Cast to float: its name -> the Cast's
    output."""
    halves = {text(t, TENSOR_NAME) for t in messages(graph, GRAPH_INITIALIZER)
              if integer(t, TENSOR_DATA_TYPE) == FLOAT16}
    nodes = messages(graph, GRAPH_NODE)
    uses = Counter(name for node in nodes for name in texts(node, NODE_INPUT))
    casts: dict[str, str] = {}
    for node in nodes:
        inputs = texts(node, NODE_INPUT)
        if (text(node, NODE_OP_TYPE) == "Cast" and len(inputs) == 1 and inputs[0] in halves
                and uses[inputs[0]] == 1 and _attribute_int(node, "to") == FLOAT):
            casts[inputs[0]] = texts(node, NODE_OUTPUT)[0]
    return casts


def _float32_weights(graph: list[Field]) -> list[Field]:
    """float16 initializers read through a Cast to float become float32 ones, Casts gone."""
    renamed = float16_casts(graph)  # float16 weight -> the Cast's output, now the weight's name
    out = []
    for field in graph:
        if field.number == GRAPH_NODE and isinstance(field.value, bytes):
            node = parse(field.value)
            inputs, outputs = texts(node, NODE_INPUT), texts(node, NODE_OUTPUT)
            if (text(node, NODE_OP_TYPE) == "Cast" and inputs and inputs[0] in renamed
                    and outputs == [renamed[inputs[0]]]):
                continue  # its output is now the float32 weight itself
        if field.number == GRAPH_INITIALIZER and isinstance(field.value, bytes):
            tensor = parse(field.value)
            name = text(tensor, TENSOR_NAME)
            if name in renamed:
                out.append(_field(GRAPH_INITIALIZER, _tensor_as_float32(tensor, renamed[name])))
                continue
        out.append(field)
    return out


def _dequantized_weights(graph: list[Field]) -> list[Field]:
    """int8 initializers read through a DequantizeLinear (a scale per slice along its axis, no
    zero point) become the float32 weights it gives; the node and its inputs go."""
    tensors = {text(t, TENSOR_NAME): t for t in messages(graph, GRAPH_INITIALIZER)}
    nodes = messages(graph, GRAPH_NODE)
    uses = Counter(name for node in nodes for name in texts(node, NODE_INPUT))
    folded: dict[str, bytes] = {}  # the node's output -> its float32 initializer
    gone: set[str] = set()
    for node in nodes:
        inputs = texts(node, NODE_INPUT)
        if text(node, NODE_OP_TYPE) != "DequantizeLinear" or len(inputs) != 2:
            continue
        q, scale = tensors.get(inputs[0]), tensors.get(inputs[1])
        if (q is None or scale is None or integer(q, TENSOR_DATA_TYPE) != INT8
                or integer(scale, TENSOR_DATA_TYPE) != FLOAT or uses[inputs[0]] != 1
                or uses[inputs[1]] != 1):
            continue
        raw = data(q, TENSOR_RAW_DATA)
        if raw is None:
            continue
        dims = integers(q, TENSOR_DIMS)
        values = np.frombuffer(raw, np.int8).astype(np.float32).reshape(dims)
        scales = _floats(scale)
        axis = _attribute_int(node, "axis")
        axis = 1 if axis is None else axis
        if scales.size > 1:  # one scale per slice along the axis
            shape = [1] * values.ndim
            shape[axis] = scales.size
            scales = scales.reshape(shape)
        output = texts(node, NODE_OUTPUT)[0]
        dims_raw = b"".join(f.raw for f in q if f.number == TENSOR_DIMS)
        folded[output] = float32_tensor(dims_raw, output, values * scales)
        gone |= {inputs[0], inputs[1]}
    if not folded:
        return graph
    out = []
    for field in graph:
        if field.number == GRAPH_NODE and isinstance(field.value, bytes):
            outputs = texts(parse(field.value), NODE_OUTPUT)
            if outputs and outputs[0] in folded:
                out.append(_field(GRAPH_INITIALIZER, folded[outputs[0]]))
                continue
        if field.number == GRAPH_INITIALIZER and isinstance(field.value, bytes) and text(
                parse(field.value), TENSOR_NAME) in gone:
            continue
        out.append(field)
    return out


def _tensor_as_float32(tensor: list[Field], name: str) -> bytes:
    raw = data(tensor, TENSOR_RAW_DATA)
    if raw is not None:
        halves = np.frombuffer(raw, "<f2")
    else:  # the float16 bits kept one per int32_data entry
        halves = np.array(integers(tensor, TENSOR_INT32_DATA), np.uint16).view("<f2")
    kept = b"".join(f.raw for f in tensor if f.number not in (
        TENSOR_DATA_TYPE, TENSOR_INT32_DATA, TENSOR_NAME, TENSOR_RAW_DATA))  # dims, ...
    return float32_tensor(kept, name, halves)


def float32_tensor(dims_raw: bytes, name: str, values: npt.NDArray[Any]) -> bytes:
    """A float32 TensorProto of the given dims fields (and any others kept), name and values."""
    return (dims_raw + varint_field(TENSOR_DATA_TYPE, FLOAT)
            + length_field(TENSOR_NAME, name.encode())
            + length_field(TENSOR_RAW_DATA, np.asarray(values).astype("<f4").tobytes()))


def _split_prefix(graph: list[Field], input_name: str) -> tuple[list[Field], tuple[Step, ...]]:
    """Cut the leading element-wise steps out of the graph, if they can be done with numpy."""
    nodes = [f for f in graph if f.number == GRAPH_NODE and isinstance(f.value, bytes)]
    prefix: list[Step] = []
    for field in nodes:
        step = _step(parse(field.payload))
        if step is None:
            break
        prefix.append(step)
    if all(step.op == "Constant" for step in prefix):
        return graph, ()
    made = {step.output for step in prefix}
    known = {input_name} | made
    last = prefix[-1].output
    rest = [parse(f.payload) for f in nodes[len(prefix):]]
    used_later = {name for node in rest for name in texts(node, NODE_INPUT)} & made
    if used_later != {last} or any(name not in known for step in prefix for name in step.inputs):
        return graph, ()  # the prefix is not one chain from the input: leave the net whole
    cut = set(map(id, nodes[:len(prefix)]))
    out = []
    for field in graph:
        if id(field) in cut:
            continue
        if field.number == GRAPH_NODE and isinstance(field.value, bytes):
            node = parse(field.value)
            if last in texts(node, NODE_INPUT):
                field = _field(GRAPH_NODE, b"".join(
                    length_field(NODE_INPUT, input_name.encode())
                    if f.number == NODE_INPUT and f.value == last.encode() else f.raw
                    for f in node))
        out.append(field)
    return out, tuple(prefix)


def _step(node: list[Field]) -> Step | None:
    """The node as a numpy step, or None if it is not one this file can do."""
    op = text(node, NODE_OP_TYPE) or ""
    inputs, outputs = texts(node, NODE_INPUT), texts(node, NODE_OUTPUT)
    if op not in PREFIX_OPS or len(outputs) != 1:
        return None
    arity = {"Constant": 0, "ReduceMean": 1, "Sqrt": 1}.get(op, 2)
    if len(inputs) != arity:
        return None  # e.g. ReduceMean from opset 18, whose axes are an input
    if op == "Constant":
        value = _constant(node)
        return None if value is None else Step(op, (), outputs[0], value=value)
    if op == "ReduceMean":
        axes = _attribute_ints(node, "axes")
        keepdims = _attribute_int(node, "keepdims")
        return Step(op, tuple(inputs), outputs[0], tuple(axes) if axes else None,
                    keepdims is None or keepdims == 1)
    return Step(op, tuple(inputs), outputs[0])


def _constant(node: list[Field]) -> FloatArray | None:
    for attribute in _attributes(node, "value"):
        tensor = messages(attribute, ATTRIBUTE_TENSOR)
        if not tensor or integer(tensor[0], TENSOR_DATA_TYPE) != FLOAT:
            return None
        dims = integers(tensor[0], TENSOR_DIMS)
        raw = data(tensor[0], TENSOR_RAW_DATA)
        values = (np.frombuffer(raw, "<f4").astype(np.float32) if raw is not None
                  else _float_data(tensor[0]))
        return values.reshape(dims)
    return None


def _float_data(tensor: list[Field]) -> FloatArray:
    """A tensor's float_data entries (packed, or one fixed32 field each)."""
    words = [f.value for f in tensor if f.number == TENSOR_FLOAT_DATA]
    packed = b"".join(w if isinstance(w, bytes) else w.to_bytes(4, "little") for w in words)
    return np.frombuffer(packed, "<f4").astype(np.float32)


def _attributes(node: list[Field], name: str) -> list[list[Field]]:
    return [a for a in messages(node, NODE_ATTRIBUTE) if text(a, ATTRIBUTE_NAME) == name]


def _attribute_int(node: list[Field], name: str) -> int | None:
    found = _attributes(node, name)
    return integer(found[0], ATTRIBUTE_INT) if found else None


def _attribute_float(node: list[Field], name: str) -> float | None:
    found = _attributes(node, name)
    if not found:
        return None
    words = [f.value for f in found[0] if f.number == ATTRIBUTE_FLOAT and isinstance(f.value, int)]
    return float(np.frombuffer(words[0].to_bytes(4, "little"), "<f4")[0]) if words else None


def _attribute_ints(node: list[Field], name: str) -> list[int]:
    found = _attributes(node, name)
    return integers(found[0], ATTRIBUTE_INTS) if found else []


def _field(number: int, payload: bytes) -> Field:
    return Field(number, 2, payload, length_field(number, payload))


def _join(fields: list[Field]) -> bytes:
    return b"".join(f.raw for f in fields)
