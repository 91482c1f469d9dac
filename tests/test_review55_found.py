"""Defects found by the fifty-fifth session's review, each kept as a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from queue import Queue

import pytest
from tray_news import TrayDie, dice
from tray_news import TrayNews as News
from tray_scenes import FakeReader, Film

from farkle_pi.config import CameraConfig
from farkle_pi.game import Bank, Game, GameState, Keep, Refused, Steal, Throw
from farkle_pi.rules import Roll, RuleSet, load_rules
from farkle_pi.store import Store
from farkle_pi.table import camera as camera_module
from farkle_pi.table.camera import open_live_tray
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


@contextmanager
def started_again(tmp_path: Path, rules: RuleSet, lying: list[tuple[int, int, int]]
                  ) -> Iterator[Table]:
    """The table started again on the stored game (a power cut, systemd), its camera's first
    still picture showing the dice `lying` (x, y, face) in the tray."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "camera", say=lambda _: None)
        live = open_live_tray(CameraConfig(source="opencv:0"), tmp_path / "none.json", Queue())
        for event in live.tray.run(Film().still(2.0, lying).frames):
            table.tray(event)
        yield table


def typed_for_unread(tmp_path: Path, rules: RuleSet, spots: list[tuple[int, int, int]],
                     face: int) -> GameState:
    """A new game's first throw, `spots` (x, y, face; face 0 a die the camera cannot read),
    the unread die's `face` entered on the keypad: the state it was played to."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        table.tray(News("settled", tuple(TrayDie(f or None, center=(float(x), float(y)))
                                         for x, y, f in spots)))
        assert table.unread is not None
        table.handle(Action("digit", face))
        state = table.state
        assert state is not None
        return state


def test_a_player_alone_cannot_steal_their_own_bank() -> None:
    """Stealing takes over the *previous player's* dice: in a game of one (a practice game
    under tyler) the next turn is the banker's own, and stealing it paid the bank twice."""
    game = Game(["Solo"], load_rules("tyler"))
    for command in (Throw(Roll.parse("111234")), Keep(Roll.parse("111")), Bank()):
        game.apply(command)
    assert game.state.players[0].score == 1000
    assert game.state.steal is None
    with pytest.raises(Refused):
        game.apply(Steal())


def test_a_table_started_again_mid_turn_takes_no_throw_from_the_dice_left_lying(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut or a restart (systemd starts the table again) after Ann kept 1 and 5: her
    other four dice lie in the tray. The camera's first still picture of them is no throw
    (it was taken for one: 2 3 4 6, a Farkle, and her 150 were lost unseen)."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: FakeReader())
    rules = load_rules("standard")
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "camera", resume=False, say=lambda _: None)
        table.new_game()
        table.tray(News("settled", dice("152346")))
        table.handle(Action("next"))  # the coach's keep first; choose 1 5 by hand
        options = [o.keep for o in table.view().options]
        table.selected = options.index((1, 5))
        table.handle(Action("keep"))
        state = table.state
        assert state is not None and state.phase == "choose" and state.turn_points == 150
    left = [(100, 100, 2), (200, 150, 3), (300, 300, 4), (400, 200, 6)]
    with started_again(tmp_path, rules, left) as table:
        state = table.state
        assert state is not None and state.phase == "choose" and state.turn_points == 150
        assert state.player.name == "Ann"


def restarted(tmp_path: Path, rules: str, before: list[Action | News]) -> Table:
    """A camera table that played `before`, then started again on the same file."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules(rules), ["Ann", "Bob"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        for item in before:
            if isinstance(item, Action):
                table.handle(item)
            else:
                table.tray(item)
    store = Store(tmp_path / "farkle.db")
    return Table(store, load_rules(rules), ["Ann", "Bob"], "camera", say=lambda _: None)


def placed(faces: str) -> tuple[TrayDie, ...]:
    return tuple(TrayDie(int(f), center=(60.0 * k + 60, 100.0)) for k, f in enumerate(faces))


def test_a_die_taken_out_after_the_keep_joins_it_after_a_restart(tmp_path: Path) -> None:
    """Found by the restart property (tests/test_camera_restarts.py): Ann took 1 1 1 out (1000),
    the table started again, and she took the 5 out too: it joined her keep without the
    restart (1050); after it the table had forgotten the throw's dice and ignored it."""
    throw = placed("111256")
    table = restarted(tmp_path, "standard", [News("settled", throw),
                                              News("removed", throw[:3])])
    table.tray(News("settled", throw[3:], resumed=True))  # the first still picture
    table.tray(News("removed", throw[4:5]))
    state = table.state
    assert state is not None and state.turn_points == 1050 and str(state.kept[-1]) == "1115"


def test_a_keep_taken_out_while_the_table_was_down_is_the_keep(tmp_path: Path) -> None:
    """The table came back after Ann took her 1 and 5 out: the first picture shows the throw
    less them, which is her keep (it was ignored, and her next throw refused as 4 of 6)."""
    throw = placed("152346")
    table = restarted(tmp_path, "standard", [News("settled", throw)])
    table.tray(News("settled", throw[2:], resumed=True))
    state = table.state
    assert state is not None and state.phase == "choose" and state.turn_points == 150


def test_hot_dice_kept_with_the_buttons_and_left_lying_are_no_throw_after_a_restart(
        tmp_path: Path) -> None:
    """1 1 1 5 5 5 kept whole with KEEP (hot dice), the dice left lying: after a restart the
    first picture of them was played as a new throw of six, scoring 1500 again."""
    throw = placed("111555")
    table = restarted(tmp_path, "standard", [News("settled", throw), Action("keep")])
    before = table.state
    assert before is not None and before.phase == "choose" and before.dice_to_throw == 6
    table.tray(News("settled", throw, resumed=True))
    assert table.state == before


