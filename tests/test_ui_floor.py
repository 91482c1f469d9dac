"""No screen that lists the players draws a name or a total below the two-metre floor
(`farkle_pi.ui.draw.FLOOR_MM`: 14 px capitals on the 3.5" 480x320 panel), for one to the most
players a game seats, with long accented names: a layout shows fewer rows (the current player,
the leader and who throws next), two columns, or cut names instead. Once eight players' names
were drawn 7 px tall on the small panel's throw screen, 9 px on its winner screen.

Every text is noted as drawn (tests/screen_notes.py): its font's cap height, its box, where it
went."""

from __future__ import annotations

from dataclasses import replace

import pytest
from screen_notes import SIZES, Drawn, Frame, draw, size_id

from farkle_pi.game.seating import MAX_NAME, MAX_PLAYERS
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import offscreen
from farkle_pi.ui.draw import FIGURE_FLOOR_MM, LEAST_KEPT, Painter, floor_cap, points_text
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import SAMPLES, VARIANTS
from farkle_pi.ui.screens.parts import shown_seats
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import PlayerRow, TableView

# as long as a name may be (MAX_NAME), accents above the capitals and below the line
NAMES = ("Maximilian Weber", "Anaïs Dubois-Lé", "Łukasz Wójcikowy", "Søren Kierkegård",
         "José María Peña", "Björn Ångströmer", "Wilhelmina Moore", "Bartholomew Hunt")
SCORES = (10350, 12450, 9950, 11200, 0, 10050, 8750, 10000)
# the screens that list the players: the throw screen (and its states with a keypad or a
# question in the options' place), the results banner, the scoreboard, the winner
SCREENS = {"throw": SAMPLES["throw"], "entry": VARIANTS["entry"],
           "colours": VARIANTS["colours"], "results": SAMPLES["results"],
           "scoreboard": SAMPLES["scoreboard"], "winner": SAMPLES["winner"]}


def seated(count: int) -> tuple[PlayerRow, ...]:
    """`count` players, the sixth (or last) to throw, the best total leading, in a final round."""
    scores = SCORES[:count]
    return tuple(PlayerRow(NAMES[i], scores[i], on_board=scores[i] > 0,
                           leader=scores[i] == max(scores), last_turn=i != 1,
                           current=i == min(count, 6) - 1) for i in range(count))


def drawn(screen: str, count: int, size: tuple[int, int],
          monkeypatch: pytest.MonkeyPatch) -> tuple[TableView, Frame]:
    players = seated(count)
    view = replace(SCREENS[screen], players=players, turn_points=1350,
                   winners=(max(players, key=lambda p: p.score).name,))
    return view, draw(view, size, monkeypatch)


def cap_band(text: Drawn) -> tuple[int, int, int, int]:
    """Where a text's capitals are: left, top, right, bottom (its rectangle has room above
    and below them for accents and descenders, which may reach into the next row's)."""
    middle = text.rect.centery
    return text.rect.left, middle - text.cap // 2, text.rect.right, middle + text.cap // 2


def overlap(a: Drawn, b: Drawn) -> bool:
    al, at, ar, ab = cap_band(a)
    bl, bt, br, bb = cap_band(b)
    return al < br and bl < ar and at < bb and bt < ab


