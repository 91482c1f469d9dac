"""Behaviour of the table's state machine that a hand-made mutation review found untested:
each test fails on one small change to farkle_pi/table/table.py that players would notice."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from seating import seated, typed
from tray_news import TrayDie as Die
from tray_news import TrayNews as News
from tray_news import dice

from farkle_pi.errors import FarkleError
from farkle_pi.game import Undo
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.fairdice import FairDice
from farkle_pi.table.table import BANNER_SECONDS, Table
from farkle_pi.ui.actions import Action, ActionKind


def press(table: Table, *kinds: ActionKind) -> None:
    for kind in kinds:
        table.handle(Action(kind))


def choose(table: Table, faces: str) -> None:
    """NEXT until the option keeping `faces` is highlighted."""
    for _ in range(len(table.view().options)):
        view = table.view()
        if "".join(map(str, view.options[view.selected].keep)) == faces:
            return
        table.handle(Action("next"))
    raise AssertionError(f"no option keeps {faces}")


@pytest.fixture
def camera(tmp_path: Path) -> Iterator[Table]:
    """Ann and Bob, standard rules, camera dice, the first throw due."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "camera") as table:
        yield table


def test_an_unknown_dice_mode_is_refused_when_the_table_is_made(tmp_path: Path) -> None:
    """A dice mode that is not camera, manual or virtual is a one-line error naming the
    modes, not a table that treats the dice like camera dice."""
    with Store(tmp_path / "farkle.db") as store, pytest.raises(FarkleError) as raised:
        Table(store, load_rules("standard"), ["Ann"], "camra", resume=False)
    assert "unknown dice mode 'camra'" in str(raised.value)
    assert "camera, manual, virtual" in str(raised.value)


def test_bank_reaching_exactly_the_entry_minimum_is_taken(tmp_path: Path) -> None:
    """Classic rules: 500 to get on the board; three 5s banked straight from the options are
    exactly 500, and that is enough."""
    with seated(tmp_path, load_rules("classic"), ["Ann", "Bob"], "manual") as table:
        typed(table, "555234")
        choose(table, "555")
        press(table, "bank")
        assert not table.view().error
        assert table.state is not None and table.state.players[0].score == 500
        assert table.state.current == 1


def test_bank_counts_the_turn_so_far_with_the_highlighted_keep(tmp_path: Path) -> None:
    """200 kept, then BANK on a keep of 400: the turn is 600, above the entry minimum of
    500, though the keep alone is below it."""
    with seated(tmp_path, load_rules("classic"), ["Ann", "Bob"], "manual") as table:
        typed(table, "222346")
        choose(table, "222")
        press(table, "keep")
        typed(table, "444")
        choose(table, "444")
        press(table, "bank")
        assert not table.view().error
        assert table.state is not None and table.state.players[0].score == 600


def test_a_bank_short_of_the_entry_minimum_says_what_is_needed(tmp_path: Path) -> None:
    """BANK on a keep that leaves the turn under the minimum: refused before anything is
    stored, saying the turn's points and the minimum."""
    with seated(tmp_path, load_rules("classic"), ["Ann", "Bob"], "manual") as table:
        typed(table, "222346")
        press(table, "bank")
        assert table.view().error == "200 is not enough to bank: 500 needed"
        assert table.state is not None and table.state.phase == "keep"
        assert table.state.players[0].score == 0