def test_a_stolen_turn_does_not_take_the_dice_left_lying_for_its_throw(tmp_path: Path) -> None:
    """Tyler: Ann banked with 1 1 1 5 taken out, Bob pressed NEXT to steal her two dice, the
    table started again: the two dice lying were played as his throw."""
    throw = placed("111523")
    table = restarted(tmp_path, "tyler", [
        News("settled", placed("111555")), Action("keep"), Action("bank"),
        News("settled", placed("111555")), Action("keep"), Action("bank"),  # Bob on the board
        News("settled", throw), News("removed", throw[:4]), Action("bank"), Action("next")])
    before = table.state
    assert before is not None and before.phase == "steal" and before.dice_to_throw == 2
    table.tray(News("settled", throw[4:], resumed=True))
    assert table.state == before


def test_a_keep_grown_by_the_dice_picked_up_shrinks_back_after_a_restart(
        tmp_path: Path) -> None:
    """Found by benchmarks/camera_restarts.py (seed 4, portland): Ann took her 5 out of
    1 2 3 4 5 6 and picked up the rest, which scored with it (a straight: they joined it,
    hot dice). Her throw of five shrinks the keep back to the 5 and is played; after a restart
    the table had forgotten the keep grew, and answered her right throw with "5 dice in the
    tray: throw 6". The store keeps the grown keep's undo and keep (the same in both)."""
    throw = placed("123456")
    before: list[Action | News] = [News("settled", throw), News("removed", throw[4:5]),
                                   News("removed", throw[:4] + throw[5:])]
    next_throw = placed("12246")
    straight = restarted(tmp_path / "straight", "standard", [*before, News("settled", next_throw)])
    want = straight.state
    assert want is not None and want.phase == "keep" and str(want.kept[-1]) == "5"
    table = restarted(tmp_path, "standard", before)
    grown = table.state
    assert grown is not None and grown.dice_to_throw == 6 and str(grown.kept[-1]) == "123456"
    table.tray(News("settled", next_throw, resumed=True))
    assert table.state == want


def test_a_die_set_right_by_taps_is_found_again_as_the_camera_reads_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The camera read Ann's 4 as a 3 (1 1 5 2 3 6), a tap set it right, she took 1 1 5 out
    (250) and the table started again: the camera reads the 3 again, so the dice lying (2 3 6)
    were none of her throw's (1 1 5 2 4 6), were played as her next throw, and farkled her 250
    away unseen. The store keeps the throw as read before the tap (a throw, then its fix)."""
    spots = [(100, 100, 1), (200, 100, 1), (300, 100, 5), (100, 300, 2), (200, 300, 4),
             (300, 300, 6)]
    read = tuple(TrayDie(3 if f == 4 else f, center=(float(x), float(y))) for x, y, f in spots)
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        table.tray(News("settled", read))
        table.handle(Action("die", [d.face for d in table.view().dice].index(3)))  # 3 -> 4
        table.tray(News("removed", read[:3]))
        before = table.state
        assert before is not None and str(before.last_throw) == "112456"
        assert before.phase == "choose" and before.turn_points == 250
    reader = FakeReader()
    reader.flicker = {4: [3]}  # the 4 read as a 3 again
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: reader)
    with started_again(tmp_path, load_rules("standard"), spots[3:]) as table:
        assert table.state == before


def test_a_keep_taken_out_while_the_table_was_down_is_found_beside_an_unread_die(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by benchmarks/camera_restarts.py (seed 3, portland): the camera could not read a
    die of Ann's throw (1 2 4 6 6 and one unread), she entered its face (3: her throw was
    played, 1 2 3 4 6 6), and took her 1 out while the table started again. The first picture
    after it shows the die the camera cannot read among the rest, and the table took the dice
    lying for none of the last throw's: her 1 was never her keep, and her next throw of five was
    ignored (a keep was still due). The die unread is the one whose face was entered (the
    store does not say which it was): of the dice not seen then, the 1 or the 3, the 1 is a
    keep."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: FakeReader())
    spots = [(100, 100, 1), (200, 100, 2), (300, 100, 4), (100, 300, 6), (200, 300, 6),
             (300, 300, 0)]  # (face 0: a die the reader cannot read)
    played = typed_for_unread(tmp_path, load_rules("standard"), spots, 3)
    assert played.phase == "keep" and str(played.last_throw) == "123466"
    with started_again(tmp_path, load_rules("standard"), spots[1:]) as table:
        state = table.state
        assert state is not None and state.phase == "choose" and state.turn_points == 100
        assert str(state.kept[-1]) == "1"


def test_a_tap_after_a_restart_keeps_the_red_the_camera_saw(tmp_path: Path) -> None:
    """Found by benchmarks/camera_restarts.py (seeds 10 and 11, portland): the camera saw
    red dice only (there a red 5 and a red 1), and the table started again. Whether a throw
    was typed is not stored, and any throw in red and blue counted as typed, so a tap on the 1
    (stepped round to a 1 again) set the throw right in the colours the table gives typed
    dice: all blue, the dice not tapped too. Typed, a lone 1 would be colourless or blue:
    these were the camera's."""
    red = (40, 40, 200)
    throw = tuple(TrayDie(int(f), red, (60.0 * k + 60, 100.0)) for k, f in enumerate("152234"))
    table = restarted(tmp_path, "portland", [News("settled", throw)])
    state = table.state
    assert state is not None and str(state.last_throw) == "1:red 2:red 2:red 3:red 4:red 5:red"
    place = [d.face for d in table.view().dice].index(1)
    for _ in range(6):
        table.handle(Action("die", place))
    assert table.view().question == ""
    state = table.state
    assert state is not None and str(state.last_throw) == "1:red 2:red 2:red 3:red 4:red 5:red"
