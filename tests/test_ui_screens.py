"""Every screen draws at every supported size, and matches its committed reference picture."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from farkle_pi.ui.display import offscreen
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.theme import DARK, LIGHT
from farkle_pi.ui.view import SCREENS

REFERENCES = Path(__file__).parent.parent / "fixtures" / "screens"
SIZES = [(800, 480), (480, 320), (720, 1280)]
# Font rasterisation may differ by a pixel between FreeType builds; a layout change moves
# thousands of pixels.
MAX_CHANGED_SHARE = 0.01
CHANNEL_TOLERANCE = 40


def draw(screen: str, size: tuple[int, int], theme_name: str = "dark") -> pygame.Surface:
    surface = offscreen(size)
    render(surface, SAMPLES[screen], DARK if theme_name == "dark" else LIGHT)
    return surface


def changed_share(a: pygame.Surface, b: pygame.Surface) -> float:

    pa = pygame.surfarray.array3d(a).astype(int)
    pb = pygame.surfarray.array3d(b).astype(int)
    assert pa.shape == pb.shape
    differs = (abs(pa - pb) > CHANNEL_TOLERANCE).any(axis=2)
    return float(differs.mean())


def test_every_screen_has_a_sample() -> None:
    assert set(SAMPLES) == set(SCREENS)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", SCREENS)
def test_screen_matches_reference(screen: str, size: tuple[int, int]) -> None:
    reference = REFERENCES / f"{screen}-{size[0]}x{size[1]}.png"
    surface = draw(screen, size)
    assert reference.exists(), f"missing {reference}: run scripts/make_screenshots.sh --refs"
    share = changed_share(surface, pygame.image.load(str(reference)))
    assert share <= MAX_CHANGED_SHARE, f"{screen} at {size}: {share:.1%} of pixels changed"


def test_reference_comparison_notices_a_changed_screen() -> None:
    """The tolerance is loose for anti-aliasing, not for content: another screen fails."""
    assert changed_share(draw("throw", (800, 480)), draw("scoreboard", (800, 480))) > 0.05
    assert changed_share(draw("throw", (800, 480)), draw("throw", (800, 480), "light")) > 0.5


def test_fitted_text_stays_inside_its_box() -> None:
    painter = Painter(offscreen((480, 320)), DARK)
    for text in ("10,350", "Bartholomew Longname", "FARKLE - nothing scores", "1 1 1 5 5 5"):
        for box in (Box(0, 0, 60, 30), Box(0, 0, 300, 12), Box(0, 0, 30, 200)):
            rect = painter.text(text, box)
            assert rect.width <= box.w + 1, (text, box)


def test_dice_are_drawn_with_their_pips_and_colours() -> None:
    surface = offscreen((200, 200))
    painter = Painter(surface, DARK)
    surface.fill((0, 0, 0))
    painter.die(Box(0, 0, 200, 200), 1, "red")
    centre = surface.get_at((100, 100))[:3]
    corner_pip = surface.get_at((52, 52))[:3]
    body = surface.get_at((100, 40))[:3]
    assert body == (213, 94, 0)  # vermillion body
    assert centre == (255, 255, 255)  # one white pip in the middle of a red die
    assert corner_pip == body  # a 1 has no corner pips
    painter.die(Box(0, 0, 200, 200), 6, "white")
    assert surface.get_at((52, 52))[:3] == (0, 0, 0)  # a 6 has corner pips, black on white
    assert surface.get_at((100, 100))[:3] != (0, 0, 0)  # ... and none in the middle


def test_results_banner_grows_in() -> None:
    early, late = offscreen((800, 480)), offscreen((800, 480))
    render(early, SAMPLES["results"], DARK, seconds=0.0)
    render(late, SAMPLES["results"], DARK, seconds=1.0)
    green = DARK.good
    assert early.get_at((30, 30))[:3] != green  # the banner starts smaller ...
    assert late.get_at((30, 30))[:3] == green  # ... and fills its box once grown


def test_throw_screen_shows_the_camera_while_waiting_for_a_throw() -> None:
    from dataclasses import replace

    picture = pygame.Surface((640, 480))
    picture.fill((10, 200, 30))
    waiting = replace(SAMPLES["throw"], dice=(), options=())
    surface = offscreen((800, 480))
    render(surface, waiting, DARK, picture=picture)
    def near_green(pixel: tuple[int, ...]) -> bool:  # smoothscale may shift a channel by 2
        return all(abs(a - b) <= 4 for a, b in zip(pixel[:3], (10, 200, 30), strict=True))

    assert near_green(tuple(surface.get_at((240, 250))))
    render(surface, SAMPLES["throw"], DARK, picture=picture)  # dice read: faces, no video
    assert not near_green(tuple(surface.get_at((240, 250))))
