"""SIGKILL at 200 random points of a game: the store resumes exactly, nothing lost or doubled."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from crash_harness import reference, run_trials

TRIALS = int(os.environ.get("FARKLE_PI_CRASH_TRIALS", "200"))


def test_the_script_is_a_whole_game() -> None:
    _, states = reference()
    assert states[-1].over and states[-1].winner_names() == ("Cy",)
    assert [p.score for p in states[-1].players] == [4000, 550, 5650]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_sigkill_at_random_points_resumes_exactly(tmp_path: Path) -> None:
    report = run_trials(tmp_path, TRIALS, seed=20261129)
    assert report.trials == TRIALS
    assert report.ok, report.failures[:5]
