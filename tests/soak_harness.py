"""A long evening, accelerated: one table, one store, one screen, game after game through the
app loop headless - recorded tray sessions (camera mode: the video decoded, the tray following
it) taking turns with virtual-dice games - while the process's memory (VmRSS) and open file
descriptors are sampled after each game.

Time is simulated (a frame = 0.1 s of table time, as in `farkle-pi demo --headless`), so an
hour of play takes about a minute; `played` adds it up.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from farkle_pi.app import App
from farkle_pi.commands.demo import PRESS_SECONDS, TRAY_RULES, VIRTUAL_TARGET
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.autoplay import next_press
from farkle_pi.table.camera import DEMO_SESSION, Recording, TrayPlayer
from farkle_pi.table.table import Table
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK

FRAME_SECONDS = 0.1
PLAYERS = ("Ann", "Bob")


@dataclass(frozen=True)
class Sample:
    games: int
    frames: int
    played: float  # seconds of table time so far
    rss_kb: int
    fds: int
    errors: int  # frames that failed (the app's own count)


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


class Evening:
    """The table of one long night; `play_game()` plays one more game to its end."""

    def __init__(self, folder: Path) -> None:
        self.clock = 0.0
        self.store = Store(folder / "soak.db")
        self.table = Table(self.store, load_rules("standard"), PLAYERS, "virtual",
                           clock=lambda: self.clock, say=lambda _: None, resume=False)
        self.app = App(self.table, open_surface((800, 480), headless=True), DARK)
        self.games = 0

    def close(self) -> None:
        self.store.close()

    def play_game(self) -> None:
        recorded = self.games % 2 == 0
        self._new_game("camera" if recorded else "virtual")
        player = TrayPlayer.open(Recording(DEMO_SESSION))[0] if recorded else None
        self.app.camera = (lambda: player.latest) if player else None
        self.app.expect = player.tray.expect if player else None
        start = last_press = self.clock
        try:
            while self.app.step():
                if player is not None:
                    for event in player.until(self.clock - start):
                        self.app.tray_events.put(event)
                view = self.table.view()
                if view.screen == "winner" or (player is not None and player.finished
                                               and self.app.tray_events.empty()):
                    break
                if self.clock - last_press >= PRESS_SECONDS:
                    press = next_press(view)
                    if press is not None:
                        self.app.actions.put(press)
                        last_press = self.clock
                self.clock += FRAME_SECONDS
        finally:
            if player is not None:
                player.close()
        self.games += 1

    def _new_game(self, mode: str) -> None:
        """What the setup screen would do: this game's dice and target, then BANK."""
        table = self.table
        rules = TRAY_RULES if mode == "camera" else {"target": VIRTUAL_TARGET}
        table.base_rules = load_rules("standard", rules)
        table.setup = replace(table.setup, players=PLAYERS, dice_mode=mode,
                              target=table.base_rules.target)
        table.mode = mode
        table.new_game()

    def sample(self) -> Sample:
        # the copy of the game just ended is made beside the table, with files of its own
        # open while it runs: minutes pass before a real table's next game, so it is done
        self.store.finish_backup()
        return Sample(self.games, self.app.frames, self.app.frames * FRAME_SECONDS, rss_kb(),
                      open_fds(), self.app.errors)


def soak(folder: Path, games: int, report: Callable[[Sample], None] = lambda _: None
         ) -> list[Sample]:
    """Play `games` games; a sample before the first and after each."""
    evening = Evening(folder)
    try:
        samples = [evening.sample()]
        for _ in range(games):
            evening.play_game()
            samples.append(evening.sample())
            report(samples[-1])
        return samples
    finally:
        evening.close()
