"""The scoreboard: totals in big digits, who is on the board, the leader, who has a last turn,
who left; a tap on a player's row, or KEEP on the row NEXT framed, asks whether they go home
(or come back)."""

from __future__ import annotations

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, all_kept, cap_height, points_text
from farkle_pi.ui.screens.parts import (
    LEFT,
    Slots,
    after_game_hint,
    player_slots,
    prompt_strip,
    rank_text,
    yes_no,
)
from farkle_pi.ui.view import PlayerRow, SeatQuestion, TableView, standing

# (the buttons' words first: a screen without touch or keys has only them)
HINT = "NEXT or tap: pick a player   KEEP back   hold NEXT history"
FRAMED = "KEEP ask   NEXT next player   BANK back"
# (nobody leaves a game that is over; a button there goes on as on the winner screen)
OVER = "KEEP tonight's games"
ASKED = "KEEP yes   any other button no"


def draw(p: Painter, view: TableView) -> list[Hit]:
    """The rows (a tap on one asks whether that player goes home, or comes back), or the
    question asked with its YES and NO keys; a tap elsewhere goes back to the game."""
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    head, body, foot = _split(screen, 0.13, 0.09)
    title = "FINAL ROUND" if view.final_round else "SCOREBOARD"
    title_box, rules_box = head.columns([58, 42], gap=p.unit * 2)
    p.text(title, title_box, p.theme.warn if view.final_round else p.theme.text)
    p.text(f"to {points_text(view.target)}  {view.rules_name}", rules_box.part(0, 0.2, 1, 0.6),
           p.theme.muted, align="right")
    hits = [Hit(body.rect, Action("show", text="throw"))]
    if view.seat_question is not None:
        _ask(p, body, view, view.seat_question, hits)
        prompt_strip(p, foot, view, ASKED)
        return hits
    ranked = standing(view.players)
    layout = max((_Layout(p, player_slots(p, body, len(ranked), columns), ranked, beside)
                  for columns in (1, 2) for beside in (False, True)),
                 key=lambda candidate: candidate.preference)
    for rank, player in enumerate(ranked, start=1):
        _row(p, layout.rows[rank - 1], rank, player, layout, player.name == view.seat_framed)
        if not view.game_over:  # (the game over, nobody leaves: the scoreboard as it was)
            hits.append(Hit(layout.rows[rank - 1].rect, Action("seat", text=player.name)))
    hint = (after_game_hint(view, OVER) if view.game_over
            else FRAMED if view.seat_framed is not None else HINT)
    prompt_strip(p, foot, view, hint)
    return hits


def _ask(p: Painter, body: Box, view: TableView, asked: SeatQuestion, hits: list[Hit]) -> None:
    """Whether the player picked goes home (or comes back), with what a yes does to them;
    NO shows the scoreboard again (another row may have been meant)."""
    row = next((r for r in view.players if r.name == asked.name), None)
    points = points_text(row.score) if row is not None else "the score"
    note = (f"back in the game with {points}" if asked.back
            else f"no more turns, no win: {points} stays on the board")
    if body.h > body.w * 0.8:  # portrait: keys a finger finds, not half the screen tall
        body = body.part(0, 0.5 - body.w * 0.4 / body.h, 1, body.w * 0.8 / body.h)
    yes_no(p, body, asked.text, Action("show", text="scoreboard"), hits, note)


def _split(box: Box, head: float, foot: float) -> tuple[Box, Box, Box]:
    gap = 0.02
    return (
        box.part(0, 0, 1, head),
        box.part(0, head + gap, 1, 1 - head - foot - 2 * gap),
        box.part(0, 1 - foot, 1, foot),
    )


