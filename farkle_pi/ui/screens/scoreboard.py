"""The scoreboard: totals in big digits, who is on the board, the leader, who has a last turn."""

from __future__ import annotations

from pygame.font import Font

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, points_text
from farkle_pi.ui.screens.parts import prompt_strip
from farkle_pi.ui.view import PlayerRow, TableView


def draw(p: Painter, view: TableView) -> list[Hit]:
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    head, body, foot = _split(screen, 0.13, 0.09)
    title = "FINAL ROUND" if view.final_round else "SCOREBOARD"
    title_box, rules_box = head.columns([58, 42], gap=p.unit * 2)
    p.text(title, title_box, p.theme.warn if view.final_round else p.theme.text)
    p.text(f"to {points_text(view.target)}  {view.rules_name}", rules_box.part(0, 0.2, 1, 0.6),
           p.theme.muted, align="right")
    ranked = sorted(view.players, key=lambda row: -row.score)
    rows = body.rows(max(4, len(ranked)), gap=p.unit * 1.0)
    probe = _Cells(p, rows[0])
    scores = p.fit_all([points_text(r.score) for r in ranked], probe.score)
    names = p.fit_all([r.name for r in ranked], probe.name)
    if names.get_height() > scores.get_height():  # the totals are what the table reads
        names = scores
    tags = p.fit_all([_tags(r) for r in ranked], probe.tags)
    for rank, (row, player) in enumerate(zip(rows, ranked, strict=False), start=1):
        _row(p, row, rank, player, (names, tags, scores))
    prompt_strip(p, foot, view, "KEEP back to the game   on board: filled dot")
    return [Hit(body.rect, Action("show", text="throw"))]


def _split(box: Box, head: float, foot: float) -> tuple[Box, Box, Box]:
    gap = 0.02
    return (
        box.part(0, 0, 1, head),
        box.part(0, head + gap, 1, 1 - head - foot - 2 * gap),
        box.part(0, 1 - foot, 1, foot),
    )


class _Cells:
    """Where a row's parts go: rank, on-board dot, name with its tags under it, the total."""

    def __init__(self, p: Painter, row: Box) -> None:
        inner = row.inset(p.unit * 1.2)
        self.rank, self.dot, name, score = inner.columns([8, 6, 40, 46], gap=p.unit * 1.2)
        self.name, self.tags = name.part(0, 0.04, 1, 0.62), name.part(0, 0.7, 1, 0.26)
        self.score = score.part(0, 0.02, 1, 0.96)


def _tags(player: PlayerRow) -> str:
    tags = [t for t, on in (("LEADER", player.leader), ("LAST TURN", player.last_turn)) if on]
    if not player.on_board:
        tags.append("NOT ON BOARD")
    return "  ".join(tags)


def _row(p: Painter, row: Box, rank: int, player: PlayerRow, fonts: tuple[Font, ...]) -> None:
    names, tags, scores = fonts
    p.panel(row)
    if player.current:
        p.fill(row, p.theme.accent, radius=p.unit * 1.5, width=max(2, round(p.unit * 0.6)))
    cells = _Cells(p, row)
    p.text(f"{rank}.", cells.rank.part(0, 0.15, 1, 0.7), p.theme.muted)
    p.dot(cells.dot.part(0.1, 0.3, 0.8, 0.4), p.theme.good, filled=player.on_board)
    p.text(player.name, cells.name, p.theme.accent if player.current else p.theme.text,
           font=names)
    p.text(_tags(player), cells.tags, p.theme.warn, font=tags)
    p.text(points_text(player.score), cells.score, align="right", font=scores)
