"""Setup before a game: players, rules, target and dice, one row at a time.

Usable with the buttons alone: NEXT moves between rows, KEEP changes the row's value (adds the
next known name on the players row), UNDO removes the last player, BANK starts the game. A
keyboard types new names; a tap on a row's value changes it."""

from __future__ import annotations

from farkle_pi.ui.actions import Action, Hit
from farkle_pi.ui.draw import Box, Painter, points_text
from farkle_pi.ui.screens.parts import prompt_strip
from farkle_pi.ui.view import SETUP_ROWS, SetupView, TableView

NO_CAMERA = "camera: not set up"  # started in another mode: no camera was opened


def draw(p: Painter, view: TableView) -> list[Hit]:
    setup = view.setup or SetupView(players=())
    hits: list[Hit] = []
    screen = Box.of(p.surface).inset(p.unit * 1.5)
    head, body = screen.part(0, 0, 1, 0.12), screen.part(0, 0.15, 1, 0.85)
    if view.prompt or view.error:  # no camera yet (the table starts all the same), or a
        # refusal: BANK with no players, a name that cannot join
        body, strip = body.stack([86, 14], gap=p.unit)
        prompt_strip(p, strip, view, "")
    title_box, keys_box = head.columns([40, 60], gap=p.unit * 2)
    p.text("NEW GAME", title_box)
    p.text("NEXT row  KEEP change  BANK start", keys_box.part(0, 0.2, 1, 0.6), p.theme.muted,
           align="right")
    hint = _hint(setup)
    weights = [34, 16, 16, 16, 18]
    boxes = body.stack(weights, gap=p.unit)
    values = {
        "players": _players_text(setup),
        "rules": setup.preset,
        "target": points_text(setup.target),
        "dice": setup.dice_mode,
        "start": "START  (BANK)",
    }
    for index, (name, box) in enumerate(zip(SETUP_ROWS, boxes, strict=True)):
        focused = index == setup.focus
        p.panel(box)
        if focused:
            p.fill(box, p.theme.accent, radius=p.unit * 1.5, width=max(2, round(p.unit * 0.6)))
        mark, label, value = box.inset(p.unit * 1.2).columns([3, 22, 75], gap=p.unit * 1.2)
        if focused:
            side = min(mark.w, p.unit * 4)
            p.arrow(Box(mark.x, mark.y + mark.h / 2 - side, side, side * 2), p.theme.accent)
        if name == "start":
            value = box.inset(p.unit * 1.2)
            p.text(values[name], value.part(0.1, 0.15, 0.8, 0.7), p.theme.good, align="center")
        elif name == "players":  # many names wrap (one line drew eight long ones 4 px tall)
            p.text(name.upper(), label.part(0, 0.25, 1, 0.5), p.theme.muted)
            names = value.part(0, 0.04, 1, 0.72 if hint else 0.92)
            p.lines(values[name], names, most=4, tallest=value.h * 0.36,
                    words=_players_words(setup))
        else:
            p.text(name.upper(), label.part(0, 0.25, 1, 0.5), p.theme.muted)
            if name == "dice" and "camera" not in setup.dice_modes:
                value, note = value.columns([35, 65], gap=p.unit)
                p.text(NO_CAMERA, note.part(0, 0.25, 1, 0.5), p.theme.muted, align="right")
            p.text(values[name], value.part(0, 0.15, 1, 0.7))
        hits.append(Hit(box.rect, Action("option", value=index)))
    if hint:
        p.text(hint, boxes[0].inset(p.unit * 1.2).part(0.27, 0.78, 0.73, 0.2), p.theme.muted)
    return hits


def _hint(setup: SetupView) -> str:
    """On the players row, the known names KEEP adds next."""
    others = [n for n in setup.known_names if n not in setup.players]
    return "KEEP adds: " + ", ".join(others[:4]) if others and setup.focus == 0 else ""


def _players_words(setup: SetupView) -> list[str]:
    """The players row's pieces: each name whole, a comma after all but the last."""
    names = list(setup.players)
    if setup.typing:
        names.append(setup.typing + "_")
    if not names:
        return ["type a name or press KEEP"]
    return [name + "," for name in names[:-1]] + names[-1:]


def _players_text(setup: SetupView) -> str:
    return " ".join(_players_words(setup))
