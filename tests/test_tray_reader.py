"""The tray's default reader: vision's read_dice, asked to search the whole picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import farkle_pi.vision
from farkle_pi.tray.reader import vision_reader
from farkle_pi.vision.calibration import Calibration


def test_the_reader_searches_the_whole_picture_with_the_reference_and_die_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[Calibration | None] = []

    def fake_read_dice(image: Any, calibration: Calibration | None = None) -> list[Any]:
        seen.append(calibration)
        return []

    monkeypatch.setattr(farkle_pi.vision, "read_dice", fake_read_dice)
    tray = ((40.0, 40.0), (520.0, 40.0), (520.0, 440.0), (40.0, 440.0))
    calibration = Calibration(Path("ref.png"), tray, ((540.0, 60.0),) * 3, 40.0)
    read = vision_reader(calibration)
    read(np.zeros((480, 640, 3), np.uint8))
    read(np.zeros((480, 640, 3), np.uint8))
    given = seen[0]
    assert given is not None and given is seen[1]
    assert given.tray_polygon == ((0, 0), (640, 0), (640, 480), (0, 480))
    assert given.keep_zone_polygon == ()
    assert given.reference_image == Path("ref.png") and given.die_size_px == 40.0
    assert calibration.tray_polygon == tray  # the tray keeps its own outline for its checks