def test_a_stolen_throw_is_entered_with_the_buttons_alone(tmp_path: Path) -> None:
    """After NEXT steals, the keypad is up for the stolen dice: KEEP takes the face the
    buttons are on, as for any throw entered by hand."""
    with Store(tmp_path / "farkle.db") as store:
        rules = load_rules("standard", {"stealing": "true"})
        table = Table(store, rules, ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        table.new_game()
        typed(table, "111234")
        press(table, "bank")  # Ann 1000
        typed(table, "555234")
        press(table, "bank")  # Bob 500 with 3 dice left: Ann may steal them
        press(table, "next")  # steals
        assert table.state is not None and table.state.phase == "steal"
        view = table.view()
        assert view.keypad and view.face == 1 and view.dice_to_throw == 3
        press(table, "keep", "keep", "next", "next", "next", "next", "keep")  # 1 1 5
        assert not table.view().error, table.view().error
        assert str(table.state.last_throw) == "115"


def test_a_lost_camera_does_not_put_virtual_dice_on_the_keypad(tmp_path: Path) -> None:
    """The camera the config opened is lost while the players chose the Pi's dice: KEEP still
    throws them; no keypad, and no camera line for a game that does not use it."""
    with seated(tmp_path, load_rules("standard"), ["Ann"], "virtual", camera=True) as table:
        table.camera_trouble = "camera lost (no picture): enter the dice by hand"
        assert not table.view().keypad and not table.view().prompt.startswith("camera lost")
        press(table, "keep")
        assert table.state is not None and len(table.state.throws) == 1
        assert table.view().typed == "" and not table.view().error


def test_the_final_round_banner_follows_the_bank_banner(tmp_path: Path) -> None:
    """A bank that reaches the target shows two banners, one after the other: the second is
    not dropped when the first one's time is up."""
    now = [0.0]
    with seated(tmp_path, load_rules("standard", {"target": "500"}), ["Ann", "Bob"], "manual",
                clock=lambda: now[0]) as table:
        typed(table, "555234")
        press(table, "bank")
        first = table.view().banner
        assert first is not None and first.kind == "bank"
        now[0] += BANNER_SECONDS + 0.1
        second = table.view().banner
        assert second is not None and second.kind == "final_round"
        assert table.view().screen == "results"
        now[0] += BANNER_SECONDS + 0.1
        assert table.view().banner is None and table.view().screen == "throw"


def test_taps_held_on_a_farkle_face_are_dropped_when_the_dice_move(camera: Table) -> None:
    """1 3 3 4 4 6 read; a tap steps the 1 to a 2 (held: it scores nothing). Then a 1 is taken
    out of the tray: the held taps are dropped and the throw stands as read - the turn is not
    lost to a Farkle on the way."""
    camera.tray(News("settled", dice("133446")))
    camera.handle(Action("die", value=0))
    assert camera.stepping is not None
    camera.tray(News("removed", dice("1")))
    state = camera.state
    assert state is not None and state.current == 0
    assert str(state.last_throw) == "133446" and state.turn_points == 100


def test_the_learn_hint_waits_while_unread_dice_are_entered(camera: Table) -> None:
    """A tray that reads dice unsure often gets its one hint when the prompt bar is free: not
    while unread dice are being entered (their own prompt takes the bar and the hint would be
    lost for the evening), but at the next keep."""
    weak = Die(6, confidence=0.75)
    for unsure in (2, 2, 2, 1):  # Farkles: 7 of 24 dice unsure
        camera.tray(News("settled", (*dice("2234"), *dice("6" * (2 - unsure)), *[weak] * unsure)))
    camera.tray(News("settled", dice("155234")))  # 7 of 30: not yet a quarter
    camera.tray(News("removed", dice("1")))
    camera.tray(News("removed", dice("55234")))
    assert camera.view().prompt == ""
    camera.tray(News("settled", dice("???23")))  # 10 of 35: a quarter
    camera.tray(News("prompt", dice("???"), "unreadable"))
    assert "enter its face" in camera.view().prompt
    typed(camera, "455")
    assert camera.state is not None and str(camera.state.last_throw) == "23455"
    choose(camera, "55")
    press(camera, "keep")
    camera.tray(News("settled", dice("124")))  # 10 of 38, and the prompt bar is free
    assert str(camera.state.last_throw) == "124" and camera.state.turn_points == 200
    assert camera.view().prompt.startswith("many dice read unsure here")


def test_an_arm_in_the_tray_is_not_said_on_the_scoreboard(camera: Table) -> None:
    """Why the tray reads nothing is for the throw screen; the scoreboard keeps its own
    line (KEEP back to the game)."""
    camera.tray_waiting = "a hand in the tray: take it out to read the dice"
    assert camera.view().prompt == camera.tray_waiting
    camera.handle(Action("show", text="scoreboard"))
    assert camera.view().screen == "scoreboard" and camera.view().prompt == ""


def test_a_repeated_tray_prompt_is_logged_once(tmp_path: Path) -> None:
    """The tray says the same thing frame after frame; the log gets the line once."""
    said: list[str] = []
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "camera",
                say=said.append) as table:
        for _ in range(3):
            table.tray(News("prompt", dice("c"), "cocked"))
        assert said.count("tray: die cocked - throw it again") == 1


