"""Properties of random games: replay, undo, refusals, and scores that add up."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from game_strategies import any_command, legal_command, rule_sets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from farkle_pi.game import (
    Correct,
    Game,
    GameState,
    Refused,
    Throw,
    Undo,
    event_from_json,
    event_to_json,
)
from farkle_pi.rules import RuleSet
from farkle_pi.store import Store

STEPS = 60


def _scores_add_up(state: GameState) -> None:
    for player in state.players:
        turns = [t for t in state.turns if t.player == player.name]
        assert player.score == sum(t.banked - t.penalty for t in turns) >= 0
        assert player.on_board == any(t.banked for t in turns)
    left = {i for i, p in enumerate(state.players) if p.left}
    assert not left & {*state.last_turn_for, *state.winners}  # a leaver plays and wins no more
    assert state.over or state.current not in left
    assert len(left) < len(state.players)  # somebody is always still playing


def _play_random(data: st.DataObject, game: Game, steps: int, check_undo: bool) -> None:
    threw = False
    for _ in range(steps):
        if game.state.over and not data.draw(st.booleans()):
            return
        command = data.draw(legal_command(game.state, game.commands > 0, threw))
        before = game.state
        game.apply(command)
        if check_undo and not isinstance(command, Undo):
            after = game.state
            game.apply(Undo())
            assert game.state == before  # undo is the exact inverse of the last command
            game.apply(command)
            assert game.state == after
        threw = isinstance(command, Throw | Correct)
        _scores_add_up(game.state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data())
def test_random_games_replay_undo_and_add_up(rules: RuleSet, data: st.DataObject) -> None:
    game = Game(["Ann", "Bob", "Cy"], rules)
    _play_random(data, game, STEPS, check_undo=True)
    stored = [event_from_json(json.loads(json.dumps(event_to_json(e)))) for e in game.events]
    assert stored == list(game.events)
    again = Game.replay(stored)
    assert again.state == game.state and again.commands == game.commands


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data())
def test_refused_commands_change_nothing(rules: RuleSet, data: st.DataObject) -> None:
    game = Game(["Ann", "Bob"], rules)
    _play_random(data, game, data.draw(st.integers(0, 25)), check_undo=False)
    for _ in range(10):
        command = data.draw(any_command())
        state, log = game.state, game.events
        try:
            game.apply(command)
        except Refused as refusal:
            assert str(refusal)
            assert game.state == state and game.events == log


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data())
def test_random_games_through_the_store_reopen_identical(
    rules: RuleSet, data: st.DataObject
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "farkle.db"
        with Store(path) as store:
            table = store.new_game(["Ann", "Bob"], rules)
            threw = False
            for _ in range(40):
                if table.state.over:
                    break
                command = data.draw(legal_command(table.state, table.game.commands > 0, threw))
                table.apply(command)
                threw = isinstance(command, Throw | Correct)
        with Store(path) as store:
            again = store.latest()
            assert again is not None
            assert again.state == table.state and again.game.events == table.game.events
