"""Game night review: the winner screen with six or eight players drew everyone's name and
total at 9 px (800x480) and 6 px (480x320), though its rows had room for more: the screen the
whole table gathers round at the end could not be read from a chair."""

from __future__ import annotations

from dataclasses import replace

import pytest
from screen_notes import draw

from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.view import PlayerRow

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


@pytest.mark.parametrize(("count", "size", "least"), [
    (6, (800, 480), 20), (6, (480, 320), 13), (8, (800, 480), 15), (8, (480, 320), 9),
])
def test_a_big_table_reads_its_final_totals(
        count: int, size: tuple[int, int], least: int, monkeypatch: pytest.MonkeyPatch) -> None:
    players = tuple(PlayerRow(name, 1000 * (count - i), on_board=True, leader=i == 0)
                    for i, name in enumerate(NAMES[:count]))
    frame = draw(replace(SAMPLES["winner"], players=players, winners=("Ann",)), size,
                 monkeypatch)
    assert min(frame.caps(list(NAMES[1:count]))) >= least
    assert frame.find("WINNER").cap > min(frame.caps(list(NAMES[1:count])))
