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


@pytest.fixture(autouse=True)
def _private_game_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the user's real farkle.db."""
    path = tmp_path / "default-farkle.db"
    monkeypatch.setenv("FARKLE_PI_DB", str(path))
    return path