def test_a_lost_camera_is_said_first_on_the_setup_screen(tmp_path: Path) -> None:
    """On the setup screen the lost camera comes before an older note (a game that could not
    be resumed): the players must know to pick other dice first."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "camera", resume=False)
        table.prompt = "game 3 cannot be replayed: start a new game (it stays in the file)"
        table.camera_trouble = "camera lost (no picture): enter the dice by hand"
        assert table.view().screen == "setup"
        assert table.view().prompt == table.camera_trouble


def test_the_seed_commitment_is_shown_only_before_the_first_throw(tmp_path: Path) -> None:
    """Virtual dice: the seed's commitment is on the prompt bar until the Pi throws, then the
    bar is free for the game again."""
    with seated(tmp_path, load_rules("standard"), ["Ann"], "virtual") as table:
        assert table.view().prompt.startswith("virtual dice, seed committed: sha256 ")
        press(table, "keep")  # the Pi throws
        assert table.state is not None and len(table.state.throws) == 1
        assert "seed committed" not in table.view().prompt


def test_a_game_begun_without_a_seed_resumes_with_dice_entered_by_hand(tmp_path: Path) -> None:
    """The config says virtual dice, but the game left unfinished was begun with dice typed
    in (no seed): it resumes with manual dice, so the next throw can be entered."""
    with seated(tmp_path, load_rules("standard"), ["Ann", "Bob"], "manual") as table:
        typed(table, "155234")
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "virtual",
                      say=lambda _: None)
        assert table.mode == "manual" and table.view().screen == "throw"
        choose(table, "15")
        press(table, "keep")
        typed(table, "1234")
        assert table.state is not None and str(table.state.last_throw) == "1234"
        assert table.state.turn_points == 150


def test_the_start_notice_goes_once_a_game_is_on(tmp_path: Path) -> None:
    """The notice for the players at the start (e.g. a calibration to renew) is on the setup
    screen, and gone once the game has begun."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "manual", resume=False,
                      say=lambda _: None)
        table.notice = "the tray calibration is old: farkle-pi calibrate"
        assert table.view().prompt == table.notice
        table.new_game()
        assert table.view().screen == "throw" and table.view().prompt == ""


def test_the_throw_key_goes_back_from_the_scoreboard(tmp_path: Path) -> None:
    """`s` shows the scoreboard, `t` the throw screen again."""
    with seated(tmp_path, load_rules("standard"), ["Ann"], "manual") as table:
        table.handle(Action("show", text="scoreboard"))
        assert table.view().screen == "scoreboard"
        table.handle(Action("show", text="throw"))
        assert table.view().screen == "throw"


def test_undo_on_the_winner_screen_goes_back_to_the_game(tmp_path: Path) -> None:
    """The last throw of the game was mistyped: UNDO on the winner screen takes it back, and
    the game goes on on the throw screen, where the throw is entered again."""
    with seated(tmp_path, load_rules("standard", {"target": "500"}), ["Ann", "Bob"],
                "manual") as table:
        typed(table, "555234")
        press(table, "bank")  # Ann 500: Bob's last turn
        typed(table, "223466")  # Bob's Farkle: Ann has won
        assert table.state is not None and table.state.over
        assert table.screen == "winner"  # under the FARKLE banner
        press(table, "undo")
        assert not table.state.over and table.view().screen == "throw"
        typed(table, "111234")
        assert str(table.state.last_throw) == "111234" and table.view().options


