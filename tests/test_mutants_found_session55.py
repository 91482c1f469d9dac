"""Found by a mutation review of sessions 40-55's table code (the colour question after typed
dice and after tap corrections, the press guards, the Pi's coloured throws, names alike, reports
on a full disk): behaviour the earlier tests left open, each test failing on a mutant that
survived them. The code was right in every case."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from collections import Counter, namedtuple
from pathlib import Path
from typing import Any

import pytest
from test_colour_question import (  # noqa: F401 (the two table fixtures)
    BLUE,
    RED,
    camera_table_fixture,
    manual_table_fixture,
    options,
    stored_throws,
    tap,
    type_in,
)
from tray_news import TrayDie, TrayNews

from farkle_pi import doctor
from farkle_pi.config import Config, StoreConfig, load_config
from farkle_pi.doctor import Status
from farkle_pi.files import unwritten, write_picture, write_surface
from farkle_pi.game import Throw, Undo
from farkle_pi.rules import Die, Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.fairdice import coloured_throw, verify
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action, ActionKind

PORTLAND = load_rules("portland")
DiskUsage = namedtuple("DiskUsage", "total used free")


def settle(table: Table, seen: list[tuple[int | None, tuple[int, int, int]]]) -> None:
    """Dice at rest in the tray, left to right, as the camera read them."""
    table.tray(TrayNews("settled", tuple(
        TrayDie(face, colour, (100.0 + 60 * i, 100.0)) for i, (face, colour) in enumerate(seen))))
    assert not table.error, table.error


def faces(table: Table) -> list[int | None]:
    return [die.face for die in table.view().dice]


# -- the correction's question, as drawn ---------------------------------------------------------

def test_a_correction_asked_of_draws_its_dice_without_colours_or_a_keep_marked(
        table: Table) -> None:
    """Three 2s answered one colour (given red), 3 and 4s blue; the 3 tapped to a 4 asks of
    the 4s: the dice drawn in the colours given would answer it for the players (three blue
    4s), and dice marked as the option highlighted take a keep that is not offered."""
    type_in(table, "222443")
    table.handle(Action("keep"))  # the 2s: one colour
    tap(table, 3)  # the 3 -> 4
    view = table.view()
    assert view.question == "three 4s: all one colour?" and view.options == ()
    assert [(d.face, d.colour) for d in view.dice] == [(f, None) for f in (2, 2, 2, 4, 4, 4)]
    assert not any(die.marked for die in view.dice)


@pytest.mark.parametrize("kind", ["undo", "erase"])
def test_undo_of_a_correction_question_puts_the_dice_back_where_they_were_drawn(
        table: Table, kind: ActionKind) -> None:
    """The 5 of 2 2 4 4 5 6 tapped on: 6 (held), 1 (stored: the 1 stays in the 5's place), 2
    (three 2s: asked). UNDO (or the keypad's erase key) goes back to the dice as drawn before
    that tap, the 1 where the 5 was (drawn sorted, the die being stepped jumped to the front
    and the next tap stepped a 2); nothing of the correction is left held."""
    type_in(table, "224456")
    tap(table, 4, 2)  # 5 -> 6 -> 1: played, drawn in place
    assert faces(table) == [2, 2, 4, 4, 1, 6]
    tap(table, 4)  # 1 -> 2: three 2s
    assert table.view().question == "three 2s: all one colour?"
    table.handle(Action(kind))
    assert table.view().question == "" and not table.error and table.correcting is None
    assert faces(table) == [2, 2, 4, 4, 1, 6] and table.view().options
    tap(table, 4)  # the same die again: asked again
    assert table.view().question == "three 2s: all one colour?"


def test_an_answered_correction_keeps_each_die_where_it_is_drawn(table: Table) -> None:
    """The answer recolours the dice (typed without colours, given red and blue now): they
    stay in their places, the tapped die under the finger (drawn sorted, the 2 moved and the
    next tap stepped another die)."""
    type_in(table, "224456")
    tap(table, 4, 3)  # 5 -> 6 -> 1 -> 2: three 2s
    table.handle(Action("next"))  # mixed
    assert stored_throws(table)[-1] == "2:blue 2:red 2:red 4:blue 4:blue 6:blue"
    assert faces(table) == [2, 2, 4, 4, 2, 6]
    tap(table, 4)  # that 2 -> 3: the 2s no triple now
    assert faces(table) == [2, 2, 4, 4, 3, 6] and table.view().question == ""


def test_two_faces_asked_in_turn_show_no_error_between_answers(table: Table) -> None:
    """Three 2s and three 5s typed: the first answer asks the next face, nothing stored and
    nothing wrong (playing after the first answer was an internal error on the screen)."""
    type_in(table, "555222")
    table.handle(Action("next"))
    assert not table.error and table.view().question == "three 5s: all one colour?"
    assert stored_throws(table) == []
    table.handle(Action("keep"))
    assert not table.error and len(stored_throws(table)) == 1


# -- typed or seen: whose colours ---------------------------------------------------------------

def test_a_throw_partly_typed_keeps_the_cameras_colours_when_set_right(
        camera_table: Table) -> None:
    """The camera read five dice and saw the colour of a sixth it could not read: the face
    typed for it makes a throw in the camera's colours, not the table's. A tap that makes
    three blue 4s of the 3 scores them as seen (800), unasked."""
    settle(camera_table, [(2, RED), (2, RED), (4, BLUE), (4, BLUE), (None, BLUE), (6, BLUE)])
    assert camera_table.unread is not None
    type_in(camera_table, "3")
    assert stored_throws(camera_table) == ["2:red 2:red 3:blue 4:blue 4:blue 6:blue"]
    tap(camera_table, 2)  # the 3 -> 4
    assert camera_table.view().question == ""
    assert ("three 4s of one colour", 800) in options(camera_table)


def test_a_new_game_after_a_resumed_one_does_not_ask_of_the_cameras_dice(
        tmp_path: Path) -> None:
    """A table restarted mid-game does not know whether the throws stored before were typed;
    the evening's next game does: its camera throw of red and blue dice is the camera's, and
    a tap setting a face right asks nothing."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0,
                      resume=False, camera=True)
        table.new_game()
        settle(table, [(5, RED), (5, RED), (4, BLUE), (3, BLUE), (2, BLUE), (6, BLUE)])
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0, camera=True)
        assert table.state is not None and len(table.state.throws) == 1  # resumed
        table.new_game()
        settle(table, [(2, RED), (2, RED), (4, BLUE), (4, BLUE), (3, BLUE), (6, BLUE)])
        tap(table, 2)  # the 3 -> 4: three blue 4s, as seen
        assert table.view().question == ""
        assert ("three 4s of one colour", 800) in options(table)


