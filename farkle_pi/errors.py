"""The one error type a user sees: a single line that says what to fix."""


class FarkleError(Exception):
    """Bad input or an unusable environment; the message is shown as one line, exit code 2."""
