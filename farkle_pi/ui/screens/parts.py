"""Pieces several screens share: whose-turn bar, the small scoreboard, the prompt strip."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pygame.font import Font

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Align, Box, Painter, all_kept, cap_height, points_text
from farkle_pi.ui.view import PlayerRow, TableView

CROWD = 4  # more players than this need more of the screen for their names and totals


def turn_bar(p: Painter, box: Box, view: TableView) -> Font:
    """Whose turn (big) and the points at risk this turn (bigger); returns the font of the
    points at risk, which no other figure on the screen should outsize."""
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
    at_risk = right.part(0, 0.3, 1, 0.7)
    font = p.fit(points_text(view.turn_points), at_risk)
    p.text(points_text(view.turn_points), at_risk, align="right", font=font)
    return font


def mini_scoreboard(p: Painter, box: Box, players: tuple[PlayerRow, ...], target: int,
                    crowded: bool) -> Hit:
    """The players' totals, the current one framed, on-board as filled dots. Names share one
    font (long ones cut at a readable size rather than every name shrunk), totals another,
    neither below `Painter.floor`: where not every row fits at that size, the rows shown are
    the current player's, the leader's and those who throw next, the rest counted ("+3 more:
    hold NEXT", the button that shows them all).
    `crowded`: a smaller title. A tap shows the whole scoreboard."""
    p.panel(box)
    title, body = _mini_parts(p, box, crowded)
    layout = _mini_layout(p, body, players)
    left_out = len(players) - len(layout.players) if layout else 0
    # players left out: how many, and the button that shows them all (a tap on the board does
    # too), no bigger than the names (a label), where the target was (the scoreboard says it)
    if layout and left_out:
        words = more_words(left_out)
        p.text(words, title, p.theme.muted,
               font=min(p.fit(words, title), layout.fonts.names, key=cap_height))
    else:
        p.text(f"SCORES  to {points_text(target)}", title, p.theme.muted)
    if layout:
        for row, cell, player in zip(layout.rows, layout.cells, layout.players, strict=False):
            player_row(p, row, cell, player, layout.fonts)
    return Hit(box.rect, Action("show", text="scoreboard"))


def more_words(left_out: int) -> str:
    """The small scoreboard's count of the players it leaves out, and the button that shows
    them all (a tap on the board does too)."""
    return f"+{left_out} more: hold NEXT"


def shows_everyone(p: Painter, box: Box, players: tuple[PlayerRow, ...]) -> bool:
    """Whether the small scoreboard in `box`, its title not `crowded`, has a row that reads
    for every player."""
    layout = _mini_layout(p, _mini_parts(p, box, crowded=False)[1], players)
    return layout is None or (layout.reads and len(layout.players) == len(players))


def _mini_parts(p: Painter, box: Box, crowded: bool) -> tuple[Box, Box]:
    """The small scoreboard's title and rows."""
    inner = box.inset(p.unit * 1.2)
    head = 0.11 if crowded else 0.16
    return inner.part(0, 0, 1, head), inner.part(0, head + 0.02, 1, 0.98 - head)


def _mini_layout(p: Painter, body: Box, players: tuple[PlayerRow, ...]) -> _MiniLayout | None:
    """The small scoreboard with the most rows that reads (tags beside the names before under
    them); where none does (a tiny window), the one with the biggest names not cut short."""
    tried: list[_MiniLayout] = []
    for shown in range(len(players), 0, -1):
        for under in (False, True):
            tried.append(_MiniLayout(p, body, players, shown, under))
            if tried[-1].reads:
                return tried[-1]
    return max(tried, key=lambda layout: (layout.keeps, cap_height(layout.fonts.names)),
               default=None)


def shown_seats(players: tuple[PlayerRow, ...], shown: int) -> tuple[PlayerRow, ...]:
    """`shown` of the players, in their seats' order: the current player, the leader, then
    those to throw next (whose totals the table asks about), wrapping round the table."""
    if shown >= len(players):
        return players
    now = next((seat for seat, player in enumerate(players) if player.current), 0)
    leaders = [seat for seat, player in enumerate(players) if player.leader]
    order = [(now + step) % len(players) for step in range(len(players))]
    order.sort(key=lambda seat: players[seat].left)  # (players who left throw no more)
    wanted = list(dict.fromkeys([now, *leaders, *order]))[:shown]
    return tuple(players[seat] for seat in sorted(wanted))


class _MiniLayout:
    """The small scoreboard with `shown` rows: which players, their cells and fonts, the tags
    (LEAD, LAST) beside the names or `under` them."""

    def __init__(self, p: Painter, body: Box, players: tuple[PlayerRow, ...], shown: int,
                 under: bool) -> None:
        self.p, self.players = p, shown_seats(players, shown)
        # four rows at least (one player's row is no taller), but left-out players' rows
        # give their height to those shown
        slots = len(self.players) if shown < len(players) else max(4, shown)
        self.rows = body.rows(slots, gap=p.unit * 0.4)
        probe = _RowCells(p, self.rows[0], under=under)
        totals = [points_text(player.score) for player in self.players]
        biggest = p.fit_all(totals, probe.total)
        tags = p.fit_all([_short_tags(player) for player in self.players], probe.tag_room)
        # the totals as big as their cells allow, or (where that leaves the names too narrow
        # to read) no bigger than reads
        for totals_font in (biggest, min(biggest, p.smallest(p.floor), key=cap_height)):
            total_width = max((totals_font.size(total)[0] + 1 for total in totals), default=0)
            self.cells = [_RowCells(p, row, _tag_width(p, tags, player), total_width, under)
                          for row, player in zip(self.rows, self.players, strict=False)]
            names = (p.fit_readable([player.name], cell.name)
                     for cell, player in zip(self.cells, self.players, strict=False))
            self.fonts = _RowFonts(names=min(names, key=cap_height, default=totals_font),
                                   tags=tags, totals=totals_font)
            if cap_height(self.fonts.names) >= p.floor:
                break

    @property
    def reads(self) -> bool:
        """Whether every name and total shown is at least `Painter.floor` tall, and no name is
        cut too short to tell."""
        fonts = self.fonts
        return min(cap_height(fonts.names), cap_height(fonts.totals)) >= self.p.floor and self.keeps

    @property
    def keeps(self) -> bool:
        """Whether no name is cut too short to tell."""
        return all_kept((player.name for player in self.players), self.fonts.names,
                        (cell.name for cell in self.cells))


def score_strip(p: Painter, box: Box, players: tuple[PlayerRow, ...]) -> None:
    """Every player's name and total under a banner, in the grid of cells that shows them
    biggest (names in one font, totals in one font); the current player outlined."""
    if not players:
        return
    layout = _strip_layout(p, box, players)
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


def strip_reads(p: Painter, box: Box, players: tuple[PlayerRow, ...]) -> bool:
    """Whether the score strip in `box` draws every name and total at `Painter.floor` or
    above, no name cut too short to tell."""
    legibility = _strip_layout(p, box, players).legibility if players else (True, p.floor, 0)
    return legibility[0] and legibility[1] >= p.floor


def _strip_layout(p: Painter, box: Box, players: tuple[PlayerRow, ...]) -> _StripLayout:
    layouts = (
        _StripLayout(p, box, players, rows, stacked)
        for rows in _tight_row_counts(len(players))
        for stacked in (True, False)
    )
    return max(layouts, key=lambda candidate: candidate.legibility)


def _tight_row_counts(count: int) -> list[int]:
    """The numbers of rows a grid of `count` cells can have without an empty row."""
    return [rows for rows in range(1, count + 1)
            if math.ceil(count / math.ceil(count / rows)) == rows]


class _StripLayout:
    """The score strip as `rows` rows of cells, each a name over its total (`stacked`) or a
    name beside it, with the fonts that fit every player into that cell."""

    def __init__(self, p: Painter, box: Box, players: tuple[PlayerRow, ...], rows: int,
                 stacked: bool) -> None:
        self.p, self.stacked, self.players = p, stacked, players
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
    def legibility(self) -> tuple[bool, int, int]:
        """No name cut too short to tell, the smaller of the two texts (both must read), then
        the totals."""
        names, totals = cap_height(self.names), cap_height(self.totals)
        whole = all_kept((row.name for row in self.players), self.names,
                         (self.parts(cell)[0] for cell in self.cells))
        return whole, min(names, totals), totals


@dataclass(frozen=True)
class _RowFonts:
    """One font per column of the small scoreboard, so no row's name is drawn smaller."""

    names: Font
    tags: Font
    totals: Font


class _RowCells:
    """Where a small scoreboard row's parts go: on-board dot, name, tags (`tag_width` wide, at
    the right of the name's cell, or `under` the name where that leaves the name too narrow to
    read), total (`total_width` wide, else a fixed share)."""

    def __init__(self, p: Painter, row: Box, tag_width: float = 0, total_width: float = 0,
                 under: bool = False) -> None:
        dot, name, total = row.inset(p.unit * 0.6).columns([7, 50, 43], gap=p.unit)
        if total_width:  # the totals take what their widest needs, the names the rest
            total = Box(total.x + total.w - total_width, total.y, total_width, total.h)
            name = Box(name.x, name.y, total.x - p.unit * 2 - name.x, name.h)
        side = min(dot.w, dot.h * 0.7)  # a dot as big as the row allows: filled and ring differ
        self.dot = Box(dot.x + (dot.w - side) / 2, dot.y + (dot.h - side) / 2, side, side)
        self.total = total.part(0, 0.05, 1, 0.9)
        if under:
            self.tag_room = name.part(0, 0.73, 1, 0.27)
            self.tags = Box(name.x, self.tag_room.y, tag_width, self.tag_room.h)
            self.name = name.part(0, 0, 1, 0.71)
            return
        self.tag_room = name.columns([64, 36], gap=p.unit * 0.5)[1].part(0, 0.15, 1, 0.7)
        self.tags = Box(name.x + name.w - tag_width, self.tag_room.y, tag_width, self.tag_room.h)
        if tag_width:
            name = Box(name.x, name.y, name.w - tag_width - p.unit * 0.5, name.h)
        self.name = name.part(0, 0.1, 1, 0.8)


def _short_tags(player: PlayerRow) -> str:
    if player.left:
        return LEFT
    return " ".join(tag for tag, on in (("LEAD", player.leader), ("LAST", player.last_turn))
                    if on)


LEFT = "LEFT"  # a player who went home: in words, not only greyed, so it reads from the table


def rank_text(rank: int, player: PlayerRow) -> str:
    """A place in the standing; none for a player who left."""
    return "-" if player.left else f"{rank}."


def _tag_width(p: Painter, font: Font, player: PlayerRow) -> float:
    """How wide a player's tags are drawn (with the leader's chip around them)."""
    tags = _short_tags(player)
    return font.size(tags)[0] + (p.unit * 1.2 if player.leader else 0) if tags else 0


def player_row(p: Painter, row: Box, cells: _RowCells, player: PlayerRow, fonts: _RowFonts
               ) -> None:
    """A dot (filled = on the board), name, tags (the leader's on a chip, so LEAD and LAST
    differ in shape too), total; the current player's row framed."""
    if player.current:
        p.fill(row, p.theme.background, radius=p.unit)
        p.fill(row, p.theme.accent, radius=p.unit, width=max(2, round(p.unit * 0.5)))
    if not player.left:  # (their LEFT tag instead)
        p.dot(cells.dot, p.theme.good, filled=player.on_board)
    if player.leader:
        p.fill(cells.tags, p.theme.warn, radius=p.unit * 0.6)
        p.text(_short_tags(player), cells.tags, p.theme.on_accent, align="center",
               font=fonts.tags)
    else:
        tag_colour = p.theme.muted if player.left else p.theme.warn
        p.text(_short_tags(player), cells.tags, tag_colour, align="right", font=fonts.tags)
    name_colour = (p.theme.accent if player.current else p.theme.muted if player.left
                   else p.theme.text)
    p.text(player.name, cells.name, name_colour, font=fonts.names)
    p.text(points_text(player.score), cells.total, p.theme.muted if player.left else None,
           align="right", font=fonts.totals)


@dataclass(frozen=True)
class Slots:
    """A list's rows, top to bottom, in `columns` columns (the first column filled first)."""

    boxes: list[Box]
    columns: int


def player_slots(p: Painter, box: Box, count: int, columns: int, least: int = 4,
                 gap: float = 1.0) -> Slots:
    """Rows for `count` players in `columns` columns side by side: one column of at least
    `least` rows (a short list's rows no taller), or two where one column is too tight for a
    name and a total that read from the table; `gap` units between rows."""
    per_column = max(least, count) if columns == 1 else max(1, math.ceil(count / columns))
    return Slots([row for column in box.columns([1.0] * columns, gap=p.unit * 2)
                  for row in column.rows(per_column, gap=p.unit * gap)], columns)


def after_game_hint(view: TableView, buttons: str) -> str:
    """What the buttons do once a game is over: `buttons` lead on; a held UNDO takes back the
    game's last move (not with virtual dice, whose game cannot be reopened)."""
    return buttons + ("   hold UNDO undo" if view.dice_mode != "virtual" else "")


def prompt_strip(p: Painter, box: Box, view: TableView, hint: str) -> None:
    """The tray's prompt (or a caught error) in the warning colour, else the controls hint;
    a long prompt or error takes two lines where that draws it bigger."""
    if view.error:
        p.fill(box, p.theme.bad, radius=p.unit)
        p.lines("! " + view.error, box.inset(p.unit * 0.8), p.theme.on_accent)
    elif view.prompt:
        p.fill(box, p.theme.warn, radius=p.unit)
        p.lines(view.prompt, box.inset(p.unit * 0.8), p.theme.on_accent, align="center")
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
        square = cell.square()
        if die.marked:
            p.fill(square.inset(-p.unit * 0.8), p.theme.accent, radius=square.w * 0.2)
        p.die(cell, die.face, die.colour, die.flag)
        if die.framed:  # NEXT steps this one (the buttons alone): a frame, a caret under it
            frame = square.inset(-p.unit * 1.1)
            p.fill(frame, p.theme.focus, radius=square.w * 0.22, width=max(3, round(p.unit * 1.3)))
            if not die.flag:  # (a flag's word goes there)
                p.caret(Box(square.x, square.y + square.w * 1.1, square.w, square.w * 0.2),
                        p.theme.focus)
        elif die.flag:  # to check or set right: a ring in the warning colour, not only a word
            p.fill(square.inset(-p.unit * 0.4), p.theme.warn, radius=square.w * 0.2,
                   width=max(2, round(p.unit * 0.7)))
        hits.append(Hit(slot.rect, Action("die", value=i)))


def yes_no(p: Painter, box: Box, question: str, no: Action, hits: list[Hit], note: str = ""
           ) -> None:
    """A question the table asks before it stores anything, big, with a YES key (KEEP's twin)
    and a NO key (`no`) under it; `note`, if any, says in smaller words what a yes does."""
    p.panel(box)
    inner = box.inset(p.unit)
    if note:
        words, said, keys = inner.stack([30, 22, 48], gap=p.unit)
        p.lines(note, said.part(0.04, 0, 0.92, 1), p.theme.muted, align="center")
    else:
        words, keys = inner.stack([34, 66], gap=p.unit)
    p.lines(question, words, p.theme.text, align="center")
    yes, no_key = keys.columns([1, 1], gap=p.unit * 2)
    font = p.fit_all(["YES", "NO"], _answer_box(p, yes))  # (NO no bigger than YES)
    for key, answer, action in ((yes, "YES", Action("keep")), (no_key, "NO", no)):
        key_frame(p, key)
        p.text(answer, _answer_box(p, key), align="center", font=font)
        hits.append(Hit(key.rect, action))


def _answer_box(p: Painter, key: Box) -> Box:
    return key.inset(p.unit * 1.5).part(0.1, 0.15, 0.8, 0.7)


def key_frame(p: Painter, box: Box) -> None:
    """A key: the screen's background, framed, so it stands out of its panel."""
    p.fill(box, p.theme.background, radius=p.unit * 1.2)
    p.fill(box, p.theme.muted, radius=p.unit * 1.2, width=max(1, round(p.unit * 0.4)))
