"""numpy's BLAS runs on one thread unless the caller says otherwise (farkle_pi/__init__.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# A fresh interpreter: the package first, as the `farkle-pi` command loads it, then numpy; the
# threads the process holds once numpy's BLAS has loaded, and the setting it loaded with
PROBE = """
import os
import farkle_pi
import numpy as np
np.ones((64, 64)) @ np.ones((64, 64))
print(os.environ["OPENBLAS_NUM_THREADS"], len(os.listdir("/proc/self/task")))
"""


def probe(**env: str) -> tuple[str, int]:
    clean = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", PROBE], env={**clean, **env}, cwd=REPO,
                         capture_output=True, text=True, check=True).stdout.split()
    return out[0], int(out[1])


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc (Linux)")
def test_numpy_loads_with_one_blas_thread() -> None:
    setting, threads = probe()
    assert setting == "1"
    assert threads == 1  # OpenBLAS would start one per core


def test_a_callers_own_setting_stands() -> None:
    setting, _ = probe(OPENBLAS_NUM_THREADS="3")
    assert setting == "3"
