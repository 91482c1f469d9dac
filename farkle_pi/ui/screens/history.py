"""The game night: tonight's games, each player's statistics over the stored games, and what
the buttons do from here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame.font import Font

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, cap_height, points_text
from farkle_pi.ui.screens.parts import after_game_hint, prompt_strip
from farkle_pi.ui.view import TableView


@dataclass(frozen=True)
class Column:
    """A table column: its heading, its share of the width, and whether it holds figures
    (right-aligned, never cut) or words (left-aligned, long ones cut at a readable size)."""

    head: str
    weight: float
    figures: bool = False


GAMES = (Column("when", 14), Column("players", 46), Column("winner", 22),
         Column("score", 18, figures=True))
STATS = (Column("name", 26), Column("games", 13, figures=True), Column("wins", 12, figures=True),
         Column("avg turn", 17, figures=True), Column("farkle", 14, figures=True),
         Column("best", 18, figures=True))


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
    _table(p, games, "TONIGHT", GAMES, games_rows, lines=4)
    stat_rows = [
        (s.name, str(s.games), str(s.wins), f"{s.average_turn:,.0f}",
         f"{s.farkle_rate * 100:.0f}%", points_text(s.best_turn))
        for s in view.stats
    ]
    _table(p, stats, "PLAYERS", STATS, stat_rows, lines=5)
    # a tap leads on as any button does: after a game, to the next one's setup
    return [Hit(screen.rect, Action("keep") if view.game_over else Action("show", text="throw"))]


def _table(
    p: Painter,
    box: Box,
    title: str,
    columns: Sequence[Column],
    data: Sequence[Sequence[str]],
    lines: int,
) -> None:
    """A titled table of at most `lines` rows, in one font so the columns line up; the rows
    left out are counted beside the title ("+8 more")."""
    p.panel(box)
    inner = box.inset(p.unit * 1.2)
    shown = data[:lines]
    rows = inner.rows(max(1, len(shown)) + 2, gap=p.unit * 0.3)  # fewer rows: taller ones
    weights = [column.weight for column in columns]
    probe = rows[1].columns(weights, gap=p.unit)
    font = min((_column_font(p, column, [line[i] for line in shown], cell.part(0, 0.15, 1, 0.7))
                for i, (column, cell) in enumerate(zip(columns, probe, strict=True))),
               key=cap_height)
    title_box, more_box = rows[0].columns([60, 40], gap=p.unit)
    p.text(title, title_box.part(0, 0.05, 1, 0.9), p.theme.accent)
    if len(data) > lines:
        p.text(f"+{len(data) - lines} more", more_box, p.theme.muted, align="right",
               font=min(font, p.fit("+99 more", more_box), key=cap_height))
    heads = [column.head for column in columns]
    for row, line in zip(rows[1:], [heads, *shown], strict=False):
        colour = p.theme.muted if line is heads else p.theme.text
        cells = row.columns(weights, gap=p.unit)
        for text, cell, column in zip(line, cells, columns, strict=False):
            p.text(text, cell, colour, align="right" if column.figures else "left", font=font)
    if not data:
        p.text("no games yet", rows[2].part(0, 0.15, 1, 0.7), p.theme.muted)


def _column_font(p: Painter, column: Column, texts: list[str], cell: Box) -> Font:
    """The biggest font for a column: figures whole; words (names) cut where showing them whole
    would make the whole table too small to read."""
    texts = [column.head, *texts]
    return p.fit_all(texts, cell) if column.figures else p.fit_readable(texts, cell)
