"""Dice entries and button presses at random into the table: typed faces, taps on stale option
and die regions, presses in the wrong phase. None may end in an "internal error" (a stack in the
log), and the game on disk is always the game on the screen."""

from __future__ import annotations

import pytest
from fuzzing import fuzz_settings, tally
from hypothesis import given
from hypothesis import strategies as st

from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

ACTIONS = st.one_of(
    st.builds(Action, st.just("digit"), st.integers(1, 6)),
    st.builds(Action, st.sampled_from(["option", "die"]), st.integers(0, 7)),
    st.builds(Action, st.sampled_from(["bank", "next", "keep", "undo", "erase"])),
    st.builds(Action, st.just("char"), text=st.text(min_size=1, max_size=2)),
    st.builds(Action, st.just("show"), text=st.sampled_from(["scoreboard", "history", "throw",
                                                              "nonsense"])),
)


@fuzz_settings(ci_examples=40)
@given(mode=st.sampled_from(["manual", "virtual"]), actions=st.lists(ACTIONS, max_size=60))
def test_random_presses_and_dice_entries(
    mode: str, actions: list[Action], tmp_path_factory: pytest.TempPathFactory,
    caplog: pytest.LogCaptureFixture,
) -> None:
    tally("table: presses and dice entries")
    db = tmp_path_factory.mktemp("table") / "farkle.db"
    caplog.clear()
    with Store(db) as store:
        table = Table(store, load_rules("standard", {"target": "2000"}), ["Ann", "Bob"], mode,
                      resume=False, say=lambda _: None)
        table.new_game()
        for action in actions:
            table.handle(action)
            assert not table.error.startswith("internal error"), (action, table.error)
            table.view()  # what the screen would draw must be computable at every step
        shown = table.state
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    with Store(db) as reopened:
        latest = reopened.latest()
        assert latest is not None and latest.state == shown
