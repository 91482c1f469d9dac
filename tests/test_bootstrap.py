"""`./bootstrap test`'s Bookworm and Trixie stages make more venvs and pip install into them:
pip's notes went straight to the terminal, between the test runs, where `setup()` keeps them in
a log shown only when the install fails (a newcomer review). The stages' `pinned_venv` is run on
its own here, with a stand-in for `python -m venv` whose pip only talks, so nothing is
installed; so is the Trixie stage with no Python 3.13 to be found."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAKING = "making {} for the tests under the Pi's packages (a minute or two) ...\n"


def _bookworm_venv(tmp_path: Path, pip_exit: int) -> tuple[subprocess.CompletedProcess[str],
                                                              Path]:
    make = tmp_path / "make-venv"
    make.write_text(
        "#!/bin/sh\n"
        'mkdir -p "$1/bin"\n'
        f"printf '#!/bin/sh\\necho \"WARNING: pip says so\" >&2\\nexit {pip_exit}\\n'"
        ' > "$1/bin/python"\n'
        'chmod +x "$1/bin/python"\n'
    )
    make.chmod(0o755)
    venv = tmp_path / "bookworm"
    script = (f"set -euo pipefail; cd {shlex.quote(str(ROOT))}; "
              "eval \"$(sed -n '/^pinned_venv()/,/^}/p' bootstrap)\"; "
              f"pinned_venv {shlex.quote(str(venv))} {shlex.quote(str(make))} numpy==1.24.2; "
              "echo made")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          check=False)
    return done, venv


def test_the_bookworm_venv_keeps_pip_s_notes_in_a_log(tmp_path: Path) -> None:
    done, venv = _bookworm_venv(tmp_path, pip_exit=0)
    assert (done.returncode, done.stdout, done.stderr) == (0, "made\n", MAKING.format(venv))
    assert "WARNING: pip says so" in (venv / ".farkle-install.log").read_text()
    assert (venv / ".farkle-installed").is_file()


def test_a_bookworm_venv_that_fails_to_install_shows_the_log(tmp_path: Path) -> None:
    done, venv = _bookworm_venv(tmp_path, pip_exit=1)
    log = venv / ".farkle-install.log"
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == MAKING.format(venv) + (
        f"WARNING: pip says so\ninstalling the test venv {venv} failed (above; kept in "
        f"{log})\n")
    assert not (venv / ".farkle-installed").exists()


def test_the_trixie_stage_says_it_did_not_run_without_a_python_3_13(tmp_path: Path) -> None:
    """No Python 3.13 on the PATH nor in pyenv: one line on stderr says the stage was not run
    (never a silent pass), and the test command goes on."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("python3.13", "pyenv"):  # a pyenv that knows no 3.13, a shim that fails
        (bin_dir / name).write_text("#!/bin/sh\nexit 1\n")
        (bin_dir / name).chmod(0o755)
    script = (f"set -euo pipefail; cd {shlex.quote(str(ROOT))}; PATH={bin_dir}:/usr/bin:/bin; "
              "eval \"$(sed -n '/^TRIXIE_VENV=/,/^cmd=/p' bootstrap | grep -v '^cmd=')\"; "
              "trixie_tests; echo went on")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout) == (0, "went on\n")
    assert done.stderr.startswith("NOT RUN: the tests under Trixie's Python 3.13")
    assert done.stderr.count("\n") == 1
