"""The files the package carries beside its code: the dice reader's nets and the demo recording.

They live in the repository's `models/` and `fixtures/demo/`; `farkle_pi/data/` holds a link to
each, so setuptools copies them into every wheel and regular install as package data (the Pi's
`pip install --no-deps` into /opt/farkle-pi/venv), and the same paths work from a checkout or an
editable install.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
MODELS = (DATA / "models").resolve()  # in a checkout: the repository's models/
DEMO = (DATA / "demo").resolve()  # in a checkout: the repository's fixtures/demo/
# farkle_pi.vision.model's nets
MODEL_FILES = ("dice_detector.onnx", "dice_reader.onnx", "dice_reader_second.onnx",
               "dice_reader_close.onnx", "dice_reader_tiny.onnx")
DEMO_FILES = ("demo.mp4", "demo.calibration.json")


def models_folder() -> Path:
    """Where the dice reader loads its nets: $FARKLE_MODELS when set (and not empty: an empty
    one is an unset one, not the working folder), else the shipped copy."""
    return Path(os.environ.get("FARKLE_MODELS") or MODELS)


def missing() -> list[Path]:
    """The nets and demo files that are not where the table will look for them."""
    wanted = [models_folder() / name for name in MODEL_FILES]
    wanted += [DEMO / name for name in DEMO_FILES]
    return [path for path in wanted if not path.is_file()]
