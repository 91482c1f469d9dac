"""Light (tray-side) and dark themes on the Okabe-Ito palette, which colour-blind players can tell
apart; meaning is never carried by colour alone (every state also has a word or a shape)."""

from __future__ import annotations

from dataclasses import dataclass

from farkle_pi.errors import FarkleError

Colour = tuple[int, int, int]

# Okabe & Ito (2008), "Color Universal Design".
ORANGE: Colour = (230, 159, 0)
SKY_BLUE: Colour = (86, 180, 233)
BLUISH_GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILLION: Colour = (213, 94, 0)
REDDISH_PURPLE: Colour = (204, 121, 167)
BLACK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True)
class Theme:
    """The colours a screen is drawn with; `good`/`bad` always come with a word or a shape."""

    name: str
    background: Colour
    panel: Colour
    text: Colour
    muted: Colour
    accent: Colour  # whose turn, the highlighted option
    good: Colour  # bank, on the board
    bad: Colour  # Farkle, points at risk
    warn: Colour  # hot dice, final round, prompts
    best: Colour  # the coach's mark
    focus: Colour  # the die the buttons are setting right (framed by a short UNDO)
    on_accent: Colour  # text drawn on accent/good/bad fills


DARK = Theme(
    name="dark",
    background=(14, 18, 24),
    panel=(34, 41, 52),
    text=(246, 246, 246),
    muted=(160, 170, 184),
    accent=SKY_BLUE,
    good=BLUISH_GREEN,
    bad=VERMILLION,
    warn=ORANGE,
    best=YELLOW,
    focus=YELLOW,
    on_accent=BLACK,
)

LIGHT = Theme(
    name="light",
    background=(250, 248, 240),
    panel=(226, 224, 214),
    text=(12, 12, 12),
    muted=(80, 84, 92),
    accent=BLUE,
    good=(0, 120, 88),
    bad=VERMILLION,
    warn=(176, 112, 0),
    best=BLUE,
    focus=(12, 12, 12),  # not the blue of the highlighted option's dice
    on_accent=WHITE,
)

THEMES = {"dark": DARK, "light": LIGHT}


def theme_named(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise FarkleError(f"unknown theme {name!r}: use {' or '.join(THEMES)}") from None


# Die bodies by the colour names vision reports; pips are drawn in the contrasting colour.
DIE_BODIES: dict[str, Colour] = {
    "white": (245, 243, 234),
    "ivory": (245, 243, 234),
    "red": VERMILLION,
    "orange": ORANGE,
    "blue": BLUE,
    "green": BLUISH_GREEN,
    "yellow": YELLOW,
    "purple": REDDISH_PURPLE,
    "pink": REDDISH_PURPLE,
    "black": (30, 30, 30),
}


def die_colours(colour: str | None) -> tuple[Colour, Colour]:
    """(body, pips) for a die of the given colour name; unknown names draw as ivory."""
    body = DIE_BODIES.get(colour or "white", DIE_BODIES["white"])
    luminance = 0.299 * body[0] + 0.587 * body[1] + 0.114 * body[2]
    return body, (BLACK if luminance > 140 else WHITE)
