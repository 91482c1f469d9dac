"""A player who goes home (or comes back), settled at the table itself: a tap on their row of
the whole scoreboard asks "Ann goes home?", KEEP (or YES) stores the leave before the screen
shows them LEFT, anything else changes nothing. Before the fifty-ninth session only
`farkle-pi game leave NAME` at a terminal did it, and friends at a touch screen have none."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from screen_notes import SIZES, draw, size_id, words_drawn
from seating import seated, typed
from test_app_game import BANK, KEEP, NEXT, manual_app, type_keys

import farkle_pi.app
from farkle_pi.app import App
from farkle_pi.game import AddPlayer, GameState, LeavePlayer
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.presses import SEEN_SECONDS
from farkle_pi.ui.actions import Action, key_action, tap_action
from farkle_pi.ui.display import offscreen
from farkle_pi.ui.draw import readable_cap
from farkle_pi.ui.render import render
from farkle_pi.ui.samples import SAMPLES
from farkle_pi.ui.screens.scoreboard import ASKED, FRAMED, HINT
from farkle_pi.ui.theme import DARK
from farkle_pi.ui.view import PlayerRow, SeatQuestion, TableView

SCOREBOARD = Action("show", text="scoreboard")


@pytest.fixture
def app(tmp_path: Path, mock_pins: MockFactory) -> Iterator[App]:
    """Ann and Bob's game of manual dice begun; Ann has banked and Bob is to throw."""
    for app in manual_app(tmp_path, mock_pins, load_rules("standard")):
        app.table.new_game()
        app.step()
        type_keys(app, "155234")
        app.table.handle(Action("bank"))  # (a keyboard's b: the coach's keep, banked)
        later(app)
        assert scores(app)["Ann"] > 0 == scores(app)["Bob"] and current(app) == "Bob"
        yield app


def later(app: App, seconds: float = 2.0) -> None:
    """The players look at the screen (a banner gone, a press no longer too soon)."""
    app.clock.now += seconds  # type: ignore[attr-defined]
    app.step()


def finger(app: App, action: Action, look: float = SEEN_SECONDS) -> None:
    """A finger on the region the last frame drew for `action`, `look` seconds on."""
    app.clock.now += look  # type: ignore[attr-defined]
    hit = next(h for h in app.hits if h.action == action)
    x, y = hit.rect.center
    pygame.event.post(pygame.event.Event(
        pygame.FINGERDOWN, x=x / 800, y=y / 480, finger_id=0, touch_id=0, dx=0, dy=0,
        pressure=1.0))
    app.step()


def key(app: App, pygame_key: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame_key, unicode=char, mod=0))
    app.step()


def scores(app: App) -> dict[str, int]:
    return {p.name: p.score for p in app.table.view().players}


def current(app: App) -> str:
    player = app.table.view().current
    return player.name if player else ""


def stored(app: App) -> GameState:
    """The game as a second reader of the file finds it (what a power cut would keep)."""
    with Store(app.table.store.path) as other:
        game = other.latest()
        assert game is not None
        return game.state


def stored_commands(app: App) -> list[Any]:
    with Store(app.table.store.path) as other:
        game = other.latest()
        assert game is not None
        return [e for e in game.game.events if isinstance(e, LeavePlayer | AddPlayer)]


def left(state: GameState) -> dict[str, bool]:
    return {p.name: p.left for p in state.players}


def stored_when_left_shows(app: App, monkeypatch: pytest.MonkeyPatch, name: str) -> list[bool]:
    """Whether the file had `name` gone each time a screen with a player LEFT was drawn."""
    drawn_at_leave: list[bool] = []

    def checking(surface: pygame.Surface, view: TableView, *args: Any, **kwargs: Any
                 ) -> Any:
        if any(p.left for p in view.players):  # the screen about to show LEFT ...
            drawn_at_leave.append(left(stored(app))[name])  # ... the file has it already
        return render(surface, view, *args, **kwargs)  # (what farkle_pi.app calls)

    monkeypatch.setattr(farkle_pi.app, "render", checking)
    return drawn_at_leave


