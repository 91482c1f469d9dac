"""The whole pipeline on the project's sequences: video -> tray -> vision's reader -> events.

The same exact expectations as tests/test_tray_fixtures.py, with the real
still-image reader instead of the script's truth, over every sequence at once.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_tray_fixtures import check_events, replay, sidecars

from farkle_pi.tray.reader import vision_reader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.model import DETECTOR_FILE, MODEL_DIR, READER_FILE

MODELS = [MODEL_DIR / DETECTOR_FILE, MODEL_DIR / READER_FILE]


# History (benchmarks/bench_tray.py): the first nets read 0-2 of the 14 throws exactly right;
# the straightened wider reader with the colour-aware tray check, calibrated die size and
# leaning-die rule reads all of them. The same sequences with the script's truth as reader:
# tests/test_tray_fixtures.py.
def test_the_real_reader_reports_every_throw_right() -> None:
    missing = [m.name for m in MODELS if not m.exists()]
    if missing:
        pytest.skip(f"vision's model files are not built: {', '.join(missing)}")
    wrong = []
    for sidecar in sidecars():
        calibration = Calibration.load(sidecar.with_name(sidecar.stem + ".calibration.json"))
        try:
            check_events(*replay(sidecar, vision_reader(calibration)))
        except AssertionError as error:
            wrong.append(f"{sidecar.stem}: {str(error).splitlines()[0]}")
    assert not wrong, "\n".join(wrong)


def test_a_hand_resting_over_a_die_is_no_removal_without_a_calibration() -> None:
    """hand_and_light read as a table that was never calibrated reads it: no empty tray to see
    the palm resting over a 4 by, so the tray reads under it. The 4 is hidden, not taken out:
    the same events as with the calibration (before: the 4 removed, and back as a new throw)."""
    missing = [m.name for m in MODELS if not m.exists()]
    if missing:
        pytest.skip(f"vision's model files are not built: {', '.join(missing)}")
    sidecar = next(s for s in sidecars() if s.stem == "hand_and_light")
    check_events(*replay(sidecar, vision_reader(None), calibrated=False))


def test_the_tray_benchmark_refuses_too_short_a_replay_in_one_line() -> None:
    """Memory is sampled every 5 minutes of video and the first 5 are left out: a shorter
    replay has nothing to report, which was a traceback after every other figure."""
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_tray.py"
    done = subprocess.run([sys.executable, str(script), "--minutes", "3"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""  # refused before anything runs
    assert "give 10 or more" in done.stderr and "Traceback" not in done.stderr
