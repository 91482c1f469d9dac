"""Per-player statistics, folded from the turn records of finished and unfinished games alike.

Definitions (also in docs/game.md):
- games: games the player sat in; wins: finished games where they were a winner (a shared
  top score is a win for each; a roll-off's recorded winner the one);
- average banked turn: mean points of the turns that were banked (Farkles not counted);
- Farkle rate: Farkled turns / all turns played;
- best turn: the most points banked in one turn;
- hot dice: how often every die scored during a turn;
- longest streak: the most consecutive banked turns within one game (a Farkle ends a streak).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from farkle_pi.game import TurnRecord
from farkle_pi.store.records import GameRecord


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: int
    wins: int
    turns: int
    banked_turns: int
    average_banked: float
    farkles: int
    farkle_rate: float
    best_turn: int
    hot_dice: int
    longest_streak: int


def player_stats(games: Iterable[GameRecord]) -> list[PlayerStats]:
    """One row per player name, most wins first."""
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    turns: dict[str, list[TurnRecord]] = {}
    streaks: dict[str, int] = {}
    for game in games:
        for name in game.players:
            seats[name] = seats.get(name, 0) + 1
            turns.setdefault(name, [])
        for name in game.winners:
            wins[name] = wins.get(name, 0) + 1
        for name, streak in _longest_streaks(game.turns).items():
            streaks[name] = max(streaks.get(name, 0), streak)
        for turn in game.turns:
            turns[turn.player].append(turn)
    rows = [_row(name, seats[name], wins.get(name, 0), turns[name], streaks) for name in seats]
    return sorted(rows, key=lambda r: (-r.wins, -r.games, r.name))


def _row(
    name: str, games: int, wins: int, turns: list[TurnRecord], streaks: dict[str, int]
) -> PlayerStats:
    banked = [t.banked for t in turns if not t.farkle]
    farkles = sum(t.farkle for t in turns)
    return PlayerStats(
        name=name,
        games=games,
        wins=wins,
        turns=len(turns),
        banked_turns=len(banked),
        average_banked=sum(banked) / len(banked) if banked else 0.0,
        farkles=farkles,
        farkle_rate=farkles / len(turns) if turns else 0.0,
        best_turn=max(banked, default=0),
        hot_dice=sum(t.hot_dice for t in turns),
        longest_streak=streaks.get(name, 0),
    )


def _longest_streaks(turns: Iterable[TurnRecord]) -> dict[str, int]:
    current: dict[str, int] = {}
    longest: dict[str, int] = {}
    for turn in turns:
        current[turn.player] = 0 if turn.farkle else current.get(turn.player, 0) + 1
        longest[turn.player] = max(longest.get(turn.player, 0), current[turn.player])
    return longest
