"""The one error type a user sees: a single line that says what to fix."""

import errno
import os
import tempfile
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class FarkleError(Exception):
    """Bad input or an unusable environment; the message is shown as one line, exit code 2."""


def one_line(text: str) -> str:
    """`text` with control and line-break characters escaped (a file name or argument may hold
    a newline or a carriage return), so an error that quotes the input stays one line."""
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in ("Cc", "Zl", "Zp") else char
        for char in text
    )


# Where a file this user may not use most likely comes from, and what to do
TABLE_USER = ("on a Pi set up by install-pi.sh the table's files are the farkle user's: "
              "sudo -u farkle farkle-pi ...")

# What holds a camera that libcamera lets only one program have (the table's line and doctor's)
CAMERA_BUSY_HINT = ("close the program that has it (`rpicam-hello`, or a farkle-pi command such "
                    "as calibrate or dice-check still running)")


def no_permission(error: PermissionError) -> FarkleError:
    """A file this user may not use, as one line; anything else refused (an operation the
    service's system-call filter blocks: EPERM, no file) as the system words it."""
    if error.filename is None or error.errno != errno.EACCES:
        return FarkleError(f"not permitted: {error}")
    return FarkleError(f"{error.filename}: permission denied for this user ({TABLE_USER})")


def about(path: Path | str, error: Exception) -> str:
    """The error led by the file it is about, unless it names the file already."""
    text = str(error)
    return text if str(path) in text else f"{path}: {text}"


@contextmanager
def stderr_kept() -> Iterator[list[str]]:
    """What C libraries (libjpeg, libpng, OpenCV's log, SDL) write to fd 2 meanwhile, as lines:
    kept off the terminal, where they would follow a one-line error with lines of their own."""
    lines: list[str] = []
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            text = sink.read().decode("utf-8", "replace")
            lines.extend(line.strip() for line in text.splitlines() if line.strip())
