"""A picture a command draws (detect --draw, screenshot, dice-check --save, calibrate's empty
tray; demo --out shares screenshot's way) onto a full disk: one line that says the disk is
full, and no empty or half-written picture left behind. OpenCV's and pygame's own writers
printed libpng's complaint as a line of its own first ("libpng error: Write Error"), said to
give "a folder that exists" when it did, and screenshot and demo --out left a truncated PNG
(found by hand in a bad-input review).

A full disk is stood in for by a limit on the size of any file the command writes
(RLIMIT_FSIZE): the write fails part way as on a full card, with no root and no mount. (The
demo is left out: its own game database outgrows any limit its picture would break.)"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PHOTO = ROOT / "fixtures" / "vision" / "synth_00.png"
TRAY = ROOT / "fixtures" / "tray"


def _run(argv: list[str], cwd: Path, limit: int = 4000) -> subprocess.CompletedProcess[str]:
    def small_files_only() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "FARKLE_PI_CACHE": "off",
           "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "farkle_pi", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=small_files_only)


CASES = {
    "detect": ["detect", "--draw", "OUT.png", str(PHOTO)],
    "screenshot": ["screenshot", "--screen", "throw", "OUT.png"],
    "dice-check": ["dice-check", "--source", str(TRAY / "count"), "--calibration",
                   str(TRAY / "count.calibration.json"), "--faces", "2356", "--wait", "2",
                   "--save", "OUT.png"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_picture_onto_a_full_disk_is_one_line_and_leaves_no_half_file(
        name: str, tmp_path: Path) -> None:
    done = _run(CASES[name], tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("farkle-pi: ") and "OUT.png" in done.stderr
    assert "File too large" in done.stderr or "No space" in done.stderr
    assert "free some disk space" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_calibrate_onto_a_full_disk_is_one_line(tmp_path: Path) -> None:
    """The empty tray's picture is the first thing calibrate saves; nothing is left."""
    import cv2

    frames = tmp_path / "frames"
    frames.mkdir()
    empty = cv2.imread(str(ROOT / "fixtures" / "vision" / "tray_empty.png"))
    for i in range(20):
        cv2.imwrite(str(frames / f"{i:04d}.png"), empty)  # (before the limit: this process)
    out = tmp_path / "out"
    out.mkdir()
    done = _run(["calibrate", "--source", str(frames), "--fps", "30", "--die-size", "40",
                 "--out", str(out / "tray.json")], tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "tray.reference.png" in done.stderr and "free some disk space" in done.stderr
    assert list(out.iterdir()) == []
