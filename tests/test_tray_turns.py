"""Whole turns played with dice in the tray score as the same keeps entered with the buttons.

Films of the tray (tests/tray_scenes.py) go through the live tray and the table in camera
mode: throws, scoring dice taken out in one to three goes, the rest picked up and thrown, BANK.
The same choices are played on a plain game, and both must end the same."""

from __future__ import annotations

from itertools import pairwise

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from tray_scenes import Die, FakeReader, Film

from farkle_pi.game import Bank, Game, Keep, Throw
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.tray import Tray
from farkle_pi.tray.reader import vision_reader
from farkle_pi.traysim.scene import Scene, SceneSource
from farkle_pi.traysim.story import Director
from farkle_pi.ui.actions import Action

SPOTS = [(x, y) for x in (80, 170, 260, 350, 440, 530) for y in (100, 230, 360)]


class Played:
    """The tray and the table, fed a film as it grows (the app tells the tray the count)."""

    def __init__(self, table: Table) -> None:
        self.table, self.tray, self.film, self.fed = table, Tray(FakeReader()), Film(), 0

    def show(self, seconds: float, dice: list[Die], rolling: bool = False) -> None:
        if rolling:
            self.film.rolling(seconds, dice)
        self.film.still(seconds, dice)
        for frame in self.film.frames[self.fed:]:
            for event in self.tray.feed(frame):
                self.table.tray(event)
            state = self.table.state
            if state is not None and state.phase != "keep":
                self.tray.expect(state.dice_to_throw)
        self.fed = len(self.film.frames)


def taken_in_goes(faces: list[int], keep: Roll, cuts: list[int], order: list[int]) -> list[
        list[int]]:
    """The dice (indices) of `keep` among `faces`, in the order given, cut into goes."""
    wanted, chosen = list(keep.faces), []
    for k in order:
        if faces[k] in wanted:
            wanted.remove(faces[k])
            chosen.append(k)
    bounds = [0, *sorted(set(c % len(chosen) for c in cuts if c % len(chosen))), len(chosen)]
    return [chosen[a:b] for a, b in pairwise(bounds)]


@fuzz_settings(ci_examples=12)
@given(data=st.data())
def test_turns_in_the_tray_score_as_the_same_keeps_entered_by_hand(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    rules = load_rules("standard")
    plain = Game(["Ann", "Bob"], rules)
    db = tmp_path_factory.mktemp("turns") / "farkle.db"
    with Store(db) as store:
        table = Table(store, rules, ["Ann", "Bob"], "camera", resume=False, say=lambda _: None)
        table.new_game()
        played = Played(table)
        played.show(1.0, [])
        for _ in range(data.draw(st.integers(1, 8), label="throws")):
            count = plain.state.dice_to_throw
            faces = data.draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))
            spots = data.draw(st.permutations(SPOTS))[:count]
            dice = [(x, y, f) for (x, y), f in zip(spots, faces, strict=True)]
            played.show(1.0, dice, rolling=True)
            plain.apply(Throw(Roll.of(*faces)))
            same(table, plain)
            if plain.state.phase != "keep":  # a Farkle: the dice are picked up
                played.show(1.0, [])
                continue
            keep = data.draw(st.sampled_from(plain.state.options)).keep
            order = data.draw(st.permutations(range(count)))
            cuts = data.draw(st.lists(st.integers(1, 6), max_size=2))
            goes = taken_in_goes(faces, keep, cuts, order)
            left = list(range(count))
            for go in goes:
                left = [k for k in left if k not in go]
                played.show(1.0, [dice[k] for k in left])
            plain.apply(Keep(keep))
            if plain.state.can_bank and data.draw(st.booleans(), label="bank"):
                table.handle(Action("bank"))
                plain.apply(Bank())
                same(table, plain)
            # The rest picked up, to throw again or for the next player. Rest that scores with
            # the keep joins it until the next throw's count says otherwise: compared then.
            played.show(1.0, [])


def same(table: Table, plain: Game) -> None:
    shown, truth = table.state, plain.state
    assert shown is not None and not table.error, table.error
    assert (shown.players, shown.current, shown.turn_points, shown.dice_to_throw,
            shown.kept, shown.last_throw) == (truth.players, truth.current, truth.turn_points,
                                              truth.dice_to_throw, truth.kept, truth.last_throw)


def test_a_rendered_tray_keep_taken_out_in_two_goes_scores_both(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The real reader on a rendered tray: hands reach in for the 1, then for the 5; the rest
    is picked up and four dice are thrown. The keep is 150, the throw is in."""
    director = Director(seed=21).start_empty(1.0).throw((1, 5, 2, 3, 6, 6))
    director.keep((1,)).keep((5,)).pick_up().throw((1, 3, 4, 4))
    scene = Scene(director.spec())
    folder = tmp_path_factory.mktemp("rendered")
    calibration = scene.calibrate(folder / "empty.png")
    with Store(folder / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "camera", resume=False,
                      say=lambda _: None)
        table.new_game()
        tray = Tray(vision_reader(calibration), calibration, expect_full=6)
        for frame in SceneSource(scene):
            for event in tray.feed(frame):
                table.tray(event)
            state = table.state
            assert state is not None
            if state.phase != "keep":
                tray.expect(state.dice_to_throw)
        state = table.state
        assert state is not None and [str(keep) for keep in state.kept] == ["15"]
        assert str(state.last_throw) == "1344" and state.turn_points == 150
        assert not table.view().prompt and not table.error
