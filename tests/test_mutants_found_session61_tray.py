"""Camera mode as a game night meets it (the sixty-first session's review of the live tray):
the defects found playing the evening through the table's tray seam, and the mutants of
farkle_pi/table/tray_input.py and camera.py that survived the tests (each test fails on the
mutant or without the fix its docstring names)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from queue import Queue

import pytest
from seating import seated
from test_mutants_found_tray_input import kept, points
from test_review55_found import restarted
from test_survival_camera import Cable, FakeCamera, no_dice, wait_for
from tray_news import TrayDie
from tray_news import TrayNews as News
from tray_scenes import FPS, THREE, FakeReader, Film, picture

from farkle_pi.devices import Frame
from farkle_pi.devices.frames import SourceBase
from farkle_pi.rules import load_rules
from farkle_pi.table.camera import LiveTray
from farkle_pi.table.table import Table
from farkle_pi.tray import Tray, TrayEvent
from farkle_pi.ui.actions import Action


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Ann and Bob, standard rules, camera dice, the first throw due."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "camera") as table:
        yield table


def spread(faces: str) -> tuple[TrayDie, ...]:
    """Dice in a row a die's width apart, as they lie in the tray (each keeps its place)."""
    return tuple(TrayDie(int(face), center=(100.0 * k, 100.0)) for k, face in enumerate(faces))


# -- defects found playing the evening ----------------------------------------------------------

def test_a_die_put_back_before_the_keep_is_no_longer_out(table: Table) -> None:
    """One 2 of three taken out, then put back among the still dice, then the 1 and the three
    2s taken out: the keep is 1 2 2 2, 300. Until session 61 the 2 put back was still counted
    out of the tray, so the third 2 taken out was none of the throw's dice and the turn
    scored the 1 alone, 100, silently."""
    six = spread("222134")
    table.tray(News("settled", six))
    table.tray(News("removed", six[:1]))
    table.tray(News("settled", six, lying=5))  # the 2 back where it lay
    table.tray(News("removed", six[3:4]))
    assert kept(table) == ["1"]
    table.tray(News("removed", six[:3]))
    assert kept(table) == ["1222"] and points(table) == 300


def test_a_keep_undone_and_its_die_put_back_is_not_kept_with_the_next(table: Table) -> None:
    """The 1 taken out (kept), UNDO, the 1 put back, then the 5 taken out: the keep is the 5,
    50, and four dice are due with the 1 among them. Until session 61 the 1 put back still
    counted as out and the keep was 1 5, 150, with the 1 lying in the tray."""
    six = spread("152346")
    table.tray(News("settled", six))
    table.tray(News("removed", six[:1]))
    assert kept(table) == ["1"]
    table.handle(Action("undo"))
    table.tray(News("settled", six, lying=5))
    table.tray(News("removed", six[1:2]))
    assert kept(table) == ["5"] and points(table) == 50
    assert table.state is not None and table.state.dice_to_throw == 5


def test_a_die_knocked_over_while_picking_is_no_die_put_back(table: Table) -> None:
    """A 2 of three taken out, then the hand knocks the 3 over onto a 2 (it lands elsewhere):
    no die came back, so the other two 2s taken out make the triple with the first, 200. Were
    the knocked die taken for the 2 put back (the 3 that lay still is gone: not a put-back),
    the two 2s would make no keep."""
    six = spread("222134")
    table.tray(News("settled", six))
    table.tray(News("removed", six[:1]))
    knocked = (*six[1:4], TrayDie(2, center=(450.0, 300.0)), six[5])
    table.tray(News("settled", knocked, lying=4))
    table.tray(News("removed", six[1:3]))
    assert kept(table) == ["222"] and points(table) == 200


def test_the_dice_left_thrown_for_a_steal_without_next_are_told_how_to_steal(
        tmp_path: Path) -> None:
    """Tyler's stealing: Bob banks 500 with three dice left, Ann throws those three into the
    tray without pressing NEXT. The count prompt took the steal offer's place with "3 dice in
    the tray: throw 6", as if she could only throw her own (until session 61); it says how
    to steal them. Four dice thrown are only a wrong count."""
    rules = load_rules("standard", {"stealing": "true"})
    with seated(tmp_path, rules, ["Ann", "Bob"], "camera") as table:
        for faces in ("111234", "555234"):
            table.tray(News("settled", spread(faces)))
            table.tray(News("removed", spread(faces)[:3]))
            table.handle(Action("bank"))
            table.tray(News("removed", spread(faces)[3:]))
        table.tray(News("settled", spread("234")))
        assert table.view().prompt == ("3 dice in the tray: NEXT steals 500 from Bob (then throw "
                                       "them again) - or throw 6 for your own")
        table.tray(News("removed", spread("234")))
        table.tray(News("settled", spread("2346")))
        assert table.view().prompt == "4 dice in the tray: throw 6"
        table.tray(News("removed", spread("2346")))
        table.tray(News("settled", spread("23")))
        assert table.view().prompt == "2 dice in the tray: throw 6"  # (T28: not the steal's 3)
        table.tray(News("removed", spread("23")))
        table.handle(Action("next"))
        table.tray(News("settled", spread("534")))
        assert kept(table) == [] and points(table) == 500
        assert table.state is not None and table.state.phase == "keep"


