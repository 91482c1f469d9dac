"""The reports (`history`, `stats`, `fairness`, `game show`) write nothing, yet on a full disk
they said "cannot open ...: disk I/O error": SQLite could not make the -shm file it reads a WAL
database with, so the evening's scores could not be read over SSH until space was freed (found
in a newcomer review, on a filled tmpfs). With no write-ahead log holding moves, the file alone
is read as it is, as in a folder the report may not write to.

A full disk is stood in for as in test_pictures_full_disk: a limit on the size of any file the
command writes (RLIMIT_FSIZE) makes SQLite's own -shm fail as on a full card, and the store's
free-space check is told there is nothing free."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from farkle_pi.game import Bank, Keep, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store

ROOT = Path(__file__).resolve().parent.parent

FULL_DISK = """
import shutil, sys
from types import SimpleNamespace
shutil.disk_usage = lambda where: SimpleNamespace(total=8, used=8, free=0)
from farkle_pi.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _on_a_full_disk(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    def small_files_only() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4000, 4000))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("FARKLE_PI_DB", None)
    return subprocess.run([sys.executable, "-c", FULL_DISK, *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=small_files_only)


def _game(path: Path) -> Store:
    store = Store(path)
    table = store.new_game(["Ann", "Bob"], load_rules("standard"))
    table.apply(Throw(Roll.parse("115234")))
    table.apply(Keep(Roll.parse("11")))
    return store


SHOWN = {  # what each report says about the stored game
    "history": "unfinished: Ann 0, Bob 0",
    "stats": "Ann              1    0",
    "fairness": "6 dice values   1: 2  2: 1  3: 1  4: 1  5: 1  6: 0",
    "game show": "Ann has 200 this turn",
}


@pytest.mark.parametrize("words", sorted(SHOWN))
def test_a_report_reads_the_games_on_a_full_disk(words: str, tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    _game(path).close()  # the last connection folds the log in and removes it
    before = path.read_bytes()
    done = _on_a_full_disk([*words.split(), "--db", str(path)], tmp_path)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert SHOWN[words] in done.stdout, done.stdout
    assert path.read_bytes() == before


def test_a_log_not_folded_in_on_a_full_disk_is_still_one_clear_line(tmp_path: Path) -> None:
    """A -wal with moves in it would be read past by a snapshot of the file alone: the report
    then says to free some space, as before, rather than show the games without them."""
    source, copy = tmp_path / "table.db", tmp_path / "copy" / "farkle.db"
    copy.parent.mkdir()
    with _game(source):
        shutil.copy(source, copy)
        shutil.copy(f"{source}-wal", f"{copy}-wal")
    assert Path(f"{copy}-wal").stat().st_size > 0 and not Path(f"{copy}-shm").exists()
    done = _on_a_full_disk(["history", "--db", str(copy)], tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"farkle-pi: cannot open {copy}: disk I/O error (free some disk "
                           "space and try again; nothing stored was lost)\n")


def test_a_log_beside_a_linked_database_is_not_read_past(tmp_path: Path) -> None:
    """`--db` a symlink (the file on a stick, linked from home): SQLite keeps the -wal beside
    the file the link names, so that is where a log with moves in it must be looked for. Looked
    for beside the link, none was found, and the report read the file alone: the game as it was
    at the last fold-in, its banked 200 not there ("Ann 0"), with no word of it."""
    played, copy = tmp_path / "table.db", tmp_path / "stick" / "farkle.db"
    copy.parent.mkdir()
    _game(played).close()  # folded in: Ann has 200 this turn, nothing banked
    with Store(played) as store:
        game = store.latest()
        assert game is not None
        game.apply(Bank())  # in the -wal only, while the table still has it open
        shutil.copy(played, copy)
        shutil.copy(f"{played}-wal", f"{copy}-wal")
    link = tmp_path / "home" / "farkle.db"
    link.parent.mkdir()
    link.symlink_to(copy)
    done = _on_a_full_disk(["history", "--db", str(link)], tmp_path)
    assert "Ann 0" not in done.stdout
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.endswith("disk I/O error (free some disk space and try again; nothing "
                                "stored was lost)\n"), done.stderr


def test_a_log_removed_while_it_is_looked_at_is_no_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table closing removes its -wal: between "is there a -wal" and "how big is it" it
    may be gone. That is no log to read past, not a traceback (FileNotFoundError)."""
    path = tmp_path / "farkle.db"
    _game(path).close()
    store = Store(path)
    store.close()  # (the last connection: its -wal is gone)
    wal = f"{path.resolve()}-wal"
    assert not Path(wal).exists()
    real_exists = Path.exists
    monkeypatch.setattr(Path, "exists", lambda self: str(self) == wal or real_exists(self))
    monkeypatch.setattr("farkle_pi.store.db._disk_full", lambda where: True)
    assert store._sealed()
