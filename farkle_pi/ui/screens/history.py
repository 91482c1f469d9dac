"""The game night: tonight's games, each player's statistics over the stored games, and what
the buttons do from here."""

from __future__ import annotations

from collections.abc import Sequence

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, points_text
from farkle_pi.ui.screens.parts import after_game_hint, prompt_strip
from farkle_pi.ui.view import TableView


def draw(p: Painter, view: TableView) -> list[Hit]:
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    games, stats, foot = screen.stack([42, 50, 8], gap=p.unit * 1.5)
    if view.game_over:
        prompt_strip(p, foot, view, after_game_hint(view, "any button: a new game"))
    else:
        prompt_strip(p, foot, view, "any button: back to the game")
    games_rows = [
        (row.when, row.players, row.winner, points_text(row.score)) for row in view.history
    ]
    _table(p, games, "TONIGHT", ("when", "players", "winner", "score"), [14, 46, 22, 18],
           games_rows, lines=4)
    stat_rows = [
        (s.name, str(s.games), str(s.wins), f"{s.average_turn:,.0f}",
         f"{s.farkle_rate * 100:.0f}%", points_text(s.best_turn))
        for s in view.stats
    ]
    _table(p, stats, "PLAYERS", ("name", "games", "wins", "avg turn", "farkle", "best"),
           [26, 13, 12, 17, 14, 18], stat_rows, lines=5)
    return [Hit(screen.rect, Action("show", text="throw"))]


def _table(
    p: Painter,
    box: Box,
    title: str,
    heads: Sequence[str],
    weights: list[float],
    data: Sequence[Sequence[str]],
    lines: int,
) -> None:
    """A titled table of `lines` rows; words left-aligned, numbers right-aligned."""
    p.panel(box)
    inner = box.inset(p.unit * 1.2)
    rows = inner.rows(lines + 2, gap=p.unit * 0.3)
    p.text(title, rows[0].part(0, 0.05, 1, 0.9), p.theme.accent)
    # One font size per table, set by the widest cell, so columns line up.
    cells = rows[1].columns(weights, gap=p.unit)
    size = min(
        p.fit(text, cell.part(0, 0.15, 1, 0.7)).get_height()
        for line in [heads, *data[:lines]]
        for text, cell in zip(line, cells, strict=False)
        if text
    )
    font = p.font(int(size / 0.68))
    for row, line in zip(rows[1:], [heads, *data[:lines]], strict=False):
        colour = p.theme.muted if line is heads else p.theme.text
        for i, (text, cell) in enumerate(zip(line, row.columns(weights, gap=p.unit), strict=False)):
            numeric = i > 0 and (any(ch.isdigit() for ch in data[0][i]) if data else True)
            p.text(text, cell, colour, align="right" if numeric else "left", font=font)
    if not data:
        p.text("no games yet", rows[2].part(0, 0.15, 1, 0.7), p.theme.muted)
