"""The labelled photos of ../shared/data, which sits beside the repo and is not copied into it."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def real_photos(folder: str) -> Path:
    """A labelled folder of shared/data, or the test is skipped saying where it looked."""
    photos = DATA / folder
    if not (photos / "labels.jsonl").is_file():
        pytest.skip(f"real photos not found at {photos} (shared/data sits beside the repo)")
    return photos
