"""What a screen shows, as one frozen value: the screens draw a `TableView` and nothing else.

Keeping the screens on this small view-model means they can be drawn (and screenshot-tested)
from sample values, without a game, a camera or a coach behind them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ScreenName = Literal["setup", "throw", "results", "scoreboard", "winner", "history"]
SCREENS: tuple[ScreenName, ...] = ("setup", "throw", "results", "scoreboard", "winner", "history")

BannerKind = Literal["bank", "farkle", "hot_dice", "on_board", "final_round", "win", "error"]


@dataclass(frozen=True)
class PlayerRow:
    """One seat on the scoreboard."""

    name: str
    score: int
    on_board: bool = True
    last_turn: bool = False  # still has a last turn in the final round
    leader: bool = False
    current: bool = False
    left: bool = False  # went home mid-game (`game leave`): no more turns, no win


def standing(players: tuple[PlayerRow, ...]) -> list[PlayerRow]:
    """The players by score, highest first, those who left after those still playing (they
    cannot win, whatever their score): the scoreboard's rows, top to bottom."""
    return sorted(players, key=lambda row: (row.left, -row.score))


@dataclass(frozen=True)
class SeatQuestion:
    """A player picked on the scoreboard: asked whether they go home (`back`: a player who
    left, whether they come back) before anything is stored, as a tap is easily a slip."""

    name: str
    back: bool = False

    @property
    def text(self) -> str:
        return f"{self.name} comes back?" if self.back else f"{self.name} goes home?"


@dataclass(frozen=True)
class DieView:
    """A die as read; `face` None means it could not be read."""

    face: int | None
    colour: str | None = None
    flag: str = ""  # "cocked", "unreadable", "corrected", "" when fine
    marked: bool = False  # part of the option currently highlighted
    framed: bool = False  # NEXT steps its face (a short UNDO framed it: the buttons alone)


@dataclass(frozen=True)
class OptionView:
    """One legal keep of the throw and what the coach thinks of it."""

    keep: tuple[int, ...]
    points: int
    label: str
    best: bool = False  # the coach's choice
    expected: float | None = None  # expected final turn score when playing on from here
    chance: float | None = None  # on a last turn: the chance to win with this keep
    then: str = ""  # "bank" or "roll": the coach's advice after this keep


@dataclass(frozen=True)
class Banner:
    """A brief big result: BANK +450, FARKLE, HOT DICE, ON THE BOARD, FINAL ROUND."""

    kind: BannerKind
    text: str
    detail: str = ""


@dataclass(frozen=True)
class HistoryRow:
    """A finished (or running) game of the night."""

    when: str
    players: str
    winner: str
    score: int


@dataclass(frozen=True)
class StatRow:
    """One player's figures over the stored games."""

    name: str
    games: int
    wins: int
    average_turn: float
    farkle_rate: float
    best_turn: int


@dataclass(frozen=True)
class SetupView:
    """The setup screen: who plays, which rules, to what target; `focus` is the row being set."""

    players: tuple[str, ...]
    known_names: tuple[str, ...] = ()
    preset: str = "standard"
    target: int = 10_000
    dice_mode: str = "virtual"
    dice_modes: tuple[str, ...] = ("virtual", "manual", "camera")  # what this table can do
    focus: int = 0  # index into SETUP_ROWS
    typing: str = ""  # a name being typed on the keyboard


SETUP_ROWS = ("players", "rules", "target", "dice", "start")


@dataclass(frozen=True)
class TableView:
    """Everything the table's screen shows at one moment."""

    screen: ScreenName
    players: tuple[PlayerRow, ...] = ()
    turn_points: int = 0
    turn_note: str = ""  # e.g. "needs 500 to get on the board"
    dice: tuple[DieView, ...] = ()
    dice_to_throw: int = 6
    options: tuple[OptionView, ...] = ()
    selected: int = 0  # the option NEXT has moved to
    farkle_odds: float | None = None  # for the dice about to be thrown ...
    next_dice: int = 6  # ... which are these many (after the highlighted keep)
    can_bank: bool = False
    advice: str = ""  # the coach before a throw: "bank" or "roll"
    banner: Banner | None = None
    prompt: str = ""
    final_round: bool = False
    winners: tuple[str, ...] = ()
    roll_off: bool = False  # the winners tie under `ties = "roll-off"`: they roll for it
    # (then `selected` is the one of them NEXT is on: who BANK records as the roll-off's winner)
    game_over: bool = False  # no game on (or it has ended): a button leads to the next one
    history: tuple[HistoryRow, ...] = ()
    stats: tuple[StatRow, ...] = ()
    setup: SetupView | None = None
    rules_name: str = "standard"
    target: int = 10_000
    dice_mode: str = "virtual"
    typed: str = ""  # dice entered so far by hand (keys, keypad or buttons)
    keypad: bool = False  # waiting for a throw entered by hand: the keypad shows
    face: int | None = None  # the face NEXT steps and KEEP takes (None: a steal is offered)
    entry_colours: tuple[str | None, ...] = ()  # each slot's die colour (two-colour dice)
    # the dice entered, a two-colour game asks of their colours: KEEP (or YES) yes, NEXT no
    question: str = ""
    # the scoreboard: a player picked by a tap (or a digit key), asked about: KEEP (or YES) yes
    seat_question: SeatQuestion | None = None
    # the scoreboard: the player whose row NEXT framed (the buttons alone): KEEP asks as a tap
    seat_framed: str | None = None
    error: str = ""  # the last caught error, shown small until the next action

    @property
    def current(self) -> PlayerRow | None:
        return next((p for p in self.players if p.current), None)

    @property
    def selected_option(self) -> OptionView | None:
        if not self.options:
            return None
        return self.options[self.selected % len(self.options)]