def test_a_throw_stored_by_another_farkle_pi_counts_as_maybe_typed(tmp_path: Path) -> None:
    """Another farkle-pi typed 2 2 2 3 4 4 (the 2s one colour, given red; the rest blue) while
    this table looked on: its next input is refused and the game as stored shows. Where that
    throw came from is not known here, so the 3 tapped to a 4 asks (three blue 4s doubled
    unasked, else)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0,
                      resume=False, camera=True)
        table.new_game()
        with Store(tmp_path / "farkle.db") as other:
            elsewhere = other.latest()
            assert elsewhere is not None
            elsewhere.apply(Throw(Roll.parse("2:red 2:red 2:red 3:blue 4:blue 4:blue")))
        for face in "234566":  # typed here meanwhile: refused
            table.handle(Action("digit", int(face)))
        assert "another farkle-pi" in table.error
        assert table.state is not None and len(table.state.throws) == 1
        tap(table, 3)  # the 3 -> 4
        assert table.view().question == "three 4s: all one colour?"
        table.handle(Action("next"))
        assert ("three 2s of one colour + three 4s", 800) in options(table)


def test_dice_settling_in_the_tray_end_a_question_on_typed_dice(camera_table: Table) -> None:
    """Asked of 2 2 2 3 4 6 typed while the camera was lost; the camera back, Ann throws
    instead: the throw read is played and the question goes (left up, the next KEEP answered
    it and tried to store the typed throw over the camera's)."""
    camera_table.camera_trouble = "no camera found"
    type_in(camera_table, "222346")
    assert camera_table.view().question == "three 2s: all one colour?"
    camera_table.camera_trouble = ""
    settle(camera_table, [(1, RED), (5, RED), (4, BLUE), (4, BLUE), (3, BLUE), (6, BLUE)])
    assert camera_table.view().question == "" and camera_table.asking is None
    assert stored_throws(camera_table) == ["1:red 3:blue 4:blue 4:blue 5:red 6:blue"]
    camera_table.handle(Action("keep"))  # takes an option, as the screen shows
    assert not camera_table.error
    assert camera_table.state is not None and len(camera_table.state.kept) == 1


def test_after_a_restart_dice_typed_without_colours_are_asked_about(tmp_path: Path) -> None:
    """Typed 2 2 3 4 4 5 while the camera was lost: nothing three alike, stored without
    colours. After a restart mid-turn such dice may have been typed (a camera gives colours):
    the 3 tapped to a 4 asks of the three 4s (else they scored as mixed, unasked)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0,
                      resume=False, camera=True)
        table.new_game()
        table.camera_trouble = "no camera found"
        type_in(table, "224435")
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, PORTLAND, ["Ann", "Bob"], "camera", clock=lambda: 0.0, camera=True)
        assert stored_throws(table) == ["223445"]
        tap(table, 2)  # the 3 -> 4
        assert table.view().question == "three 4s: all one colour?"
        table.handle(Action("keep"))
        assert ("three 4s of one colour + single 5", 850) in options(table)


# -- the Pi's dice in two colours ---------------------------------------------------------------

def test_hot_dice_throw_the_whole_set_paired_as_a_turns_first_throw() -> None:
    """All six set aside and thrown again: the set's colours paired with the seed's faces as
    at the start of a turn (the pairing is what `farkle-pi verify` checks a stored game
    against: thrown as an even mix, red and blue in turn, a game's colours changed)."""
    faces = (6, 2, 2, 2, 5, 1)
    hot = (Roll([Die(2, "red")] * 3), Roll([Die(1, "blue"), Die(5, "blue"), Die(5, "blue")]))
    assert coloured_throw(faces, hot).dice == coloured_throw(faces, ()).dice
    after_hot = (*hot, Roll([Die(1, "blue")]))  # the latest keep, not the ones before six
    assert Counter(coloured_throw(faces[:5], after_hot).dice) == Counter(
        [Die(6, "blue"), Die(2, "blue"), Die(2, "red"), Die(2, "red"), Die(5, "red")])


def test_the_pis_throw_after_a_throw_undone_elsewhere_is_the_seeds_next(tmp_path: Path) -> None:
    """Another farkle-pi took the Pi's first throw back: it was thrown, so the next is the
    seed's second throw (as `verify` counts them), not the first again."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "virtual",
                      clock=lambda: 0.0, resume=False, say=lambda _: None)
        table.new_game()
        table.handle(Action("keep"))  # the Pi throws
        assert table.state is not None and len(table.state.throws) == 1 and not table.error
        with Store(tmp_path / "farkle.db") as other:
            elsewhere = other.latest()
            assert elsewhere is not None
            elsewhere.apply(Undo())
        table.handle(Action("keep"))  # refused: the game as stored shows
        assert "another farkle-pi" in table.error and not table.state.throws
        table.handle(Action("keep"))
        assert table.fair is not None and table.game is not None
        assert table.state.last_throw is not None
        assert table.state.last_throw.faces == tuple(sorted(table.fair.throw(2, 6)))
        assert verify(table.fair.commitment, table.fair, table.game.game.events) == []


# -- files on a full disk -----------------------------------------------------------------------

@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EDQUOT, errno.EFBIG])
def test_a_picture_not_written_on_a_full_card_says_to_free_space(code: int) -> None:
    """A real full SD card is ENOSPC (the full-disk tests stand in with a file size limit,
    EFBIG): each says the disk is full, not the other advice."""
    error = OSError(code, os.strerror(code))
    said = unwritten(Path("OUT.png"), error, "give a folder that exists")
    assert said == (f"cannot write OUT.png: {os.strerror(code)} (free some disk space, or "
                    "write it elsewhere)")


def test_a_picture_of_a_kind_opencv_cannot_write_is_a_value_error(tmp_path: Path) -> None:
    """`--draw out.xyz`: one clear ValueError for the command to show, nothing written."""
    import numpy as np

    with pytest.raises(ValueError, match=r"OpenCV cannot write a \.xyz file"):
        write_picture(tmp_path / "out.xyz", np.zeros((8, 8, 3), np.uint8))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("name", "magic"), [("shot.bmp", b"BM"), ("shot.jpg", b"\xff\xd8"),
                                             ("shot.png", b"\x89PNG")])
def test_a_screenshot_is_written_in_the_format_its_name_says(
        tmp_path: Path, name: str, magic: bytes) -> None:
    import pygame

    write_surface(tmp_path / name, pygame.Surface((8, 8)))
    assert (tmp_path / name).read_bytes().startswith(magic)


def test_a_disk_io_error_with_room_on_the_disk_is_not_called_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite says "disk I/O error" on a full disk, and on a failing card too: with room
    free the doctor does not say the disk is full and nothing is lost."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))

    def failing_card(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(sqlite3, "connect", failing_card)
    monkeypatch.setattr(shutil, "disk_usage", lambda where: DiskUsage(10**10, 10**9, 10**9))
    finding = doctor.check_database(Config(store=StoreConfig(database=path)))
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert "disk is full" not in finding.message and "disk I/O error" in finding.message


def test_a_relative_database_variable_is_made_absolute(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`FARKLE_PI_DB=farkle.db`: the doctor opens it by a file URI, which needs an absolute
    path (a relative one was a ValueError traceback)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FARKLE_PI_DB", "farkle.db")
    monkeypatch.delenv("FARKLE_PI_CONFIG", raising=False)
    config = load_config()
    assert config.store.database == tmp_path / "farkle.db"
    with Store(config.store.database) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))
    assert doctor.check_database(config).status is Status.OK