def test_a_triple_taken_out_a_die_at_a_time_in_two_colours_is_told_to_go_on(
        tmp_path: Path) -> None:
    """Portland: red 2 2 2 among white dice, taken out a die at a time. The first red 2 is
    the start of a keep, as in a one-colour game ("take out the rest"); until session 61 it
    was "2 is not a keep: choose with NEXT and KEEP" (the faces taken out, colourless, were
    looked for among the keeps of coloured dice), then "22 is not a keep"."""
    red, white = (40, 40, 220), (235, 235, 235)
    six = tuple(TrayDie(face, colour_bgr=red if colour == "r" else white,
                        center=(100.0 * k, 100.0))
                for k, (face, colour) in enumerate(
                    [(2, "r"), (2, "r"), (2, "w"), (1, "w"), (2, "r"), (4, "w")]))
    with seated(tmp_path, load_rules("portland"), ["Ann", "Bob"], "camera") as table:
        table.tray(News("settled", six))
        table.tray(News("removed", six[:1]))
        assert table.view().prompt == ("2 taken out: take out the rest of the keep, or choose "
                                       "with NEXT and KEEP")
        table.tray(News("removed", six[1:2]))
        assert table.view().prompt.startswith("22 taken out: take out the rest")
        table.tray(News("removed", six[4:5]))
        assert kept(table) == ["2:red 2:red 2:red"] and points(table) == 400  # doubled


class Hanging(SourceBase):
    """A camera whose 30th read hangs until `released` (a webcam stalling on its cable, a
    driver that recovers); meanwhile a throw was typed and its keep taken out, and the two
    dice left lie elsewhere."""

    def __init__(self, released: threading.Event) -> None:
        self.released, self.index = released, 0

    def read(self) -> Frame | None:
        if self.index == 30:
            self.released.wait(5)
        self.index += 1
        dice = THREE if self.index <= 30 else [(420, 200, 2), (520, 330, 4)]
        return Frame(picture(dice), self.index / FPS, self.index)


def test_a_camera_that_hung_and_came_back_reports_the_dice_lying_again() -> None:
    """While a camera that hangs is shown lost, the game goes on with dice entered by hand; the
    dice lying when it comes back are reported `resumed`, as after a camera opened again, so
    the table tells them from a throw. Until session 61 only a camera opened again was: one
    whose reads came back by themselves went on as if it had never gone, and dice typed and
    kept meanwhile, seen lying in new places, were played as the next throw."""
    released = threading.Event()
    events: Queue[TrayEvent] = Queue()
    live = LiveTray(Hanging(released), Tray(FakeReader()), events,
                    reopen=lambda: Hanging(released), stale_seconds=0.5)
    live.start()
    try:
        first = events.get(timeout=5)
        assert first.kind == "settled" and not first.resumed
        deadline = time.monotonic() + 5
        while not live.status().startswith("camera lost"):
            assert time.monotonic() < deadline, "never shown lost"
            time.sleep(0.01)
        released.set()
        again = events.get(timeout=5)
        assert again.kind == "settled" and again.resumed and len(again.dice) == 2
    finally:
        released.set()
        live.stop()


def test_a_die_of_the_keep_put_back_is_told_no_throw_nor_a_count(table: Table) -> None:
    """The 1 and the 5 taken out (150), then the 5 put back among the four dice lying: the
    keep is the 1 and nothing is wrong. Until session 61 the strip said "no throw: some dice
    did not move - pick up every die..." (the keep made again, the dice were stepped again as
    if thrown), then the tray's count of the five dice (four were due before the 5 came back)
    made it "5 dice in the tray: throw 5"."""
    six = spread("152346")
    table.tray(News("settled", six))
    table.tray(News("removed", six[:1]))
    table.tray(News("removed", six[1:2]))
    back = six[1:]
    table.tray(News("settled", back, lying=4))
    table.tray(News("prompt", back, "count"))
    assert kept(table) == ["1"] and points(table) == 100
    assert table.view().prompt == "" and not table.error


def test_a_die_held_out_and_put_back_is_in_play_again(table: Table) -> None:
    """T06 (tray_input.py, _put_back: a die held out that came back no longer refused): the 1
    taken out (kept), then a 2 (it scores nothing with the 1: held), put back; then two other
    2s taken out. The 2 put back lies in the tray, so the two 2s make no triple with it: the
    keep stays the 1, 100. Until session 61 the 2 put back still counted as out ("no throw:
    some dice did not move"), and the two 2s made 1 2 2 2 of it, 300, with a 2 in the tray."""
    six = spread("122234")
    table.tray(News("settled", six))
    table.tray(News("removed", six[:1]))
    table.tray(News("removed", six[1:2]))
    assert kept(table) == ["1"]
    table.tray(News("settled", six[1:], lying=4))  # the 2 back where it lay
    assert table.view().prompt == ""
    table.tray(News("removed", six[2:4]))
    assert kept(table) == ["1"] and points(table) == 100


