"""The one place that turns game state + coach + what the table shows into a `TableView`."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from farkle_pi import coach
from farkle_pi.clock import Moment, stamped_at
from farkle_pi.game import GameState, Keep, Refused
from farkle_pi.game.turns import play
from farkle_pi.rules import Die, Roll, ScoringOption, dice_count
from farkle_pi.store import GameRecord, PlayerStats
from farkle_pi.table.tray_input import with_colours
from farkle_pi.ui.view import (
    Banner,
    DieView,
    HistoryRow,
    OptionView,
    PlayerRow,
    ScreenName,
    SeatQuestion,
    StatRow,
    TableView,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Shown:
    """What the table adds to the game state: the screen, the highlight, prompts, typed dice."""

    screen: ScreenName = "throw"
    selected: int = 0
    banner: Banner | None = None
    prompt: str = ""
    typed: str = ""
    error: str = ""
    dice_mode: str = "virtual"
    keypad: bool = False  # the next throw is entered by hand
    face: int | None = None  # the face the buttons are on while it is
    unsure: tuple[int, ...] = ()  # faces of the throw the camera read unsure: marked to check
    entry_colours: tuple[str | None, ...] = ()  # the colours of the dice being entered
    layout: tuple[Die, ...] = ()  # the order dice being corrected stay in (`in_layout`)
    framed: int | None = None  # the place of the die NEXT steps (a short UNDO framed it)
    question: str = ""  # asked of the colours of dice entered by hand (two-colour games)
    seat_question: SeatQuestion | None = None  # the scoreboard: does a player go home?
    seat_framed: str | None = None  # the scoreboard: the player whose row NEXT framed


def in_layout(roll: Roll, layout: tuple[Die, ...]) -> tuple[Die, ...]:
    """The dice of `roll` as drawn: in `layout` while it holds them (a die tapped to correct
    it stays under the finger, so the next tap steps it on), else sorted."""
    return layout if layout and Roll(layout) == roll else roll.dice


def options_for(state: GameState) -> list[OptionView]:
    """The legal keeps, ranked by the coach (best first), or by points if the coach fails.
    On a last turn of the final round they are ranked by the chance to win instead."""
    if state.last_throw is None or not state.options:
        return []
    labels = {option.keep: option.label for option in state.options}
    try:
        need = last_turn_need(state)
        if need is not None:
            return _by_chance(state, need, labels)
        ranked = coach.choices(
            state.rules,
            state.turn_points,
            state.last_throw,
            on_board=state.player.on_board,
            farkle_streak=state.player.farkles,
            score=state.player.score,  # (the penalty takes at most that)
        )
    except Exception:  # the coach is advice: without it the options still show
        log.exception("coach failed; showing options by points")
        return [_plain(option) for option in state.options]
    views = []
    for choice in ranked:
        wins = None if must_throw_after(state, choice.dice) else winning_bank(
            state, state.turn_points + choice.points)  # (hot dice thrown again: no bank wins)
        then = choice.then if wins is None else ("bank" if wins else "roll")
        views.append(
            OptionView(
                keep=choice.keep.faces,
                points=choice.points,
                label=labels.get(choice.keep, ""),
                expected=choice.expected,
                then=then,
            )
        )
    if any(view.then == "bank" and winning_bank(state, state.turn_points + view.points)
           for view in views):  # a keep that wins now beats any expectation
        views.sort(key=lambda v: not (v.then == "bank" and winning_bank(
            state, state.turn_points + v.points)))
    return [replace(view, best=index == 0) for index, view in enumerate(views)]


def last_turn_need(state: GameState) -> int | None:
    """Points this turn must end with to win, on a last turn of the final round; else None.
    A tie wins where the rules share it (a win for each); a roll-off is not a win yet."""
    if not (state.final_round and state.current in state.last_turn_for):
        return None
    return max(1, _best_other(state) - state.player.score + _past_a_tie(state))


def _other_scores(state: GameState) -> list[int]:
    """The scores this player plays against: those still playing (a player who left cannot
    win, whatever their score)."""
    return [p.score for i, p in enumerate(state.players) if i != state.current and not p.left]


def _best_other(state: GameState) -> int:
    """The top score to beat (0 for the last one still playing: every rival went home)."""
    return max(_other_scores(state), default=0)


def _past_a_tie(state: GameState) -> int:
    """1 where a tie on top is settled by a roll-off (play to pass), 0 where it is shared."""
    return 0 if state.rules.ties == "shared" else 1


def _later(state: GameState) -> tuple[tuple[int, bool], ...]:
    """The players still to play their last turn after this one: how far behind this player
    each starts, and whether each is on the board (the coach's `later`)."""
    me = state.player.score
    return tuple((me - state.players[i].score, state.players[i].on_board)
                 for i in state.last_turn_for if i != state.current)


def _tie_share(state: GameState) -> float:
    """What tying the top score on a last turn is worth under a roll-off: its chance, one in
    as many as would be tied (0 where a tie is shared: `last_turn_need` counts it a win)."""
    if not _past_a_tie(state):
        return 0.0
    others = _other_scores(state)
    return 1.0 / (1 + others.count(max(others, default=0)))


def _by_chance(state: GameState, need: int, labels: dict[Roll, str]) -> list[OptionView]:
    assert state.last_throw is not None
    ranked = coach.win_choices(
        state.rules, need, state.turn_points, state.last_throw, on_board=state.player.on_board,
        tie_share=_tie_share(state), later=_later(state),
    )
    return [
        OptionView(
            keep=choice.keep.faces,
            points=choice.points,
            label=labels.get(choice.keep, ""),
            best=index == 0,
            chance=choice.probability,
            then=choice.then,
        )
        for index, choice in enumerate(ranked)
    ]


def _plain(option: ScoringOption) -> OptionView:
    return OptionView(keep=option.keep.faces, points=option.points, label=option.label)


def dice_after(state: GameState, option: OptionView | None) -> int:
    """How many dice the next throw has: what is left after the keep, all of them after hot dice."""
    if state.last_throw is None or option is None:
        return state.dice_to_throw
    left = len(state.last_throw) - len(option.keep)
    return left or state.rules.dice


def must_throw_after(state: GameState, dice: int) -> bool:
    """A keep that leaves `dice` to throw is one of every die (hot dice), and the house rule
    `must_throw_hot_dice` makes them be thrown again: no bank after it, whatever it would win."""
    return state.rules.must_throw_hot_dice and dice == state.rules.dice


def why_no_bank_after(state: GameState, option: OptionView) -> str:
    """Why BANK on `option` (keep it, then bank) is refused, in one line for the table."""
    if must_throw_after(state, dice_after(state, option)):
        return (f"hot dice: keep {dice_count(len(option.keep))} and throw all "
                f"{state.rules.dice} again (house rule: no bank on hot dice)")
    return (f"{state.turn_points + option.points} is not enough to bank: "
            f"{state.bank_minimum} needed")


def winning_bank(state: GameState, points: int) -> bool | None:
    """Play to win: True when banking `points` more ends the game with this player ahead,
    False on a last turn where banking them cannot win, None when the coach should decide
    (players still to play their last turns may pass the bank)."""
    rules, me = state.rules, state.player
    total = me.score + points
    if state.final_round and state.current in state.last_turn_for:
        ahead = total >= _best_other(state) + _past_a_tie(state)  # as `last_turn_need` counts
        return None if ahead and _later(state) else ahead
    if not rules.final_round and total >= rules.target and points >= state.bank_minimum:
        return True  # (a bank below the minimum is refused: it wins nothing)
    return None


def advice(state: GameState) -> str:
    """Bank or roll on, when the player may bank before the next throw ("" otherwise)."""
    if state.phase != "choose" or not state.can_bank:
        return ""
    need = last_turn_need(state)
    if need is not None:
        return _play_to_win(state, need)
    wins = winning_bank(state, state.turn_points)
    if wins is not None:
        return "bank" if wins else "roll"
    try:
        then, _ = coach.decide(
            state.rules,
            state.turn_points,
            state.dice_to_throw,
            on_board=state.player.on_board,
            farkle_streak=state.player.farkles,
            score=state.player.score,  # (the penalty takes at most that)
        )
    except Exception:
        log.exception("coach failed; no advice")
        return ""
    return str(then)


def _play_to_win(state: GameState, need: int) -> str:
    """On a last turn: bank or roll on by the chance to win, as the keeps were ranked (a tie
    banked is a roll-off won one time in so many; a bank past the leaders may still be
    passed by the players to come)."""
    try:
        then, _ = coach.win_decide(
            state.rules, need, state.turn_points, state.dice_to_throw,
            on_board=state.player.on_board, tie_share=_tie_share(state), later=_later(state))
    except Exception:
        log.exception("coach failed; no advice")
        return ""
    return str(then)


def farkle_odds(state: GameState, dice: int) -> float | None:
    try:
        return float(coach.farkle_odds(state.rules)[dice])
    except Exception:
        log.exception("farkle odds unavailable")
        return None


def players(state: GameState) -> tuple[PlayerRow, ...]:
    top = max(p.score for p in state.players if not p.left)  # (a player who left leads no more)
    return tuple(
        PlayerRow(
            name=p.name,
            score=p.score,
            on_board=p.on_board,
            last_turn=i in state.last_turn_for,
            leader=p.score == top and top > 0 and not p.left,
            current=i == state.current and not state.over,
            left=p.left,
        )
        for i, p in enumerate(state.players)
    )


def table_view(state: GameState, shown: Shown) -> TableView:
    options = tuple(options_for(state)) if state.phase == "keep" else ()
    # (at a roll-off, NEXT steps through the tied players instead)
    picks = len(state.winners) if state.roll_off else len(options)
    selected = shown.selected % picks if picks else 0
    chosen = options[selected] if options else None
    dice: tuple[DieView, ...] = ()
    if state.last_throw is not None and state.phase == "keep":
        marked = list(chosen.keep) if chosen else []
        unsure = list(shown.unsure)
        views = []
        for die in in_layout(state.last_throw, shown.layout):
            is_marked = die.face in marked
            if is_marked:
                marked.remove(die.face)
            check = die.face in unsure  # dice read alike look alike: which of them, unknown
            if check:
                unsure.remove(die.face)
            views.append(DieView(die.face, die.colour, flag="check" if check else "",
                                 marked=is_marked))
        dice = tuple(views)
    shown_farkle = shown.dice_mode == "camera" and not shown.keypad and farkled_throw(state)
    if shown_farkle:
        dice = tuple(DieView(die.face, die.colour) for die in in_layout(shown_farkle, shown.layout))
    if shown.framed is not None and shown.framed < len(dice):
        dice = tuple(replace(die, framed=place == shown.framed) for place, die in enumerate(dice))
    return TableView(
        screen="winner" if state.over and shown.screen == "throw" else shown.screen,
        players=players(state),
        turn_points=state.turn_points,
        turn_note=_turn_note(state),
        dice=dice,
        dice_to_throw=state.dice_to_throw,
        options=options,
        selected=selected,
        farkle_odds=farkle_odds(state, dice_after(state, chosen)),
        next_dice=dice_after(state, chosen),
        can_bank=state.can_bank or (chosen is not None and _bank_after(state, chosen)),
        advice=advice(state),
        banner=shown.banner,
        prompt=shown.prompt or _steal_prompt(state, shown.dice_mode)
        or (_farkle_prompt(state) if shown_farkle else "")
        or _hot_dice_prompt(state, shown.dice_mode),
        final_round=state.final_round,
        winners=state.winner_names(),
        roll_off=state.roll_off,
        game_over=state.over,
        rules_name=state.rules.name,
        target=state.rules.target,
        dice_mode=shown.dice_mode,
        typed=shown.typed,
        keypad=shown.keypad,
        face=shown.face,
        entry_colours=shown.entry_colours,
        question=shown.question,
        seat_question=shown.seat_question if shown.screen == "scoreboard" else None,
        seat_framed=shown.seat_framed if shown.screen == "scoreboard" else None,
        error=shown.error,
    )


def _turn_note(state: GameState) -> str:
    """What this player's bank must reach, when that is more than any points at all."""
    if state.over or state.bank_minimum <= 1:
        return ""
    if not state.player.on_board:
        return f"needs {state.bank_minimum:,} to get on the board"
    return f"banks {state.bank_minimum:,} or more"


def _steal_prompt(state: GameState, dice_mode: str) -> str:
    offer = state.steal
    if offer is None or state.phase != "start":
        return ""
    own = {"virtual": "KEEP throws your own",
           "camera": f"or throw {state.rules.dice} into the tray for your own"}.get(
               dice_mode, "KEEP enters your own throw")
    return f"NEXT steals {offer.points:,} with {offer.dice} dice from {offer.player}, {own}"


def _hot_dice_prompt(state: GameState, dice_mode: str) -> str:
    """Hot dice that the house rule makes be thrown again: the hint's BANK does not apply."""
    if not state.hot_dice_must_throw:
        return ""
    dice = state.rules.dice
    throw = {"virtual": f"KEEP throws all {dice} again",
             "camera": f"throw all {dice} into the tray again"}.get(
                 dice_mode, f"enter the throw of all {dice}")
    return f"HOT DICE: {throw} - no bank on hot dice (house rule)"


def farkled_throw(state: GameState) -> Roll | None:
    """The throw that ended the last turn in a Farkle, while the next player has not thrown:
    a camera's misread there is otherwise gone unseen (and a tap sets it right)."""
    if state.phase != "start" or not state.turns or not state.turns[-1].farkle:
        return None
    return state.last_throw


def _farkle_prompt(state: GameState) -> str:
    return (f"{state.turns[-1].player}'s Farkle above: a die misread? tap it (or UNDO) - else "
            f"{state.player.name} throws {dice_count(state.dice_to_throw)}")


def _bank_after(state: GameState, option: OptionView) -> bool:
    """Whether BANK on this option banks: its keep played as the game plays it (portland's
    six 1s in a turn can make a keep worth more than its own points), in its own colours
    (the lamp lit for three 3s of one colour while a mixed three, 600 less, was chosen)."""
    return bank_after_keep(state, option_keep(option, state)) is not None


def option_keep(option: OptionView, state: GameState) -> Roll:
    """The dice of the option shown. In a two-colour game the same faces can score twice
    over by their colours (three red 5s against two red and a blue), so the option with
    these faces and points is kept, not the first dice of these faces."""
    for scoring in state.options:
        if scoring.keep.faces == option.keep and scoring.points == option.points:
            return scoring.keep
    return with_colours(Roll.of(*option.keep), state)


def bank_after_keep(state: GameState, keep: Roll) -> int | None:
    """The turn points `keep` then banks, or None if the bank would be refused."""
    try:
        after = play(state, Keep(keep))
    except Refused:
        return None
    return after.turn_points if after.can_bank else None


NIGHT = timedelta(hours=12)  # games this close before the newest one belong to the same night


def history_rows(summaries: Sequence[GameRecord],
                 moments: Mapping[int, Moment] | None = None) -> tuple[HistoryRow, ...]:
    """The night's finished games, newest first, at local clock times.

    Newest is by game number, and the night is the games started within NIGHT of the newest
    game's start, either way. A Pi has no clock of its own (clock.py): games of the newest
    one's boot are timed by the time since boot (`moments`), which never jumps, so the network
    setting the clock mid-evening neither drops the evening's first games nor adds last
    week's; other games by their wall clocks, and only when a time server had set both (a clock
    restored from the last shutdown cannot tell last week from an hour ago). Games without
    `moments` (stored before they were kept) go by their wall clocks, as before."""
    if not summaries:
        return ()
    moments = moments or {}
    newest = max(summaries, key=lambda game: game.id)
    rows = []
    for game in sorted(summaries, key=lambda game: game.id, reverse=True):
        if not game.over:
            continue
        started = _started_by(newest, game, moments)
        if started is not None:
            rows.append(HistoryRow(_clock_text(started), ", ".join(game.players),
                                   " & ".join(game.winners), game.top_score))
    return tuple(rows)


def _started_by(newest: GameRecord, game: GameRecord, moments: Mapping[int, Moment]
                ) -> datetime | None:
    """When `game` started by the newest game's clock, if it was the same night (else None)."""
    if game.id == newest.id:  # (its own night, whatever its clocks say of other games)
        return _started(game)
    last, then = moments.get(newest.id), moments.get(game.id)
    if (last is not None and then is not None and last.boot is not None
            and last.boot == then.boot and last.uptime is not None and then.uptime is not None):
        gap = last.uptime - then.uptime
        if not abs(gap) <= NIGHT.total_seconds():  # (or an uptime that does not read: inf)
            return None
        apart = timedelta(seconds=gap)
        try:
            return _started(newest) - apart
        except OverflowError:  # (a start that does not read: the shown time only)
            return _started(game)
    if any(moment is not None and moment.synced is False for moment in (last, then)):
        return None  # another boot, and a wall clock no time server had set
    return _started(game) if abs(_started(newest) - _started(game)) <= NIGHT else None


def _clock_text(started: datetime) -> str:
    try:
        return started.astimezone().strftime("%H:%M")
    except (OverflowError, ValueError, OSError):  # (a start that does not read)
        return "--:--"


def _started(game: GameRecord) -> datetime:
    return stamped_at(game.started) or datetime.min.replace(tzinfo=UTC)


def stat_rows(stats: Sequence[PlayerStats]) -> tuple[StatRow, ...]:
    """The store's per-player statistics as the history screen's rows."""
    return tuple(
        StatRow(
            name=row.name,
            games=row.games,
            wins=row.wins,
            average_turn=row.average_banked,
            farkle_rate=row.farkle_rate,
            best_turn=row.best_turn,
        )
        for row in stats
    )
