"""Pinned since the forty-eighth session's mutation review (review G) of the view model and the
screens (farkle_pi/ui/view.py, farkle_pi/ui/screens/*.py): what the players read.

The reference pictures allow 1 % of pixels to change, so a wrong name, figure or word on a
screen passes them; these tests read the texts drawn instead (`screen_notes.draw`). Each test
fails on the mutant named in its docstring (ids from /work/scratch48/reviewG/
review_mutants_G.md, not kept in the repository)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from screen_notes import SIZES, Frame, draw, size_id

from farkle_pi.ui.display import offscreen
from farkle_pi.ui.draw import Box, Painter
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import SAMPLES, VARIANTS
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import Banner, BannerKind, HistoryRow, TableView

THROW = SAMPLES["throw"]


def drawn(view: TableView, monkeypatch: pytest.MonkeyPatch,
          size: tuple[int, int] = (800, 480)) -> Frame:
    return draw(view, size, monkeypatch)


def words(frame: Frame) -> list[str]:
    return [text.text for text in frame.texts]


def filled(frame: Frame) -> list[bool]:
    """For each on-board dot in drawing order: a filled disc (its centre in the good colour),
    not a ring."""
    def centre(rect: pygame.Rect) -> tuple[int, int, int]:
        colour = frame.surface.get_at(rect.center)
        return colour.r, colour.g, colour.b
    return [centre(rect) == DARK.good for rect in frame.dots]


def in_colour(frame: Frame, colour: tuple[int, int, int]) -> list[str]:
    return [text.text for text in frame.texts if text.colour == colour]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_turn_bar_names_whose_turn_it_is_not_the_leader(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G01 (view.py:138, `TableView.current` picks `p.leader` instead of `p.current`): the big
    name in the turn bar is Bob, whose turn it is, not Ann who leads; a wrong name there sends
    the dice to the wrong player."""
    frame = drawn(THROW, monkeypatch, size)
    assert THROW.current is not None and THROW.current.name == "Bob"
    assert "Bob" in in_colour(frame, DARK.accent)
    assert "Ann" not in in_colour(frame, DARK.accent)


def test_the_throw_hint_says_which_button_throws_virtual_dice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G10 (throw.py:76, `dice_mode == "virtual"` flipped): with virtual dice the hint says KEEP
    throws them; with real dice it says to throw them into the tray."""
    waiting = replace(THROW, dice=(), options=(), dice_to_throw=3)
    virtual = words(drawn(replace(waiting, dice_mode="virtual"), monkeypatch))
    assert "KEEP throws 3 dice   BANK bank   hold UNDO" in virtual
    camera = words(drawn(replace(waiting, dice_mode="camera"), monkeypatch))
    assert "throw 3 dice into the tray   BANK bank   hold UNDO" in camera


def test_the_waiting_panel_says_how_the_next_throw_is_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G11 (throw.py:90, THROW / KEEP THROWS swapped): before a throw the big panel says KEEP
    THROWS with virtual dice (the app throws them) and THROW with real dice."""
    waiting = replace(THROW, dice=(), options=(), dice_to_throw=2)
    assert "KEEP THROWS 2 DICE" in words(drawn(replace(waiting, dice_mode="virtual"), monkeypatch))
    manual = words(drawn(replace(waiting, dice_mode="manual"), monkeypatch))
    assert "THROW 2 DICE" in manual and "KEEP THROWS 2 DICE" not in manual


