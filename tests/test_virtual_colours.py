"""Virtual dice under two-colour rules (portland): the Pi's dice are three red and three blue,
so a one-colour triple can come up and doubles, as it would with a real set."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest
from test_fairdice import play_virtual_game

from farkle_pi.cli import main
from farkle_pi.game import Keep, Throw
from farkle_pi.rules import Die, Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.fairdice import FairDice, coloured_throw, even_mix
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


def colours(roll: Roll) -> Counter[str | None]:
    return Counter(die.colour for die in roll)


def test_six_dice_are_the_whole_set_paired_with_the_faces_in_order() -> None:
    roll = coloured_throw((6, 2, 2, 2, 5, 1), kept=())
    assert colours(roll) == {"red": 3, "blue": 3}
    assert Counter(roll.dice) == Counter([Die(6, "blue"), Die(2, "blue"), Die(2, "blue"),
                                          Die(2, "red"), Die(5, "red"), Die(1, "red")])


def test_the_dice_set_aside_keep_their_colours_out_of_the_next_throw() -> None:
    kept = (Roll([Die(1, "red")]), Roll([Die(5, "red"), Die(5, "blue")]))
    assert colours(coloured_throw((3, 4, 6), kept)) == {"red": 1, "blue": 2}
    # only the keeps since all six were last thrown count (hot dice: six thrown again)
    hot = (Roll([Die(2, "red")] * 3 + [Die(2, "blue")] * 3),)
    assert colours(coloured_throw((1, 2, 3, 4, 5, 6), hot)) == {"red": 3, "blue": 3}
    after_hot = (*hot, Roll([Die(1, "blue")]))
    assert colours(coloured_throw((1, 2, 3, 4, 5), after_hot)) == {"red": 3, "blue": 2}


def test_a_steal_of_unknown_dice_throws_an_even_mix() -> None:
    roll = coloured_throw((4, 4, 4), kept=())  # a steal: another turn's dice, none kept here
    assert colours(roll) == Counter(even_mix(3)) == {"red": 2, "blue": 1}


@dataclass(frozen=True)
class Loaded(FairDice):
    """Virtual dice whose throws are given (a test's), each as many dice as asked."""

    faces: tuple[tuple[int, ...], ...] = ()

    def throw(self, number: int, dice: int) -> tuple[int, ...]:
        return self.faces[number - 1][:dice]


def test_a_one_colour_triple_of_the_pis_dice_doubles(tmp_path: Path) -> None:
    """222 in one colour: 400 under portland (200 mixed); without colours it scored 200."""
    dice = Loaded(1, b"s" * 32, faces=((2, 2, 2, 3, 4, 6),))
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("portland"), ["Ann", "Bob"], "virtual",
                      clock=lambda: 0.0, resume=False, fair_dice=lambda _: dice)
        table.new_game()
        table.handle(Action("keep"))  # the Pi throws
        assert table.state is not None and table.state.last_throw is not None
        assert colours(table.state.last_throw) == {"blue": 3, "red": 3}
        assert [(o.label, o.points) for o in table.view().options] == [
            ("three 2s of one colour", 400)]
        assert [(d.face, d.colour) for d in table.view().dice][:3] == [(2, "blue")] * 3


def test_a_whole_portland_game_on_virtual_dice_never_has_more_than_the_set(
        tmp_path: Path) -> None:
    db = tmp_path / "farkle.db"
    # one seed, so the game is long enough to judge (fresh seeds ended within ten throws in
    # about one game of ten, and the test failed on its own count)
    game = play_virtual_game(db, rules=load_rules("portland", {"target": "2000"}),
                             fair_dice=lambda game_id: FairDice(game_id, bytes(32)))
    with Store(db) as store:
        events = store.game(game).game.events
    aside: Counter[str | None] = Counter()
    throws = 0
    for event in events:
        if isinstance(event, Throw):
            throws += 1
            assert all(die.colour in ("red", "blue") for die in event.roll)
            if len(event.roll) == 6:
                aside = Counter()
            total = colours(event.roll) + aside
            assert total["red"] <= 3 and total["blue"] <= 3, (event.roll, aside)
        elif isinstance(event, Keep):
            aside += colours(event.roll)
    assert throws > 10


