"""The systemd unit: valid for systemd itself, and saying what the table needs on a Pi."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

UNIT = Path(__file__).parent.parent / "systemd" / "farkle-pi.service"


def settings(text: str) -> dict[str, list[str]]:
    """'Section.Key' -> every value it is given (Environment= and friends repeat)."""
    found: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return found


@pytest.fixture(scope="module")
def unit() -> dict[str, list[str]]:
    return settings(UNIT.read_text(encoding="utf-8"))


def verifiable_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart on a binary that exists here and the user swapped for root.

    `systemd-analyze verify` refuses an ExecStart that is not executable, and the `farkle` user
    exists only on a Pi where the installer ran; everything else is verified exactly as shipped.
    """
    true = shutil.which("true")
    assert true is not None
    text = UNIT.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^ExecStart=/opt/farkle-pi/venv/bin/farkle-pi", f"ExecStart={true}", text)
    text = re.sub(r"(?m)^(User|Group)=farkle$", r"\1=root", text)
    assert f"ExecStart={true}" in text and "=farkle\n" not in text
    copy = tmp_path / UNIT.name
    copy.write_text(text, encoding="utf-8")
    return copy


Analyze = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def analyze(require_tool: Callable[[str], str]) -> Analyze:
    tool = require_tool("systemd-analyze")
    if not os.access("/tmp", os.W_OK | os.X_OK):  # it makes its folder there, whatever $TMPDIR
        message = "systemd-analyze needs /tmp, which this user may not write to here"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [tool, *args], capture_output=True, text=True, timeout=60, check=False
        )

    return run


def test_systemd_analyze_verify_is_clean(tmp_path: Path, analyze: Analyze) -> None:
    copy = verifiable_copy(tmp_path)
    result = analyze("verify", "--man=no", str(copy))
    # verify exits 0 on unknown keys or bad values and only warns: any word about our unit fails.
    ours = [line for line in result.stderr.splitlines() if copy.name in line]
    assert result.returncode == 0, result.stderr
    assert ours == []


def test_systemd_analyze_verify_catches_a_typo(tmp_path: Path, analyze: Analyze) -> None:
    """Proof that the check above can fail: a misspelt directive is reported."""
    copy = verifiable_copy(tmp_path)
    copy.write_text(copy.read_text().replace("ProtectHome=", "ProtectHom="), encoding="utf-8")
    result = analyze("verify", "--man=no", str(copy))
    assert "Unknown key" in result.stderr and "ProtectHom" in result.stderr


def test_offline_security_exposure_is_low(tmp_path: Path, analyze: Analyze) -> None:
    result = analyze("security", "--offline=true", "--no-pager", str(verifiable_copy(tmp_path)))
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match is not None, result.stdout + result.stderr
    assert float(match[1]) <= 3.0, result.stdout


def test_runs_as_its_own_user_with_device_groups(unit: dict[str, list[str]]) -> None:
    assert unit["Service.User"] == ["farkle"]
    assert unit["Service.Group"] == ["farkle"]
    groups = unit["Service.SupplementaryGroups"][0].split()
    assert sorted(groups) == ["gpio", "input", "render", "video"]


def test_owns_the_console_with_kmsdrm(unit: dict[str, list[str]]) -> None:
    assert "getty@tty1.service" in unit["Unit.Conflicts"][0].split()
    assert "getty@tty1.service" in unit["Unit.After"][0].split()
    assert unit["Service.TTYPath"] == ["/dev/tty1"]
    assert "SDL_VIDEODRIVER=kmsdrm" in unit["Service.Environment"]
    assert "FARKLE_PI_CONFIG=/etc/farkle-pi/config.toml" in unit["Service.Environment"]


def test_state_directory_is_the_working_directory(unit: dict[str, list[str]]) -> None:
    """The database lives there ($STATE_DIRECTORY) and lgpio needs a writable cwd."""
    assert unit["Service.StateDirectory"] == ["farkle-pi"]
    assert unit["Service.WorkingDirectory"] == ["%S/farkle-pi"]


def test_journal_restart_and_boot(unit: dict[str, list[str]]) -> None:
    assert unit["Service.StandardOutput"] == ["journal"]
    assert unit["Service.StandardError"] == ["journal"]
    assert unit["Service.Restart"] == ["always"]  # a clean Esc too: no blank tty1
    # no start limit: after ten quick failures (no screen yet) systemd would stop for good
    assert unit["Unit.StartLimitIntervalSec"] == ["0"]
    assert unit["Install.WantedBy"] == ["multi-user.target"]
    assert unit["Service.ExecStart"][0].startswith("/opt/farkle-pi/venv/bin/farkle-pi ")


def test_hardened_but_keeps_devices(unit: dict[str, list[str]]) -> None:
    for key in ("NoNewPrivileges", "ProtectHome", "PrivateTmp", "RestrictSUIDSGID",
                "ProtectKernelTunables", "ProtectControlGroups", "LockPersonality"):
        assert unit[f"Service.{key}"] == ["yes"], key
    assert unit["Service.ProtectSystem"] == ["strict"]
    assert unit["Service.CapabilityBoundingSet"] == [""]
    assert "Service.PrivateDevices" not in unit
    assert "Service.DevicePolicy" not in unit


def test_exec_start_runs_a_real_subcommand(unit: dict[str, list[str]]) -> None:
    from farkle_pi.cli import build_parser

    command = unit["Service.ExecStart"][0].split()[1]
    parser = build_parser()
    assert parser.parse_args([command]).command == command
