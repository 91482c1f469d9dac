"""The whole pipeline on the project's sequences: video -> tray -> vision's reader -> events.

The same exact expectations as tests/test_tray_fixtures.py, with the real
still-image reader instead of the script's truth.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tray_fixtures import check_events, replay, sidecars

from farkle_pi.tray.reader import vision_reader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.model import DETECTOR_FILE, MODEL_DIR, READER_FILE

MODELS = [MODEL_DIR / DETECTOR_FILE, MODEL_DIR / READER_FILE]


@pytest.mark.parametrize("sidecar", sidecars(), ids=lambda p: p.stem)
def test_the_real_reader_reports_every_throw_right(sidecar: Path) -> None:
    missing = [m.name for m in MODELS if not m.exists()]
    if missing:
        pytest.skip(f"vision's model files are not built: {', '.join(missing)}")
    calibration = Calibration.load(sidecar.with_name(sidecar.stem + ".calibration.json"))
    check_events(*replay(sidecar, vision_reader(calibration)))
