"""The Pi installer, as far as it can be checked off a Pi: syntax, shellcheck and its dry run."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).parent.parent
SCRIPT = REPO / "scripts" / "install-pi.sh"
VENV = "/opt/farkle-pi/venv"


def dry_run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FARKLE_PI_ROOT": str(root)}
    return subprocess.run(
        ["bash", str(SCRIPT), "--dry-run", *args],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )


def commands(plan: str) -> list[str]:
    """The commands the installer would run, in order."""
    return [line[2:] for line in plan.splitlines() if line.startswith("+ ")]


def test_bash_syntax() -> None:
    result = subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


def test_shellcheck_is_clean(require_tool: Callable[[str], str]) -> None:
    shellcheck = require_tool("shellcheck")
    result = subprocess.run([shellcheck, str(SCRIPT)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout


def test_strict_mode_and_executable() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    assert "\nset -euo pipefail\n" in text
    assert os.access(SCRIPT, os.X_OK)


def test_dry_run_prints_the_whole_plan_and_changes_nothing(tmp_path: Path) -> None:
    result = dry_run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert list(tmp_path.iterdir()) == []
    plan = commands(result.stdout)
    venv = f"{tmp_path}{VENV}"
    apt = next(c for c in plan if " apt-get install " in c)
    for package in ("python3-picamera2", "python3-pygame", "python3-gpiozero", "python3-lgpio",
                    "python3-opencv", "python3-numpy", "python3-venv"):
        assert package in apt.split()
    expected_in_order = [
        "apt-get update",
        f"python3 -m venv --system-site-packages {venv}",
        f"{venv}/bin/python -c import\\ numpy\\,\\ cv2\\,\\ pygame\\,\\ gpiozero\\,\\ picamera2",
        f"tar -C {REPO} --exclude=.git --exclude=.venv -cf - . | tar -C "
        f"{tmp_path}/opt/farkle-pi/build -xf -",
        f"{venv}/bin/pip install --no-deps --force-reinstall --no-cache-dir "
        f"{tmp_path}/opt/farkle-pi/build",
        f"rm -rf {tmp_path}/opt/farkle-pi/build",
        f"install -m 0644 {REPO}/config.example.toml {tmp_path}/etc/farkle-pi/config.toml",
        f"install -m 0644 {REPO}/systemd/farkle-pi.service "
        f"{tmp_path}/etc/systemd/system/farkle-pi.service",
        "systemctl daemon-reload",
        "systemctl enable farkle-pi.service",
    ]
    position = 0
    for wanted in expected_in_order:
        found = [i for i, c in enumerate(plan) if c.startswith(wanted) and i >= position]
        assert found, f"not in the plan (in order): {wanted}\n" + "\n".join(plan)
        position = found[0]
    # pip may add farkle-pi itself and nothing else: numpy, OpenCV and pygame stay apt's.
    pip_installs = [c for c in plan if "/bin/pip install " in c]
    assert pip_installs and all("--no-deps" in c.split() for c in pip_installs)


def test_dry_run_plans_the_user_and_its_groups(tmp_path: Path) -> None:
    plan = commands(dry_run(tmp_path).stdout)
    has_user = subprocess.run(["id", "-u", "farkle"], capture_output=True,
                              check=False).returncode == 0
    if not has_user:
        assert any(c.startswith("useradd --system") and c.endswith(" farkle") for c in plan)
        for group in ("video", "render", "input", "gpio"):
            assert f"usermod --append --groups {group} farkle" in plan


def test_rerun_keeps_an_existing_config_and_venv_choice(tmp_path: Path) -> None:
    config = tmp_path / "etc" / "farkle-pi" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[table]\nplayers = ["Mine"]\n', encoding="utf-8")
    result = dry_run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"= keeping {config}" in result.stdout
    assert not any(c.endswith(f" {config}") for c in commands(result.stdout))
    # The example, which documents this version, is refreshed on every run.
    assert any(c.endswith("/etc/farkle-pi/config.example.toml") for c in commands(result.stdout))
    assert config.read_text(encoding="utf-8") == '[table]\nplayers = ["Mine"]\n'


def test_a_venv_without_system_packages_is_remade(tmp_path: Path) -> None:
    venv = tmp_path / VENV.lstrip("/")
    (venv / "bin").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text("include-system-site-packages = false\n")
    plan = commands(dry_run(tmp_path).stdout)
    assert f"rm -rf {venv}" in plan
    assert f"python3 -m venv --system-site-packages {venv}" in plan


def test_start_restarts_and_default_does_not_take_the_console(tmp_path: Path) -> None:
    plain = dry_run(tmp_path).stdout
    assert "systemctl restart farkle-pi.service" not in commands(plain)
    assert "not started now" in plain
    assert "systemctl restart farkle-pi.service" in commands(dry_run(tmp_path, "--start").stdout)


def test_unknown_option_is_a_usage_error(tmp_path: Path) -> None:
    result = dry_run(tmp_path, "--frobnicate")
    assert result.returncode == 2
    assert "unknown option --frobnicate" in result.stderr


def test_installer_and_unit_agree_on_paths() -> None:
    unit = (REPO / "systemd" / "farkle-pi.service").read_text(encoding="utf-8")
    script = SCRIPT.read_text(encoding="utf-8")
    exec_start = re.search(r"(?m)^ExecStart=(\S+)", unit)
    assert exec_start is not None and exec_start[1] == f"{VENV}/bin/farkle-pi"
    assert "PREFIX=$ROOT/opt/farkle-pi\nVENV=$PREFIX/venv\n" in script
    assert "SERVICE_USER=farkle\n" in script and "User=farkle\n" in unit
    assert "CONFIG_DIR=$ROOT/etc/farkle-pi\n" in script
    assert "FARKLE_PI_CONFIG=/etc/farkle-pi/config.toml" in unit
    assert "STATE_DIR=/var/lib/farkle-pi\n" in script and "StateDirectory=farkle-pi\n" in unit

