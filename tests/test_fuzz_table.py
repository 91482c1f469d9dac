"""Dice entries and button presses at random into the table: typed faces, taps on stale option
and die regions, presses in the wrong phase. None may end in an "internal error" (a stack in the
log), and the game on disk is always the game on the screen."""

from __future__ import annotations

from collections import Counter

import pytest
from fuzzing import fuzz_settings, tally
from hypothesis import given
from hypothesis import strategies as st
from tray_news import TrayDie, TrayNews

from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

ACTIONS = st.one_of(
    st.builds(Action, st.just("digit"), st.integers(1, 6)),
    st.builds(Action, st.sampled_from(["option", "die"]), st.integers(0, 7)),
    st.builds(Action, st.sampled_from(["bank", "next", "keep", "undo", "fix", "erase"])),
    st.builds(Action, st.just("char"), text=st.text(min_size=1, max_size=2)),
    st.builds(Action, st.just("show"), text=st.sampled_from(["scoreboard", "history", "throw",
                                                              "nonsense"])),
)

# a whole throw typed, of few faces so that three alike come up (in portland they are asked
# about: KEEP yes, NEXT no), then taps on its dice that set them right (and may make three
# alike: asked about in turn) or answers
TYPED_AND_TAPPED = st.tuples(
    st.lists(st.builds(Action, st.just("digit"), st.sampled_from([1, 2, 2, 4, 4, 5])),
             min_size=6, max_size=6),
    st.lists(st.builds(Action, st.sampled_from(["keep", "next"])), min_size=1, max_size=2),
    st.lists(st.one_of(st.builds(Action, st.just("die"), st.integers(0, 5)),
                       st.builds(Action, st.sampled_from(["keep", "next", "undo"]))),
             min_size=1, max_size=6),
).map(lambda parts: [action for part in parts for action in part])
PRESSES = st.lists(st.one_of(TYPED_AND_TAPPED, ACTIONS.map(lambda action: [action])),
                   min_size=1, max_size=12).map(
                       lambda runs: [action for run in runs for action in run])


def one_visible_frame(table: Table) -> None:
    """At most one die framed for NEXT to step (a short UNDO), and it is the one drawn: a frame
    on dice the screen does not show stepped them unseen."""
    view = table.view()
    framed = [place for place, die in enumerate(view.dice) if die.framed]
    assert len(framed) <= 1, framed
    if table.framed is not None and view.screen == "throw":
        assert framed == [table.framed], (table.framed, view.keypad, len(view.dice))


def asked_when_shown(table: Table) -> None:
    """A question on the colours of dice entered is on the screen exactly while one is open,
    and only with all the dice in (portland: typed dice are stored once it is answered); or,
    asked of typed dice set right by taps, with the dice as tapped and no option to take
    (the correction is stored once it is answered)."""
    view = table.view()
    if table.asking is None:
        assert view.question == "", view.question
    elif view.screen == "throw":
        assert view.question == table.asking.text and view.keypad
        state = table.state
        assert state is not None
        if table.correcting is None:
            assert len(view.typed) == state.dice_to_throw
        else:
            assert state.last_throw is not None
            assert sorted(d.face or 0 for d in view.dice) == list(table.correcting.roll.faces)
            assert view.options == () and table.correcting.roll.faces != state.last_throw.faces


ONE_COLOUR = {0: {0}, 1: {0}, 2: {0}, 3: {2, 3}, 4: {2, 3}, 5: {3}, 6: {3, 4}}  # red dice


def colours_answered(table: Table) -> None:
    """Typed dice in a two-colour game are stored without colours or in the colours the
    answers give: a face's red dice a one-colour triple only where one was said to be (a tap
    that made three alike kept the colours given: three blue 4s nobody was asked about)."""
    state = table.state
    if state is None or state.last_throw is None or not state.last_throw.coloured:
        return
    for face, n in Counter(state.last_throw.faces).items():
        colours = [die.colour for die in state.last_throw if die.face == face]
        assert set(colours) <= {"red", "blue"}, state.last_throw
        assert colours.count("red") in ONE_COLOUR[n], state.last_throw


@fuzz_settings(ci_examples=60)
@given(mode=st.sampled_from(["manual", "virtual"]), rules=st.sampled_from(["standard", "portland"]),
       actions=st.lists(ACTIONS, max_size=60))
