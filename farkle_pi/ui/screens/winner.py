"""The end of a game: the winner (or the tie) big, everyone's final total below, and what the
buttons do now."""

from __future__ import annotations

from pygame.font import Font

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, all_kept, cap_height, points_text
from farkle_pi.ui.screens.parts import (
    LEFT,
    Slots,
    after_game_hint,
    player_slots,
    prompt_strip,
    rank_text,
)
from farkle_pi.ui.view import PlayerRow, TableView, standing


def draw(p: Painter, view: TableView) -> list[Hit]:
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    # five players or more: a smaller banner and thinner margins leave each total a row big
    # enough to read from the table (eight once drew names 9 px tall at 800x480, 6 at 480x320)
    many = len(view.players) > 4
    top, rest, foot = screen.stack([32, 60, 8] if many else [44, 48, 8], gap=p.unit * 1.5)
    pad = p.unit * (0.4 if many else 0.8)
    picked = view.winners[view.selected % len(view.winners)] if view.roll_off else ""
    hint = (f"roll-off won by {picked}?   NEXT other   BANK yes" if picked
            else after_game_hint(view, "KEEP tonight's games"))
    prompt_strip(p, foot, view, hint)
    p.fill(top, p.theme.best, radius=p.unit * 3)
    inner = top.inset(p.unit * 2)
    star_size = min(inner.h * 0.22, inner.w * 0.1)
    for fx in (0.08, 0.92):
        p.star((inner.x + fx * inner.w, inner.y + inner.h * 0.3), star_size, p.theme.on_accent)
    who = " & ".join(view.winners) or "-"
    headline = "ROLL OFF" if view.roll_off else "TIE" if len(view.winners) > 1 else "WINNER"
    title = inner.part(0.18, 0.02, 0.64, 0.3)
    title_font = p.fit(headline, title)
    p.text(headline, title, p.theme.on_accent, align="center", font=title_font)
    p.text(who, inner.part(0.05, 0.36, 0.9, 0.4), p.theme.on_accent, align="center")
    best = max((row.score for row in view.players if not row.left), default=0)
    # the house rule settles a tie with dice at the table: say how (the rule sheet's start
    # roll: one die each, the highest wins, a tie rolls again)
    result = (f"tied at {points_text(best)}: one die each, highest wins" if view.roll_off
              else f"{points_text(best)} points")
    p.text(result, inner.part(0.1, 0.8, 0.8, 0.2), p.theme.on_accent, align="center")
    ranked = standing(view.players)
    layout = max((_Layout(p, player_slots(p, rest, len(ranked), columns, 3, 0.8), ranked, pad,
                          p.below(title_font))
                  for columns in (1, 2)), key=lambda candidate: candidate.preference)
    for rank, (row, player) in enumerate(zip(layout.rows, ranked, strict=False), start=1):
        p.panel(row)
        if player.name == picked:  # the one BANK records as the roll-off's winner
            p.fill(row, p.theme.accent, radius=p.unit, width=max(2, round(p.unit * 0.5)))
        cells = _cells(p, row, pad)
        gone = p.theme.muted if player.left else None  # (and LEFT: not colour alone)
        p.text(rank_text(rank, player), cells[0], p.theme.muted)
        name = cells[1]
        if player.left:  # the word kept whole, the name cut shorter where it must be
            width = layout.names.size(f" {LEFT}")[0] + 1
            name = Box(name.x, name.y, max(0.0, name.w - width), name.h)
            p.text(LEFT, Box(name.x + name.w, name.y, width, name.h), gone, align="right",
                   font=layout.names)
        p.text(player.name, name, gone, font=layout.names)
        p.text(points_text(player.score), cells[2], gone, align="right", font=layout.scores)
    return [Hit(rest.rect, Action("show", text="history"))]


def _cells(p: Painter, row: Box, pad: float) -> tuple[Box, Box, Box]:
    """A final total's rank, name and points."""
    rank, name, score = row.inset(pad).columns([10, 55, 35], gap=p.unit)
    return rank.part(0, 0.1, 1, 0.8), name.part(0, 0.1, 1, 0.8), score.part(0, 0.05, 1, 0.9)


class _Layout:
    """The final totals in one column, or two where one leaves them too small to read."""

    def __init__(self, p: Painter, slots: Slots, ranked: list[PlayerRow], pad: float,
                 at_most: Font) -> None:
        self.rows, self.columns = slots.boxes, slots.columns
        _, name, score = _cells(p, self.rows[0], pad)
        self.names = p.fit_readable([r.name for r in ranked], name)
        self.scores = p.fit_all([points_text(r.score) for r in ranked], score)
        if self.columns > 1:  # two columns' short rows not bigger than the headline: it wins
            self.names = min(self.names, at_most, key=cap_height)
            self.scores = min(self.scores, at_most, key=cap_height)
        smaller = min(cap_height(self.names), cap_height(self.scores))
        whole = all_kept((r.name for r in ranked), self.names, [name] * len(ranked))
        self.preference = (smaller >= p.floor and whole, -self.columns if whole else 0, smaller)