def test_dice_with_no_scoring_option_say_farkle(monkeypatch: pytest.MonkeyPatch) -> None:
    """G13 (throw.py:131, `if view.dice` -> `if not view.dice`): a throw read with nothing to
    keep shows "FARKLE - nothing scores" in the bad colour, not "options appear after the
    throw" (the table would wait for options that never come)."""
    farkle = drawn(replace(THROW, options=()), monkeypatch)
    assert "FARKLE - nothing scores" in in_colour(farkle, DARK.bad)
    assert "options appear after the throw" not in words(farkle)
    waiting = drawn(replace(THROW, dice=(), options=()), monkeypatch)
    assert "options appear after the throw" in words(waiting)
    assert "FARKLE - nothing scores" not in words(waiting)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_highlighted_option_is_the_one_next_is_on(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G15 (throw.py:143, `index == selected` -> `index == first`): with NEXT on the third
    option, its row ("1 5") is the one outlined, not the first row shown; KEEP takes the
    outlined one."""
    frame = drawn(replace(THROW, selected=2), monkeypatch, size)
    keep = frame.find("1 5").rect
    outlined = [rect for rect, colour in frame.outlines if colour == DARK.accent]
    assert any(rect.contains(keep) for rect in outlined)
    assert not any(rect.contains(frame.find("1").rect) for rect in outlined)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_coachs_choice_reads_in_the_best_colour(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G16 (throw.py:189, the best option's advice drawn muted like the rest): the coach's
    option's advice (its average 642) is drawn in the best colour, the others' muted."""
    frame = drawn(THROW, monkeypatch, size)
    best = in_colour(frame, DARK.best)
    assert any("642" in text for text in best)
    assert not any("600" in text for text in best)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_last_turn_option_shows_its_chance_to_win_as_a_percentage(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G17 (throw.py:196, `option.chance * 100` -> `option.chance`): on a last turn a keep with
    a 52 % chance to win reads "WIN 52%", not "WIN 1%"."""
    options = (replace(THROW.options[0], chance=0.52), *THROW.options[1:])
    frame = drawn(replace(THROW, options=options), monkeypatch, size)
    assert any("WIN 52%" in text for text in words(frame))


def test_the_tall_throw_screen_says_best_beside_the_coachs_option(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G18 (throw.py:201, "BEST, " dropped): where the option rows have room for two lines
    (the portrait screen), the coach's option says "BEST, then roll" in words, not only by
    its star and colour."""
    frame = drawn(THROW, monkeypatch, (720, 1280))
    assert "BEST, then roll" in in_colour(frame, DARK.best)
    assert "then roll" in words(frame)  # the others: no BEST


def test_the_farkle_risk_names_the_dice_left_after_the_highlighted_keep(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G21 (throw.py:216, `next_dice` -> `dice_to_throw`): keeping two of six dice, the risk
    panel's odds are for the four dice thrown next and say "next 4 dice", not "next 6 dice"."""
    frame = drawn(replace(THROW, dice_to_throw=6, next_dice=4), monkeypatch)
    assert "next 4 dice" in words(frame) and "next 6 dice" not in words(frame)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_without_the_coach_each_option_says_what_it_keeps(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G22 (throw.py:198, `or option.label` dropped): with no advice from the coach (it
    failed, or is off) an option's words are its label ("single 1"), not an empty cell."""
    plain = tuple(replace(o, best=False, expected=None, then="") for o in THROW.options)
    frame = drawn(replace(THROW, options=plain), monkeypatch, size)
    assert "single 1" in words(frame) and "single 1 + single 5" in words(frame)


def test_the_scoreboard_says_the_games_own_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """G26 (scoreboard.py:241, the target drawn as a fixed 10,000): a game to 5,000 says
    "to 5,000" at the top of the scoreboard."""
    frame = drawn(replace(SAMPLES["scoreboard"], target=5000, rules_name="short"), monkeypatch)
    assert "to 5,000  short" in words(frame)


def test_the_scoreboard_ranks_from_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """G29 (scoreboard.py:317, the rank drawn one less): the leader's row is "1.", the last
    "4.", and no row is ranked "0."."""
    frame = drawn(SAMPLES["scoreboard"], monkeypatch)
    ranks = [text for text in words(frame) if text.endswith(".") and text[:-1].isdigit()]
    assert ranks == ["1.", "2.", "3.", "4."]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_scoreboard_rings_whoever_is_not_on_the_board(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G30 (scoreboard.py:318, every dot filled): Cy, not on the board (ranked last), gets a
    ring; the others a filled dot (and Cy's row says NOT ON BOARD in words)."""
    frame = drawn(SAMPLES["scoreboard"], monkeypatch, size)
    assert filled(frame) == [True, True, True, False]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_farkle_banner_is_red(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G41 (results.py:50, the Farkle banner in the good colour): FARKLE comes on the bad
    colour, never on the green a bank comes on."""
    frame = drawn(replace(SAMPLES["results"], banner=Banner("farkle", "FARKLE", "Bob loses 450")),
                  monkeypatch, size)
    solid = [colour for _, colour, width in frame.fills if not width]
    assert DARK.bad in solid and DARK.good not in solid


@pytest.mark.parametrize(("kind", "shape"), [("farkle", "cross"), ("error", "cross"),
                                             ("bank", "tick"), ("on_board", "tick")])
def test_a_banner_says_its_kind_by_shape_too(kind: BannerKind, shape: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """G42 (results.py:62, a Farkle given the bank's tick): the banner's icon tells a Farkle
    (a cross) from a bank (a tick) to whoever cannot tell red from green."""
    drawn_shapes: list[str] = []
    tick, cross = Painter.tick, Painter.cross

    def noting_tick(self: Painter, box: Box, colour: tuple[int, int, int]) -> None:
        drawn_shapes.append("tick")
        tick(self, box, colour)

    def noting_cross(self: Painter, box: Box, colour: tuple[int, int, int]) -> None:
        drawn_shapes.append("cross")
        cross(self, box, colour)

    monkeypatch.setattr(Painter, "tick", noting_tick)
    monkeypatch.setattr(Painter, "cross", noting_cross)
    view = replace(SAMPLES["results"], banner=Banner(kind, "WORDS"))
    render(offscreen((800, 480)), view, DARK)
    assert drawn_shapes == [shape]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_turn_bar_says_when_it_is_the_final_round(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G45 (parts.py:91, the label always "TURN"): in the final round the throw screen's turn
    bar says "FINAL ROUND - TURN", in the warning colour."""
    frame = drawn(replace(THROW, final_round=True), monkeypatch, size)
    assert "FINAL ROUND - TURN" in in_colour(frame, DARK.warn)


def test_a_night_of_exactly_four_games_shows_them_all_and_nothing_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G62, G64 (history.py:75 `>` -> `>=`, history.py:66 `data[:lines]` -> one less): the
    TONIGHT table holds four games; with four, every winner is drawn and no "+0 more"."""
    games = tuple(HistoryRow(f"2{k}:00", "Ann, Bob", name, 10_000 + k)
                  for k, name in enumerate(("Ann", "Bob", "Cy", "Dee")))
    frame = drawn(replace(SAMPLES["history"], history=games), monkeypatch)
    texts = words(frame)
    assert all(game.when in texts for game in games)
    assert not any(text.endswith(" more") for text in texts)


def test_the_turn_bar_says_what_the_player_still_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    """G46 (parts.py:93, the turn note dropped): a player not yet on the board reads what the
    turn needs in the turn bar."""
    frame = drawn(replace(THROW, turn_note="needs 500 to get on the board"), monkeypatch)
    assert "TURN - needs 500 to get on the board" in words(frame)


def test_each_players_figures_sit_under_their_headings(monkeypatch: pytest.MonkeyPatch) -> None:
    """G67 (history.py:46, games and wins swapped): Ann's row reads 3 games, 1 win, her
    average, Farkle rate and best turn, each under its own heading."""
    texts = words(drawn(SAMPLES["history"], monkeypatch))
    heads = texts.index("name")
    assert texts[heads:heads + 6] == ["name", "games", "wins", "avg turn", "farkle", "best"]
    assert texts[heads + 6:heads + 12] == ["Ann", "3", "1", "512", "21%", "2,450"]


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_small_scoreboard_rings_whoever_is_not_on_the_board(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """G49 (parts.py:233, `filled=not player.on_board`): on the throw screen's scoreboard Ann,
    Bob and Dee (on the board) have filled dots, Cy (not yet) a ring."""
    assert filled(drawn(THROW, monkeypatch, size)) == [True, True, False, True]


def test_the_keypad_hint_offers_bank_only_when_the_turn_can_bank(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G68 (keypad.py:111, "BANK bank" always in the hint): entering the first throw of a turn
    (nothing to bank) the hint does not tell the table to press BANK."""
    entry = replace(VARIANTS["entry"], can_bank=False)
    assert "NEXT face   KEEP take die   hold UNDO remove" in words(drawn(entry, monkeypatch))
    banking = words(drawn(replace(entry, can_bank=True), monkeypatch))
    assert "NEXT face   KEEP take die   hold UNDO remove   BANK bank" in banking


def test_the_die_next_steps_is_in_the_slot_after_the_dice_entered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G69 (keypad.py:129, the framed die one slot too far): with 2 and 5 entered, the face
    NEXT is on (5) is drawn in the third slot, right after them, not the fourth."""
    centres: list[tuple[float, int | None]] = []
    die = Painter.die

    def noting(self: Painter, box: Box, face: int | None, colour: str | None,
               flag: str = "") -> None:
        centres.append((box.x + box.w / 2, face))
        die(self, box, face, colour, flag)

    monkeypatch.setattr(Painter, "die", noting)
    render(offscreen((800, 480)), VARIANTS["entry"], DARK)
    (x1, f1), (x2, f2), (x3, f3) = centres[:3]  # the entry row's, then the keypad's faces
    assert (f1, f2, f3) == (2, 5, 5)
    assert abs((x3 - x2) - (x2 - x1)) <= 2


@pytest.mark.parametrize("advice", ["bank", "roll"])
def test_the_entry_row_gives_the_coachs_own_advice(advice: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """G72 (keypad.py:141, bank and roll swapped): before a throw entered by hand the coach's
    "bank" reads "coach: BANK now" and its "roll" reads "coach: roll on"."""
    view = replace(VARIANTS["entry"], typed="", advice=advice)
    said = "coach: BANK now" if advice == "bank" else "coach: roll on"
    other = "coach: roll on" if advice == "bank" else "coach: BANK now"
    texts = words(drawn(view, monkeypatch))
    assert said in texts and other not in texts


SETUP = SAMPLES["setup"]


@pytest.mark.parametrize("focus", [1, 2, 3])
def test_the_setup_outlines_the_row_next_is_on(focus: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """G76 (setup.py:211, the players row always outlined): the row NEXT moved to (rules,
    target, dice) is the one outlined, and KEEP changes that one."""
    assert SETUP.setup is not None
    view = replace(SETUP, setup=replace(SETUP.setup, focus=focus))
    frame = drawn(view, monkeypatch)
    label = frame.find(("RULES", "TARGET", "DICE")[focus - 1]).rect
    outlined = [rect for rect, colour in frame.outlines if colour == DARK.accent]
    assert len(outlined) == 1 and outlined[0].contains(label)
    assert not outlined[0].contains(frame.find("PLAYERS").rect)


def test_the_setup_shows_the_target_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """G77 (setup.py:206, the target drawn as a fixed 10,000): a game set to 5,000 says
    5,000 on its target row."""
    assert SETUP.setup is not None
    view = replace(SETUP, setup=replace(SETUP.setup, target=5000))
    texts = words(drawn(view, monkeypatch))
    assert "5,000" in texts and "10,000" not in texts


def test_keep_offers_only_names_not_yet_playing_and_only_on_the_players_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G79, G81 (setup.py:231 every known name offered; setup.py:230 `focus == 0` dropped):
    with Ann, Bob and Cy seated KEEP adds Dee or Eve, and the offer shows only on the players
    row, where KEEP does add a name."""
    assert SETUP.setup is not None
    assert "KEEP adds: Dee, Eve" in words(drawn(SETUP, monkeypatch))
    rules = replace(SETUP, setup=replace(SETUP.setup, focus=1))
    assert not any(text.startswith("KEEP adds") for text in words(drawn(rules, monkeypatch)))


def test_the_winner_screen_shows_the_winning_total(monkeypatch: pytest.MonkeyPatch) -> None:
    """G83 (winner.py:354, the headline's points taken from the target): Ann won with 10,350
    in a game to 10,000; the banner says "10,350 points"."""
    texts = words(drawn(SAMPLES["winner"], monkeypatch))
    assert "10,350 points" in texts and "10,000 points" not in texts


def test_a_farkle_on_screen_gives_the_throw_hint_not_the_options_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """G94 (throw.py:62, the options' hint chosen by `view.dice`): dice that score nothing have
    no option for NEXT to move to; the hint says what throws next."""
    texts = words(drawn(replace(THROW, options=()), monkeypatch))
    assert "KEEP throws 5 dice   BANK bank   hold UNDO" in texts
    assert not any(text.startswith("NEXT option") for text in texts)


def test_the_entry_row_has_a_slot_for_each_die_thrown(monkeypatch: pytest.MonkeyPatch) -> None:
    """G95 (keypad.py:124, always six slots): entering a throw of three dice shows three slots
    (2, 5 and the framed one), not three more empty ones to fill."""
    def empty_slots(dice: int) -> int:
        frame = drawn(replace(VARIANTS["entry"], dice_to_throw=dice), monkeypatch)
        return sum(1 for _, colour in frame.outlines if colour == DARK.muted)

    assert empty_slots(6) - empty_slots(3) == 3
