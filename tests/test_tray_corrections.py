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

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from fuzzing import fuzz_settings
from hypothesis import assume, given
from hypothesis import strategies as st

from farkle_pi.rules import Roll, chart, load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

RULES = load_rules("standard")


@dataclass(frozen=True)
class Seen:
    value: int | None
    center: tuple[float, float]
    colour_bgr: tuple[int, int, int] = (235, 235, 235)
    flat: bool = True


@dataclass(frozen=True)
class News:
    kind: str
    dice: tuple[Seen, ...] = ()
    reason: str | None = None


@contextmanager
def camera_table(folder: Path) -> Iterator[Table]:
    with Store(folder / "farkle.db") as store:
        table = Table(store, RULES, ["Ann"], "camera", resume=False, say=lambda _: None)
        table.new_game()
        yield table


@fuzz_settings(ci_examples=40)
@given(true=st.lists(st.integers(1, 6), min_size=6, max_size=6), misread=st.integers(0, 5),
       read_as=st.integers(1, 6), data=st.data())
def test_a_corrected_die_never_makes_a_keep_of_other_dice(
    true: list[int], misread: int, read_as: int, data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    assume(read_as != true[misread])
    read = [read_as if k == misread else face for k, face in enumerate(true)]
    assume(scores(true) and scores(read))
    with camera_table(tmp_path_factory.mktemp("corrections")) as table:
        seen = [Seen(face, (60.0 * k, 0.0)) for k, face in enumerate(read)]
        table.tray(News("settled", tuple(seen)))
        face = read_as
        while face != true[misread]:  # tap a die showing that face (any of them), step it
            alike = [k for k, die in enumerate(table.view().dice) if die.face == face]
            table.handle(Action("die", value=data.draw(st.sampled_from(alike))))
            face = face % 6 + 1
        assert table.state is not None and table.state.last_throw == Roll.of(*true)
        take_out_a_keep(table, true, seen, data)


@fuzz_settings(ci_examples=40)
@given(true=st.lists(st.integers(1, 6), min_size=6, max_size=6),
       unread=st.sets(st.integers(0, 5), min_size=1, max_size=3), data=st.data())
def test_faces_entered_for_unread_dice_never_make_a_keep_of_other_dice(
    true: list[int], unread: set[int], data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The players enter the faces of the dice the camera could not read, in any order."""
    assume(scores(true))
    with camera_table(tmp_path_factory.mktemp("unread")) as table:
        seen = [Seen(None if k in unread else face, (60.0 * k, 0.0))
                for k, face in enumerate(true)]
        table.tray(News("settled", tuple(seen)))
        for face in data.draw(st.permutations([true[k] for k in sorted(unread)])):
            table.handle(Action("digit", value=face))
        assert table.state is not None and table.state.last_throw == Roll.of(*true)
        take_out_a_keep(table, true, seen, data)


def scores(faces: list[int]) -> bool:
    return bool(chart(RULES).score(Roll.of(*faces)).options)


def take_out_a_keep(table: Table, true: list[int], seen: list[Seen], data: st.DataObject) -> None:
    """Take out a legal keep of the true throw in one or two goes: the keep the table makes is
    the dice taken out, unless it is asking."""
    keep = data.draw(st.sampled_from(chart(RULES).score(Roll.of(*true)).options)).keep
    left, chosen = list(range(6)), []
    for face in keep.faces:  # which of the true dice showing each face are taken
        k = data.draw(st.sampled_from([k for k in left if true[k] == face]))
        left.remove(k)
        chosen.append(k)
    chosen = data.draw(st.permutations(chosen))
    cut = data.draw(st.integers(1, len(chosen)))
    for go in (chosen[:cut], chosen[cut:]):
        if go:
            table.tray(News("removed", tuple(seen[k] for k in go)))
    state = table.state
    assert state is not None
    if not table.view().prompt:
        assert state.phase == "choose" and state.kept[-1] == keep, (state.kept, keep)
