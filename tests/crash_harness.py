"""Pull the plug on a scorekeeper: a child process plays a scripted game through the store and
is killed with SIGKILL at a random moment; the reopened store must resume exactly.

The child reports on a pipe each command whose `apply` has returned. A kill can land between a
commit and its report, so the file may hold one command more than was reported, never fewer
(lost) and never a command twice or half a command (doubled, torn).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from game_script import parse_script

from farkle_pi.game import Command, Game, GameState
from farkle_pi.rules import RuleSet, load_rules
from farkle_pi.store import Store

PLAYERS = ("Ann", "Bob", "Cy")
RULES = load_rules("tyler", {"target": "5000", "three_farkles": "500"})
SCRIPT = """
throw 111123
keep 1111
throw 52
keep 5
bank
throw 123455
undo
throw 123456
keep 12345
throw 5
keep 5
bank
throw 223344
keep 223344
throw 523466
correct 523461
keep 15
bank
steal
throw 1234
keep 1
bank
steal
throw 234
throw 234662
throw 234662
throw 234662
throw 555555
keep 555555
bank
throw 116234
keep 11
bank
throw 234662
"""


@dataclass
class CrashReport:
    trials: int = 0
    lost: int = 0  # the file held fewer commands than had returned
    doubled: int = 0  # more than one command beyond the last report
    wrong: int = 0  # the resumed state differs from the script's state at that point
    unfinished_commit: int = 0  # kills that landed after a commit, before its report
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.doubled or self.wrong)


def reference(rules: RuleSet = RULES) -> tuple[list[Command], list[GameState]]:
    """The script and the state after each prefix of it (index = commands played)."""
    commands = parse_script(SCRIPT)
    game = Game(PLAYERS, rules)
    states = [game.state]
    for command in commands:
        game.apply(command)
        states.append(game.state)
    return commands, states


def _child(path: Path, start: int, commands: list[Command], report: int) -> None:
    try:
        store = Store(path)
        if start < 0:
            table = store.new_game(PLAYERS, RULES)
            os.write(report, b"new\n")
        else:
            table = store.latest()  # type: ignore[assignment]
            assert table is not None and table.game.played == start
        for i in range(max(start, 0), len(commands)):
            table.apply(commands[i])
            os.write(report, f"{i}\n".encode())
    finally:
        os._exit(0)


def _returned(lines: list[str]) -> int:
    """How many commands had returned (-1: not even the new game)."""
    played = [int(line) for line in lines if line.isdigit()]
    if played:
        return max(played) + 1
    return 0 if "new" in lines else -1


def templates(directory: Path) -> list[Path]:
    """Snapshots of the stored game after each prefix of the script, to resume from."""
    commands, _ = reference()
    paths = []
    with Store(directory / "building.db") as store:
        table = store.new_game(PLAYERS, RULES)
        for played in range(len(commands) + 1):
            path = directory / f"template{played}.db"
            with sqlite3.connect(store.path) as live, sqlite3.connect(path) as copy:
                live.backup(copy)
            live.close()
            copy.close()
            paths.append(path)
            if played < len(commands):
                table.apply(commands[played])
    return paths


def trial(
    path: Path, snapshots: list[Path], rng: random.Random, report: CrashReport, resume_all: bool
) -> None:
    """Resume from a snapshot (or start afresh), play on, and SIGKILL at a random moment."""
    commands, states = reference()
    kill_after = rng.randrange(-1, len(commands))  # the report to wait for (-1: the new game)
    start = -1 if kill_after < 0 or rng.random() < 0.1 else rng.randint(
        max(0, kill_after - 3), kill_after
    )
    if start >= 0:
        shutil.copyfile(snapshots[start], path)
    delay = rng.choice([0.0, rng.uniform(0, 0.004), rng.uniform(0, 0.001)])
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_end)
        _child(path, start, commands, write_end)
    os.close(write_end)
    wanted = "new" if kill_after < 0 else str(kill_after)
    text = ""
    while wanted not in text.split():
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        text += chunk.decode()
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_end, 4096):
        text += chunk.decode()
    os.close(read_end)
    _check(path, _returned(text.split()), commands, states, report, resume_all)


def _check(
    path: Path,
    returned: int,
    commands: list[Command],
    states: list[GameState],
    report: CrashReport,
    resume_all: bool,
) -> None:
    report.trials += 1
    with Store(path) as store:
        table = store.latest()
        stored = -1 if table is None else table.game.played
        where = f"trial {report.trials}: {returned} returned, {stored} stored"
        if stored < returned:
            report.lost += 1
            report.failures.append(f"{where}: lost")
            return
        if stored > returned + 1:
            report.doubled += 1
            report.failures.append(f"{where}: doubled")
            return
        report.unfinished_commit += stored == returned + 1
        if table is None:
            return
        if table.state != states[stored]:
            report.wrong += 1
            report.failures.append(f"{where}: wrong state")
            return
        if resume_all:  # the resumed game plays on to the scripted end
            for command in commands[stored:]:
                table.apply(command)
            if table.state != states[-1]:
                report.wrong += 1
                report.failures.append(f"{where}: resumed game diverged")


def run_trials(directory: Path, trials: int, seed: int, resume_every: int = 10) -> CrashReport:
    rng = random.Random(seed)
    report = CrashReport()
    snapshots = templates(directory)
    for number in range(trials):
        path = directory / f"crash{number}.db"
        trial(path, snapshots, rng, report, resume_all=number % resume_every == 0)
        for leftover in directory.glob(f"crash{number}.db*"):
            leftover.unlink()
    return report
