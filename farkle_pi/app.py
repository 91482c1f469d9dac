"""The table's loop: buttons, keys, taps and tray events in; the game (durable first); the screen.

One frame: collect inputs onto one queue, let the table handle them (each game command is on
disk before anything shows it), draw the view, light the BANK lamp. An exception in a frame is
logged and shown on the screen, and the next frame goes on.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from queue import Empty, Queue
from typing import TypeVar

import numpy as np
import pygame

from farkle_pi.devices import Frame
from farkle_pi.devices.buttons import TableButtons
from farkle_pi.table.camera import LiveTray
from farkle_pi.table.presses import BankHold, SeenGuard
from farkle_pi.table.table import Table
from farkle_pi.table.tray_input import TrayNews
from farkle_pi.ui.actions import Action, Hit, event_action
from farkle_pi.ui.display import show
from farkle_pi.ui.render import render
from farkle_pi.ui.screens.results import GROW_SECONDS
from farkle_pi.ui.screens.throw import shows_picture
from farkle_pi.ui.theme import Theme
from farkle_pi.ui.view import TableView

log = logging.getLogger(__name__)

FPS = 30
REDRAW_EVENTS = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED)
T = TypeVar("T")


class App:
    def __init__(
        self,
        table: Table,
        surface: pygame.Surface,
        theme: Theme,
        actions: Queue[Action] | None = None,
        tray_events: Queue[TrayNews] | None = None,
        buttons: TableButtons | None = None,
        camera: Callable[[], Frame | None] | None = None,
        expect: Callable[[int | None], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.surface = surface
        self.theme = theme
        self.actions: Queue[Action] = actions or Queue()
        self.tray_events: Queue[TrayNews] = tray_events or Queue()
        self.buttons = buttons
        self.camera = camera  # the latest frame from the tray's camera, shown while waiting
        self._picture: tuple[int, pygame.Surface] | None = None
        self.expect = expect  # tells the tray how many dice the next throw must have
        self.camera_status: Callable[[], str] | None = None  # "" or why the camera is lost
        self.camera_opening: Callable[[], str] | None = None  # "" or that it is starting
        self.tray_waiting: Callable[[], str] | None = None  # "" or why the tray reads nothing
        self.seen = SeenGuard(clock)  # button presses the players had no time to mean
        self.bank_hold: BankHold | None = None  # BANK while the tray's dice roll (camera)
        self.view: TableView | None = None  # what the last frame showed
        self._expected: int | None = None
        self._drawn: tuple[TableView, int | None] | None = None
        self.hits: list[Hit] = []
        self.running = True
        self.frames = 0
        self.errors = 0

    def follow(self, live: LiveTray) -> None:
        """Play from the live tray: its picture while waiting, why it cannot read (no camera,
        an arm in the tray), and the dice count the game expects next."""
        self.camera = lambda: live.latest
        self.expect = live.tray.expect
        self.camera_status = live.status
        self.camera_opening = live.opening
        self.tray_waiting = lambda: live.tray.waiting
        self.bank_hold = BankHold(self.seen.clock, lambda: live.tray.state != "read")

    def step(self) -> bool:
        """One frame; False once someone quit."""
        try:
            self._inputs()
            self._draw()
        except Exception as error:  # a crash in one frame never ends the evening
            self.errors += 1
            log.exception("frame %d failed", self.frames)
            self.table.error = f"internal error: {error}"
        self.frames += 1
        return self.running

    def _inputs(self) -> None:
        # the table plays on without its camera (dice entered by hand) and says why
        self.table.camera_trouble = self.camera_status() if self.camera_status else ""
        self.table.camera_opening = self.camera_opening() if self.camera_opening else ""
        for event in pygame.event.get():
            if event.type in REDRAW_EVENTS:
                self._drawn = None  # the window was uncovered or changed: draw it again
            action = event_action(event, self.hits, self.table.typing_text)
            if action is not None:
                self.actions.put(action)
        # what the tray saw first: a throw that landed as BANK was pressed came before it
        self.seen.look(self.table)
        for news in _drain(self.tray_events):
            self.table.tray(news)
            self.seen.look(self.table)
        for action in _drain(self.actions):
            if action.kind == "quit":
                self.running = False
                return
            framed = self.table.framed  # NEXT steps a framed die: its player looks at it
            if self.seen.drops(action):
                log.info("%s pressed before the change on the screen could be seen: dropped",
                         action.kind)
            elif self.bank_hold is None or not self.bank_hold.takes(action, self.table):
                if self.bank_hold is not None:
                    self.bank_hold.passed_over(action, self.table)
                self.table.handle(action)
            self.seen.look(self.table, watched=(action.tapped and action.kind == "die")
                           or (action.kind == "next" and framed is not None))
        if self.bank_hold is not None:
            self.bank_hold.release(self.table)
            self.seen.look(self.table)
        held = self.bank_hold.waiting if self.bank_hold is not None else ""
        self.table.tray_waiting = held or (self.tray_waiting() if self.tray_waiting else "")
        self._tell_tray()

    def _tell_tray(self) -> None:
        """Before a throw the game knows exactly how many dice it needs; the tray checks it."""
        state = self.table.state
        if self.expect is None or state is None or state.phase == "keep":
            return
        count = None if state.over else state.dice_to_throw
        if count != self._expected:
            self._expected = count
            self.expect(count)

    def _draw(self) -> None:
        view = self.table.view()
        self.view = view
        if self.buttons is not None:
            self.buttons.show_bank(bank_lamp_lit(view))
        # the camera's frames are converted and drawn only where the screen shows them: a
        # keep phase or a scoreboard is not redrawn 15 times a second (a Pi stays cool)
        picture = self._camera_picture() if shows_picture(view) else None
        seconds = self.table.banner_seconds()
        growing = view.screen == "results" and seconds < GROW_SECONDS
        key = (view, self._picture[0] if self._picture and picture else None)
        if key == self._drawn and not growing:
            return  # nothing changed: a Pi waiting for dice stays cool
        self.hits = render(self.surface, view, self.theme, seconds, picture)
        show()
        self._drawn = key

    def _camera_picture(self) -> pygame.Surface | None:
        """The camera's latest frame as a surface (converted once per new frame)."""
        frame = self.camera() if self.camera else None
        if frame is None:
            return None
        if self._picture is None or self._picture[0] != frame.index:
            rgb = np.ascontiguousarray(frame.image[:, :, ::-1])
            height, width = rgb.shape[:2]
            surface = pygame.image.frombuffer(rgb.tobytes(), (width, height), "RGB")
            self._picture = (frame.index, surface)
        return self._picture[1]

    def run(self, until: Callable[[], bool] = lambda: False, fps: int = FPS) -> None:
        """Frames until quit (or `until()` says so), at most `fps` a second (0 = no limit)."""
        clock = pygame.time.Clock()
        while self.step() and not until():
            if fps:
                clock.tick(fps)


def bank_lamp_lit(view: TableView) -> bool:
    """The BANK lamp is lit where BANK does something: banks, or starts the game. Not on the
    whole scoreboard, where BANK goes back to the game (a held NEXT opens it mid-turn: a lit
    lamp there would say BANK banks)."""
    return view.screen == "setup" or (view.can_bank and view.screen != "scoreboard")


def _drain(queue: Queue[T]) -> list[T]:
    items = []
    while True:
        try:
            items.append(queue.get_nowait())
        except Empty:
            return items
