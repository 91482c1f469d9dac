"""Files this user may not use (on a Pi the table's are the farkle user's, and a user runs
`farkle-pi stats` over SSH): one line that names the file and whose they likely are, never a
traceback; the table shows it on its screen, as any other start error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from another_user import as_another_user, shared_file, shared_folder
from fuzzing import assert_clean, run_cli

from farkle_pi import config as config_module
from farkle_pi.cli import main
from farkle_pi.commands import table as table_command
from farkle_pi.errors import TABLE_USER
from farkle_pi.game import Throw
from farkle_pi.rules import Roll
from farkle_pi.store import Store
from farkle_pi.table import trouble
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.keep import keep_photo

CONFIG = '[table]\ndice = "manual"\n[screen]\nsize = "480x320"\nfullscreen = false\n'


@pytest.fixture
def closed(capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    """A folder holding a game and a config, closed to this user."""
    with shared_folder() as folder:
        inner = folder / "closed"
        inner.mkdir()
        assert main(["game", "new", "--db", str(inner / "farkle.db"), "--players", "A", "B"]) == 0
        (inner / "config.toml").write_text(CONFIG)
        capsys.readouterr()
        inner.chmod(0o000)
        yield inner


@pytest.mark.parametrize("words", [
    ["history"], ["stats"], ["fairness"], ["game", "show"], ["game", "bank"], ["verify", "1"],
], ids=" ".join)
def test_a_database_in_a_closed_folder_is_one_line(closed: Path, words: list[str]) -> None:
    argv = [*words, "--db", str(closed / "farkle.db")]
    run_cli(argv)  # its lazy imports first: Python's own files may be closed to the other user
    with as_another_user(closed.parent):
        outcome = run_cli(argv)
    assert_clean(outcome)
    assert outcome.code == 2 and "farkle.db: permission denied for this user" in outcome.err
    assert TABLE_USER in outcome.err


def test_a_database_file_this_user_may_not_read_says_so(closed: Path) -> None:
    closed.chmod(0o755)
    (closed / "farkle.db").chmod(0o000)
    with as_another_user(closed.parent):
        outcome = run_cli(["history", "--db", str(closed / "farkle.db")])
    assert_clean(outcome)
    assert outcome.code == 2 and "this user may not read it" in outcome.err


def test_a_config_in_a_closed_folder_is_one_line_and_doctor_names_it(closed: Path) -> None:
    config = str(closed / "config.toml")
    with as_another_user(closed.parent):
        checked = run_cli(["config", "check", "--config", config])
        doctor = run_cli(["doctor", "--config", config])
    assert_clean(checked)
    assert checked.code == 2 and "config.toml: permission denied" in checked.err
    assert doctor.code == 1 and not doctor.crash
    (line,) = [x for x in doctor.out.splitlines() if x.startswith("FAIL config")]
    assert "permission denied" in line and "please report it" not in doctor.out


@pytest.fixture
def trouble_shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the table's trouble screen says (and nobody presses a button)."""
    shown: list[str] = []

    def nobody_presses(surface: object, theme: object, message: str, pins: object) -> bool:
        shown.append(message)
        return False

    monkeypatch.setattr(trouble, "show_trouble", nobody_presses)
    return shown


def table_trouble(closed: Path, database: Path, shown: list[str]) -> str:
    """What `farkle-pi table` run by another user shows, its config open, its database at
    `database`."""
    config = shared_file(closed.parent / "open.toml",
                         CONFIG + f'[store]\ndatabase = "{database}"\n')
    with as_another_user(closed.parent):
        outcome = run_cli(["table", "--config", str(config)])
    assert_clean(outcome)
    assert outcome.code == 2 and len(shown) == 1, outcome.err
    return shown[0]


def test_the_table_shows_a_database_it_may_not_use_on_its_screen(
        closed: Path, trouble_shown: list[str]) -> None:
    """Not a traceback in the journal and a dark screen."""
    shown = table_trouble(closed, closed / "farkle.db", trouble_shown)
    assert "farkle.db: permission denied for this user" in shown


def test_the_table_shows_any_file_it_may_not_use_on_its_screen(
        closed: Path, trouble_shown: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever it opens once started (a calibration `sudo farkle-pi calibrate` left root's)."""

    def play(*args: object) -> int:
        (closed / "calibration.json").read_text()
        return 0

    monkeypatch.setattr(table_command, "_play", play)
    shown = table_trouble(closed, closed.parent / "farkle.db", trouble_shown)
    assert "calibration.json: permission denied for this user" in shown


def test_a_pi_user_on_an_installed_table_loads_the_config_and_is_told_whose_the_games_are(
        closed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The installed table's folder is closed to `pi`: the config still loads (it names the
    folder, it does not open it), and a report says whose the games are."""
    system = shared_file(closed.parent / "etc-config.toml", CONFIG)
    monkeypatch.setattr(config_module, "SYSTEM_CONFIG", system)
    monkeypatch.setattr(config_module, "SYSTEM_STATE", closed)
    run_cli(["history"])  # its lazy imports first, as root
    with as_another_user(closed.parent):
        checked = run_cli(["config", "check"])
        report = run_cli(["history"])
    assert checked.code == 0 and str(system) in checked.out, checked
    assert_clean(report)
    assert report.code == 2 and f"{closed / 'farkle.db'}: permission denied" in report.err


@pytest.mark.skipif(os.geteuid() != 0, reason="only root makes files in another user's folder")
def test_a_game_root_starts_in_the_tables_folder_stays_the_tables(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`sudo farkle-pi game new`, `calibrate` or `dice-check --keep` before the table's first
    start: the files are the folder owner's, so the table (that user) can write them again."""
    with shared_folder() as folder:
        table_folder = folder / "farkle-pi"
        table_folder.mkdir()
        os.chown(table_folder, 65534, 65534)
        path = table_folder / "farkle.db"
        assert main(["game", "new", "--db", str(path), "--players", "Ann", "Bob"]) == 0
        Calibration().save(table_folder / "calibration.json")  # as `sudo farkle-pi calibrate`
        keep_photo(table_folder / "dice-photos", "round", np.zeros((8, 8, 3), np.uint8), [])
        assert {(p.name, p.stat().st_uid) for p in table_folder.rglob("*")} == {
            ("farkle.db", 65534), ("calibration.json", 65534), ("dice-photos", 65534),
            ("round.jpg", 65534), ("labels.jsonl", 65534), ("README.md", 65534)}
        with as_another_user(folder), Store(path) as store:
            table = store.resume()
            assert table is not None
            table.apply(Throw(Roll.parse("115234")))
        capsys.readouterr()
