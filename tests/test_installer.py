"""The Pi installer, as far as it can be checked off a Pi: syntax, shellcheck and its dry run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).parent.parent
SCRIPT = REPO / "scripts" / "install-pi.sh"
VENV = "/opt/farkle-pi/venv"


def booted(root: Path) -> Path:
    """Make the sandbox `root` a system that systemd runs (as a Pi is; a chroot is not)."""
    runtime = root / "run" / "systemd" / "system"
    runtime.mkdir(parents=True, exist_ok=True)
    return runtime


def dry_run(root: Path, *args: str, systemd: bool = True) -> subprocess.CompletedProcess[str]:
    if systemd:
        booted(root)
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
    """The installer, and the developer's script that runs it in a Debian 12 chroot."""
    shellcheck = require_tool("shellcheck")
    result = subprocess.run([shellcheck, str(SCRIPT), str(REPO / "scripts" /
                                                          "try_install_in_chroot.sh")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


def test_strict_mode_and_executable() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    assert "\nset -euo pipefail\n" in text
    assert os.access(SCRIPT, os.X_OK)


def test_dry_run_prints_the_whole_plan_and_changes_nothing(tmp_path: Path) -> None:
    result = dry_run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert set(tmp_path.rglob("*")) == {tmp_path / "run", tmp_path / "run/systemd",
                                         tmp_path / "run/systemd/system"}  # (booted's)
    plan = commands(result.stdout)
    venv = f"{tmp_path}{VENV}"
    apt = next(c for c in plan if " apt-get install " in c)
    for package in ("python3-picamera2", "python3-pygame", "python3-gpiozero", "python3-lgpio",
                    "python3-opencv", "python3-numpy", "python3-venv", "fonts-dejavu-core"):
        assert package in apt.split()
    expected_in_order = [
        "apt-get update",
        f"python3 -m venv --system-site-packages {venv}",
        f"{venv}/bin/python {REPO}/scripts/check_apt_python.py",
        f"tar -C {REPO} --exclude=.git --exclude=.venv --exclude=.venv-bookworm "
        "--exclude=.mypy_cache --exclude=.ruff_cache --exclude=.pytest_cache --exclude=.hypothesis "
        "--exclude=__pycache__ -cf - . | tar -C "
        f"{tmp_path}/opt/farkle-pi/build -xf -",
        f"{venv}/bin/pip install --no-deps --force-reinstall --no-cache-dir "
        f"{tmp_path}/opt/farkle-pi/build",
        f"rm -rf {tmp_path}/opt/farkle-pi/build",
        f"install -m 0644 {REPO}/config.example.toml {tmp_path}/etc/farkle-pi/config.toml",
        f"install -D -m 0644 {REPO}/systemd/farkle-pi.service "
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


def test_dry_run_names_the_doctor_run_as_it_really_runs(tmp_path: Path) -> None:
    """The plan said `runuser -u farkle -- .../farkle-pi doctor`; the run gave it the unit's
    config and state folder as well (compared in a Debian 12 chroot, session 61)."""
    plan = dry_run(tmp_path).stdout
    assert (f"= would run: runuser -u farkle -- env FARKLE_PI_CONFIG={tmp_path}/etc/farkle-pi/"
            f"config.toml STATE_DIRECTORY=/var/lib/farkle-pi {tmp_path}{VENV}/bin/farkle-pi "
            "doctor") in plan.splitlines()


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


def test_a_venv_made_with_another_python_than_apts_is_remade(tmp_path: Path) -> None:
    """A Python built from source into /usr/local comes first on root's PATH: a venv made with
    it sees none of apt's packages (no cv2, no picamera2), however it was made."""
    venv = tmp_path / VENV.lstrip("/")
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to("/bin/true")
    (venv / "pyvenv.cfg").write_text(
        "home = /usr/local/bin\ninclude-system-site-packages = true\n")
    plan = commands(dry_run(tmp_path).stdout)
    assert f"rm -rf {venv}" in plan
    script = SCRIPT.read_text(encoding="utf-8")
    assert "\nPYTHON3=/usr/bin/python3\n" in script  # (the sandbox's is a stub on the PATH)
    assert '"$PYTHON3" -m venv --system-site-packages' in script


def test_start_restarts_and_default_does_not_take_the_console(tmp_path: Path) -> None:
    plain = dry_run(tmp_path).stdout
    assert "systemctl restart farkle-pi.service" not in commands(plain)
    assert "not started now" in plain
    assert "systemctl restart farkle-pi.service" in commands(dry_run(tmp_path, "--start").stdout)


def test_help_shows_every_step_and_what_an_upgrade_keeps() -> None:
    """--help printed a fixed 19 lines of the header, which ended before step 7 once step 6
    grew a line (and never reached what an upgrade keeps)."""
    result = subprocess.run(["bash", str(SCRIPT), "--help"], capture_output=True, text=True,
                            timeout=30, check=False)
    assert result.returncode == 0
    assert "#  7. /usr/local/bin/farkle-pi" in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "# The database in /var/lib/farkle-pi and the config are never touched by an upgrade.")


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


def test_the_unit_keeps_its_devices_on_older_systemd_and_still_cannot_set_the_clock() -> None:
    """ProtectClock= made systemd < 252 allow only the clock's device (no display, camera or
    GPIO: found by the session 41 review); without it no capability lets the table set the
    clock."""
    unit = (REPO / "systemd" / "farkle-pi.service").read_text(encoding="utf-8")
    settings = [line for line in unit.splitlines() if line and not line.startswith("#")]
    assert not any(line.startswith(("ProtectClock=", "DevicePolicy=", "DeviceAllow="))
                   for line in settings)
    assert "CapabilityBoundingSet=" in settings and "AmbientCapabilities=" not in unit



# ---------------------------------------------------------------------------------------------
# A real (not dry) run, twice, in a sandbox: FARKLE_PI_ROOT keeps the files under tmp_path and
# stub commands stand in for apt, the user database, systemd and Python, logging each call.

STUB = r"""#!/usr/bin/env bash
# Logs every call; keeps the little state the installer asks about (user, groups, venv).
name=$(basename "$0")
state=$STUB_STATE
echo "$name $*" >> "$state/log"
case "$name $*" in
    "id -u") echo 0 ;;                                   # pretend to be root
    "id -u farkle") [ -e "$state/user" ]; exit ;;
    "id -nG farkle") cat "$state/member" 2>/dev/null ;;
    id*) exec /usr/bin/id "$@" ;;
    "getent group "*) grep -qx "$2" "$state/groups"; exit ;;
    "useradd "*) touch "$state/user" ;;
    "groupadd --system "*) echo "$2" >> "$state/groups" ;;
    "usermod --append --groups "*) echo "$3" >> "$state/member" ;;
    "python3 -m venv --system-site-packages "*)
        venv=$4; mkdir -p "$venv/bin"
        printf 'home = /usr/bin\ninclude-system-site-packages = true\n' > "$venv/pyvenv.cfg"
        for tool in python pip farkle-pi; do ln -sf "$0" "$venv/bin/$tool"; done ;;
    "pip list --local --format=freeze") cat "$state/pip-list" 2>/dev/null; : > "$state/pip-list" ;;
    "apt-cache show "*) ! grep -qx "$2" "$state/apt-lacks" 2>/dev/null; exit ;;
    "systemctl daemon-reload"|"systemctl restart "*|"systemctl start "*)
        # as in a chroot or a container: systemd is not there to talk to
        [ -d "$FARKLE_PI_ROOT/run/systemd/system" ] && exit 0
        echo "System has not been booted with systemd as init system (PID 1). Can't operate." >&2
        exit 1 ;;
    "systemctl is-active "*) [ -e "$state/active" ]; exit ;;
    "systemctl get-default") echo multi-user.target ;;
esac
exit 0
"""
STUBBED = ["apt-get", "apt-cache", "id", "getent", "useradd", "groupadd", "usermod", "python3",
           "systemctl", "runuser", "env", "chown"]


def real_run(root: Path, state: Path, *args: str, systemd: bool = True
             ) -> subprocess.CompletedProcess[str]:
    bin_dir = state / "bin"
    if not bin_dir.exists():
        bin_dir.mkdir(parents=True)
        stub = bin_dir / "stub"
        stub.write_text(STUB, encoding="utf-8")
        stub.chmod(0o755)
        for name in STUBBED:
            (bin_dir / name).symlink_to(stub)
        (state / "groups").write_text("video\n", encoding="utf-8")
    if systemd:
        booted(root)
    env = {**os.environ, "FARKLE_PI_ROOT": str(root), "STUB_STATE": str(state),
           "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def log(state: Path) -> list[str]:
    lines = (state / "log").read_text(encoding="utf-8").splitlines()
    (state / "log").unlink()
    return lines


def test_real_run_installs_then_a_rerun_upgrades_in_place(tmp_path: Path) -> None:
    root, state = tmp_path / "root", tmp_path / "state"
    root.mkdir()
    state.mkdir()
    (state / "pip-list").write_text("numpy==2.1.0\nfarkle-pi==0.1.0\n", encoding="utf-8")
    first = real_run(root, state)
    assert first.returncode == 0, first.stdout + first.stderr
    calls = log(state)
    venv = root / "opt/farkle-pi/venv"
    assert f"python3 -m venv --system-site-packages {venv}" in calls
    assert "pip uninstall -y numpy" in calls  # a pip numpy shadowing apt's is removed
    assert any(c.startswith("useradd --system") for c in calls)
    assert "groupadd --system gpio" in calls and "groupadd --system video" not in calls
    assert {"usermod --append --groups " + g + " farkle"
            for g in ("video", "render", "input", "gpio")} <= set(calls)
    assert "systemctl enable farkle-pi.service" in calls
    assert "systemctl restart farkle-pi.service" not in calls
    doctor = next(c for c in calls if c.startswith("runuser -u farkle -- env "))
    assert "STATE_DIRECTORY=/var/lib/farkle-pi" in doctor  # the service's database, not ~'s
    config = root / "etc/farkle-pi/config.toml"
    unit = root / "etc/systemd/system/farkle-pi.service"
    assert config.read_text() == (REPO / "config.example.toml").read_text()
    assert unit.read_text() == (REPO / "systemd/farkle-pi.service").read_text()
    assert not (root / "opt/farkle-pi/build").exists()
    assert (root / "var/lib/farkle-pi").is_dir()  # calibrate may run before the first boot
    assert f"chown farkle:farkle {root}/var/lib/farkle-pi" in calls
    assert (root / "usr/local/bin/farkle-pi").resolve() == (venv / "bin/farkle-pi").resolve()

    # The table is now running with a config of its own; run the installer again.
    config.write_text('[table]\nplayers = ["Ann", "Bob"]\n', encoding="utf-8")
    (state / "active").touch()
    second = real_run(root, state)
    assert second.returncode == 0, second.stdout + second.stderr
    calls = log(state)
    assert not any(c.startswith(("python3 -m venv", "useradd", "groupadd", "usermod",
                                 "pip uninstall")) for c in calls), calls
    assert any(c.startswith("pip install --no-deps") for c in calls)
    assert "systemctl restart farkle-pi.service" in calls
    assert config.read_text() == '[table]\nplayers = ["Ann", "Bob"]\n'
    assert f"= keeping {config}" in second.stdout
    assert "= keeping /var/lib/farkle-pi" in second.stdout
    assert "= keeping the venv" in second.stdout


def test_in_a_chroot_the_unit_is_enabled_and_the_install_goes_to_its_end(
        tmp_path: Path) -> None:
    """Found installing into a Debian 12 chroot (session 61): `systemctl daemon-reload` fails
    where systemd is not running, and the installer stopped there, without the
    /usr/local/bin/farkle-pi link or the doctor run, on systemd's "Can't operate"."""
    root, state = tmp_path / "root", tmp_path / "state"
    root.mkdir()
    state.mkdir()
    for args in ((), ("--start",)):
        result = real_run(root, state, *args, systemd=False)
        assert result.returncode == 0, result.stdout + result.stderr
        calls = log(state)
        assert "systemctl enable farkle-pi.service" in calls  # (offline: a link in /etc)
        assert not any(c.startswith(("systemctl daemon-reload", "systemctl restart",
                                     "systemctl start")) for c in calls), calls
        assert ("= systemd is not running here (a chroot or a container): farkle-pi.service is "
                "enabled and starts when this system boots; not started now") in result.stdout
        assert ("--start: nothing to start without systemd" in result.stderr) == bool(args)
        assert (root / "usr/local/bin/farkle-pi").is_symlink()
        assert any(c.startswith("runuser -u farkle -- ") for c in calls)
    plan = dry_run(tmp_path / "plan", systemd=False)
    assert "systemctl daemon-reload" not in commands(plan.stdout)
    assert "systemd is not running here" in plan.stdout


def test_a_system_without_raspberry_pi_oss_archive_is_told_so_in_one_line(
        tmp_path: Path) -> None:
    """Found installing on Debian 12 (session 61): apt stopped on "Unable to locate package
    python3-picamera2" (and python3-lgpio), which says nothing of why or what to do."""
    root, state = tmp_path / "root", tmp_path / "state"
    root.mkdir()
    state.mkdir()
    (state / "apt-lacks").write_text("python3-picamera2\npython3-lgpio\n", encoding="utf-8")
    result = real_run(root, state)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "install-pi.sh: apt has no python3-picamera2 python3-lgpio: this system does not use "
        "Raspberry Pi OS's package archive; install Raspberry Pi OS (64-bit) and run this there")
    calls = log(state)
    assert "apt-cache show python3-numpy" in calls
    assert not any(c.startswith("apt-get install") or "apt-get install" in c for c in calls)
    assert not (root / "opt").exists()


# ---------------------------------------------------------------------------------------------
# scripts/check_apt_python.py, which the installer runs with the venv's Python: fake packages in
# an "apt" folder and a "/usr/local" one, a Python without its own site-packages (-S).

CHECKER = REPO / "scripts" / "check_apt_python.py"
GOOD = {"numpy": "__version__ = '1.24.2'\n",
        "cv2": ("import numpy\n__version__ = '4.6.0'\nif not numpy.__version__.startswith('1.'):\n"
                "    raise ImportError('A module that was compiled using NumPy 1.x cannot be run "
                "in\\nNumPy 2.2.6 as it may crash.')\n"),
        "pygame": "", "gpiozero": "", "picamera2": ""}


def python_with(tmp_path: Path, local: dict[str, str], code: str
                ) -> subprocess.CompletedProcess[str]:
    """`code` run by a Python that sees apt's fakes under tmp_path/apt (made at the first call)
    and `local` before them."""
    apt, usr_local = tmp_path / "apt", tmp_path / "usr-local"
    for folder, modules in ((apt, GOOD), (usr_local, local)):
        if not folder.exists():
            folder.mkdir()
            for name, text in modules.items():
                (folder / f"{name}.py").write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{usr_local}:{apt}:{CHECKER.parent}"}
    return subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def test_a_pip_numpy_installed_with_sudo_is_named_with_its_fix(tmp_path: Path) -> None:
    """`sudo pip install --break-system-packages opencv-python` left numpy 2 in /usr/local,
    which the venv searches before apt's folder: apt's OpenCV failed to import and the
    installer stopped on a traceback that said nothing of what to do."""
    code = ("import check_apt_python as c\n"
            f"print('\\n'.join(c.problems(apt={str(tmp_path / 'apt')!r} + '/', prefix='/usr')))")
    result = python_with(tmp_path, {"numpy": "__version__ = '2.2.6'\n"}, code)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[0] == f"numpy comes from {tmp_path}/usr-local/numpy.py, not apt's {tmp_path}/apt/"
    assert said[1] == "cv2 does not import (NumPy 2.2.6 as it may crash.)"
    assert said[2] == ("remove those pip copies (sudo pip uninstall --break-system-packages "
                       "numpy), then run the installer again")
    assert len(said) == 3


def test_apts_packages_alone_pass_and_a_broken_one_is_one_line(tmp_path: Path) -> None:
    code = ("import check_apt_python as c\n"
            f"print(c.problems(apt={str(tmp_path / 'apt')!r} + '/', prefix='/usr'))")
    assert python_with(tmp_path, {}, code).stdout.strip() == "[]"
    (tmp_path / "apt" / "picamera2.py").unlink()
    said = python_with(tmp_path, {}, code).stdout
    assert "picamera2 does not import (No module named 'picamera2')" in said
    assert "sudo apt install --reinstall python3-picamera2" in said
    # as the installer runs it: one line on stderr, exit 1, no traceback
    run = python_with(tmp_path, {}, f"import runpy; runpy.run_path({str(CHECKER)!r}, "
                                    "run_name='__main__')")
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("install-pi.sh: the table's Python cannot use apt's packages: ")


def test_the_check_prints_no_pygame_greeting() -> None:
    """Installing on Debian 12, pygame greeted the community in the installer's output twice,
    once after the line saying what was wrong. (The real pygame: the fakes above print
    nothing.)"""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    run = subprocess.run([sys.executable, str(CHECKER)], capture_output=True, text=True,
                         env=env, timeout=60, check=False)
    assert run.returncode == 1  # (this venv's packages are pip's, not apt's)
    assert "pygame community" not in run.stdout + run.stderr
    assert run.stdout == "" and run.stderr.count("\n") == 1


def _installed_checks(tmp_path: Path) -> list[str]:
    """The Python the installer runs in the new venv to check what went in (`python -c`)."""
    import shlex

    found = []
    for command in commands(dry_run(tmp_path).stdout):
        words = shlex.split(command)
        if words[0] == f"{tmp_path}{VENV}/bin/python" and words[1:2] == ["-c"]:
            found.append(words[2])
    assert len(found) == 2, found  # the nets and demo files there; the reader reads them
    return found


def _run_check(code: str, patch: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", f"{patch}\n{code}"], capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


def test_the_installed_checks_fail_with_one_line_that_says_what_to_do(tmp_path: Path) -> None:
    """A package without its nets, or an OpenCV that cannot read them: one line that names
    the trouble (it was a Python traceback ending in AssertionError), exit code 1."""
    files, reader = _installed_checks(tmp_path)
    lost = _run_check(files, "import farkle_pi.assets as a; from pathlib import Path; "
                             "a.missing = lambda: [Path('/opt/x/dice_reader.onnx')]")
    assert lost.returncode == 1 and "Traceback" not in lost.stderr
    assert lost.stderr.strip().splitlines() == [
        "install-pi.sh: installed without /opt/x/dice_reader.onnx: run it from a whole "
        "checkout of farkle-pi (git clone, with models/ and fixtures/)"]
    unread = _run_check(reader, "import farkle_pi.doctor as d; d.check_reader = lambda c: "
                                "d.Finding('reader', d.Status.FAIL, 'cannot read the nets')")
    assert unread.returncode == 1 and unread.stderr.strip() == "FAIL reader: cannot read the nets"


def test_the_installed_checks_pass_on_a_whole_checkout(tmp_path: Path) -> None:
    for code in _installed_checks(tmp_path):
        result = _run_check(code)
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


# --- found in review 58 ----------------------------------------------------------------------


def test_a_pip_opencv_contrib_installed_with_sudo_is_named_as_pip_knows_it(
        tmp_path: Path) -> None:
    """`sudo pip install --break-system-packages opencv-contrib-python` (the tutorials' choice,
    for ArUco): the line said to uninstall opencv-python and opencv-python-headless, which pip
    skips as not installed, and the next run of the installer stopped on the same line."""
    code = ("import check_apt_python as c\n"
            f"print('\\n'.join(c.problems(apt={str(tmp_path / 'apt')!r} + '/', prefix='/usr')))")
    result = python_with(tmp_path, {"cv2": "__version__ = '4.10.0'\n"}, code)
    assert result.returncode == 0, result.stderr
    fix = result.stdout.splitlines()[-1]
    assert fix.startswith("remove those pip copies (sudo pip uninstall --break-system-packages ")
    assert "opencv-contrib-python " in fix and "opencv-contrib-python-headless" in fix


def test_a_pip_copy_in_the_venv_itself_is_removed_with_the_venvs_pip(tmp_path: Path) -> None:
    """A module pip put in /opt/farkle-pi/venv (one the installer does not remove itself): the
    line sent the owner to the system's pip (`sudo pip uninstall --break-system-packages`),
    which does not see the venv's copies, so the installer stopped there run after run."""
    venv = tmp_path / "usr-local"  # (the folder python_with puts before apt's)
    code = ("import check_apt_python as c\n"
            f"print('\\n'.join(c.problems(apt={str(tmp_path / 'apt')!r} + '/', prefix='/usr', "
            f"venv={str(venv)!r})))")
    result = python_with(tmp_path, {"picamera2": ""}, code)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[0] == f"picamera2 comes from {venv}/picamera2.py, not apt's {tmp_path}/apt/"
    assert said[-1] == (f"remove the venv's own copies (sudo {venv}/bin/pip uninstall -y "
                        "picamera2), then run the installer again")
    assert "--break-system-packages" not in result.stdout


def test_the_installer_removes_every_pip_twin_of_apts_packages_from_the_venv(
        tmp_path: Path) -> None:
    """opencv-contrib-python and picamera2 pip put in the venv shadowed apt's too, and were left
    there (the installer then stopped on the check that found them)."""
    root, state = tmp_path / "root", tmp_path / "state"
    root.mkdir()
    state.mkdir()
    (state / "pip-list").write_text(
        "opencv-contrib-python==4.10.0.84\npicamera2==0.3.22\nfarkle-pi==0.1.0\n",
        encoding="utf-8")
    result = real_run(root, state)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "pip uninstall -y opencv-contrib-python picamera2" in log(state)


def test_a_venv_of_another_python_is_told_to_be_remade_not_to_uninstall(
        tmp_path: Path) -> None:
    """(A mutant left alive in review 58.) A venv run by a Python built into /usr/local sees
    none of apt's packages: the fix is a venv from apt's Python, not an apt reinstall."""
    code = ("import check_apt_python as c\n"
            f"print('\\n'.join(c.problems(apt={str(tmp_path / 'apt')!r} + '/', "
            "prefix='/usr/local')))")
    python_with(tmp_path, {}, "")  # (the fakes made)
    (tmp_path / "apt" / "cv2.py").unlink()
    said = python_with(tmp_path, {}, code).stdout.splitlines()
    assert said == ["cv2 does not import (No module named 'cv2')",
                    "the venv runs /usr/local/bin/python3, not apt's /usr/bin/python3: remove "
                    "/opt/farkle-pi/venv and run the installer again"]
