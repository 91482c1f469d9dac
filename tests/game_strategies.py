"""Hypothesis strategies: random legal (and illegal) commands for whatever state a game is in."""

from __future__ import annotations

from hypothesis import strategies as st

from farkle_pi.game import (
    AddPlayer,
    Bank,
    Command,
    Correct,
    GameState,
    Keep,
    LeavePlayer,
    RollOff,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.game.seating import MAX_PLAYERS
from farkle_pi.rules import PRESETS, Die, Roll, RuleSet, load_rules


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    changes = {
        "target": draw(st.sampled_from(["500", "1500", "3000"])),
        "three_farkles": draw(st.sampled_from(["0", "500"])),
        "final_round": draw(st.sampled_from(["true", "true", "false"])),
        "ties": draw(st.sampled_from(["shared", "roll-off"])),
    }
    preset = draw(st.sampled_from(PRESETS))
    if draw(st.booleans()):
        changes["stealing"] = "true"
    if draw(st.booleans()):
        changes["must_throw_hot_dice"] = "true"
    if preset == "tyler" and draw(st.booleans()):
        changes["dice"] = "5"
    return load_rules(preset, changes)


@st.composite
def dice(draw: st.DrawFn, count: int, coloured: bool) -> Roll:
    faces = draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))
    if not coloured:
        return Roll.of(*faces)
    colours = draw(st.lists(st.sampled_from(["red", "blue"]), min_size=count, max_size=count))
    return Roll(Die(f, c) for f, c in zip(faces, colours, strict=True))


@st.composite
def legal_command(draw: st.DrawFn, state: GameState, can_undo: bool, threw: bool) -> Command:
    """A command the rules accept now (`threw`: the last command was a throw)."""
    coloured = state.rules.colour_triples
    choices: list[str] = []
    if state.phase in ("start", "steal", "choose"):
        choices += ["throw"] * 6
    if state.phase == "start" and state.steal is not None:
        choices.append("steal")
    if state.phase == "keep":
        choices += ["keep"] * 6
    if state.can_bank:
        choices += ["bank"] * 3
    if threw:
        choices.append("correct")
    if can_undo:
        choices.append("undo")
    if not state.over and not state.final_round and len(state.players) < MAX_PLAYERS:
        choices.append("add")
    playing = [p.name for p in state.players if not p.left]
    if not state.over and len(playing) > 1:
        choices.append("leave")
    gone = [p.name for p in state.players if p.left]
    if not state.over and not state.final_round and gone:
        choices.append("come_back")
    if state.roll_off:
        choices += ["roll_off"] * 3
    kind = draw(st.sampled_from(choices))
    if kind == "throw":
        return Throw(draw(dice(state.dice_to_throw, coloured)))
    if kind == "keep":
        return Keep(draw(st.sampled_from(state.options)).keep)
    if kind == "correct":
        assert state.last_throw is not None
        return Correct(draw(dice(len(state.last_throw), coloured)))
    if kind == "add":
        return AddPlayer(f"P{len(state.players)}")
    if kind == "leave":
        return LeavePlayer(draw(st.sampled_from(playing)))
    if kind == "come_back":
        return AddPlayer(draw(st.sampled_from(gone)).upper())  # (any case brings them back)
    if kind == "roll_off":
        return RollOff(draw(st.sampled_from(state.winner_names())))
    plain: dict[str, type[Bank | Steal | Undo]] = {"bank": Bank, "steal": Steal, "undo": Undo}
    return plain[kind]()


@st.composite
def any_command(draw: st.DrawFn) -> Command:
    """Any command at all, legal or not."""
    roll = draw(dice(draw(st.integers(1, 6)), coloured=False))
    commands: list[Command] = [
        Throw(roll), Keep(roll), Correct(roll), Bank(), Steal(), Undo(), AddPlayer("Ann"),
        RollOff("Ann"), LeavePlayer("Ann"), LeavePlayer("bob"), LeavePlayer("Dee"),
    ]
    return draw(st.sampled_from(commands))
