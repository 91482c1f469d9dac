"""The result of a turn, big and brief: BANK +450, FARKLE, HOT DICE, ON THE BOARD, FINAL ROUND.

The banner grows in over a quarter of a second and then holds, so the table notices it."""

from __future__ import annotations

from farkle_pi.ui.actions import Hit
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.screens.parts import CROWD, score_strip, strip_reads
from farkle_pi.ui.theme import Colour
from farkle_pi.ui.view import Banner, TableView

GROW_SECONDS = 0.25


def draw(p: Painter, view: TableView, seconds: float = 1.0) -> list[Hit]:
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    split = 0.6 if screen.portrait else 0.7
    # the players still playing: a turn's result is news for them (a player who went home
    # keeps their row on the scoreboard and the final totals, marked LEFT)
    players = tuple(row for row in view.players if not row.left)
    if len(players) > CROWD:  # their names and totals need a second row more than the
        split -= 0.1  # banner's words need the room
    # ... and more where they would not read from the table (long names on a small panel)
    while split > 0.41 and not strip_reads(p, _board(screen, split), players):
        split -= 0.1
    banner_box = screen.part(0, 0, 1, split)
    board = _board(screen, split)
    banner = view.banner or Banner("bank", "")
    grow = min(1.0, max(0.0, seconds / GROW_SECONDS))
    scale = 0.6 + 0.4 * (1 - (1 - grow) ** 3)  # ease-out
    shrunk = Box(
        banner_box.x + banner_box.w * (1 - scale) / 2,
        banner_box.y + banner_box.h * (1 - scale) / 2,
        banner_box.w * scale,
        banner_box.h * scale,
    )
    colour = _colour(p, banner)
    p.fill(shrunk, colour, radius=p.unit * 3)
    inner = shrunk.inset(p.unit * 2)
    if inner.portrait:
        icon, words = inner.stack([30, 70], gap=p.unit * 2)
    else:
        icon, words = inner.columns([22, 78], gap=p.unit * 2)
    _icon(p, icon.part(0.05, 0.2, 0.9, 0.6), banner, p.theme.on_accent)
    p.text(banner.text, words.part(0, 0.08, 1, 0.55), p.theme.on_accent, align="center")
    p.text(banner.detail, words.part(0, 0.68, 1, 0.26), p.theme.on_accent, align="center")
    score_strip(p, board, players)
    return []


def _board(screen: Box, split: float) -> Box:
    """The score strip's place under a banner taking `split` of the screen."""
    return screen.part(0, split + 0.03, 1, 0.97 - split)


def _colour(p: Painter, banner: Banner) -> Colour:
    return {
        "bank": p.theme.good,
        "on_board": p.theme.good,
        "farkle": p.theme.bad,
        "error": p.theme.bad,
        "hot_dice": p.theme.warn,
        "final_round": p.theme.accent,
        "win": p.theme.best,
    }[banner.kind]


def _icon(p: Painter, box: Box, banner: Banner, colour: Colour) -> None:
    """A shape per kind, so the result reads without telling colours apart."""
    side = min(box.w, box.h)
    square = Box(box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side)
    if banner.kind in ("bank", "on_board"):
        p.tick(square, colour)
    elif banner.kind in ("farkle", "error"):
        p.cross(square.inset(side * 0.1), colour)
    else:
        p.star((square.x + side / 2, square.y + side / 2), side / 2, colour)