def test_a_die_that_joins_the_keep_taken_out_while_the_table_was_down_joins_it(
        tmp_path: Path) -> None:
    """T30 (tray_input.py, _left_out: dice not seen after a restart are the keep's only, not
    the keep and dice that score with it): Ann's 1 taken out and kept, the table down, her 5
    taken out meanwhile. The first still picture, 2 3 4 6, is the throw less 1 5: the 5 joins
    the keep (150) as if the camera had seen it go, and no throw is played (4 dice were
    'thrown' against 5 due: a wrong count)."""
    throw = spread("152346")
    table = restarted(tmp_path, "standard", [News("settled", throw), News("removed", throw[:1])])
    try:
        assert kept(table) == ["1"]
        table.tray(News("settled", throw[2:], resumed=True))
        assert kept(table) == ["15"] and points(table) == 150
        assert table.view().prompt == "" and table.state is not None
        assert table.state.phase == "choose" and table.state.dice_to_throw == 4
    finally:
        table.store.close()


def test_a_start_whose_first_picture_shows_the_whole_throw_says_nothing(
        tmp_path: Path) -> None:
    """T34 (tray_input.py, _found_again: a keep due and no die out not returned early): Ann's
    throw read, the table down and up again, the six dice still lying. Nothing was taken out:
    no keep, and nothing to say (the mutant said " taken out: take out the rest of the
    keep")."""
    throw = spread("152346")
    table = restarted(tmp_path, "standard", [News("settled", throw)])
    try:
        table.tray(News("settled", throw, resumed=True))
        assert table.state is not None and table.state.phase == "keep"
        assert kept(table) == [] and table.view().prompt == ""
    finally:
        table.store.close()


def test_a_keep_made_after_an_undo_does_not_shrink_back_to_the_one_undone(
        table: Table) -> None:
    """T35 (tray_input.py, _as_keep: the keeps the tray's keep grew from not forgotten with a
    new keep): the 1 kept, a 5 joins it (150), UNDO, the other 5 taken out: the keep is
    1 5 5, three dice due. Five dice thrown are a wrong count, not the keep 1 (that 150 was
    undone) shrunk back with a throw of five."""
    six = spread("155234")
    table.tray(News("settled", six))
    table.tray(News("removed", six[:1]))
    table.tray(News("removed", six[1:2]))
    assert kept(table) == ["15"]
    table.handle(Action("undo"))
    table.tray(News("removed", six[2:3]))
    assert kept(table) == ["155"] and points(table) == 200
    table.tray(News("settled", spread("23456")))
    assert kept(table) == ["155"] and table.view().prompt == "5 dice in the tray: throw 3"


def test_after_every_die_left_the_tray_by_itself_it_expects_the_full_set() -> None:
    """N01 (tray/count.py: the dice left after the first removal expected even when none are
    left): a throw of three taken out whole (hot dice, or all picked up) leaves the full set
    due, so a throw of two is prompted as two of six, not of none (`replay --expect 6`)."""
    film = Film().rolling(1.0, THREE).still(1.0, THREE).still(1.0, [])
    two = [(150, 300, 2), (400, 200, 4)]
    film.rolling(1.0, two).still(1.0, two)
    tray = Tray(FakeReader(), expect_full=6)
    counts = [e for frame in film.frames for e in tray.feed(frame) if e.reason == "count"]
    assert [(len(e.dice), e.expected) for e in counts] == [(3, 6), (2, 6)]


def test_why_the_camera_could_not_be_opened_is_told_again_once_it_was_back(
        caplog: pytest.LogCaptureFixture) -> None:
    """C04 (camera.py, _open_camera: the reasons told not forgotten when the camera is back):
    each reason is told once while the camera is looked for, not every retry; once it was
    back and is lost again the same way, the journal says so again."""
    cable = Cable()
    cable.plugged = False
    live = LiveTray(None, Tray(no_dice), Queue(), reopen=lambda: FakeCamera(cable),
                    retry_seconds=0.01)

    def told() -> int:
        return sum("cannot be opened: no camera at opencv:0" in record.getMessage()
                   for record in caplog.records)

    with caplog.at_level("INFO", logger="farkle_pi.table.camera"):
        live.start()
        try:
            wait_for(lambda: told() == 1)
            cable.plugged = True
            wait_for(lambda: live.latest is not None and live.status() == "")
            cable.plugged = False  # the cable loose again: the reads fail, then the opens
            wait_for(lambda: told() == 2)
        finally:
            live.stop()
