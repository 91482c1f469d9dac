"""Just enough of protobuf's wire format to read and rewrite an ONNX file's few fields.

Every field is kept with the bytes it was read from, so whatever is not rewritten is copied
unchanged. No protobuf or onnx package is needed at run time.
"""

from __future__ import annotations

from dataclasses import dataclass

VARINT, FIXED64, LENGTH, FIXED32 = 0, 1, 2, 5  # wire types


@dataclass(frozen=True)
class Field:
    """One field of a message: its number, wire type, value and the bytes it was read from."""

    number: int
    wire: int
    value: int | bytes
    raw: bytes

    @property
    def payload(self) -> bytes:
        """The bytes of a length-delimited field (a string, bytes or an embedded message)."""
        if not isinstance(self.value, bytes):
            raise ValueError(f"protobuf field {self.number} holds a number, not a message")
        return self.value


def parse(buffer: bytes) -> list[Field]:
    """The fields of one protobuf message, in order; ValueError if it is not one."""
    fields, pos = [], 0
    while pos < len(buffer):
        start = pos
        key, pos = read_varint(buffer, pos)
        number, wire = key >> 3, key & 7
        value: int | bytes
        if wire == VARINT:
            value, pos = read_varint(buffer, pos)
        elif wire in (FIXED64, FIXED32):
            width = 8 if wire == FIXED64 else 4
            value, pos = int.from_bytes(buffer[pos:pos + width], "little"), pos + width
        elif wire == LENGTH:
            size, pos = read_varint(buffer, pos)
            value, pos = bytes(buffer[pos:pos + size]), pos + size
        else:
            raise ValueError(f"protobuf wire type {wire} at byte {start}")
        if pos > len(buffer):
            raise ValueError(f"protobuf field {number} runs past the end")
        fields.append(Field(number, wire, value, bytes(buffer[start:pos])))
    return fields


def read_varint(buffer: bytes, pos: int) -> tuple[int, int]:
    """A base-128 varint at pos, and the position after it."""
    result = shift = 0
    while True:
        if pos >= len(buffer) or shift > 63:
            raise ValueError("protobuf varint runs past the end")
        byte = buffer[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def varint(value: int) -> bytes:
    """value as a base-128 varint."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def varint_field(number: int, value: int) -> bytes:
    """A whole varint field."""
    return varint(number << 3 | VARINT) + varint(value)


def length_field(number: int, payload: bytes) -> bytes:
    """A whole length-delimited field (bytes, a string or an embedded message)."""
    return varint(number << 3 | LENGTH) + varint(len(payload)) + payload


def packed(payload: bytes) -> list[int]:
    """The varints of a packed repeated field."""
    values, pos = [], 0
    while pos < len(payload):
        value, pos = read_varint(payload, pos)
        values.append(value)
    return values


def messages(fields: list[Field], number: int) -> list[list[Field]]:
    """Every embedded message in field `number`, parsed."""
    return [parse(f.value) for f in fields if f.number == number and isinstance(f.value, bytes)]


def texts(fields: list[Field], number: int) -> list[str]:
    """Every string in field `number`."""
    return [f.value.decode() for f in fields if f.number == number and isinstance(f.value, bytes)]


def text(fields: list[Field], number: int) -> str | None:
    """The string in field `number` (the last one: protobuf's rule for a repeated one)."""
    found = texts(fields, number)
    return found[-1] if found else None


def data(fields: list[Field], number: int) -> bytes | None:
    """The bytes in field `number`."""
    found = [f.value for f in fields if f.number == number and isinstance(f.value, bytes)]
    return found[-1] if found else None


def integer(fields: list[Field], number: int) -> int | None:
    """The varint in field `number`."""
    found = [f.value for f in fields if f.number == number and isinstance(f.value, int)]
    return found[-1] if found else None


def integers(fields: list[Field], number: int) -> list[int]:
    """Every varint in a repeated field `number`, packed or not."""
    out: list[int] = []
    for f in fields:
        if f.number == number:
            out += packed(f.value) if isinstance(f.value, bytes) else [f.value]
    return out
