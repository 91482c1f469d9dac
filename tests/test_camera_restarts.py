"""A restart anywhere changes nothing (camera games): seeded stories of camera play (throws,
keeps taken out of the tray in one or two grabs, keeps chosen with NEXT and KEEP, BANK, UNDO of
a keep, a die tapped round to its face again, faces typed for a die the camera cannot read,
farkles, hot dice, steals under tyler, portland's red and white dice), each played straight
through and again with the table started again (a new Store on the file, a new Table, a new
live tray from open_live_tray) before each of its events and presses, and while dice roll.
The game stored at the end must be the same; where input was held in memory only (see
tests/camera_restarts.py) nothing stored may change. Every run also checks that each command
is on disk before the screen shows it. benchmarks/camera_restarts.py runs many more stories."""

from __future__ import annotations

from pathlib import Path

import pytest
from camera_restarts import all_restarts, items_between, straight, write_calibration


@pytest.mark.parametrize(("seed", "rules", "turns", "every"), [
    (1, "standard", 3, 1),
    (6, "tyler", 5, 6),  # every sixth point: under a minute together
    (7, "portland", 4, 8),
    (3, "portland", 4, 31),  # four points, one after the face of an unread die was entered
])
def test_a_restart_anywhere_changes_nothing_stored(
        seed: int, rules: str, turns: int, every: int, tmp_path: Path) -> None:
    calibration = write_calibration(tmp_path)
    story = straight(seed, rules, tmp_path, calibration, turns)
    assert story.final is not None and len(story.final.turns) >= turns - 1
    wrong = [o for o in all_restarts(story, tmp_path, calibration, every) if not o.ok]
    assert not wrong, "\n".join(
        f"restarted before item {o.at} ({o.label}): {o.note}; the story from there: "
        f"{items_between(story, o.at, o.at + 60)}" for o in wrong)
