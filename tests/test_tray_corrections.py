"""A misread die set right with taps, or unread dice entered by hand, then scoring dice taken
out: never a silently wrong keep.

The tray misreads one die of a throw, and the players step a die that shows the misread face
up to the true face with taps (on the screen the dice read alike look alike, so each tap may
land on any of them); or it cannot read some dice, and the players enter their faces in any
order. Then they take out a legal keep of the true throw, in one or two goes. The keep the
table makes must be the dice taken out, or the table must be asking (a prompt), never a keep
of other dice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from fuzzing import fuzz_settings
from hypothesis import assume, given
from hypothesis import strategies as st
from tray_news import TrayDie, TrayNews

from farkle_pi.rules import Die, Roll, RuleSet, chart, load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

BGR = {"white": (235, 235, 235), "red": (40, 40, 200)}
GAMES = st.sampled_from(["standard", "portland"])  # portland: two colours of dice
COLOURS = st.lists(st.sampled_from(sorted(BGR)), min_size=6, max_size=6)


@dataclass(frozen=True)
class Throw:
    """The dice as they lie: faces, colours, and the rules they are scored by."""

    faces: list[int]
    colours: list[str]
    rules: RuleSet

    def die(self, k: int, face: int | None = None) -> Die:
        colour = self.colours[k] if self.rules.colour_triples else None
        return Die(self.faces[k] if face is None else face, colour)

    def roll(self, faces: list[int] | None = None) -> Roll:
        return Roll(self.die(k, (faces or self.faces)[k]) for k in range(6))

    def scores(self, faces: list[int] | None = None) -> bool:
        return bool(chart(self.rules).score(self.roll(faces)).options)

    def seen(self, faces: list[int | None]) -> list[TrayDie]:
        return [TrayDie(face, BGR[self.colours[k]], (60.0 * k, 0.0))
                for k, face in enumerate(faces)]


@contextmanager
def camera_table(folder: Path, rules: RuleSet) -> Iterator[Table]:
    with Store(folder / "farkle.db") as store:
        table = Table(store, rules, ["Ann"], "camera", resume=False, say=lambda _: None)
        table.new_game()
        yield table


@fuzz_settings(ci_examples=40)
@given(faces=st.lists(st.integers(1, 6), min_size=6, max_size=6), colours=COLOURS, game=GAMES,
       misread=st.integers(0, 5), read_as=st.integers(1, 6), data=st.data())
def test_a_corrected_die_never_makes_a_keep_of_other_dice(
    faces: list[int], colours: list[str], game: str, misread: int, read_as: int,
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
) -> None:
    true = Throw(faces, colours, load_rules(game))
    assume(read_as != faces[misread])
    read = [read_as if k == misread else face for k, face in enumerate(faces)]
    assume(true.scores() and true.scores(read))
    with camera_table(tmp_path_factory.mktemp("corrections"), true.rules) as table:
        seen = true.seen(list(read))
        table.tray(TrayNews("settled", tuple(seen)))
        face = read_as
        while face != faces[misread]:  # tap a die that looks like it (any of them), step it
            looks = true.die(misread, face)
            alike = [k for k, die in enumerate(table.view().dice)
                     if (die.face, die.colour) == (looks.face, looks.colour)]
            table.handle(Action("die", value=data.draw(st.sampled_from(alike))))
            face = face % 6 + 1
        assert table.state is not None and table.state.last_throw == true.roll()
        take_out_a_keep(table, true, seen, data)


@fuzz_settings(ci_examples=40)
@given(faces=st.lists(st.integers(1, 6), min_size=6, max_size=6), colours=COLOURS, game=GAMES,
       unread=st.sets(st.integers(0, 5), min_size=1, max_size=3), data=st.data())
def test_faces_entered_for_unread_dice_never_make_a_keep_of_other_dice(
    faces: list[int], colours: list[str], game: str, unread: set[int], data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The players enter the faces of the dice the camera could not read, in any order, or in
    a two-colour game in the order of the colours the table names."""
    true = Throw(faces, colours, load_rules(game))
    assume(true.scores())
    with camera_table(tmp_path_factory.mktemp("unread"), true.rules) as table:
        seen = true.seen([None if k in unread else face for k, face in enumerate(faces)])
        table.tray(TrayNews("settled", tuple(seen)))
        left = sorted(unread)
        while left:  # any of them, or the one whose colour the table names
            named = re.search(r"enter the face of the (\w+) die", table.view().prompt)
            k = data.draw(st.sampled_from([k for k in left
                                           if named is None or colours[k] == named[1]]))
            left.remove(k)
            table.handle(Action("digit", value=faces[k]))
        assert table.state is not None and table.state.last_throw == true.roll()
        take_out_a_keep(table, true, seen, data)


def take_out_a_keep(table: Table, true: Throw, seen: list[TrayDie], data: st.DataObject) -> None:
    """Take out a legal keep of the true throw in one or two goes: the keep the table makes is
    the dice taken out, unless it is asking."""
    keep = data.draw(st.sampled_from(chart(true.rules).score(true.roll()).options)).keep
    left, chosen = list(range(6)), []
    for die in keep.dice:  # which of the true dice of each face and colour are taken
        k = data.draw(st.sampled_from([k for k in left if true.die(k) == die]))
        left.remove(k)
        chosen.append(k)
    chosen = data.draw(st.permutations(chosen))
    cut = data.draw(st.integers(1, len(chosen)))
    for go in (chosen[:cut], chosen[cut:]):
        if go:
            table.tray(TrayNews("removed", tuple(seen[k] for k in go)))
    state = table.state
    assert state is not None
    if not table.view().prompt:
        assert state.phase == "choose" and state.kept[-1] == keep, (state.kept, keep)
