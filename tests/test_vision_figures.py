"""benchmarks/vision_figures.py: the README's vision tables in one run, counted as
`farkle-pi evaluate` counts them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from shared_data import real_photos

from farkle_pi.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "vision_figures.py"


def table(*args: str) -> dict[str, list[str]]:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("| set | photos | dice | right |")
    return {cells[0]: cells[1:] for cells in
            ([c.strip() for c in line.strip("|").split("|")] for line in lines[2:])}


def test_each_row_is_what_evaluate_says(capsys: pytest.CaptureFixture[str]) -> None:
    """The hold-out rows are scored from readings shared with the other byler rows; they must
    be evaluate's own figures, and the renders' rows too."""
    byler = real_photos("byler_d6")
    rows = table("--quick")
    review = ROOT / "fixtures" / "label_review" / "byler_d6.jsonl"
    for name, words in (
        ("byler_d6 hold-out, as labelled", ["--split", "holdout", str(byler)]),
        ("byler_d6 hold-out, labels reviewed",
         ["--split", "holdout", "--label-review", str(review), str(byler)]),
        ("fixtures/vision/hard", [str(ROOT / "fixtures" / "vision" / "hard")]),
    ):
        assert main(["evaluate", "--json", *words]) == 0
        want = json.loads(capsys.readouterr().out)
        photos, dice, right, unreadable, wrong, missed_extra, photos_right = rows[name]
        assert (int(photos), int(dice), int(right.split()[0])) == (
            want["photos"], want["dice"], want["right"])
        assert (int(unreadable), int(wrong.split()[0]), int(photos_right)) == (
            want["unreadable"], want["wrong_confident"], want["photos_right"])
        assert missed_extra == f"{want['missed']} / {want['extra']}"
    assert rows["byler_d6 all 250, as labelled"][:2] == ["250", "1800"]
    train, holdout = rows["byler_d6 training split, labels reviewed"], rows[
        "byler_d6 hold-out, labels reviewed"]
    assert int(train[1]) + int(holdout[1]) == 1800  # the two splits share no photo
    assert "rune55 `circle`" not in rows  # --quick reads byler_d6 and the renders only


def test_the_data_folder_can_be_named(tmp_path: Path) -> None:
    """From a checkout not beside shared/data every byler row was left out (on stderr only):
    --data names the folder."""
    byler = real_photos("byler_d6")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "byler_d6").symlink_to(byler, target_is_directory=True)
    named = table("--quick", "--data", str(tmp_path / "elsewhere"))
    assert named["byler_d6 all 250, as labelled"][:2] == ["250", "1800"]
    done = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "byler_d6" not in done.stdout
    assert f"byler_d6 left out: no {tmp_path / 'byler_d6' / 'labels.jsonl'} (give --data DIR)" \
        in done.stderr
