"""The game as a screen needs it: a frozen snapshot, replaced (never changed) by every command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from farkle_pi.rules import Roll, RuleSet, ScoringOption, chart

Phase = Literal["start", "steal", "keep", "choose", "over"]
"""Where the current turn stands:

- `start`: a fresh turn; throw all the dice (or steal, when `steal` is offered);
- `steal`: the player stole; they must throw the stolen dice and score with them;
- `keep`: the last throw scored; set a legal keep aside;
- `choose`: throw the remaining dice (`dice_to_throw`) again, or bank;
- `over`: the game has ended.
"""


@dataclass(frozen=True)
class PlayerState:
    name: str
    score: int = 0
    on_board: bool = False
    farkles: int = 0  # Farkles in a row, for the three-Farkles penalty
    left: bool = False  # went home mid-game: no more turns, cannot win (`LeavePlayer`)


@dataclass(frozen=True)
class TurnRecord:
    """How one finished turn went: the raw material of statistics."""

    player: str
    banked: int  # 0 for a Farkle
    farkle: bool
    penalty: int = 0
    hot_dice: int = 0  # times every die scored during the turn
    stolen: int = 0  # points taken over from the previous player


@dataclass(frozen=True)
class StealOffer:
    """What the previous player left: their turn points and the dice they did not use."""

    player: str
    points: int
    dice: int


@dataclass(frozen=True)
class LeftMidTurn:
    """A turn its player ended by going home (`LeavePlayer`): nothing banked, and no Farkle,
    so no `TurnRecord`; kept until the next throw so the screen can say what happened."""

    player: str
    lost: int  # the turn's points (stolen ones too), given up


@dataclass(frozen=True)
class GameState:
    rules: RuleSet
    players: tuple[PlayerState, ...]
    current: int = 0
    phase: Phase = "start"
    turn_points: int = 0
    dice_to_throw: int = 6
    last_throw: Roll | None = None
    kept: tuple[Roll, ...] = ()  # keeps of this turn, in order
    hot_dice: int = 0  # this turn
    ones: int = 0  # 1s scored as 1s this turn (portland's six 1s)
    ones_points: int = 0  # what those 1s earned
    six_ones_paid: bool = False
    stolen: int = 0  # points stolen at the start of this turn
    steal: StealOffer | None = None  # offered to the current player at the start of the turn
    # the last bank's dice, not the current player's to steal (not on the board): should they
    # go home before throwing, the player now next may steal them (`steal` is then None)
    held_steal: StealOffer | None = None
    left_mid_turn: LeftMidTurn | None = None  # the turn just ended by its player's leave
    final_round: bool = False
    last_turn_for: tuple[int, ...] = ()  # seats still owed their last turn
    winners: tuple[int, ...] = ()
    turns: tuple[TurnRecord, ...] = ()  # every finished turn, in order
    throws: tuple[Roll, ...] = ()  # every throw as finally read (corrections applied)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def player(self) -> PlayerState:
        """The player whose turn it is (after the game: the last one to play)."""
        return self.players[self.current]

    @property
    def options(self) -> tuple[ScoringOption, ...]:
        """The legal keeps of the last throw while a keep is due, best first."""
        if self.phase != "keep" or self.last_throw is None:
            return ()
        return chart(self.rules).score(self.last_throw).options

    @property
    def bank_minimum(self) -> int:
        """Turn points the current player needs before `Bank` is accepted."""
        rules = self.rules
        return max(rules.min_bank, 1) if self.player.on_board else max(rules.entry, 1)

    @property
    def can_bank(self) -> bool:
        return (self.phase == "choose" and self.turn_points >= self.bank_minimum
                and not self.hot_dice_must_throw)

    @property
    def hot_dice_must_throw(self) -> bool:
        """Every die has scored (a keep leaves all the dice to throw only then) and the house
        rule `must_throw_hot_dice` says they must all be thrown again: no bank now."""
        return (self.rules.must_throw_hot_dice and self.phase == "choose"
                and self.dice_to_throw == self.rules.dice)

    @property
    def roll_off(self) -> bool:
        """A shared top score under `ties = "roll-off"`: the table settles it with dice."""
        return self.over and len(self.winners) > 1 and self.rules.ties == "roll-off"

    @property
    def roll_off_settled(self) -> bool:
        """Such a tie, with who won its roll-off recorded (`RollOff`)."""
        playing = [p.score for p in self.players if not p.left]
        top = max(playing, default=0)
        tied = playing.count(top) > 1
        return self.over and tied and self.rules.ties == "roll-off" and len(self.winners) == 1

    @property
    def last_turn(self) -> TurnRecord | None:
        return self.turns[-1] if self.turns else None

    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[i].name for i in self.winners)

    def last_turn_names(self) -> tuple[str, ...]:
        return tuple(self.players[i].name for i in self.last_turn_for)
