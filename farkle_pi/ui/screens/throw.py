"""The throw screen: whose turn, the dice as read, every scoring option (the coach's marked),
the Farkle odds for the next throw and the scoreboard."""

from __future__ import annotations

import pygame
from pygame.font import Font

from farkle_pi.rules import dice_count
from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, cap_height, points_text
from farkle_pi.ui.screens import keypad
from farkle_pi.ui.screens.parts import (
    CROWD,
    dice_row,
    mini_scoreboard,
    prompt_strip,
    shows_everyone,
    turn_bar,
)
from farkle_pi.ui.theme import Colour
from farkle_pi.ui.view import DieView, OptionView, TableView

HINT = "NEXT option{where}   KEEP take{bank}   hold UNDO"
FIX_HINT = "NEXT steps the framed die   UNDO next die   KEEP done"
SHOWN_OPTIONS = 4  # rows of the options list; NEXT scrolls through the rest


def shows_picture(view: TableView) -> bool:
    """Whether this view has room for the camera's picture: the throw screen, waiting for a
    throw that is not entered by hand. Elsewhere a new camera frame changes nothing drawn."""
    return view.screen == "throw" and not view.dice and not view.keypad


def draw(p: Painter, view: TableView, picture: pygame.Surface | None = None) -> list[Hit]:
    hits: list[Hit] = []
    # many players, or names that need it to read (a small panel): the scoreboard takes room
    # from options and odds
    crowded = len(view.players) > CROWD
    top, dice, options, odds, board, prompt = _panels(p, crowded)
    if not crowded and not shows_everyone(p, board, view.players):
        crowded = True
        top, dice, options, odds, board, prompt = _panels(p, crowded)
    at_risk = turn_bar(p, top, view)
    if view.keypad and not view.dice:  # the throw is entered by hand
        keypad.entry_row(p, dice, view)
        keypad.keypad(p, options, view, hits)
    elif view.question:  # typed dice set right by taps: the dice, and their colours asked
        dice_row(p, dice, view, hits)  # (a tap steps a die on, past the face asked about)
        keypad.keypad(p, options, view, hits)
    elif picture is not None and shows_picture(view):  # the tray, big, while the table waits
        both = Box(dice.x, dice.y, dice.w, options.y + options.h - dice.y)
        _picture(p, both, picture, f"THROW {dice_count(view.dice_to_throw).upper()}",
                 _advice(p, view))
    else:
        if view.dice:
            dice_row(p, dice, view, hits)
        else:
            _waiting(p, dice, view)
        _options(p, options, view, hits, at_most=at_risk)
    _odds(p, odds, view, at_most=at_risk)
    hits.append(mini_scoreboard(p, board, view.players, view.target, crowded))
    hint = (FIX_HINT if any(die.framed for die in view.dice) else _options_hint(view)
            if view.options else keypad.hint(view) if view.keypad else _throw_hint(view))
    prompt_strip(p, prompt, view, hint)
    return hits


def _panels(p: Painter, crowded: bool) -> tuple[Box, Box, Box, Box, Box, Box]:
    """The turn bar, dice, options, odds, scoreboard and prompt; `crowded`: a bigger board."""
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    gap = p.unit * 1.2
    if screen.portrait:
        weights = [11, 13, 29, 8, 33, 6] if crowded else [11, 13, 34, 9, 27, 6]
        top, dice, options, odds, board, prompt = screen.stack(weights, gap)
        return top, dice, options, odds, board, prompt
    top, body, prompt = screen.stack([18, 71, 11], gap)
    left, right = body.columns([61, 39], gap=gap)
    dice, options = left.stack([37, 63], gap)
    board, odds = right.stack([79, 21] if crowded else [70, 30], gap)
    return top, dice, options, odds, board, prompt


def _options_hint(view: TableView) -> str:
    """The controls, with which option of how many NEXT is on when not all of them show."""
    where = (f" {view.selected % len(view.options) + 1}/{len(view.options)}"
             if len(view.options) > SHOWN_OPTIONS else "")
    return HINT.format(where=where, bank=keypad.bank_hint(view))