def test_stolen_dice_are_the_dice_the_last_turn_left(tmp_path: Path) -> None:
    """Ann sets aside her three red 1s and banks; Bob steals the three dice left, all blue:
    three 4s of them are one colour (800), where an even mix made them 400 (found in review)."""
    throws = ((5, 2, 3, 4, 6, 6), (5, 2, 3, 4, 6, 6), (2, 3, 4, 1, 1, 1), (4, 4, 4))
    rules = load_rules("portland", {"stealing": "true", "entry": "0", "min_bank": "0"})
    dice = Loaded(1, b"s" * 32, faces=throws)
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, ["Ann", "Bob"], "virtual", clock=lambda: 0.0,
                      resume=False, fair_dice=lambda _: dice)
        table.new_game()
        for kind in ("keep", "bank", "keep", "bank", "keep"):  # each banks a 5; Ann throws
            table.handle(Action(kind))
            assert not table.error, table.error
        assert table.state is not None and table.state.last_throw is not None
        assert [d for d in table.state.last_throw if d.face == 1] == [Die(1, "red")] * 3
        table.handle(Action("bank"))  # the three red 1s: 2,000
        assert table.state.steal is not None and table.state.steal.dice == 3
        table.handle(Action("next"))  # Bob steals
        table.handle(Action("keep"))  # the Pi throws the three dice left
        assert table.state.last_throw == Roll([Die(4, "blue")] * 3)
        assert [(o.label, o.points) for o in table.view().options] == [
            ("three 4s of one colour", 800)]


def test_a_five_dice_game_throws_a_set_of_five() -> None:
    """`dice = 5`: three red and two blue, and what is set aside is left out as with six
    (the set of six made every throw an even mix there)."""
    assert colours(coloured_throw((1, 2, 3, 4, 6), kept=(), dice=5)) == {"red": 3, "blue": 2}
    kept = (Roll([Die(1, "red"), Die(1, "red")]),)
    assert colours(coloured_throw((2, 3, 4), kept, dice=5)) == {"red": 1, "blue": 2}


def test_verify_checks_the_colours_of_the_pis_dice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The colours follow from the seed's faces and the dice set aside: a throw stored in
    other colours (its faces the seed's) is named, as a changed face is (found in review:
    verify said OK). An honest portland game with steals verifies."""
    db = tmp_path / "farkle.db"
    rules = load_rules("portland", {"target": "2000", "stealing": "true"})
    game = play_virtual_game(db, rules=rules,
                             fair_dice=lambda game_id: FairDice(game_id, b"v" * 32))
    assert main(["verify", "--db", str(db), str(game)]) == 0
    assert f"game {game}: OK" in capsys.readouterr().out
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seq, body FROM events WHERE game = ? ORDER BY seq",
                            (game,)).fetchall()
        bodies = [(seq, json.loads(body)) for seq, body in rows]
        followed = {seq: after["type"] for (seq, _), (_, after) in pairwise(bodies)}
        throws = [(seq, json.dumps(body)) for seq, body in bodies if body["type"] == "throw"]
        # a throw no keep follows (a Farkle), not as many red as blue: its colours swapped,
        # the game still replays
        number, (seq, text) = next(
            (n, (seq, text)) for n, (seq, text) in enumerate(throws, start=1)
            if followed.get(seq) == "farkled" and text.count("red") != text.count("blue"))
        swapped = text.replace("red", "RED").replace("blue", "red").replace("RED", "blue")
        conn.execute("UPDATE events SET body = ? WHERE game = ? AND seq = ?",
                     (swapped, game, seq))
    assert main(["verify", "--db", str(db), str(game)]) == 1
    out = capsys.readouterr().out
    assert f"FAILED: throw {number} was " in out and "the dice set aside give" in out


def test_verify_calls_a_log_that_no_longer_replays_failed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """verify replays the log to work the colours out: a keep changed into one the throw
    never held is a tampered game (FAILED, exit 1), not an engine error (exit 2)."""
    db = tmp_path / "farkle.db"
    game = play_virtual_game(db, rules=load_rules("portland", {"target": "2000"}),
                             fair_dice=lambda game_id: FairDice(game_id, b"v" * 32))
    with sqlite3.connect(db) as conn:
        seq, body = next((seq, json.loads(body)) for seq, body in conn.execute(
            "SELECT seq, body FROM events WHERE game = ? ORDER BY seq", (game,))
            if json.loads(body)["type"] == "keep")
        conn.execute("UPDATE events SET body = ? WHERE game = ? AND seq = ?",
                     (json.dumps({**body, "roll": ["6:red"] * 3}), game, seq))
    assert main(["verify", "--db", str(db), str(game)]) == 1
    out = capsys.readouterr().out
    assert f"game {game}: FAILED: the stored log does not replay: 6:red 6:red 6:red" in out
