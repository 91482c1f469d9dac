"""SIGKILL the whole table mid-game, restart it, and see the same game on the screen.

The long version with many more kills: benchmarks/app_crash_test.py.
"""

from __future__ import annotations

from pathlib import Path

from app_crash_harness import reference, run_trials


def test_the_reference_evening_is_one_command_per_unit(tmp_path: Path) -> None:
    script, views = reference(tmp_path, units=60, seed=3)
    assert len(script) == len(views) - 1 == 60
    assert {unit[0][0] for unit in script} == {"bank", "keep", "digit"}
    assert views[-1]["players"] != views[1]["players"]  # points were banked on the way


def test_sigkill_the_table_at_random_frames_and_restart(tmp_path: Path) -> None:
    report = run_trials(tmp_path, trials=25, seed=7, units=800)
    assert report.ok, report.failures
    assert report.trials == 25 and report.commands > 25