def test_a_tap_on_a_row_asks_and_keep_sends_the_player_home(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    finger(app, SCOREBOARD)
    assert app.view is not None and app.view.screen == "scoreboard"
    finger(app, Action("seat", text="Bob"))
    assert app.view.seat_question == SeatQuestion("Bob")
    assert stored_commands(app) == []  # asked, nothing stored yet
    drawn_at_leave = stored_when_left_shows(app, monkeypatch, "Bob")
    words = words_drawn(monkeypatch)
    KEEP(app)  # the button
    assert drawn_at_leave and all(drawn_at_leave)
    assert stored_commands(app) == [LeavePlayer("Bob")]
    assert left(stored(app)) == {"Ann": False, "Bob": True}
    view = app.table.view()
    assert view.screen == "scoreboard" and view.seat_question is None and not view.error
    assert "LEFT" in words and "Bob" in words
    assert stored(app).player.name == "Ann"  # Bob's turn ended unbanked: Ann throws


def test_no_and_any_other_press_change_nothing(app: App) -> None:
    before = stored(app)
    finger(app, SCOREBOARD)
    finger(app, Action("seat", text="Ann"))
    finger(app, SCOREBOARD)  # the NO key: the scoreboard again, another row may be meant
    view = app.table.view()
    assert view.screen == "scoreboard" and view.seat_question is None
    finger(app, Action("seat", text="Ann"))
    BANK(app)  # any other button: no, and back to the game as ever (NEXT: the scoreboard again)
    assert app.table.view().screen == "throw" and app.table.view().seat_question is None
    finger(app, SCOREBOARD)
    finger(app, Action("seat", text="Ann"))
    finger(app, Action("show", text="throw"))  # a tap beside the question
    assert app.table.view().screen == "throw"
    assert stored_commands(app) == [] and stored(app) == before
    KEEP(app)  # KEEP on the throw screen after a cancelled question: no leave
    assert stored_commands(app) == []


def test_a_player_who_left_comes_back_with_yes(app: App) -> None:
    finger(app, SCOREBOARD)
    finger(app, Action("seat", text="Bob"))
    finger(app, Action("keep"))  # the YES key
    assert left(stored(app))["Bob"]
    later(app)
    finger(app, Action("seat", text="Bob"))
    assert app.table.view().seat_question == SeatQuestion("Bob", back=True)
    finger(app, Action("keep"))
    assert stored_commands(app) == [LeavePlayer("Bob"), AddPlayer("Bob")]
    assert left(stored(app)) == {"Ann": False, "Bob": False}
    assert [p.left for p in app.table.view().players] == [False, False]


def test_the_last_player_still_playing_is_refused_in_one_line(app: App) -> None:
    finger(app, SCOREBOARD)
    finger(app, Action("seat", text="Bob"))
    KEEP(app)
    later(app)
    finger(app, Action("seat", text="Ann"))
    view = app.table.view()
    assert view.error == "Ann is the last player still playing: start a new game instead"
    assert view.seat_question is None and view.screen == "scoreboard"
    assert stored_commands(app) == [LeavePlayer("Bob")]


def test_a_double_tap_on_a_row_does_not_answer_yes(app: App) -> None:
    """The YES key comes where the rows were: a second tap as quick as a finger goes, or a
    thumb's KEEP, was aimed at the scoreboard, not at a question nobody has read."""
    finger(app, SCOREBOARD)
    finger(app, Action("seat", text="Bob"))
    finger(app, Action("keep"), look=0.1)
    assert stored_commands(app) == []
    assert app.table.view().seat_question == SeatQuestion("Bob")
    finger(app, Action("keep"))  # looked at, then YES
    assert stored_commands(app) == [LeavePlayer("Bob")]


def test_the_keyboard_s_a_digit_and_enter(app: App) -> None:
    """No touch screen: `s` shows the scoreboard, a digit picks the row counted from the top
    (here Ann's points first, Bob second), Enter says yes."""
    key(app, pygame.K_s, "s")
    key(app, pygame.K_2, "2")
    assert app.table.view().seat_question == SeatQuestion("Bob")
    key(app, pygame.K_RETURN)
    assert stored_commands(app) == [LeavePlayer("Bob")]
    key(app, pygame.K_2, "2")  # Bob, now LEFT, is still the second row: he comes back
    assert app.table.view().seat_question == SeatQuestion("Bob", back=True)
    key(app, pygame.K_b, "b")  # any other key: no, and back to the game
    assert app.table.view().screen == "throw" and len(stored_commands(app)) == 1
    key(app, pygame.K_s, "s")
    key(app, pygame.K_8, "8")
    assert app.table.view().error == "keys 1 to 2 pick a player's row, counted from the top"


def test_keys_7_and_8_are_digits() -> None:
    """Eight players: the scoreboard's rows 7 and 8 need their keys."""
    assert key_action(pygame.K_7, "7") == Action("digit", value=7)
    assert key_action(pygame.K_8, "8") == Action("digit", value=8)
    assert key_action(pygame.K_9, "9") is None


def test_on_the_throw_screen_a_7_is_no_face(tmp_path: Path) -> None:
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual") as table:
        table.handle(Action("digit", value=7))
        assert table.error == "a die shows 1 to 6, not 7" and table.entry.dice == ()


def test_a_return_in_the_final_round_is_refused_and_a_leave_can_end_the_game(
        tmp_path: Path) -> None:
    said: list[str] = []
    rules = load_rules("standard", {"target": "1000"})
    with seated(tmp_path, rules, ["Ann", "Bob", "Cy"], "manual", say=said.append) as table:
        table.handle(SCOREBOARD)
        table.handle(Action("seat", text="Bob"))
        table.handle(Action("keep"))
        assert "Bob leaves the game" in said
        table.handle(Action("show", text="throw"))
        typed(table, "111234")
        table.handle(Action("bank"))  # Ann keeps 111 and banks 1,000: the final round
        assert table.state is not None and table.state.final_round
        table.handle(SCOREBOARD)
        table.handle(Action("seat", text="Bob"))
        assert table.error == "Bob cannot join: the final round has started"
        assert table.seat_question is None
        table.handle(Action("seat", text="Cy"))  # Cy, owed the last turn, goes home
        table.handle(Action("keep"))
        assert table.state.over and table.state.winner_names() == ("Ann",)
        assert table.view().screen == "winner"


def test_another_players_leave_keeps_the_dice_half_entered(tmp_path: Path) -> None:
    """Bob has typed two of his six dice when Cy goes home: his turn goes on as it was (the
    rules change nothing of it), so the two stay; Bob's own leave would end it."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob", "Cy"], "manual") as table:
        typed(table, "234662")  # Ann's Farkle: Bob throws
        typed(table, "15")
        table.handle(SCOREBOARD)
        table.handle(Action("seat", text="Cy"))
        table.handle(Action("keep"))
        assert table.state is not None and [p.left for p in table.state.players] == [
            False, False, True]
        table.handle(Action("show", text="throw"))
        assert table.view().typed == "15"
        typed(table, "5234")
        assert str(table.state.last_throw) == "123455" and table.state.player.name == "Bob"
        table.handle(SCOREBOARD)
        table.handle(Action("seat", text="Bob"))
        table.handle(Action("keep"))  # his own leave: the turn ends, nothing kept of it
        assert table.state.player.name == "Ann" and table.state.last_throw is None


def test_virtual_dice_do_not_keep_a_player_at_the_table(tmp_path: Path) -> None:
    """The Pi throws the dice; who goes home is the players' matter."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "virtual") as table:
        table.handle(Action("keep"))  # the Pi throws Ann's dice
        table.handle(SCOREBOARD)
        table.handle(Action("digit", value=1))
        table.handle(Action("keep"))
        assert not table.error and table.state is not None
        assert sum(p.left for p in table.state.players) == 1


def test_after_the_game_nobody_is_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    rules = load_rules("standard", {"target": "500", "final_round": "false"})
    with seated(tmp_path, rules, ["Ann", "Bob"], "manual") as table:
        typed(table, "111234")
        table.handle(Action("bank"))  # Ann banks 1,000 and wins
        assert table.state is not None and table.state.over
        table.handle(SCOREBOARD)
        table.handle(Action("seat", text="Bob"))
        table.handle(Action("digit", value=2))
        assert table.seat_question is None and not any(p.left for p in table.state.players)
        view = table.view()
        hits = render(offscreen((800, 480)), view, DARK)
        assert [h for h in hits if h.action.kind == "seat"] == []


NAMES = ("Maximilian Weber", "Bo", "Zhu", "Anastasia Pavlova", "Dee", "Eve Long-Surname",
         "Fritz", "Gül")


def _eight(over: bool = False) -> TableView:
    players = tuple(PlayerRow(name, score=350 * (k + 1), left=k == 2, current=k == 1)
                    for k, name in enumerate(NAMES))
    return replace(SAMPLES["scoreboard"], players=players, final_round=False, game_over=over)


@pytest.mark.parametrize("count", [2, 4, 8])
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_each_row_is_its_players_tap(count: int, size: tuple[int, int],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Wherever a name is drawn (one column or two, landscape or portrait), a tap on it asks
    about that player, and about no other; between the rows a tap goes back to the game."""
    view = replace(_eight(), players=_eight().players[:count])
    hits = render(offscreen(size), view, DARK)
    frame = draw(view, size, monkeypatch)
    rows = [h for h in hits if h.action.kind == "seat"]
    assert sorted(h.action.text for h in rows) == sorted(NAMES[:count])
    for player in view.players:
        name = next(d for d in frame.texts if _names(d.text, player.name))
        for spot in (name.rect.center, name.rect.midleft):
            assert tap_action(spot, hits) == Action("seat", text=player.name, tapped=True)
    for a in rows:
        assert not any(a.rect.colliderect(b.rect) for b in rows if b is not a)


def _names(drawn: str, name: str) -> bool:
    """Whether `drawn` is `name`, or its start where the row cut it ("Maximi..")."""
    start = drawn.removesuffix("..")
    return drawn == name or (drawn.endswith("..") and len(start) >= 4 and name.startswith(start))


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("back", [False, True])
def test_the_question_reads_from_across_the_table(size: tuple[int, int], back: bool,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The question and its keys drawn big (at least the two-metre size), nothing cut, and
    the hint line says what the buttons do; YES is KEEP's twin, NO the scoreboard again."""
    asked = SeatQuestion("Maximilian Weber", back=back)
    view = replace(_eight(), seat_question=asked)
    frame = draw(view, size, monkeypatch)
    question = [d for d in frame.texts if d.text in asked.text and d.text.strip()]
    assert " ".join(d.text for d in question) == asked.text  # whole, on one or two lines
    for drawn in [*question, frame.find("YES"), frame.find("NO")]:
        assert drawn.cap >= readable_cap(size)
        assert drawn.box is not None and drawn.rect.width <= drawn.box.w + 1
    assert "350" in " ".join(d.text for d in frame.texts)  # Maximilian's score, in words
    assert frame.find(ASKED).rect.width > 0
    assert "Bo" not in [d.text for d in frame.texts]  # the rows give way to the question
    hits = render(offscreen(size), view, DARK)
    keys = {h.action: h.rect for h in hits}
    assert keys[Action("keep")].contains(frame.find("YES").rect)
    assert keys[Action("show", text="scoreboard")].contains(frame.find("NO").rect)


# -- with the buttons alone (no touch, no keyboard): NEXT frames a row, KEEP asks -------------


def test_next_frames_each_row_in_turn_and_keep_asks_then_stores_before_left_shows(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the whole scoreboard (shown by a held NEXT, or a tap) NEXT frames the rows top to
    bottom, then none; KEEP on a framed row asks as a tap on it does, and KEEP again stores
    the leave before the screen shows LEFT."""
    finger(app, SCOREBOARD)
    framed = []
    for _ in range(3):
        NEXT(app)
        assert app.view is not None and app.view.screen == "scoreboard"
        framed.append(app.view.seat_framed)
    assert framed == ["Ann", "Bob", None]  # Ann's points first; after the last row, none
    NEXT(app)
    NEXT(app)  # Bob framed again
    KEEP(app)
    assert app.view is not None and app.view.seat_question == SeatQuestion("Bob")
    assert stored_commands(app) == []  # asked, nothing stored yet
    drawn_at_leave = stored_when_left_shows(app, monkeypatch, "Bob")
    words = words_drawn(monkeypatch)
    KEEP(app)
    assert drawn_at_leave and all(drawn_at_leave)
    assert stored_commands(app) == [LeavePlayer("Bob")]
    view = app.table.view()
    assert view.screen == "scoreboard" and view.seat_question is None and not view.error
    assert view.seat_framed is None and "LEFT" in words
    KEEP(app)  # no row framed: KEEP goes back to the game, as ever
    assert app.table.view().screen == "throw" and stored(app).player.name == "Ann"


def test_next_or_another_button_on_the_question_stores_nothing(app: App) -> None:
    """NEXT on the question says no and shows the scoreboard again, the row still framed (the
    next NEXT moves on: another player may have been meant); another button (BANK) says no
    and goes back to the game, as it did."""
    before = stored(app)
    finger(app, SCOREBOARD)
    NEXT(app)
    KEEP(app)
    assert app.table.view().seat_question == SeatQuestion("Ann")
    NEXT(app)
    view = app.table.view()
    assert view.screen == "scoreboard" and view.seat_question is None
    assert view.seat_framed == "Ann"
    NEXT(app)
    assert app.table.view().seat_framed == "Bob"
    KEEP(app)
    BANK(app)
    view = app.table.view()
    assert view.screen == "throw" and view.seat_question is None and view.seat_framed is None
    finger(app, SCOREBOARD)
    assert app.table.view().seat_framed is None  # shown again: no row framed
    assert stored_commands(app) == [] and stored(app) == before


def test_a_tapped_row_said_no_to_by_next_stays_framed_and_next_moves_on(app: App) -> None:
    """A row picked by a tap (or a digit), NO said with the NEXT button: the row asked about
    stays framed and the next NEXT moves on from it, as for a row NEXT framed. Before the fix
    the tapped row was not framed, and NEXT began again at the top (Ann, not past Bob)."""
    finger(app, SCOREBOARD)
    finger(app, Action("seat", text="Bob"))
    assert app.table.view().seat_question == SeatQuestion("Bob")
    NEXT(app)  # no
    view = app.table.view()
    assert view.seat_question is None and view.seat_framed == "Bob"
    NEXT(app)  # Bob's the last row: past it, none
    assert app.table.view().seat_framed is None
    key(app, pygame.K_2, "2")  # a digit: the second row from the top, Bob's
    key(app, pygame.K_n, "n")
    assert app.table.view().seat_framed == "Bob"
    assert stored_commands(app) == []


def test_keep_hit_with_next_asks_about_no_row_nobody_saw_framed(app: App) -> None:
    """KEEP a moment after NEXT moved the frame (or while NEXT was down) is dropped, as on
    the options: the question would be about a row nobody had seen framed."""
    finger(app, SCOREBOARD)
    NEXT(app)
    app.clock.now += 0.1  # type: ignore[attr-defined]
    factory = Device.pin_factory
    assert isinstance(factory, MockFactory)
    factory.pin(13).drive_low()  # KEEP
    factory.pin(13).drive_high()
    app.step()
    assert app.table.view().seat_question is None and app.table.view().seat_framed == "Ann"
    KEEP(app)  # looked at, then KEEP: asked
    assert app.table.view().seat_question == SeatQuestion("Ann")


def test_the_keyboards_n_frames_a_row_as_next_does(app: App) -> None:
    key(app, pygame.K_s, "s")
    key(app, pygame.K_n, "n")
    assert app.table.view().seat_framed == "Ann"
    key(app, pygame.K_RETURN)
    assert app.table.view().seat_question == SeatQuestion("Ann")


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_framed_row_and_the_hints_say_it_in_the_buttons_words(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The row NEXT is on is framed in the focus colour, wider than the current player's
    frame, with an arrow (not colour alone); the hint names the buttons; eight long names."""
    plain = draw(_eight(), size, monkeypatch)
    assert plain.find(HINT).rect.width > 0
    framed = draw(replace(_eight(), seat_framed="Dee"), size, monkeypatch)
    assert framed.find(FRAMED).rect.width > 0
    focus = [rect for rect, colour in framed.outlines if colour == DARK.focus]
    assert len(focus) == 1 and not [r for r, c in plain.outlines if c == DARK.focus]
    dee = next(d for d in framed.texts if _names(d.text, "Dee"))
    assert focus[0].contains(dee.rect)
    assert not any(focus[0].contains(d.rect) for d in framed.texts
                   if d.text in NAMES and d.text != dee.text)
    ranks = [d.text for d in framed.texts if d.text.endswith(".")]
    assert len(ranks) == len([d for d in plain.texts if d.text.endswith(".")]) - 1  # the arrow
