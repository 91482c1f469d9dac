"""Shared test setup: no test writes into the user's real cache folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_coach_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.getbasetemp() / "coach-cache"
    monkeypatch.setenv("FARKLE_PI_CACHE", str(folder))
    return folder