def _throw_hint(view: TableView) -> str:
    bank = keypad.bank_hint(view)
    if view.dice_mode == "virtual":
        return f"KEEP throws {dice_count(view.dice_to_throw)}{bank}   hold UNDO"
    return f"throw {dice_count(view.dice_to_throw)} into the tray{bank}   hold UNDO"


def _waiting(p: Painter, box: Box, view: TableView) -> None:
    """Before a throw: the dice typed so far (manual), or what to throw."""
    if view.typed:
        typed = TableView(
            screen="throw", dice=tuple(DieView(int(c)) for c in view.typed if c in "123456")
        )
        dice_row(p, box, typed, [])
        return
    p.panel(box)
    word = "THROW" if view.dice_mode != "virtual" else "KEEP THROWS"
    text = f"{word} {dice_count(view.dice_to_throw).upper()}"
    p.text(text, box.part(0.05, 0.12, 0.9, 0.42), align="center")
    advice = _advice(p, view)
    if advice:
        p.text(advice[0], box.part(0.1, 0.62, 0.8, 0.26), advice[1], align="center")


def _advice(p: Painter, view: TableView) -> tuple[str, Colour] | None:
    """The coach between throws: bank what is at risk now, or roll on (and its colour)."""
    if not view.advice:
        return None
    if view.advice == "bank":
        return "coach: BANK now", p.theme.good
    return "coach: roll on", p.theme.muted


def _picture(p: Painter, box: Box, picture: pygame.Surface, caption: str,
             advice: tuple[str, Colour] | None) -> None:
    """The tray as the camera sees it, fitted into the box, with a caption along the bottom
    and the coach's advice under it."""
    p.panel(box)
    width, height = picture.get_size()
    scale = min(box.w / width, box.h / height)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = pygame.transform.smoothscale(picture, size)
    p.surface.blit(image, image.get_rect(center=box.rect.center))
    lines = [(caption, p.theme.text), *([advice] if advice else [])]
    tall = 0.14 if len(lines) == 1 else 0.24
    strip = box.part(0, 1 - tall, 1, tall)
    p.fill(strip, p.theme.panel, radius=p.unit)
    rows = strip.inset(p.unit * 0.5).rows(len(lines))
    font = p.fit_all([words for words, _ in lines], rows[0])
    for row, (words, colour) in zip(rows, lines, strict=True):
        p.text(words, row, colour, align="center", font=font)


def _options(p: Painter, box: Box, view: TableView, hits: list[Hit], at_most: Font) -> None:
    p.panel(box)
    inner = box.inset(p.unit * 1.0)
    if not view.options:
        message = "FARKLE - nothing scores" if view.dice else "options appear after the throw"
        colour = p.theme.bad if view.dice else p.theme.muted
        p.text(message, inner.part(0.05, 0.35, 0.9, 0.3), colour, align="center")
        return
    count, selected = len(view.options), view.selected % len(view.options)
    first = max(0, min(selected - SHOWN_OPTIONS + 1, count - SHOWN_OPTIONS))
    if count > SHOWN_OPTIONS:  # a scroll bar: there are more than these
        inner, track = inner.columns([97, 3], gap=p.unit * 0.6)
        _scroll_bar(p, track, first, count)
    rows = inner.rows(SHOWN_OPTIONS, gap=p.unit * 0.6)
    points_font = _points_font(p, rows[0], view.options, at_most)
    for slot, index in zip(rows, range(first, count), strict=False):
        _option_row(p, slot, view.options[index], index == selected, points_font)
        hits.append(Hit(slot.rect, Action("option", value=index)))


def _row_cells(p: Painter, row: Box) -> tuple[Box, Box, Box, Box]:
    """An option row's mark, dice kept, points and advice; the dice stop short of their
    column, so that they never run into the points."""
    mark, keep, points, advice = row.inset(p.unit * 0.6).columns([6, 27, 24, 43], gap=p.unit)
    return mark, keep.part(0, 0.08, 0.88, 0.84), points.part(0, 0.04, 1, 0.92), advice


