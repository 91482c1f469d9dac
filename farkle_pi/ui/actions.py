"""Input actions: GPIO buttons, keys and taps all become these, on one queue."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

import pygame

from farkle_pi.ui.display import drawn_position

ActionKind = Literal[
    "bank",  # bank the turn (or start the game on the setup screen)
    "next",  # move to the next option / setup row (NEXT let go before its hold time)
    "keep",  # confirm: take the highlighted option, throw, change a setup value
    "undo",  # take back the last game action (held UNDO button)
    "fix",  # frame the next die of the throw shown, for NEXT to step (UNDO pressed briefly)
    "digit",  # a die face entered by hand: key or keypad tap (value 1-6); on the scoreboard,
    # keys 1-8 pick a player's row (counted from the top) as a tap on it does
    "erase",  # remove the last die entered or letter typed
    "option",  # tap on option `value`
    "die",  # tap on die `value`: step its face to correct a misread
    "char",  # a letter typed into a name (text)
    "show",  # switch to screen `text` (scoreboard, history, throw)
    "cycle",  # NEXT held: the next screen, throw (or winner) -> scoreboard -> history -> back
    "seat",  # tap on the scoreboard's row of player `text`: do they go home (or come back)?
    "quit",
]


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    value: int = 0
    text: str = ""
    button: bool = False  # pressed on a GPIO button (see farkle_pi.table.presses)
    tapped: bool = False  # a finger or a click on the screen (likewise)
    # seconds the button was down before this action came (NEXT and UNDO act when let go):
    # the press guards count from when it went down; two presses alike are one action
    down: float = field(default=0.0, compare=False)
    # BANK or KEEP pressed while NEXT was down (NEXT moves the highlight when let go): the two
    # were hit together, and which option was meant is not known (farkle_pi.table.presses)
    with_next: bool = False


@dataclass(frozen=True)
class Hit:
    """A tappable region of the screen and what tapping it means."""

    rect: pygame.Rect
    action: Action


def tap_action(position: tuple[int, int], hits: list[Hit]) -> Action | None:
    """The action of the topmost region under a tap (later regions are drawn on top)."""
    for hit in reversed(hits):
        if hit.rect.collidepoint(position):
            return replace(hit.action, tapped=True)
    return None


_KEYS: dict[int, Action] = {
    pygame.K_b: Action("bank"),
    pygame.K_n: Action("next"),
    pygame.K_TAB: Action("next"),
    pygame.K_DOWN: Action("next"),
    pygame.K_RETURN: Action("keep"),
    pygame.K_KP_ENTER: Action("keep"),
    pygame.K_SPACE: Action("keep"),
    pygame.K_u: Action("undo"),
    pygame.K_f: Action("fix"),
    pygame.K_BACKSPACE: Action("erase"),
    pygame.K_s: Action("show", text="scoreboard"),
    pygame.K_h: Action("show", text="history"),
    pygame.K_t: Action("show", text="throw"),
    pygame.K_ESCAPE: Action("quit"),
}


def key_action(key: int, unicode: str, typing_text: bool = False) -> Action | None:
    """The keyboard twin of the buttons; while a name is being typed letters are letters."""
    if typing_text and unicode and (unicode.isalpha() or unicode in " -'."):
        return Action("char", text=unicode)
    if unicode and unicode in "12345678":  # (7 and 8: the scoreboard's rows of eight players)
        return Action("digit", value=int(unicode))
    return _KEYS.get(key)


def event_action(event: pygame.event.Event, hits: list[Hit], typing_text: bool) -> Action | None:
    """One pygame event as an action: keys, mouse clicks and finger taps."""
    if event.type == pygame.QUIT:
        return Action("quit")
    if event.type == pygame.KEYDOWN:
        return key_action(event.key, event.unicode, typing_text)
    # SDL also turns a finger into a mouse click (flagged `touch`); count the finger only.
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not event.touch:
        return tap_action(drawn_position(*event.pos), hits)
    if event.type == pygame.FINGERDOWN:  # (x and y: fractions of the panel, 1.0 its far edge)
        width, height = pygame.display.get_surface().get_size()
        return tap_action(drawn_position(_pixel(event.x, width), _pixel(event.y, height)), hits)
    return None


def _pixel(fraction: float, side: int) -> int:
    """The pixel a fraction of a side falls in: 1.0, the far edge, is the last pixel."""
    return max(0, min(side - 1, int(fraction * side)))
