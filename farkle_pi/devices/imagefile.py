"""Photos from files, refused whole unless they are whole.

A truncated or damaged JPEG still decodes, into a half-grey picture, and libjpeg complains on
stderr past our one-line error; the reader must never guess dice from half a picture. A header
that claims a gigantic picture is refused before OpenCV allocates it (the Pi has 1-8 GB).
"""

from __future__ import annotations

import stat
import struct
from pathlib import Path

import numpy as np

from farkle_pi.devices.frames import Image
from farkle_pi.errors import FarkleError, stderr_kept

MAX_PIXELS = 50_000_000  # 3x the largest Pi camera (4608x3496)
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def read_image(path: Path | str) -> Image:
    """The picture in `path` as BGR, or a FarkleError saying why it cannot be used (naming
    `path` as given)."""
    import cv2

    try:
        data = _whole_file(Path(path))
    except OSError as error:
        raise FarkleError(f"cannot read image {path}: {error.strerror or error}") from None
    problem = _damage(data)
    if problem:
        raise FarkleError(f"cannot read image {path}: {problem}")
    with stderr_kept() as complaints:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise FarkleError(f"cannot read image {path}: not a picture (JPEG or PNG expected)")
    if complaints:
        raise FarkleError(f"cannot read image {path}: damaged ({complaints[0]})")
    return np.asarray(image, np.uint8)


def _whole_file(path: Path) -> bytes:
    """The bytes of a regular file; a pipe or a device would wait for ever or never end."""
    mode = path.stat().st_mode  # (before opening: opening a pipe waits for a writer)
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):  # (a folder: the OS's own words)
        raise FarkleError(f"cannot read image {path}: not a regular file (a pipe, a "
                          "device?): give a photo file")
    return path.read_bytes()


def _damage(data: bytes) -> str:
    """What is visibly wrong with the file before decoding it ("" when nothing is)."""
    if not data:
        return "the file is empty"
    size = _png_size(data) if data.startswith(b"\x89PNG") else None
    if size is not None and b"IEND" not in data:  # the chunk that ends every PNG
        return "the PNG is cut short (no end chunk): copy it again"
    if data.startswith(b"\xff\xd8"):
        if not _jpeg_ends(data):
            return "the JPEG is cut short (no end marker): copy it again"
        size = _jpeg_size(data)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        return f"{size[0]}x{size[1]} pixels is too big for a photo of a dice tray"
    return ""


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _jpeg_ends(data: bytes) -> bool:
    """Whether the JPEG's end marker follows its image data. The segments before the first
    scan are skipped by their lengths (an EXIF thumbnail holds an end marker of its own); in
    the scans every 0xFF byte is stuffed, so the first FF D9 there is the end. What follows it
    may be anything (phones' "motion photos" append a video)."""
    at = 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if marker == 0xFF:  # a fill byte before a marker
            at += 1
        elif marker == 0xDA:  # the first scan
            return data.find(b"\xff\xd9", at) != -1
        else:
            at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
    return b"\xff\xd9" in data[-65536:]  # segments past reading: the end is near the end


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """The frame size from the first SOF marker, walking the segments after SOI."""
    at = 2
    while at + 9 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return int(width), int(height)
        at += 2 + length
    return None