def test_a_game_taken_back_elsewhere_leaves_the_winner_screen(tmp_path: Path) -> None:
    """A `farkle-pi game` command on the same file undoes the throw that ended the game while
    the table shows the winner: the table's next press is refused, and it shows the game as
    stored - on again, on the throw screen, where the next press plays and does not start a
    new game."""
    rules = load_rules("standard", {"target": "500"})
    with Store(tmp_path / "farkle.db") as here, Store(tmp_path / "farkle.db") as there:
        table = Table(here, rules, ["Ann", "Bob"], "manual", resume=False, say=lambda _: None)
        table.new_game()
        typed(table, "555234")
        press(table, "bank")
        typed(table, "223466")  # Bob's Farkle: Ann has won
        assert table.screen == "winner"
        other = there.latest()
        assert other is not None and other.state.over
        other.apply(Undo())
        press(table, "undo")
        assert "another farkle-pi" in table.view().error
        assert table.state is not None and not table.state.over
        assert table.view().screen == "throw"
        typed(table, "111234")
        assert str(table.state.last_throw) == "111234" and table.view().screen == "throw"


class ScriptedDice(FairDice):
    """Virtual dice whose throws are set here (the seed is still stored and revealed)."""

    def throw(self, number: int, dice: int) -> tuple[int, ...]:
        return (5, 5, 5, 2, 3, 4)[:dice]


def test_the_seed_is_revealed_once_when_a_tie_is_rolled_off(tmp_path: Path) -> None:
    """Virtual dice, a tie to roll off: the seed is revealed in the log when the game ends,
    not again when the roll-off's winner is recorded."""
    said: list[str] = []
    rules = load_rules("standard", {"target": "500", "ties": "roll-off"})
    with seated(tmp_path, rules, ["Ann", "Bob"], "virtual", say=said.append,
                fair_dice=lambda game: ScriptedDice(game, bytes(32))) as table:
        press(table, "keep", "bank")  # Ann: 555 and banks 500
        press(table, "keep", "bank")  # Bob too: a tie
        assert table.state is not None and table.state.over and table.state.roll_off
        press(table, "bank", "bank")  # the banner goes; BANK records Ann as the winner
        assert table.state.roll_off_settled and table.state.winner_names() == ("Ann",)
        revealed = [line for line in said if "seed revealed" in line]
        assert len(revealed) == 1 and revealed[0].startswith(
            f"dice seed revealed: {bytes(32).hex()}")


def test_of_two_keeps_with_the_same_faces_the_one_chosen_is_kept(tmp_path: Path) -> None:
    """Two colours of dice: three red 5s score 1,000, two red and a blue 500. Choosing the
    500 keeps those dice, not the red triple with the same faces."""
    red, blue = (40, 40, 200), (200, 60, 30)
    fives = (Die(5, blue, (10.0, 10.0)), Die(5, red, (60.0, 10.0)), Die(5, red, (110.0, 10.0)),
             Die(5, red, (160.0, 10.0)), Die(2, blue, (10.0, 60.0)), Die(3, blue, (60.0, 60.0)))
    with seated(tmp_path, load_rules("portland"), ["Ann"], "camera") as table:
        table.tray(News("settled", fives))
        while (table.view().options[table.view().selected].keep, table.view().options[
                table.view().selected].points) != ((5, 5, 5), 500):
            press(table, "next")
        press(table, "keep")
        assert table.state is not None and table.state.turn_points == 500
        assert sorted(d.colour or "" for d in table.state.kept[-1].dice) == ["blue", "red", "red"]


def test_a_throw_entered_by_hand_carries_no_marks_of_the_last_read(camera: Table) -> None:
    """The camera read a 4 and a 5 unsure (marked CHECK); then it is lost and the next throw
    is typed in: those dice are as typed, nothing on them to check."""
    camera.tray(News("settled", (*dice("1523"), Die(5, confidence=0.75),
                                 Die(4, confidence=0.79))))
    assert [d.flag for d in camera.view().dice].count("check") == 2
    camera.tray(News("removed", dice("1")))
    camera.camera_trouble = "camera lost (no picture): enter the dice by hand"
    typed(camera, "45523")
    assert camera.state is not None and str(camera.state.last_throw) == "23455"
    assert [d.flag for d in camera.view().dice] == [""] * 5


def test_bank_on_the_setup_screen_without_players_says_to_add_one(tmp_path: Path) -> None:
    """Every name erased, then BANK: the setup screen says what to do, and no game starts."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann"], "manual", resume=False,
                      say=lambda _: None)
        table.setup = replace(table.setup, players=())
        press(table, "bank")
        assert table.view().screen == "setup" and table.view().error == "add at least one player"
        assert store.records() == []
