"""A long evening accelerated, CI-sized: game after game through the app loop headless
(recorded tray sessions and virtual dice in turn, one store, one screen); memory and open file
descriptors stay flat after warm-up. The long version: benchmarks/soak.py."""

from __future__ import annotations

from pathlib import Path

import pygame
from soak_harness import open_fds, soak

from farkle_pi.ui.display import offscreen
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.theme import DARK

WARM_UP = 4
RSS_GROWTH_KB = 8 * 1024


def test_memory_and_file_handles_stay_flat_over_many_games(tmp_path: Path) -> None:
    samples = soak(tmp_path, games=12)
    warm, last = samples[WARM_UP], samples[-1]
    assert last.games == 12 and last.errors == 0
    assert last.played > 10 * 60  # more than ten minutes of table time
    assert last.fds == warm.fds, samples
    assert last.rss_kb - warm.rss_kb < RSS_GROWTH_KB, samples


def test_fitting_text_at_many_sizes_opens_no_files() -> None:
    """Found by the soak: every font size tried kept the font file open."""
    painter = Painter(offscreen((800, 480)), DARK)
    painter.font(40)
    before = open_fds()
    for width in range(20, 400, 3):
        painter.fit("a rather long player name " * 3, Box(0, 0, width, 300))
    assert open_fds() == before
    for size in (9, 24, 40, 77):  # the same glyphs at the same size as pygame's own loader
        assert painter.font(size).size("Ann 1,500") == pygame.font.Font(None, size).size(
            "Ann 1,500")
