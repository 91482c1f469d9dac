"""The screens stay readable from the table (about 3 mm capitals, `Painter.readable`) with a
full table: eight players with the longest names the setup allows, five-digit totals; long
prompts, long option lists and the coach's advice in camera mode.

Every text goes through `Painter.text`; these tests note each text's font and place and
measure how tall its capital letters are drawn."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from screen_notes import SIZES, draw, size_id

from farkle_pi.ui.draw import floor_cap, points_text
from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import HistoryRow, OptionView, PlayerRow, StatRow

NAMES = ("Maximilian Weber", "Alexandra-Sophie", "MMMMMMMMMMMMMMMM", "Wilhelmina Moore",
         "Konstantinos Pap", "Bartholomew Hunt", "Christopher Wong", "Gwendolyn Wright")
SCORES = (10350, 12450, 9950, 11200, 0, 10050, 8750, 10000)
EIGHT = tuple(
    PlayerRow(name, score, on_board=score > 0, leader=score == max(SCORES), last_turn=i != 1,
              current=i == 5)
    for i, (name, score) in enumerate(zip(NAMES, SCORES, strict=True))
)


# Cap heights (px) names and totals reach in the results strip with eight long names: the
# readable height where the strip is tall enough for it (once names and totals were 4 px; on
# the small panel names 10 px beside 19 px totals, below the floor: tests/test_ui_floor.py).
STRIP_EIGHT = {(800, 480): (15, 28), (480, 320): (14, 14), (720, 1280): (24, 48)}


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_results_strip_shows_eight_players_in_a_grid_that_reads(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(replace(SAMPLES["results"], players=EIGHT), size, monkeypatch)
    names = frame.caps(NAMES)
    totals = frame.caps([points_text(score) for score in SCORES])
    assert len(names) == 1 and len(totals) == 1  # one font for the names, one for the totals
    least_name, least_total = STRIP_EIGHT[size]
    assert min(names) >= least_name and min(totals) >= least_total
    assert len({drawn.rect.centery for drawn in frame.texts if drawn.text in NAMES}) > 1  # rows
    current = frame.find("Bartholomew Hunt").rect
    outlined = [rect for rect, colour in frame.outlines if colour == DARK.accent]
    assert len(outlined) == 1 and outlined[0].contains(current)  # the current player's cell


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_results_strip_of_four_keeps_its_big_single_row(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(SAMPLES["results"], size, monkeypatch)
    rects = [frame.find(row.name).rect for row in SAMPLES["results"].players]
    if size != (720, 1280):
        assert len({rect.centery for rect in rects}) == 1  # side by side
    assert min(frame.caps([row.name for row in SAMPLES["results"].players])) >= 20


def test_the_small_scoreboard_draws_every_name_in_one_font(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One long name among short ones: all names at one size, the long one cut at a readable
    size (once "Wilhelmina Moore" was drawn at 11 px beside a 20 px "Ann", 6 px at 480x320)."""
    players = (PlayerRow("Ann", 400, leader=True), PlayerRow("Wilhelmina Moore", 0, current=True),
               PlayerRow("Bob", 0, on_board=False))
    for size, least in (((800, 480), 15), ((480, 320), 14)):
        frame = draw(replace(SAMPLES["throw"], players=players), size, monkeypatch)
        board = [drawn for drawn in frame.texts if drawn.text in ("Ann", "Wilhelmina Moore", "Bob")
                 and drawn.rect.left > size[0] / 2]  # the turn bar names the player too
        assert len(board) == 3 and len({drawn.cap for drawn in board}) == 1
        assert board[0].cap >= least


