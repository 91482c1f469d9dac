"""What a game command did, in words for the log and banners for the screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from farkle_pi.game import (
    AddPlayer,
    Bank,
    Event,
    Farkled,
    FinalRound,
    GameOver,
    GameState,
    Keep,
    LeavePlayer,
    Throw,
    Undo,
)
from farkle_pi.ui.view import Banner


@dataclass
class News:
    """Lines for the log, banners for the screen, and the end of the game if it came."""

    lines: list[str] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)
    game_over: GameOver | None = None


def announce(before: GameState, after: GameState, events: Sequence[Event]) -> News:
    """The lines and banners for the events of one command (`before` -> `after`)."""
    news = News()
    name = before.player.name
    for event in events:
        if isinstance(event, Throw):
            news.lines.append(f"{name} throws {event.roll}")
        elif isinstance(event, Keep):
            news.lines.append(f"{name} keeps {event.roll}: {after.turn_points} this turn")
            if after.hot_dice > before.hot_dice:
                news.banners.append(
                    Banner("hot_dice", "HOT DICE", f"throw all {after.rules.dice} again")
                )
        elif isinstance(event, Bank):
            _banked(news, before, after)
        elif isinstance(event, Farkled):
            detail = _farkle_detail(event)
            news.lines.append(f"{event.player}: FARKLE ({detail})")
            news.banners.append(Banner("farkle", "FARKLE", detail))
        elif isinstance(event, FinalRound):
            news.lines.append(f"{event.player} reached {after.rules.target}: final round")
            last = "everyone else: one last turn"
            news.banners.append(Banner("final_round", "FINAL ROUND", last))
        elif isinstance(event, GameOver):
            news.lines.append(f"game over: {' & '.join(event.winners)} won")
            news.game_over = event
        elif isinstance(event, Undo):
            news.lines.append("undo")
        elif isinstance(event, LeavePlayer):  # (the journal says who went, and when)
            news.lines.append(f"{event.name} leaves the game")
        elif isinstance(event, AddPlayer):
            news.lines.append(f"{event.name} joins the game")
    return news


def _banked(news: News, before: GameState, after: GameState) -> None:
    player = after.players[before.current]
    points = player.score - before.player.score
    news.lines.append(f"{player.name} banks {points}: total {player.score}")
    if after.rules.entry and not before.player.on_board and player.on_board:
        news.banners.append(Banner("on_board", "ON THE BOARD", f"{player.name} +{points:,}"))
    else:
        news.banners.append(
            Banner("bank", f"BANK +{points:,}", f"{player.name} now has {player.score:,}")
        )


def _farkle_detail(event: Farkled) -> str:
    """What the Farkle cost, in the grouped figures the rest of the screen uses."""
    penalty = f"{event.penalty:,} for three Farkles in a row"
    if event.lost and event.penalty:
        return f"{event.player} loses {event.lost:,}, and {penalty}"
    if event.penalty:
        return f"{event.player} loses {penalty}"
    if event.lost:
        return f"{event.player} loses {event.lost:,}"
    return f"{event.player}: no points were at risk"
