"""Entering a throw by hand on the throw screen: the dice entered so far in their slots, the die
the buttons are on (framed), and a keypad of six die faces and "remove last" for the touch
screen. Taps become the same `digit` and `erase` actions as the keys `1`-`6` and Backspace.
Once the dice are in, a two-colour game may ask of their colours: the keypad gives way to the
question and a YES and a NO key, the twins of KEEP and NEXT."""

from __future__ import annotations

from farkle_pi.rules import dice_count
from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.screens.parts import die_slots, key_frame, yes_no
from farkle_pi.ui.view import TableView

BUTTONS = "NEXT face   KEEP take die"
ANSWERS = "KEEP yes   NEXT no   hold UNDO back"


def hint(view: TableView) -> str:
    """The buttons' part in it, on the hint line, so nobody needs a manual (where the tray's
    prompt takes that line, the entry row says the first of it: BUTTONS)."""
    if view.question:
        return ANSWERS
    return f"{BUTTONS}   hold UNDO remove{bank_hint(view)}"


def bank_hint(view: TableView) -> str:
    """"BANK bank" on a hint line only where BANK banks (as the lamp is lit): not below the
    entry minimum, not on hot dice that must be thrown again, not before a turn's first throw."""
    return "   BANK bank" if view.can_bank else ""


def entry_row(p: Painter, box: Box, view: TableView) -> None:
    """A slot for every die thrown: the entered dice, the framed die NEXT steps and KEEP takes,
    empty outlines for the rest; below, how many to enter and the coach's word."""
    p.panel(box)
    inner = box.inset(p.unit)
    row, caption = inner.stack([72, 28], gap=p.unit * 0.5)
    typed = [int(c) for c in view.typed]
    line = max(1, round(p.unit * 0.4))
    colours = list(view.entry_colours)
    for index, slot in enumerate(die_slots(p, row, view.dice_to_throw)):
        square = slot.square().inset(p.unit * 0.8)  # no flags here: the die takes the slot
        body = colours[index] if index < len(colours) else None  # "the red die": shown red
        if index < len(typed):
            p.die(square, typed[index], body)
        elif index == len(typed) and view.face is not None:
            frame = square.inset(-p.unit * 0.6)
            p.fill(frame, p.theme.accent, radius=frame.w * 0.2, width=max(2, round(p.unit * 0.7)))
            p.die(square.inset(p.unit * 0.5), view.face, body)
        else:
            p.fill(square, p.theme.muted, radius=square.w * 0.16, width=line)
    if view.prompt or view.error:  # they take the hint line: the buttons' part comes here,
        if view.question:  # (the YES and NO keys are the touch screen's: KEEP and NEXT too)
            p.text(ANSWERS, caption, p.theme.text, align="center")
        elif view.face is not None:  # for the count the slots show (none before a player
            p.text(BUTTONS, caption, p.theme.text, align="center")  # offered a steal chose:
        return  # there NEXT steals, as the prompt says)
    left, right = caption.columns([55, 45], gap=p.unit)
    p.text(f"{len(typed)} of {dice_count(view.dice_to_throw)} entered", left, p.theme.muted)
    if view.advice and not typed:
        advice = "coach: BANK now" if view.advice == "bank" else "coach: roll on"
        colour = p.theme.good if view.advice == "bank" else p.theme.muted
        p.text(advice, right, colour, align="right")


def keypad(p: Painter, box: Box, view: TableView, hits: list[Hit]) -> None:
    """Six die faces (two rows of three) and a "remove last" key, each a big touch target."""
    if view.question:  # (KEEP and NEXT answer it too)
        yes_no(p, box, view.question, Action("next"), hits)
        return
    p.panel(box)
    inner = box.inset(p.unit)
    faces, remove = inner.columns([76, 24], gap=p.unit)
    gap = p.unit
    for row, first in zip(faces.rows(2, gap=gap), (1, 4), strict=True):
        for key, face in zip(row.columns([1, 1, 1], gap=gap), range(first, first + 3),
                             strict=True):
            key_frame(p, key)
            p.die(key.inset(p.unit * 1.2), face, None)
            hits.append(Hit(key.rect, Action("digit", value=face)))
    key_frame(p, remove)
    colour = p.theme.text if view.typed else p.theme.muted  # nothing to remove yet
    words = remove.inset(p.unit * 1.2).stack([1, 1, 1], gap=p.unit)
    font = p.fit("REMOVE", words[0])
    p.arrow(words[0].part(0.35, 0.1, 0.3, 0.8), colour, left=True)
    p.text("REMOVE", words[1], colour, align="center", font=font)
    p.text("LAST", words[2], colour, align="center", font=font)
    hits.append(Hit(remove.rect, Action("erase")))