# What the small scoreboard reaches with eight long names (once names 4-7 px, totals 6-9 px,
# tags 4-6 px, dots 4-7 px): (least rows shown, names, totals, tags, dot side). Where not every row
# reads, the tags go under the names (smaller), and the rows left out are counted.
MINI_EIGHT = {(800, 480): (7, 12, 14, 8, 10), (480, 320): (4, 14, 16, 5, 10),
              (720, 1280): (7, 21, 24, 14, 14)}


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_small_scoreboard_of_eight_reads_as_well_as_its_rows_allow(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    view = replace(SAMPLES["throw"], players=EIGHT, final_round=True)
    frame = draw(view, size, monkeypatch)
    board = [drawn for drawn in frame.texts if drawn.text in NAMES and drawn.rect.top > size[1] / 8]
    least_shown, names, totals, tags, dot = MINI_EIGHT[size]
    shown = len(board)
    assert least_shown <= shown <= 8 and len({drawn.cap for drawn in board}) == 1
    if shown > least_shown:  # Bookworm's pygame 2.1 fits one more row, names at the floor
        names = totals = floor_cap(size)
    assert board[0].cap >= names
    assert min(drawn.cap for drawn in frame.texts if drawn.text in map(points_text, SCORES)
               and drawn.rect.top > size[1] / 8) >= totals
    if shown < 8:
        assert frame.find(f"+{8 - shown} more: hold NEXT")
    lead, last = frame.find("LEAD"), frame.find("LAST")
    assert min(lead.cap, last.cap) >= tags
    assert lead.colour == DARK.on_accent and last.colour == DARK.warn  # LEAD on a chip
    assert len(frame.dots) == shown and min(min(rect.w, rect.h) for rect in frame.dots) >= dot


# The final-round scoreboard with eight long names (once names 8-14 px and the LEADER / LAST
# TURN / NOT ON BOARD tags 4 px in landscape): (names, tags). On the small panel two columns
# keep names and totals above the floor, the tags under the names smaller (once 10 px names,
# 7 px tags).
SCOREBOARD_EIGHT = {(800, 480): (15, 11), (480, 320): (14, 4), (720, 1280): (24, 13)}


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_final_round_scoreboard_of_eight_shows_who_still_has_a_turn(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(replace(SAMPLES["scoreboard"], players=EIGHT), size, monkeypatch)
    names = frame.caps(NAMES)
    tags = frame.caps(["LEADER", "LAST TURN", "LAST TURN  NOT ON BOARD"])
    assert len(names) == 1 and len(tags) == 1
    least_name, least_tag = SCOREBOARD_EIGHT[size]
    assert min(names) >= least_name and min(tags) >= least_tag
    assert min(frame.caps(NAMES)) <= min(frame.caps([points_text(s) for s in SCORES]))


LONG_PROMPT = ("which of the dice read as 5 was taken out? to keep it, UNDO, then choose the keep "
               "with NEXT and KEEP")
LONG_ERROR = ("internal error: sqlite3.OperationalError: database or disk is full (while storing "
              "Keep(1 5 5) for game 14)")
# Cap heights a long prompt or error reaches on two lines (on one line: 10-11 px at 800x480,
# 6 px at 480x320, 9 px in portrait).
PROMPT_CAPS = {(800, 480): 14, (480, 320): 9, (720, 1280): 18}


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("field", ["prompt", "error"])
def test_a_long_prompt_or_error_takes_two_lines_to_be_bigger(
        field: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    words = LONG_PROMPT if field == "prompt" else LONG_ERROR
    view = (replace(SAMPLES["throw"], prompt=words) if field == "prompt"
            else replace(SAMPLES["throw"], error=words))
    frame = draw(view, size, monkeypatch)
    lines = [drawn for drawn in frame.texts if len(drawn.text) > 12 and drawn.text in "! " + words]
    assert len(lines) == 2 and lines[0].rect.bottom <= lines[1].rect.top + 2
    assert " ".join(drawn.text for drawn in lines).endswith(words)  # every word, in order
    assert min(drawn.cap for drawn in lines) >= PROMPT_CAPS[size]


def test_a_short_prompt_stays_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(replace(SAMPLES["throw"], prompt="throw 3 dice"), (800, 480), monkeypatch)
    assert frame.find("throw 3 dice").cap >= 20


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("advice", ["bank", "roll"])
def test_the_coach_advises_between_throws_in_camera_mode_too(
        advice: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The tray's picture replaces the "THROW 5 DICE" panel; the coach's word stays."""
    waiting = replace(SAMPLES["throw"], dice=(), options=(), dice_mode="camera", advice=advice)
    frame = draw(waiting, size, monkeypatch, picture=pygame.Surface((640, 480)))
    said = frame.find("coach: BANK now" if advice == "bank" else "coach: roll on")
    assert said.colour == (DARK.good if advice == "bank" else DARK.muted)
    assert said.cap >= frame.find("THROW 5 DICE").cap >= 10


def options(count: int) -> tuple[OptionView, ...]:
    return tuple(OptionView((1,) * (1 + i % 5), 100 * (i + 1), f"keep {i}") for i in range(count))


def test_a_long_options_list_says_where_next_is_and_that_there_is_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """14 keeps, 4 rows: the hint counts and a scroll bar's thumb shows the rows' place."""
    thumbs = []
    for selected in (1, 13):
        frame = draw(replace(SAMPLES["throw"], options=options(14), selected=selected),
                     (800, 480), monkeypatch)
        assert f"NEXT option {selected + 1}/14" in frame.texts[-1].text
        thumb = [rect for rect, colour, width in frame.fills if colour == DARK.muted and not width]
        assert len(thumb) == 1 and thumb[0].h < thumb[0].w * 20
        thumbs.append(thumb[0])
    assert thumbs[0].top < thumbs[1].top and thumbs[0].h == thumbs[1].h  # the thumb moved down


def test_a_short_options_list_has_no_count_nor_scroll_bar(
        monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(replace(SAMPLES["throw"], options=options(4)), (800, 480), monkeypatch)
    assert frame.texts[-1].text.startswith("NEXT option   KEEP")
    assert not [rect for rect, colour, width in frame.fills if colour == DARK.muted]


def long_night() -> tuple[tuple[HistoryRow, ...], tuple[StatRow, ...]]:
    """Twelve games of two to eight of the long names; every player's figures."""
    games = tuple(HistoryRow(f"{23 - i // 2}:{(i * 17) % 60:02d}", ", ".join(NAMES[:2 + i % 7]),
                             NAMES[i % 8], 10000 + 137 * i) for i in range(12))
    stats = tuple(StatRow(name, 12, 1 + i % 3, 480.4 + i, 0.2 + i / 50, 3000 + 1111 * i)
                  for i, name in enumerate(NAMES))
    return games, stats


# The long night's tables (once 4 px for the games at every size, 5-9 px for the players).
HISTORY_CAPS = {(800, 480): 14, (480, 320): 9, (720, 1280): 18}


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_long_nights_history_reads_and_says_what_it_leaves_out(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    games, stats = long_night()
    frame = draw(replace(SAMPLES["history"], history=games, stats=stats), size, monkeypatch)
    assert frame.find("+8 more") and frame.find("+3 more")  # 4 of 12 games, 5 of 8 players
    figures = frame.caps(["10,000", "10,137", "3,000", "20%", "480", "when", "best"])
    assert min(figures) >= HISTORY_CAPS[size]
    assert frame.caps([games[0].players, stats[0].name]) == frame.caps(["10,000", "3,000"])


def test_a_short_history_says_nothing_is_left_out_and_aligns_words_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    frame = draw(SAMPLES["history"], (800, 480), monkeypatch)
    assert not [drawn for drawn in frame.texts if drawn.text.endswith("more")]
    empty = draw(replace(SAMPLES["history"], history=(), stats=()), (800, 480), monkeypatch)
    assert empty.find("players").rect.left < 800 * 0.3  # a word column, even with no rows


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize(("odds", "shown"), [(0.0772, "7.7%"), (0.667, "67%")])
def test_the_points_at_risk_are_not_outsized_by_the_farkle_odds(
        odds: float, shown: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn total is what the table cares about most (once 7.7 % was drawn at 52 px
    against 36 px for the 300 at risk)."""
    frame = draw(replace(SAMPLES["throw"], farkle_odds=odds, turn_points=350), size, monkeypatch)
    assert frame.find(shown).cap <= frame.find("350").cap
    assert frame.find(shown).cap >= 0.9 * frame.find("350").cap  # and still big


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("at_risk", [300, 1_234_567])  # the second narrows the figure at risk
def test_the_options_points_are_not_outsized_nor_run_into_by_their_dice(
        at_risk: int, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """In portrait an option's 100 was once drawn bigger than the 300 at risk, and its dice
    "1 5 5" ran into its 200 ("1 5 5200")."""
    view = replace(SAMPLES["throw"], turn_points=at_risk)
    frame = draw(view, size, monkeypatch)
    risk = frame.find(points_text(at_risk))
    shown = view.options[:4]
    dice = [frame.find(" ".join(str(f) for f in option.keep)) for option in shown]
    points = [frame.find(points_text(option.points)) for option in shown]
    assert len({drawn.cap for drawn in points}) == 1 and points[0].cap <= risk.cap
    assert max(drawn.cap for drawn in dice) <= points[0].cap
    for kept, scored in zip(dice, points, strict=True):  # wider than a space between dice
        assert scored.rect.left - kept.rect.right >= 0.5 * points[0].cap, kept.text
    if size == (720, 1280):  # where the points would be drawn bigger than a narrow figure
        assert at_risk == 300 or points[0].cap < draw(SAMPLES["throw"], size,
                                                      monkeypatch).find("100").cap


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_scrolling_the_options_changes_no_size_and_a_long_keep_shrinks_only_its_own(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The points share one font over every option, shown or not; each row's dice are
    fitted alone (one six-dice keep once shrank every row's "1" from 54 to 23 px)."""
    longest = OptionView((1, 1, 1, 5, 5, 5), 1500, "1 1 1 5 5 5")  # the widest points, last
    view = replace(SAMPLES["throw"], options=(*SAMPLES["throw"].options, longest))
    top, scrolled = (draw(replace(view, selected=selected), size, monkeypatch)
                     for selected in (0, len(view.options) - 1))
    assert not [drawn for drawn in top.texts if drawn.text == "1,500"]  # not shown yet
    assert top.find("150").cap == scrolled.find("150").cap == scrolled.find("1,500").cap
    kept, scored = scrolled.find("1 1 1 5 5 5"), scrolled.find("1,500")
    assert scored.rect.left - kept.rect.right >= 0.5 * scored.cap
    assert kept.cap < scrolled.find("5 5").cap


@pytest.mark.parametrize("screen", sorted(SAMPLES))
def test_every_screen_draws_with_its_lists_empty(screen: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The fitting works from the rows it gets: none is no error (once max() of nothing)."""
    empty = replace(SAMPLES[screen], players=(), history=(), stats=(), winners=(), options=())
    assert draw(empty, (800, 480), monkeypatch).texts
