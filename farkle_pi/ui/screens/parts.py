"""Pieces several screens share: whose-turn bar, the small scoreboard, the prompt strip."""

from __future__ import annotations

import math

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Align, Box, Painter, cap_height, points_text
from farkle_pi.ui.view import PlayerRow, TableView


def turn_bar(p: Painter, box: Box, view: TableView) -> None:
    """Whose turn (big) and the points at risk this turn (bigger)."""
    p.panel(box)
    inner = box.inset(p.unit * 1.2)
    left, right = inner.columns([60, 40], gap=p.unit * 2)
    player = view.current
    label = "FINAL ROUND - TURN" if view.final_round else "TURN"
    if view.turn_note:
        label += f" - {view.turn_note}"
    p.text(label, left.part(0, 0, 1, 0.3), p.theme.warn if view.final_round else p.theme.muted)
    name = player.name if player else ""
    p.fill(left.part(0, 0.36, 0.012, 0.64), p.theme.accent)
    p.text(name, left.part(0.035, 0.34, 0.965, 0.66), p.theme.accent)
    p.text("AT RISK", right.part(0, 0, 1, 0.3), p.theme.muted, align="right")
    p.text(points_text(view.turn_points), right.part(0, 0.3, 1, 0.7), align="right")


def mini_scoreboard(p: Painter, box: Box, players: tuple[PlayerRow, ...], target: int) -> None:
    """Every player's total, the current one marked with an arrow, on-board as filled dots."""
    p.panel(box)
    inner = box.inset(p.unit * 1.2)
    head, body = inner.part(0, 0, 1, 0.16), inner.part(0, 0.18, 1, 0.82)
    p.text(f"SCORES  to {points_text(target)}", head, p.theme.muted)
    rows = body.rows(max(4, len(players)), gap=p.unit * 0.4)
    for row, player in zip(rows, players, strict=False):
        player_row(p, row, player)


def score_strip(p: Painter, box: Box, players: tuple[PlayerRow, ...]) -> None:
    """Every player's name and total under a banner, in the grid of cells that shows them
    biggest (names in one font, totals in one font); the current player outlined."""
    if not players:
        return
    layouts = (
        _StripLayout(p, box, players, rows, stacked)
        for rows in _tight_row_counts(len(players))
        for stacked in (True, False)
    )
    layout = max(layouts, key=lambda candidate: candidate.legibility)
    align: Align = "center" if layout.stacked else "left"
    for cell, player in zip(layout.cells, players, strict=False):
        p.panel(cell)
        if player.current:
            p.fill(cell, p.theme.accent, radius=p.unit * 1.5, width=max(2, round(p.unit * 0.5)))
        name_box, score_box = layout.parts(cell)
        colour = p.theme.accent if player.current else p.theme.muted
        p.text(player.name, name_box, colour, align=align, font=layout.names)
        p.text(points_text(player.score), score_box, align="center" if layout.stacked else "right",
               font=layout.totals)


def _tight_row_counts(count: int) -> list[int]:
    """The numbers of rows a grid of `count` cells can have without an empty row."""
    return [rows for rows in range(1, count + 1)
            if math.ceil(count / math.ceil(count / rows)) == rows]


class _StripLayout:
    """The score strip as `rows` rows of cells, each a name over its total (`stacked`) or a
    name beside it, with the fonts that fit every player into that cell."""

    def __init__(self, p: Painter, box: Box, players: tuple[PlayerRow, ...], rows: int,
                 stacked: bool) -> None:
        self.p, self.stacked = p, stacked
        columns = math.ceil(len(players) / rows)
        self.cells = [cell for line in box.rows(rows, p.unit)
                      for cell in line.columns([1.0] * columns, gap=p.unit)]
        name_box, score_box = self.parts(self.cells[0])
        self.names = p.fit_readable([row.name for row in players], name_box)
        self.totals = p.fit_all([points_text(row.score) for row in players], score_box)

    def parts(self, cell: Box) -> tuple[Box, Box]:
        """Where a cell's name and total go."""
        inner = cell.inset(self.p.unit * 1.2)
        if self.stacked:
            return inner.part(0, 0, 1, 0.36), inner.part(0, 0.42, 1, 0.58)
        left, right = inner.columns([55, 45], gap=self.p.unit)
        return left.part(0, 0.1, 1, 0.8), right

    @property
    def legibility(self) -> tuple[int, int]:
        """The smaller of the two texts first (both must read), then the totals."""
        names, totals = cap_height(self.names), cap_height(self.totals)
        return min(names, totals), totals


def player_row(p: Painter, row: Box, player: PlayerRow) -> None:
    """Arrow for the current player, a dot (filled = on the board), name, tags, total."""
    if player.current:
        p.fill(row, p.theme.background, radius=p.unit)
        p.fill(row, p.theme.accent, radius=p.unit, width=max(2, round(p.unit * 0.5)))
    cells = row.inset(p.unit * 0.6).columns([7, 50, 43], gap=p.unit)
    p.dot(cells[0].part(0.1, 0.25, 0.8, 0.5), p.theme.good, filled=player.on_board)
    name_colour = p.theme.accent if player.current else p.theme.text
    tags = []
    if player.leader:
        tags.append("LEAD")
    if player.last_turn:
        tags.append("LAST")
    name_box = cells[1]
    if tags:
        name_box, tag_box = cells[1].columns([64, 36], gap=p.unit * 0.5)
        p.text(" ".join(tags), tag_box.part(0, 0.2, 1, 0.6), p.theme.warn, align="right")
    p.text(player.name, name_box.part(0, 0.1, 1, 0.8), name_colour)
    p.text(points_text(player.score), cells[2].part(0, 0.05, 1, 0.9), align="right")


def prompt_strip(p: Painter, box: Box, view: TableView, hint: str) -> None:
    """The tray's prompt (or a caught error) in the warning colour, else the controls hint."""
    if view.error:
        p.fill(box, p.theme.bad, radius=p.unit)
        p.text("! " + view.error, box.inset(p.unit * 0.8), p.theme.on_accent)
    elif view.prompt:
        p.fill(box, p.theme.warn, radius=p.unit)
        p.text(view.prompt, box.inset(p.unit * 0.8), p.theme.on_accent, align="center")
    else:
        p.text(hint, box.inset(p.unit * 0.8), p.theme.muted, align="center")


def die_slots(p: Painter, box: Box, count: int) -> list[Box]:
    """`count` slots for dice, centred; always six slots wide, so dice keep their size."""
    gap = p.unit
    width = (box.w - 5 * gap) / 6
    x = box.x + (box.w - count * width - (count - 1) * gap) / 2
    return [Box(x + i * (width + gap), box.y, width, box.h) for i in range(count)]


def die_cell(slot: Box) -> Box:
    """Where a slot's die goes; below it, room for its flag."""
    return slot.part(0.04, 0.02, 0.92, 0.76)


def dice_row(p: Painter, box: Box, view: TableView, hits: list[Hit]) -> None:
    """The dice as read, centred, each tappable (a tap steps its face to correct a misread)."""
    for i, (die, slot) in enumerate(zip(view.dice, die_slots(p, box, len(view.dice)),
                                        strict=True)):
        cell = die_cell(slot)
        if die.marked:
            glow = cell.square()
            p.fill(glow.inset(-p.unit * 0.8), p.theme.accent, radius=glow.w * 0.2)
        p.die(cell, die.face, die.colour, die.flag)
        hits.append(Hit(slot.rect, Action("die", value=i)))
