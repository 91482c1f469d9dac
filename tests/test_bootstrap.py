"""`./bootstrap test`'s Bookworm stage makes a second venv and pip installs into it: pip's notes
went straight to the terminal, between the two test runs, where `setup()` keeps them in a log
shown only when the install fails (a newcomer review). The stage's `bookworm_venv` is run on
its own here, with a stand-in for `python -m venv` whose pip only talks, so nothing is
installed."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAKING = "making {} for the tests under Bookworm's packages (a minute or two) ...\n"


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
              f"BOOKWORM_VENV={shlex.quote(str(venv))}; "
              "eval \"$(sed -n '/^bookworm_venv()/,/^}/p' bootstrap)\"; "
              f"bookworm_venv {shlex.quote(str(make))} numpy==1.24.2; echo made")
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
        f"WARNING: pip says so\ninstalling the Bookworm test venv {venv} failed (above; kept in "
        f"{log})\n")
    assert not (venv / ".farkle-installed").exists()
