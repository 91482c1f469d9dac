"""The one error type a user sees: a single line that says what to fix."""

import unicodedata
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


def about(path: Path, error: Exception) -> str:
    """The error led by the file it is about, unless it names the file already."""
    text = str(error)
    return text if str(path) in text else f"{path}: {text}"
