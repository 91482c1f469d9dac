"""The one error type a user sees: a single line that says what to fix."""

import unicodedata


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