def _keep_text(option: OptionView) -> str:
    return " ".join(str(f) for f in option.keep)


def _points_font(p: Painter, row: Box, options: tuple[OptionView, ...], at_most: Font
                 ) -> Font:
    """One font for every option's points, so that NEXT scrolling changes no size, and no
    bigger than the points at risk (the figure that matters most; in portrait an option's
    100 once outsized the 300 at risk)."""
    points = _row_cells(p, row)[2]
    return min(p.fit_all([points_text(o.points) for o in options], points), at_most,
               key=cap_height)


def _scroll_bar(p: Painter, track: Box, first: int, count: int) -> None:
    """Where the rows shown sit among all `count` options: a thumb in a track."""
    p.fill(track, p.theme.background, radius=track.w / 2)
    thumb = track.part(0, first / count, 1, SHOWN_OPTIONS / count)
    p.fill(thumb, p.theme.muted, radius=track.w / 2)


def _option_row(p: Painter, row: Box, option: OptionView, selected: bool,
                points_font: Font) -> None:
    """[mark] keep-dice  points  advice; selected = outlined with an arrow, best = a star.
    The dice as big as fits their cell, but no bigger than the points (one long keep in the
    list must not shrink every row's dice)."""
    if selected:
        p.fill(row, p.theme.background, radius=p.unit)
        p.fill(row, p.theme.accent, radius=p.unit, width=max(2, round(p.unit * 0.6)))
    mark, keep, points, advice = _row_cells(p, row)
    if selected:
        p.arrow(mark.part(0.1, 0.25, 0.7, 0.5), p.theme.accent)
    kept = _keep_text(option)
    p.text(kept, keep, font=min(p.fit(kept, keep), points_font, key=cap_height))
    p.text(points_text(option.points), points, align="right", font=points_font)
    colour = p.theme.best if option.best else p.theme.muted
    if option.best:
        size = min(advice.h * 0.4, advice.w * 0.1)
        p.star((advice.x + size, advice.y + advice.h / 2), size, p.theme.best)
        advice = Box(advice.x + size * 2.3, advice.y, advice.w - size * 2.3, advice.h)
    expected = f"avg {option.expected:,.0f}" if option.expected is not None else ""
    if option.chance is not None:
        expected = f"WIN {option.chance * 100:.0f}%"
    if advice.h < p.unit * 9:  # small panels: one line that still reads
        p.text(" ".join(t for t in (option.then, expected) if t) or option.label,
               advice.part(0, 0.2, 1, 0.6), colour)
        return
    first = ("BEST, " if option.best else "") + (f"then {option.then}" if option.then else "")
    if not (first or expected):
        first = option.label
    font = p.fit("BEST, then bank", advice.part(0, 0, 1, 0.44))
    p.text(first, advice.part(0, 0.04, 1, 0.44), colour, font=font)
    p.text(expected, advice.part(0, 0.52, 1, 0.44), colour, font=font)


def _odds(p: Painter, box: Box, view: TableView, at_most: Font) -> None:
    """Farkle odds for the dice about to be thrown, as a percentage and in words; the
    percentage no bigger than the points at risk (`at_most`), the figure that matters more."""
    p.panel(box)
    inner = box.inset(p.unit * 1.2)
    label, figure = inner.columns([45, 55], gap=p.unit)
    p.text("FARKLE RISK", label.part(0, 0.05, 1, 0.42), p.theme.muted)
    p.text(f"next {dice_count(view.next_dice)}", label.part(0, 0.55, 1, 0.4), p.theme.muted)
    text, colour = "-", p.theme.text
    if view.farkle_odds is not None:
        percent = view.farkle_odds * 100
        text = f"{percent:.1f}%" if percent < 10 else f"{percent:.0f}%"
        colour = p.theme.bad if view.farkle_odds >= 0.5 else p.theme.text
    figure = figure.part(0, 0.05, 1, 0.9)
    p.text(text, figure, colour, align="right",
           font=min(p.fit(text, figure), at_most, key=cap_height))
