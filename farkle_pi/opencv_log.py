"""OpenCV's own log level, wherever this OpenCV build keeps it.

Up to 4.11 (Bookworm's 4.6 among them) it is cv2.getLogLevel / cv2.setLogLevel; from 4.12 on
only cv2.utils.logging has them. Without either, OpenCV logs as it likes and nothing fails.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import cv2

ERRORS_ONLY = 2  # LOG_LEVEL_ERROR
SILENT = 0  # LOG_LEVEL_SILENT


def set_log_level(level: int) -> None:
    """Set OpenCV's log level, if this build lets it be set."""
    calls = _log_level_calls()
    if calls is not None:
        calls[1](level)


@contextmanager
def opencv_quiet() -> Iterator[None]:
    """OpenCV's own log off for a while: a net that cannot be read or run says so in one line
    of ours instead."""
    calls = _log_level_calls()
    if calls is None:
        yield
        return
    get_level, set_level = calls
    level = get_level()
    set_level(SILENT)
    try:
        yield
    finally:
        set_level(level)


def _log_level_calls() -> tuple[Callable[[], int], Callable[[int], object]] | None:
    if hasattr(cv2, "getLogLevel"):
        return cv2.getLogLevel, cv2.setLogLevel
    try:
        logging: Any = importlib.import_module("cv2.utils.logging")
    except ImportError:
        return None
    return logging.getLogLevel, logging.setLogLevel
