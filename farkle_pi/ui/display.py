"""Opening the screen: a real window (or the whole display), or SDL's dummy driver headless."""

from __future__ import annotations

import os
import re
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from farkle_pi.config import SCREEN_SIDES
from farkle_pi.errors import FarkleError, stderr_kept

SIZES = {"7inch": (800, 480), "small": (480, 320), "portrait": (720, 1280)}
WINDOW = (800, 480)
NO_SCREEN = ("offscreen", "dummy")  # SDL drivers that draw into memory only


def parse_size(text: str) -> tuple[int, int]:
    """`800x480` (or a name from SIZES) as (width, height)."""
    if text in SIZES:
        return SIZES[text]
    match = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text.strip().lower())
    if match is None:
        raise FarkleError(f"{text!r} is not a size: use WIDTHxHEIGHT, e.g. 800x480")
    width, height = int(match.group(1)), int(match.group(2))
    low, high = SCREEN_SIDES
    if not (low <= width <= high and low <= height <= high):
        raise FarkleError(f"{text}: width and height must each be {low} to {high} pixels")
    return width, height


def use_dummy_driver() -> None:
    """Must run before pygame initialises video: no window, frames drawn in memory."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# While the picture is turned ([screen] rotate): the surface the screens draw on, and the
# degrees clockwise it is turned by on its way to the display. One display per process, as
# pygame's own display is.
_turned: tuple[pygame.Surface, int] | None = None


def open_surface(
    size: tuple[int, int] | None,
    fullscreen: bool = False,
    headless: bool = False,
    hint: str = "try `farkle-pi demo --headless`",
    rotate: int = 0,
) -> pygame.Surface:
    """The surface the screens draw on, `show()` puts it on the display: the display itself,
    or where the picture is turned (`rotate` degrees clockwise) a surface of the turned size.
    A display that cannot be opened is one clear line, not a traceback."""
    global _turned
    _turned = None
    if headless:
        use_dummy_driver()
    failure: pygame.error | None = None
    with stderr_kept() as complaints:  # SDL prints what each driver it tried lacked
        try:
            pygame.display.init()
            pygame.font.init()
            driver = pygame.display.get_driver()
            asked = os.environ.get("SDL_VIDEODRIVER", "")
            if driver in NO_SCREEN and driver != asked:  # SDL's silent fallback: nothing to see
                raise pygame.error(f"SDL found no screen and fell back to its {driver} driver")
            if fullscreen and not headless:
                surface = pygame.display.set_mode(size or (0, 0), pygame.FULLSCREEN)
            else:
                surface = pygame.display.set_mode(size or WINDOW)
        except pygame.error as error:
            failure = error
    if failure is not None:  # one line that says what to do, not SDL's driver by driver notes
        pygame.display.quit()
        raise FarkleError(f"no display could be opened ({failure}); {hint}") from failure
    for line in complaints:  # a screen opened: SDL's notes may still matter, pass them on
        print(line, file=sys.stderr)
    pygame.display.set_caption("farkle-pi")
    if rotate % 360 == 0:
        return surface
    width, height = surface.get_size()
    drawn = pygame.Surface((height, width) if rotate % 180 else (width, height))
    _turned = (drawn, rotate % 360)
    return drawn


def show() -> None:
    """What the screens drew, onto the display (turned as the panel is mounted), and shown."""
    if _turned is not None:
        drawn, degrees = _turned
        display = pygame.display.get_surface()
        if display is not None:
            display.blit(pygame.transform.rotate(drawn, -degrees), (0, 0))
    pygame.display.flip()


def drawn_position(x: int, y: int) -> tuple[int, int]:
    """A point of the display (a tap) as the point of the picture the screens drew there."""
    if _turned is None:
        return x, y
    drawn, degrees = _turned
    width, height = drawn.get_size()
    if degrees == 90:
        return y, height - 1 - x
    if degrees == 180:
        return width - 1 - x, height - 1 - y
    return width - 1 - y, x  # 270


def offscreen(size: tuple[int, int]) -> pygame.Surface:
    """A surface to draw a screenshot on, with fonts ready and no window."""
    use_dummy_driver()
    pygame.font.init()
    return pygame.Surface(size)
