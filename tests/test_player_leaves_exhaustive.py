"""Every leave and every return, in every phase a few short scripts reach, under rule sets
that differ where leaving matters (stealing, final round or not, roll-offs, three Farkles,
portland's six 1s): a perft-style walk of all the commands from each point, a few plies
deep, corrections of the last throw among them (also past another player's leave or return).
The random games (test_game_properties) reach a leave in a final round with a steal offered
only by luck; here each is reached every run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from game_script import play

from farkle_pi.game import (
    AddPlayer,
    Bank,
    Command,
    Correct,
    Game,
    GameState,
    Keep,
    LeavePlayer,
    Refused,
    RollOff,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.rules import Roll, load_rules

ON_AT_ONCE = {"entry": "0", "min_bank": "0"}  # (the scripts below bank 100s)
RULES = {
    "standard, stealing, roll-off": ("standard", {"stealing": "true", "ties": "roll-off",
                                                  **ON_AT_ONCE}),
    "classic, three Farkles": ("classic", {"three_farkles": "500", **ON_AT_ONCE}),
    "tyler, no final round": ("tyler", {"final_round": "false", "stealing": "true",
                                        **ON_AT_ONCE}),
    "family, stealing, 5 dice": ("family", {"stealing": "true", "dice": "5", **ON_AT_ONCE}),
    "portland, stealing": ("portland", {"stealing": "true", **ON_AT_ONCE}),
    "standard, entry 500, min bank 300": ("standard", {"entry": "500", "min_bank": "300"}),
    "standard, hot dice must be thrown, stealing": ("standard", {
        "must_throw_hot_dice": "true", "stealing": "true", **ON_AT_ONCE}),
}
# the scripts bank 100s (below an entry of 500), and without a final round a bank to the
# target wins at once: every rule set from the start, those the scripts suit from the others
SUITED = [name for name, (_, changes) in RULES.items() if changes.get("entry") == "0"]
STEALING = [name for name in SUITED if RULES[name][1].get("stealing") == "true"]
CASES = ([(name, "start") for name in RULES] + [(name, "steal offered") for name in SUITED]
         + [(name, "steal held") for name in STEALING]
         + [(name, "final round") for name in SUITED
            if RULES[name][1].get("final_round") != "false"])


def prefix_script(prefix: str, dice: int, hot_bank: bool = True) -> str:
    """The points a short walk starts from: a fresh game, a steal offered (Bob may steal Ann's
    dice), a steal held (Bob, not on the board, may not: should he go home, Cy may), a final
    round with a steal offered (Ann's hot dice reached the target; where hot dice must be
    thrown again, all of them but one 5)."""
    one, hot, farkle = "123462"[:dice], "111555"[:dice], "234623"[:dice]
    kept = hot if hot_bank else hot[:-1]
    everyone_banks = f"throw {one}\nkeep 1\nbank\n" * 3
    return {"start": "",
            "steal offered": f"{everyone_banks}throw {one}\nkeep 1\nbank",
            "steal held": f"throw {one}\nkeep 1\nbank\nthrow {farkle}\n"
                          f"throw {one}\nkeep 1\nbank\nthrow {one}\nkeep 1\nbank",
            "final round": f"{everyone_banks}throw {hot}\nkeep {kept}\nbank"}[prefix]


def throws(count: int) -> list[Roll]:
    """A Farkle, a throw with one scoring die, and one where every die scores."""
    return [Roll.parse(faces[:count]) for faces in ("234623", "123462", "155555")]


def commands(state: GameState) -> Iterator[Command]:
    if state.phase in ("start", "steal", "choose"):
        yield from (Throw(roll) for roll in throws(state.dice_to_throw))
    if state.phase == "keep":
        yield from {Keep(state.options[0].keep), Keep(state.options[-1].keep)}
    if state.last_throw is not None:
        yield from (Correct(roll) for roll in throws(len(state.last_throw)))
    yield from (Bank(), Steal())
    for player in state.players:
        yield LeavePlayer(player.name)
        yield AddPlayer(player.name.lower())  # (a returner in any case; else refused)
    yield from (RollOff(name) for name in state.winner_names())


def holds_the_rules(state: GameState) -> None:
    gone = {i for i, p in enumerate(state.players) if p.left}
    assert len(gone) < len(state.players)
    assert not gone & {*state.last_turn_for, *state.winners}
    if state.over:
        if not state.roll_off_settled:
            top = max(p.score for i, p in enumerate(state.players) if i not in gone)
            assert state.winners == tuple(i for i, p in enumerate(state.players)
                                          if i not in gone and p.score == top)
        return
    assert state.current not in gone
    assert not state.final_round or state.current in state.last_turn_for
    offer, held = state.steal, state.held_steal
    assert offer is None or (state.player.on_board and offer.player != state.player.name)
    assert held is None or (not state.player.on_board and held.player != state.player.name
                            and offer is None and state.phase == "start")
    gone_home = state.left_mid_turn
    assert gone_home is None or (state.players[[p.name for p in state.players].index(
        gone_home.player)].left and state.phase == "start")


def walk(game: Game, depth: int) -> int:
    """Play every command from here, `depth` plies deep; how many were accepted."""
    state, log = game.state, game.events
    accepted = 0
    for command in commands(state):
        after = game.copy()
        try:
            after.apply(command)
        except Refused:
            assert after.state == state and after.events == log
            continue
        accepted += 1
        assert not (isinstance(command, Bank) and state.hot_dice_must_throw)  # (thrown again)
        holds_the_rules(after.state)
        if isinstance(command, LeavePlayer):  # nothing banked, Farkled or counted
            assert after.state.turns == state.turns
            assert [replace_left(p) for p in after.state.players] == [
                replace_left(p) for p in state.players]
        undone = after.copy()
        undone.apply(Undo())
        assert undone.state == state  # undo is exact
        assert Game.replay(after.events).state == after.state  # the stored log says the same
        if depth > 1:
            accepted += walk(after, depth - 1)
    return accepted


def replace_left(player: object) -> tuple[object, ...]:
    """A player as a leave must not change them: all but `left`."""
    return tuple(getattr(player, key) for key in ("name", "score", "on_board", "farkles"))


@pytest.mark.parametrize(("rules", "prefix"), CASES)
def test_every_leave_and_return_in_every_phase_keeps_the_rules(rules: str, prefix: str) -> None:
    preset, changes = RULES[rules]
    ruleset = load_rules(preset, {"target": "1000", **changes})
    game = play(Game(["Ann", "Bob", "Cy"], ruleset),
                prefix_script(prefix, ruleset.dice, not ruleset.must_throw_hot_dice))
    assert walk(game, 3) > 100


def test_the_walk_reaches_leaves_on_a_last_turn_with_a_steal_offered() -> None:
    game = play(Game(["Ann", "Bob", "Cy"], load_rules("standard", {
        "target": "1000", "stealing": "true"})), prefix_script("final round", 6))
    assert game.state.final_round and game.state.steal is not None


def test_the_walk_reaches_a_steal_held_from_a_player_off_the_board() -> None:
    game = play(Game(["Ann", "Bob", "Cy"], load_rules("standard", {
        "stealing": "true", **ON_AT_ONCE})), prefix_script("steal held", 6))
    assert game.state.player.name == "Bob" and game.state.held_steal is not None
    game.apply(LeavePlayer("Bob"))
    assert game.state.player.name == "Cy" and game.state.steal is not None
