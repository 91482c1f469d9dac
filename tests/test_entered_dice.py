"""Session 56: the store says which dice of a throw were entered by hand (`Throw.entered`), so
a table started again knows which die the camera could not read and whether it gave a
throw's colours, where before it guessed from the dice."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_fairdice import play_virtual_game
from test_review55_found import restarted, started_again, typed_for_unread
from tray_news import TrayDie
from tray_news import TrayNews as News
from tray_scenes import FakeReader

from farkle_pi.cli import main
from farkle_pi.game import Throw, event_from_json, event_to_json
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table import camera as camera_module
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def stored_throws(db: Path) -> list[dict[str, object]]:
    with sqlite3.connect(db) as conn:
        bodies = [json.loads(body) for (body,) in conn.execute(
            "SELECT body FROM events ORDER BY game, seq")]
    return [body for body in bodies if body["type"] == "throw"]


def test_a_throw_says_its_entered_dice_only_when_told() -> None:
    """A throw nobody said anything of is stored as before (old logs and new ones alike);
    none entered is said, and stored, as an empty list."""
    plain = Throw(Roll.parse("123456"))
    assert event_to_json(plain) == {"type": "throw", "roll": ["1", "2", "3", "4", "5", "6"]}
    assert event_from_json(event_to_json(plain)) == plain and plain.entered is None
    for said in (Roll([]), Roll.of(5), Roll.parse("5:red")):
        throw = Throw(Roll.parse("1:red 2:red 5:red"), said)
        body = json.loads(json.dumps(event_to_json(throw)))
        assert event_from_json(body) == throw


def test_a_manual_throw_stores_every_die_entered_and_a_camera_throw_none(
        tmp_path: Path) -> None:
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        table.new_game()
        for face in (1, 2, 3, 4, 6, 6):
            table.handle(Action("digit", face))
    camera = restarted(tmp_path / "camera", "standard", [News("settled", tuple(
        TrayDie(int(f), center=(60.0 * k + 60, 100.0)) for k, f in enumerate("123466")))])
    camera.store.close()
    assert [t.get("entered") for t in stored_throws(tmp_path / "farkle.db")] == [
        ["1", "2", "3", "4", "6", "6"]]
    assert [t.get("entered") for t in stored_throws(tmp_path / "camera" / "farkle.db")] == [[]]


def test_a_game_stored_before_entered_dice_loads_replays_and_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Take the field out of every stored throw, as a database of session 55 has them: the
    game loads, replays to the same state, and verifies."""
    db = tmp_path / "farkle.db"
    game = play_virtual_game(db)
    with Store(db) as store:
        before = store.game(game).state
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seq, body FROM events WHERE game = ?", (game,)).fetchall()
        for seq, body in rows:
            old = {k: v for k, v in json.loads(body).items() if k != "entered"}
            conn.execute("UPDATE events SET body = ? WHERE game = ? AND seq = ?",
                         (json.dumps(old), game, seq))
    assert all("entered" not in t for t in stored_throws(db))
    with Store(db) as store:
        assert store.game(game).state == before
    assert main(["verify", "--db", str(db), str(game)]) == 0
    assert f"game {game}: OK" in capsys.readouterr().out


def test_the_die_whose_face_was_entered_is_the_one_unread_after_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by benchmarks/camera_restarts.py (seed 7, tyler, item 317): a 5 entered for the
    die the camera could not read in 1 2 2 2 4, and the 1 taken out while the table was down.
    Which die was unread the store did not say: the 1 or the 5 left out were both keeps, the
    table did not guess, and the 1 was not her keep (her next throw: "throw 3")."""
    monkeypatch.setattr(camera_module, "vision_reader", lambda calibration: FakeReader())
    rules = load_rules("tyler")
    spots = [(100, 100, 1), (200, 100, 2), (300, 100, 2), (100, 300, 2), (200, 300, 4),
             (300, 300, 0)]  # (face 0: a die the reader cannot read)
    assert str(typed_for_unread(tmp_path, rules, spots, 5).last_throw) == "122245"
    with started_again(tmp_path, rules, spots[1:]) as table:
        state = table.state
        assert state is not None and state.phase == "choose" and str(state.kept[-1]) == "1"
        assert state.dice_to_throw == 5


def test_a_camera_throw_in_red_and_blue_is_not_asked_about_after_a_restart(
        tmp_path: Path) -> None:
    """The camera saw three red 2s and blue 3 4 4, as the table would give typed dice: after
    a restart that throw counted as typed, so a tap making the 3 a 4 asked "four 4s: three
    of them one colour?" of dice whose colours the camera saw. The store now says none was
    entered: the tap keeps the camera's colours."""
    red, blue = (40, 40, 200), (200, 60, 40)
    throw = tuple(TrayDie(int(f), red if f == "2" else blue, (60.0 * k + 60, 100.0))
                  for k, f in enumerate("222344"))
    table = restarted(tmp_path, "portland", [News("settled", throw)])
    state = table.state
    assert state is not None
    assert str(state.last_throw) == "2:red 2:red 2:red 3:blue 4:blue 4:blue"
    table.handle(Action("die", [d.face for d in table.view().dice].index(3)))
    assert table.view().question == ""
    state = table.state
    assert state is not None
    assert str(state.last_throw) == "2:red 2:red 2:red 4:blue 4:blue 4:blue"