class _Cells:
    """Where a row's parts go: rank, on-board dot, name, its tags (under the name, or `beside`
    it where the rows are too short for two lines that read), the total."""

    def __init__(self, p: Painter, row: Box, beside: bool, total_width: float = 0) -> None:
        inner = row.inset(p.unit * 1.2)
        self.rank, dot, name, score = inner.columns([8, 6, 40, 46], gap=p.unit * 1.2)
        if total_width:  # the totals take what their widest needs, the name the rest
            score = Box(score.x + score.w - total_width, score.y, total_width, score.h)
            name = Box(name.x, name.y, score.x - p.unit * 2 - name.x, name.h)
        side = min(dot.w, dot.h * 0.6)  # filled or a ring: big enough to tell apart
        self.dot = Box(dot.x + (dot.w - side) / 2, dot.y + (dot.h - side) / 2, side, side)
        if beside:
            name, tags = name.columns([58, 42], gap=p.unit * 1.2)
            self.name, self.tags = name.part(0, 0.1, 1, 0.8), tags.part(0, 0.2, 1, 0.6)
        else:
            self.name, self.tags = name.part(0, 0.04, 1, 0.62), name.part(0, 0.7, 1, 0.26)
        self.score = score.part(0, 0.02, 1, 0.96)


class _Layout:
    """The rows' cells and fonts with the tags under or beside the names: one font per column
    (names no bigger than the totals, the figures the table reads)."""

    def __init__(self, p: Painter, rows: Slots, ranked: list[PlayerRow], beside: bool
                 ) -> None:
        self.p, self.rows, self.ranked = p, rows.boxes, ranked
        self.columns = rows.columns
        totals = [points_text(r.score) for r in ranked]
        self.scores = p.fit_all(totals, _Cells(p, self.rows[0], beside).score)
        width = max((self.scores.size(total)[0] for total in totals), default=0) + 1
        self.cells = [_Cells(p, row, beside, width) for row in self.rows]
        self.names = p.fit_readable([r.name for r in ranked], self.cells[0].name)
        if cap_height(self.names) > cap_height(self.scores):
            self.names = self.scores
        self.tags = p.fit_all([_tags(r) for r in ranked], self.cells[0].tags)

    @property
    def legibility(self) -> tuple[int, int]:
        """The smaller of names and tags first (who still has a last turn is the point of the
        final round), then the names."""
        names, tags = cap_height(self.names), cap_height(self.tags)
        return min(names, tags), names

    @property
    def preference(self) -> tuple[bool, int, tuple[int, int]]:
        """One column while its names and totals read (`Painter.floor`, no name cut short),
        else two; then `legibility`."""
        reads = (min(cap_height(self.names), cap_height(self.scores)) >= self.p.floor
                 and all_kept((r.name for r in self.ranked), self.names,
                              (cell.name for cell in self.cells)))
        return reads, -self.columns if reads else 0, self.legibility


def _tags(player: PlayerRow) -> str:
    if player.left:
        return LEFT
    tags = [t for t, on in (("LEADER", player.leader), ("LAST TURN", player.last_turn)) if on]
    if not player.on_board:
        tags.append("NOT ON BOARD")
    return "  ".join(tags)


def _row(p: Painter, row: Box, rank: int, player: PlayerRow, layout: _Layout, framed: bool
         ) -> None:
    """A player's row; `framed`: the one NEXT is on (KEEP asks about it), in the frame and
    with the arrow of a die the buttons set right, its place's number giving way to the arrow
    (not colour alone: the current player's thin frame is another colour)."""
    p.panel(row)
    if player.current:
        p.fill(row, p.theme.accent, radius=p.unit * 1.5, width=max(2, round(p.unit * 0.6)))
    cells = layout.cells[rank - 1]
    if framed:
        p.fill(row.inset(-p.unit * 0.4), p.theme.focus, radius=p.unit * 1.6,
               width=max(3, round(p.unit * 1.1)))
        p.arrow(cells.rank.part(0.1, 0.25, 0.8, 0.5).square(), p.theme.focus)
    else:
        p.text(rank_text(rank, player), cells.rank.part(0, 0.15, 1, 0.7), p.theme.muted)
    gone = p.theme.muted if player.left else None  # (and the word LEFT: not colour alone)
    if not player.left:
        p.dot(cells.dot, p.theme.good, filled=player.on_board)
    p.text(player.name, cells.name, p.theme.accent if player.current else gone or p.theme.text,
           font=layout.names)
    p.text(_tags(player), cells.tags, gone or p.theme.warn, font=layout.tags)
    p.text(points_text(player.score), cells.score, gone, align="right", font=layout.scores)