def test_the_floor_is_14_px_on_the_small_panel_and_the_names_fit_it() -> None:
    """The floor in pixels the module says, and the names the seating allows are what it was
    worked out for."""
    assert [floor_cap(size) for size in SIZES] == [11, 14, 18]
    assert [floor_cap(size, FIGURE_FLOOR_MM) for size in SIZES] == [16, 20, 26]
    assert len(NAMES) == MAX_PLAYERS and max(len(name) for name in NAMES) == MAX_NAME


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("count", range(1, MAX_PLAYERS + 1))
def test_every_name_and_total_reads_from_two_metres(
        count: int, screen: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    view, frame = drawn(screen, count, size, monkeypatch)
    floor = floor_cap(size)
    players = [text for text in frame.texts if text.text in NAMES]
    totals = [text for text in frame.texts if text.text in map(points_text, SCORES)
              and text.rect.top > size[1] * 0.1]  # (the turn's points are in the turn bar)
    assert players and totals
    small = [(text.text, text.cap) for text in players + totals if text.cap < floor]
    assert not small, f"below {floor} px: {small}"
    current = view.current
    if current is not None and screen != "winner":  # whose turn it is, and their total
        assert any(text.text == current.name for text in players)
        assert any(text.text == points_text(current.score) for text in totals)
    if screen in ("throw", "entry", "colours"):  # the turn's points: digits everyone reads
        assert frame.find("1,350").cap >= floor_cap(size, FIGURE_FLOOR_MM)
    for text in players + totals:  # within its box, and a name not cut out of recognition
        assert text.box is not None
        assert text.box.x - 1 <= text.rect.left and text.rect.right <= text.box.x + text.box.w + 1
        assert text.rect.w > 0
    listed = players + totals + [text for text in frame.texts if text.text.startswith("LA")
                                 or text.text.startswith("LEAD") or " more" in text.text]
    for i, one in enumerate(listed):
        others = [other.text for other in listed[i + 1:] if overlap(one, other)]
        assert not others, f"{one.text!r} drawn over {others}"


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_name_cut_to_read_keeps_its_start(size: tuple[int, int]) -> None:
    """Names on the throw screen's small scoreboard lose their ends, never so much that two
    players could not be told apart (at least `LEAST_KEPT` letters, the ".." saying so, with
    no space before it: "Anaïs .." read as a name of its own)."""
    from farkle_pi.ui.draw import _elide

    texts: list[str] = []

    def noting(self: Painter, words: str, box: object, *args: object, **kwargs: object
               ) -> object:
        font = kwargs.get("font")
        if words in NAMES and font is not None:
            texts.append(_elide(words, font, box.w))  # type: ignore[arg-type, attr-defined]
        return text(self, words, box, *args, **kwargs)  # type: ignore[arg-type]

    text = Painter.text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Painter, "text", noting)
        render(offscreen(size), replace(SAMPLES["throw"], players=seated(MAX_PLAYERS)), DARK)
    assert texts
    for shown in texts:
        assert len(shown.removesuffix("..")) >= LEAST_KEPT, shown
        assert not shown.endswith(" .."), shown


def test_the_small_panels_board_shows_the_current_player_the_leader_and_who_is_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight players at 480x320: the rows that fit at the floor go to whoever matters now, in
    their seats' order; the title counts the rest, and a tap on the board shows them all."""
    players = seated(MAX_PLAYERS)  # Björn (6th) throws, Anaïs (2nd) leads
    view = replace(SAMPLES["throw"], players=players)
    frame = draw(view, (480, 320), monkeypatch)
    board = [text.text for text in frame.texts if text.text in NAMES
             and text.rect.left > 480 / 2]
    assert board == [name for name in NAMES if name in board]  # in seat order
    assert board[:3] == ["Anaïs Dubois-Lé", "Björn Ångströmer", "Wilhelmina Moore"]
    # the rest counted, and the button that shows them all (a screen without touch)
    assert frame.find(f"+{MAX_PLAYERS - len(board)} more: hold NEXT")
    surface = offscreen((480, 320))
    hits = render(surface, view, DARK)
    assert any(hit.action == Action("show", text="scoreboard") for hit in hits)


def test_the_seats_shown_wrap_round_the_table_after_the_current_player() -> None:
    players = tuple(PlayerRow(name, 0, leader=name == "B", current=name == "G")
                    for name in "ABCDEFGH")
    assert [p.name for p in shown_seats(players, 4)] == ["A", "B", "G", "H"]
    assert [p.name for p in shown_seats(players, 1)] == ["G"]
    assert shown_seats(players, 8) == players
