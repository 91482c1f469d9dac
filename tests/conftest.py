"""Keep every test away from the real machine's config, cache and data directories."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from farkle_pi import config

# pygame's greeting, printed where a test module imports it, is no test output (the tests that
# check farkle-pi hides it run it without this)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# no test draws on a real screen or plays a sound: `pytest tests/x.py` alone, without the
# environment ./bootstrap test sets, behaves as in the full run (tests that need no display
# at all say so themselves)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No /etc, ~/.config or $STATE_DIRECTORY of the machine running the tests leaks in."""
    monkeypatch.setattr(config, "SYSTEM_CONFIG", tmp_path / "etc" / "config.toml")
    monkeypatch.setattr(config, "SYSTEM_STATE", tmp_path / "var-lib" / "farkle-pi")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.delenv("FARKLE_PI_CONFIG", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)


@pytest.fixture(autouse=True)
def _private_coach_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Coach solves are cached on disk; tests share one private cache, never the user's."""
    folder = tmp_path_factory.getbasetemp() / "coach-cache"
    monkeypatch.setenv("FARKLE_PI_CACHE", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _short_trouble(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table that cannot start waits ten minutes for a press on its trouble screen; here
    nobody presses, so it gives up at once (tests that press patch `show_trouble`)."""
    from farkle_pi.table import trouble

    monkeypatch.setattr(trouble, "WAIT_SECONDS", 0.05)


@pytest.fixture(autouse=True)
def _private_game_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           isolated_config: None) -> Path:
    """No test reads or writes the user's real farkle.db (or calibration): the default place
    is the test's own folder (`isolated_config` sets `$XDG_DATA_HOME`). Not `$FARKLE_PI_DB`,
    which would win over a test's config."""
    monkeypatch.delenv("FARKLE_PI_DB", raising=False)
    return tmp_path / "xdg-data" / "farkle-pi" / "farkle.db"


APT_PACKAGE = {"systemd-analyze": "systemd"}


def _require_tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        message = f"{name} is not installed (apt-get install {APT_PACKAGE.get(name, name)})"
        if os.environ.get("CI"):
            pytest.fail(message + "; .ci/run should have installed it")
        pytest.skip(message)
    return found


@pytest.fixture
def require_tool() -> Callable[[str], str]:
    """A tool's path; without it the test fails in CI (which installs it) and skips elsewhere,
    so a missing tool is never counted as a pass."""
    return _require_tool


@pytest.fixture
def mock_pins() -> Iterator[MockFactory]:
    """gpiozero's mock pin factory for the table's buttons (`pin.drive_low()` presses)."""
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = None


@pytest.fixture
def no_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No font on this machine but the table's default (`FARKLE_PI_FONTS`: a folder with
    none): the screen draws Chinese, Vietnamese "ễ" ... as boxes."""
    from farkle_pi.ui.fonts import INSTALLED

    monkeypatch.setenv("FARKLE_PI_FONTS", str(tmp_path / "no fonts"))
    INSTALLED.forget()
    yield
    INSTALLED.forget()  # (the next test's fonts are this machine's again)



def _require_font(text: str, package: str) -> None:
    from farkle_pi.ui.fonts import undrawable

    if undrawable(text):
        message = f"no font on this machine draws {text} (apt-get install {package})"
        if os.environ.get("CI"):
            pytest.fail(message + "; .ci/run should have installed it")
        pytest.skip(message)


@pytest.fixture
def require_font() -> Callable[[str, str], None]:
    """Tests that draw other scripts need a font with them: without one the test fails in CI
    (which installs the package named) and skips elsewhere."""
    return _require_font
