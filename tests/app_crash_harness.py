"""Pull the plug on the whole table: `farkle-pi table` runs headless in a child process with a
scripted hand (tests/app_crash_child.py), is killed with SIGKILL at a random moment, restarted,
and its first frame must show the game as it was after the last command that had reached disk.

The child reports each frame (commands stored, what the screen shows). A kill can land between a
commit and its report, so the restarted table may be one command ahead of the last report,
never behind (lost) and never further (doubled); the screen must equal the reference screen for
that many commands, which an uninterrupted in-process run of the same script recorded.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action, ActionKind

CHILD = Path(__file__).resolve().parent / "app_crash_child.py"
PLAYERS = ("Ann", "Bob", "Cy")
RULES = {"target": "1000000"}  # long enough that the script never reaches the end
TRANSIENT = {"screen", "selected", "banner", "prompt", "typed", "face", "error", "history", "stats",
             "setup"}
SILENCE_SECONDS = 60.0  # a table that reports no frame for this long has hung
Unit = list[tuple[ActionKind, int]]  # the presses of one command: (kind, value) pairs


def position(table: Table) -> int:
    """Commands the stored game holds (-1: no game yet, the setup screen)."""
    return -1 if table.game is None else table.game.game.played


def durable_view(table: Table) -> dict[str, Any]:
    """What the screen shows that comes from the stored game (not the highlight or a banner)."""
    view = dataclasses.asdict(table.view())
    durable: dict[str, Any] = json.loads(
        json.dumps({k: v for k, v in view.items() if k not in TRANSIENT})
    )
    return durable


def write_config(folder: Path) -> Path:
    config = folder / "config.toml"
    players = ", ".join(f'"{name}"' for name in PLAYERS)
    rules = "\n".join(f"{key} = {value}" for key, value in RULES.items())
    config.write_text(
        f'[table]\nplayers = [{players}]\ndice = "manual"\n'
        f'[rules]\npreset = "standard"\n{rules}\n'
        f'[screen]\nsize = "480x320"\nfullscreen = false\n'
        f'[buttons]\npin_factory = "mock"\n'
        f'[store]\ndatabase = "{folder / "farkle.db"}"\n'
    )
    return config


def reference(folder: Path, units: int, seed: int) -> tuple[list[Unit], list[dict[str, Any]]]:
    """A scripted evening, played once without a kill: the units and the screen after each
    (index = commands stored + 1, so index 0 is the setup screen before the game)."""
    rng = random.Random(seed)
    script: list[Unit] = [[("bank", 0)]]  # BANK on the setup screen starts the game
    with Store(folder / "reference.db") as store:
        table = Table(store, load_rules("standard", RULES), PLAYERS, "manual", say=lambda _: None)
        views = [durable_view(table)]
        table.handle(Action("bank"))
        views.append(durable_view(table))
        bank_at = rng.choice([300, 500, 1000])
        while len(script) < units:
            state = table.state
            assert state is not None
            if state.phase == "keep":
                unit: Unit = [("keep", 0)]
            elif state.can_bank and state.turn_points >= bank_at:
                unit, bank_at = [("bank", 0)], rng.choice([300, 500, 1000])
            else:
                faces = [rng.randint(1, 6) for _ in range(state.dice_to_throw)]
                unit = [("digit", face) for face in Roll.of(*faces).faces]
            before = position(table)
            for kind, value in unit:
                table.handle(Action(kind, value))
            assert position(table) == before + 1 and not table.error, (unit, table.error)
            script.append(unit)
            views.append(durable_view(table))
    return script, views


@dataclass
class AppCrashReport:
    trials: int = 0
    lost: int = 0
    doubled: int = 0
    wrong_screen: int = 0
    frame_errors: int = 0
    ahead_of_report: int = 0  # kills between a commit and its report (allowed)
    commands: int = 0  # commands stored by the end
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.doubled or self.wrong_screen or self.frame_errors)


class Child:
    """One run of the table; `next_report()` is its next frame report (None: it has ended, or
    said nothing for `SILENCE_SECONDS`, which `silent` records)."""

    def __init__(self, folder: Path, script: Path, config: Path) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   GPIOZERO_PIN_FACTORY="mock", PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.log = open(folder / "child.log", "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), str(script), "table", "--config", str(config),
             "--windowed"],
            stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL, env=env,
            bufsize=0,  # unbuffered, so select() sees what is left to read
        )
        self.silent = False
        assert self.process.stdout is not None
        self.stdout = self.process.stdout

    def next_report(self) -> dict[str, Any] | None:
        ready, _, _ = select.select([self.stdout], [], [], SILENCE_SECONDS)
        if not ready:
            self.silent = True  # a hung table must fail the test, not hang it
            return None
        line = self.stdout.readline()
        return json.loads(line) if line else None

    def kill(self) -> list[dict[str, Any]]:
        """SIGKILL, then the reports written before it (the pipe keeps them)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        rest = [json.loads(line) for line in self.stdout.read().splitlines() if line]
        self.stdout.close()
        self.log.close()
        return rest


def run_trials(folder: Path, trials: int, seed: int = 1, units: int = 2000) -> AppCrashReport:
    """`trials` kills at random frames of one long evening; each restart is checked."""
    rng = random.Random(seed)
    script, views = reference(folder, units, seed)
    script_file = folder / "units.json"
    script_file.write_text(json.dumps(script))
    config = write_config(folder)
    report = AppCrashReport()
    last_reported = -1
    first = True
    while report.trials < trials:
        child = Child(folder, script_file, config)
        resumed = child.next_report()
        if resumed is None:
            child.kill()
            log = (folder / "child.log").read_text(errors="replace").strip().splitlines()
            report.failures.append("the table did not start: " + " | ".join(log[-6:]))
            report.frame_errors += 1
            break
        if not first:
            _check(resumed, last_reported, views, report)
        first = False
        reported = [resumed]
        for _ in range(rng.randint(0, 12)):  # frames to let pass, then a moment within one
            line = child.next_report()
            if line is None:
                break
            reported.append(line)
        if child.silent:
            report.frame_errors += 1
            report.failures.append(f"trial {report.trials}: the table stopped reporting frames")
        time.sleep(rng.choice([0.0, rng.uniform(0, 0.03), rng.uniform(0, 0.005)]))
        reported += child.kill()
        report.trials += 1
        report.frame_errors += sum(1 for line in reported if line["errors"] or line["error"])
        last_reported = max(line["played"] for line in reported)
        if last_reported + 2 >= len(script):
            report.failures.append("the script ran out: give it more units")
            break
    final = Child(folder, script_file, config)
    resumed = final.next_report()
    final.kill()
    if resumed is not None:
        _check(resumed, last_reported, views, report)
        report.commands = resumed["played"]
    return report


def _check(resumed: dict[str, Any], reported: int, views: list[dict[str, Any]],
           report: AppCrashReport) -> None:
    stored = resumed["played"]
    where = f"trial {report.trials}: {reported} reported, {stored} on restart"
    if stored < reported:
        report.lost += 1
        report.failures.append(f"{where}: lost")
    elif stored > reported + 1:
        report.doubled += 1
        report.failures.append(f"{where}: doubled")
    elif resumed["view"] != views[stored + 1]:
        report.wrong_screen += 1
        report.failures.append(f"{where}: the screen differs from the reference")
    report.ahead_of_report += stored == reported + 1
