"""The scoreboard: totals in big digits, who is on the board, the leader, who has a last turn."""

from __future__ import annotations

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, points_text
from farkle_pi.ui.screens.parts import prompt_strip
from farkle_pi.ui.view import PlayerRow, TableView


def draw(p: Painter, view: TableView) -> list[Hit]:
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    head, body, foot = _split(screen, 0.13, 0.09)
    title = "FINAL ROUND" if view.final_round else "SCOREBOARD"
    p.text(title, head.part(0, 0, 0.6, 1), p.theme.warn if view.final_round else p.theme.text)
    p.text(f"to {points_text(view.target)}  {view.rules_name}", head.part(0.6, 0.2, 0.4, 0.6),
           p.theme.muted, align="right")
    ranked = sorted(view.players, key=lambda row: -row.score)
    rows = body.rows(max(4, len(ranked)), gap=p.unit * 1.0)
    for rank, (row, player) in enumerate(zip(rows, ranked, strict=False), start=1):
        _row(p, row, rank, player)
    prompt_strip(p, foot, view, "KEEP back to the game   on board: filled dot")
    return [Hit(body.rect, Action("show", text="throw"))]


def _split(box: Box, head: float, foot: float) -> tuple[Box, Box, Box]:
    gap = 0.02
    return (
        box.part(0, 0, 1, head),
        box.part(0, head + gap, 1, 1 - head - foot - 2 * gap),
        box.part(0, 1 - foot, 1, foot),
    )


def _row(p: Painter, row: Box, rank: int, player: PlayerRow) -> None:
    p.panel(row)
    if player.current:
        p.fill(row, p.theme.accent, radius=p.unit * 1.5, width=max(2, round(p.unit * 0.6)))
    cells = row.inset(p.unit * 1.2).columns([8, 6, 40, 16, 30], gap=p.unit * 1.2)
    p.text(f"{rank}.", cells[0].part(0, 0.15, 1, 0.7), p.theme.muted)
    p.dot(cells[1].part(0.1, 0.3, 0.8, 0.4), p.theme.good, filled=player.on_board)
    p.text(player.name, cells[2].part(0, 0.1, 1, 0.8),
           p.theme.accent if player.current else p.theme.text)
    tags = [t for t, on in (("LEADER", player.leader), ("LAST TURN", player.last_turn)) if on]
    if not player.on_board:
        tags.append("NOT ON BOARD")
    for line, tag in zip(cells[3].rows(max(2, len(tags))), tags, strict=False):
        p.text(tag, line.part(0, 0.1, 1, 0.8), p.theme.warn)
    p.text(points_text(player.score), cells[4].part(0, 0.02, 1, 0.96), align="right")
