"""Keep every test away from the real machine's config files and data directories."""

from __future__ import annotations

from pathlib import Path

import pytest

from farkle_pi import config


@pytest.fixture(autouse=True)
def isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No /etc, ~/.config or $STATE_DIRECTORY of the machine running the tests leaks in."""
    monkeypatch.setattr(config, "SYSTEM_CONFIG", tmp_path / "etc" / "config.toml")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.delenv("FARKLE_PI_CONFIG", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