def test_random_presses_and_dice_entries(
    mode: str, rules: str, actions: list[Action], tmp_path_factory: pytest.TempPathFactory,
    caplog: pytest.LogCaptureFixture,
) -> None:
    tally("table: presses and dice entries")
    db = tmp_path_factory.mktemp("table") / "farkle.db"
    caplog.clear()
    with Store(db) as store:
        table = Table(store, load_rules(rules, {"target": "2000"}), ["Ann", "Bob"], mode,
                      resume=False, say=lambda _: None)
        table.new_game()
        for action in actions:
            table.handle(action)
            assert not table.error.startswith("internal error"), (action, table.error)
            one_visible_frame(table)  # (the view must be computable at every step)
            asked_when_shown(table)
            if mode == "manual":
                colours_answered(table)
        shown = table.state
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    with Store(db) as reopened:
        latest = reopened.latest()
        assert latest is not None and latest.state == shown


@fuzz_settings(ci_examples=40)
@given(actions=PRESSES)
def test_typed_dice_set_right_by_taps_keep_the_colours_answered(
    actions: list[Action], tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Portland, dice typed: whole throws, answers, and taps that set their dice right (one
    made three alike of dice given blue, and they doubled unasked)."""
    tally("table: typed dice set right by taps")
    db = tmp_path_factory.mktemp("typed") / "farkle.db"
    with Store(db) as store:
        table = Table(store, load_rules("portland", {"target": "2000"}), ["Ann", "Bob"],
                      "manual", resume=False, say=lambda _: None)
        table.new_game()
        for action in actions:
            table.handle(action)
            assert not table.error.startswith("internal error"), (action, table.error)
            asked_when_shown(table)
            colours_answered(table)
        shown = table.state
    with Store(db) as reopened:
        latest = reopened.latest()
        assert latest is not None and latest.state == shown


COLOURS = [(170, 50, 110), (170, 50, 96), (40, 40, 200), (200, 60, 30), (235, 235, 235)]
TRAY_DIE = st.builds(  # mostly read and flat, so that throws are played
    TrayDie, value=st.sampled_from([None, *range(1, 7), *range(1, 7), *range(1, 7)]),
    colour_bgr=st.sampled_from(COLOURS),
    center=st.tuples(st.floats(0, 640), st.floats(0, 480)),
    flat=st.sampled_from([True] * 9 + [False]))


def tray_dice(count: int) -> st.SearchStrategy[tuple[TrayDie, ...]]:
    return st.lists(TRAY_DIE, min_size=count, max_size=count).map(tuple)


@fuzz_settings(ci_examples=120)
@given(rules=st.sampled_from(["standard", "portland"]), data=st.data())
def test_random_tray_events_and_presses_in_camera_mode(
    rules: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Throws read with unreadable, cocked or misread dice, dice taken out (of the last throw
    or not), prompts, and presses between them (hand entries, taps, keeps)."""
    tally("table: tray events in camera mode")
    db = tmp_path_factory.mktemp("tray") / "farkle.db"
    caplog.clear()
    with Store(db) as store:
        table = Table(store, load_rules(rules, {"target": "2000"}), ["Ann", "Bob"], "camera",
                      resume=False, say=lambda _: None)
        table.new_game()
        in_tray: tuple[TrayDie, ...] = ()
        for _ in range(data.draw(st.integers(0, 40), label="steps")):
            what = data.draw(st.sampled_from(["settled", "taken", "removed", "prompt", "press"]))
            if what == "settled":  # mostly as many dice as the game wants
                state = table.state
                wanted = state.dice_to_throw if state is not None else 6
                count = data.draw(st.sampled_from([wanted, wanted, wanted, 1, 5, 7]))
                in_tray = data.draw(tray_dice(count), label="thrown")
                table.tray(TrayNews("settled", in_tray))
            elif what == "taken" and in_tray:
                gone = tuple(data.draw(st.lists(st.sampled_from(in_tray), min_size=1,
                                                max_size=len(in_tray), unique=True)))
                in_tray = tuple(d for d in in_tray if d not in gone)
                table.tray(TrayNews("removed", gone))
            elif what == "removed":
                misread = data.draw(st.integers(1, 3).flatmap(tray_dice), label="misread")
                table.tray(TrayNews("removed", misread))
            elif what == "prompt":
                reason = data.draw(st.sampled_from(["cocked", "unreadable", "outside", "count"]))
                table.tray(TrayNews("prompt", in_tray[:1], reason))
            else:
                table.handle(data.draw(ACTIONS, label="press"))
            assert not table.error.startswith("internal error"), table.error
            one_visible_frame(table)
        shown = table.state
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    with Store(db) as reopened:
        latest = reopened.latest()
        assert latest is not None and latest.state == shown
