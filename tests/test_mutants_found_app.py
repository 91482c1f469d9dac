"""Behaviour of the table's main loop that a hand-made mutation review found untested: each
test fails on one small change to farkle_pi/app.py that players would notice."""

from __future__ import annotations

from dataclasses import replace
from queue import Queue

import numpy as np
import pygame
import pytest
import test_app_game
import test_presses
from test_app_game import BANK, tap, type_keys
from test_presses import PINS as PRESS_PINS
from test_presses import Tabletop
from tray_scenes import THREE, FakeReader, Film

import farkle_pi.app as app_module
from farkle_pi.app import App
from farkle_pi.devices import Frame
from farkle_pi.table.camera import LiveTray
from farkle_pi.table.presses import HELD
from farkle_pi.tray import Tray
from farkle_pi.ui.actions import Action
from farkle_pi.ui.render import render  # what farkle_pi.app calls
from farkle_pi.ui.screens.results import GROW_SECONDS
from farkle_pi.ui.theme import DARK

app = test_app_game.app  # Ann and Bob to 2,000, manual dice, 800x480, buttons on mock pins
camera = test_presses.camera  # Ann has thrown by camera and kept 200, BANK on mock pins


def counted_frames(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The screens the app draws from now on (one entry a frame that drew)."""
    drawn: list[object] = []

    def counting(*args: object, **kwargs: object) -> object:
        drawn.append(args[1])
        return render(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app_module, "render", counting)
    return drawn


@pytest.mark.parametrize("kind", [pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE],
                         ids=["window exposed", "video expose"])
def test_a_window_uncovered_is_drawn_again(app: App, monkeypatch: pytest.MonkeyPatch,
                                           kind: int) -> None:
    """An unchanged screen is not redrawn, but a window uncovered (a screensaver gone, a
    dialog closed) shows what was over it until it is: it is drawn again at once."""
    drawn = counted_frames(monkeypatch)
    app.step()
    app.step()
    assert len(drawn) == 1
    pygame.event.post(pygame.event.Event(kind))
    app.step()
    assert len(drawn) == 2


def test_escape_ends_the_loop_and_what_came_after_it_is_not_played(app: App) -> None:
    """Quit (Escape, or the window closed) stops the table; a press queued behind it in the
    same frame is not played into the game on the way out."""
    app.step()
    BANK(app)  # the game starts: Ann to throw
    type_keys(app, "15523")
    before = app.table.view().dice
    app.actions.put(Action("quit"))
    app.actions.put(Action("digit", value=4))
    assert app.step() is False
    assert app.running is False
    assert app.table.view().dice == before


def test_a_button_pressed_with_a_tap_that_kept_dice_is_dropped(app: App) -> None:
    """A tap that keeps dice changes the game for everyone at the table: BANK pressed in the
    same instant was meant for the screen before, and is dropped (only a tap on a die is
    watched by its own player)."""
    app.step()
    BANK(app)
    type_keys(app, "155234")
    tap(app, "option", 0)  # the highlighted option, tapped: kept
    state = app.table.state
    assert state is not None and state.phase == "choose" and state.turn_points > 0
    app.actions.put(Action("bank", button=True))  # no time to see the keep
    app.step()
    after = app.table.state
    assert after is not None and after.current == state.current
    assert after.turn_points == state.turn_points


def test_the_tray_is_told_each_throws_dice_and_to_stop_counting_at_the_end(app: App) -> None:
    """The tray checks a throw's dice count against the game's: six at the start, the dice
    left after each keep, and no count once the game is over (dice rolled for fun after the
    winner is shown are no wrong throw)."""
    told: list[int | None] = []
    app.expect = told.append
    test_app_game.test_a_whole_game(app)
    assert told[0] == 6 and told[-1] is None
    assert all(count is None or 1 <= count <= 6 for count in told)
    assert told.count(None) == 1


def test_a_banner_is_drawn_every_frame_while_it_grows_and_then_left_alone(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The BANK banner grows in over GROW_SECONDS: each frame meanwhile is drawn (else it
    jumps in, or stays half grown); once grown, an unchanged screen is not drawn again."""
    app.step()
    BANK(app)
    type_keys(app, "155234")
    BANK(app)  # Ann banks: the results banner, growing from now
    assert app.view is not None and app.view.screen == "results"
    drawn = counted_frames(monkeypatch)
    for _ in range(3):
        app.step()  # no time passed on the table's clock: still growing
    assert len(drawn) == 3
    test_app_game.later(app, GROW_SECONDS)
    drawn.clear()
    for _ in range(3):
        app.step()
    assert drawn == []


def test_the_trays_picture_is_shown_in_its_true_colours_and_kept_up_to_date(app: App) -> None:
    """The camera's frames are BGR: a blue tray cloth is drawn blue, not orange; and every new
    frame replaces the picture on the throw screen (a frozen picture looks like a hung camera)."""
    def tray(channel: int, index: int) -> Frame:
        image = np.zeros((48, 64, 3), np.uint8)
        image[:, :, channel] = 255
        return Frame(image, index / 15, index)

    frames = [tray(0, 1)]  # BGR: all blue
    app.camera = lambda: frames[-1]
    app.table.setup = replace(app.table.setup, dice_mode="camera")
    app.step()
    BANK(app)  # Ann's turn: the tray's picture while the throw is awaited
    assert app._picture is not None
    assert tuple(app._picture[1].get_at((0, 0)))[:3] == (0, 0, 255)
    frames.append(tray(2, 2))  # all red
    app.step()
    assert tuple(app._picture[1].get_at((0, 0)))[:3] == (255, 0, 0)


def test_the_app_reads_the_queue_it_was_given(app: App) -> None:
    """Buttons opened before the app put their presses on a queue handed to it: that queue is
    the one each frame reads."""
    presses: Queue[Action] = Queue()
    given = App(app.table, app.surface, DARK, actions=presses)
    presses.put(Action("quit"))
    assert given.step() is False


def test_bank_waits_while_the_followed_trays_dice_move_and_goes_through_once_read(
        camera: Tabletop) -> None:
    """Following a live tray, BANK pressed while its picture moves waits (the dice thrown
    may land a Farkle); once the tray has read still dice, the BANK goes through."""
    live = LiveTray(None, Tray(FakeReader(), None, expect_full=6), Queue())
    camera.app.follow(live)
    for frame in Film().rolling(0.5, THREE).frames:
        live.tray.feed(frame)
    camera.press(PRESS_PINS.bank)
    view = camera.app.view
    assert view is not None and view.prompt == HELD
    assert camera.scores() == {"Ann": 0, "Bob": 0}
    for frame in Film().still(3.0, THREE).frames:
        live.tray.feed(frame)
    camera.app.step()
    assert camera.scores() == {"Ann": 200, "Bob": 0}
