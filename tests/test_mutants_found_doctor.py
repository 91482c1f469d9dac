"""Behaviour of `farkle-pi doctor` that a hand-made mutation review found untested: each test
fails on one small change to farkle_pi/doctor.py that would pass a Pi that cannot run the
table, fail one that can, or give the wrong fix. The probes (child processes that load
hardware libraries) are swapped for canned facts, as tests/test_doctor.py does."""

from __future__ import annotations

from pathlib import Path

from test_doctor import config_with

from farkle_pi import doctor
from farkle_pi.doctor import Status
from farkle_pi.rules import load_rules
from farkle_pi.store import Store


def test_a_damaged_database_names_the_first_damage(tmp_path: Path) -> None:
    """F97 (doctor.py:573, the whole quick_check verdict kept: several lines). SQLite begins
    its verdict with a line "*** in database main ***" and then one line per damage: the
    doctor's line must stay one line and say what is damaged, not only that header (which
    was all it said)."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size + 7] = 50  # page 2's count of fragmented free bytes: a lie
    path.write_bytes(bytes(data))
    config = config_with(tmp_path, f'[store]\ndatabase = "{path}"\n')
    finding = doctor.check_database(config)
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert finding.message.startswith(
        f"{path} is damaged (Fragmentation of 0 bytes reported as 50 on page 2); ")
