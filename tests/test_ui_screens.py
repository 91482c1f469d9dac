"""Every screen draws at every supported size, and matches its committed reference picture.

The references are drawn by pip's pygame with the font it carries. On the Pi, pygame is
Debian's and its default font is Debian's FreeSansBold, whose glyphs are a few pixels wider:
there only the picture outside the text is compared (panels, dice, dots, colours, places).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
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
# Outside the text (each text's rectangle grown for another font's wider glyphs) a Bookworm
# screen differs from its reference in at most 0.12 % of pixels; moved 6 px right, 2-9 % (all
# but the history screen, whose rows repeat).
MAX_CHANGED_OUTSIDE_TEXT = 0.005


def draw(screen: str, size: tuple[int, int], theme_name: str = "dark") -> pygame.Surface:
    surface = offscreen(size)
    render(surface, SAMPLES[screen], DARK if theme_name == "dark" else LIGHT)
    return surface


def draw_noting_text(screen: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
                     ) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """The screen, and where each of its texts was drawn (all text goes through Painter.text)."""
    rects: list[pygame.Rect] = []
    text = Painter.text

    def noting(self: Painter, *args: Any, **kwargs: Any) -> pygame.Rect:
        rects.append(text(self, *args, **kwargs))
        return rects[-1]

    monkeypatch.setattr(Painter, "text", noting)
    return draw(screen, size), rects


def differing(a: pygame.Surface, b: pygame.Surface) -> npt.NDArray[np.bool_]:
    pa = pygame.surfarray.array3d(a).astype(int)
    pb = pygame.surfarray.array3d(b).astype(int)
    assert pa.shape == pb.shape
    return np.asarray((abs(pa - pb) > CHANNEL_TOLERANCE).any(axis=2))


def changed_share(a: pygame.Surface, b: pygame.Surface) -> float:
    return float(differing(a, b).mean())


def rgb(surface: pygame.Surface, at: tuple[int, int]) -> tuple[int, int, int]:
    """`surface.get_at(at)[:3]`, the pixel without its alpha (pygame's stubs type that slice as
    a 1-tuple)."""
    colour = surface.get_at(at)
    return colour.r, colour.g, colour.b


def changed_share_outside(a: pygame.Surface, b: pygame.Surface, texts: list[pygame.Rect]
                          ) -> float:
    """Share of changed pixels away from the texts, each grown by a tenth of its width and
    a fifth of its height (another font's glyphs are wider; the anchor side stays put)."""
    keep = np.ones(a.get_size(), bool)  # surfarray's x, y order
    for rect in texts:
        grown = rect.inflate(round(0.1 * rect.w) + 6, round(0.2 * rect.h) + 4)
        keep[max(0, grown.left):max(0, grown.right), max(0, grown.top):max(0, grown.bottom)] = False
    return float(differing(a, b)[keep].mean())


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


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", SCREENS)
def test_screen_layout_matches_reference(screen: str, size: tuple[int, int],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Under any pygame and font, the Pi's included: the same panels, dice and places."""
    reference = REFERENCES / f"{screen}-{size[0]}x{size[1]}.png"
    surface, texts = draw_noting_text(screen, size, monkeypatch)
    assert texts, f"{screen} drew no text through Painter.text"
    share = changed_share_outside(surface, pygame.image.load(str(reference)), texts)
    assert share <= MAX_CHANGED_OUTSIDE_TEXT, f"{screen} at {size}: {share:.2%} changed"


def test_comparison_outside_text_notices_a_moved_or_changed_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    surface, texts = draw_noting_text("throw", (800, 480), monkeypatch)
    moved = pygame.Surface(surface.get_size())
    moved.blit(surface, (6, 0))
    assert changed_share_outside(surface, moved, texts) > 5 * MAX_CHANGED_OUTSIDE_TEXT
    other = draw("scoreboard", (800, 480))
    assert changed_share_outside(surface, other, texts) > 5 * MAX_CHANGED_OUTSIDE_TEXT


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
    centre = rgb(surface, (100, 100))
    corner_pip = rgb(surface, (52, 52))
    body = rgb(surface, (100, 40))
    assert body == (213, 94, 0)  # vermillion body
    assert centre == (255, 255, 255)  # one white pip in the middle of a red die
    assert corner_pip == body  # a 1 has no corner pips
    painter.die(Box(0, 0, 200, 200), 6, "white")
    assert rgb(surface, (52, 52)) == (0, 0, 0)  # a 6 has corner pips, black on white
    assert rgb(surface, (100, 100)) != (0, 0, 0)  # ... and none in the middle


def test_results_banner_grows_in() -> None:
    early, late = offscreen((800, 480)), offscreen((800, 480))
    render(early, SAMPLES["results"], DARK, seconds=0.0)
    render(late, SAMPLES["results"], DARK, seconds=1.0)
    green = DARK.good
    assert rgb(early, (30, 30)) != green  # the banner starts smaller ...
    assert rgb(late, (30, 30)) == green  # ... and fills its box once grown


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


@pytest.mark.parametrize("size", [(800, 480), (480, 320), (720, 1280)], ids=str)
def test_a_tie_under_the_roll_off_rule_tells_the_players_to_roll_for_it(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ties = "roll-off"`: the winner screen says ROLL OFF and how, not a shared TIE."""
    from screen_notes import draw

    from farkle_pi.game import Bank, Game, Keep, Throw
    from farkle_pi.rules import Roll, load_rules
    from farkle_pi.table.adapter import Shown, table_view

    rules = load_rules("standard", {"target": "1000", "ties": "roll-off"})
    game = Game(["Ann", "Bob"], rules)
    for _ in range(2):  # each banks 1,000: Ann reaches the target, Bob ties in his last turn
        game.apply(Throw(Roll.parse("111234")))
        game.apply(Keep(Roll.parse("111")))
        game.apply(Bank())
    assert game.state.roll_off
    view = table_view(game.state, Shown(screen="winner"))
    assert view.roll_off and view.winners == ("Ann", "Bob")
    words = [drawn.text for drawn in draw(view, size, monkeypatch).texts]
    assert "ROLL OFF" in words and "Ann & Bob" in words
    assert "tied at 1,000: one die each, highest wins" in words and "TIE" not in words
