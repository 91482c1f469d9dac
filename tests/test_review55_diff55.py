"""Defects found by the review of session 55's restart changes (diff55), each kept as a test."""

from __future__ import annotations

from pathlib import Path

from test_review55_found import placed, restarted
from tray_news import TrayNews as News

from farkle_pi.ui.actions import Action


def test_a_throw_of_five_faces_of_a_grown_straight_is_played_after_a_restart(
        tmp_path: Path) -> None:
    """Ann took her 5 out of 1 2 3 4 5 6 and picked up the rest, which joined it (a straight,
    hot dice); the table started again while her throw of five rolled. It came up 1 2 3 4 6
    (five faces of her straight, one throw of five in eleven): taken for her straight's dice
    lying again, it was swallowed, and the table waited for a throw of six."""
    throw = placed("123456")
    before: list[Action | News] = [News("settled", throw), News("removed", throw[4:5]),
                          News("removed", throw[:4] + throw[5:])]
    next_throw = placed("12346")
    straight = restarted(tmp_path / "straight", "standard",
                         [*before, News("settled", next_throw)])
    want = straight.state
    assert want is not None and want.phase == "keep" and str(want.kept[-1]) == "5"
    table = restarted(tmp_path, "standard", before)
    table.tray(News("settled", next_throw, resumed=True))
    assert table.state == want


def test_the_camera_back_over_a_throw_that_shrinks_a_grown_keep_plays_it(
        tmp_path: Path) -> None:
    """No restart: the camera was lost after Ann's 5 grew to a straight with the dice she
    picked up, and came back over her throw of five, 1 2 3 4 6. It shrank the keep back to the
    5, and then the same dice, seen again, were the last throw less that keep: nobody's
    throw, swallowed."""
    throw = placed("123456")
    before: list[Action | News] = [News("settled", throw), News("removed", throw[4:5]),
                          News("removed", throw[:4] + throw[5:])]
    next_throw = placed("12346")
    want = restarted(tmp_path / "seen", "standard", [*before, News("settled", next_throw)]).state
    assert want is not None and want.phase == "keep" and str(want.kept[-1]) == "5"
    table = restarted(tmp_path, "standard", [*before, News("settled", next_throw, resumed=True)])
    assert table.state == want


def test_a_grown_keep_still_shrinks_back_after_a_bank_undone_and_a_restart(
        tmp_path: Path) -> None:
    """Ann's 5 grew to a straight with the dice she picked up; BANK pressed by mistake and
    undone, then the table started again: her throw of five shrinks the keep back as it does
    without the restart (the recalled keeps it grew from were forgotten at the BANK, and the
    throw was answered "5 dice in the tray: throw 6")."""
    throw = placed("123456")
    before: list[Action | News] = [News("settled", throw), News("removed", throw[4:5]),
                                   News("removed", throw[:4] + throw[5:]), Action("bank"),
                                   Action("undo")]
    next_throw = placed("12246")
    want = restarted(tmp_path / "seen", "standard", [*before, News("settled", next_throw)]).state
    assert want is not None and want.phase == "keep" and str(want.kept[-1]) == "5"
    table = restarted(tmp_path, "standard", before)
    grown = table.state
    assert grown is not None and grown.phase == "choose" and str(grown.kept[-1]) == "123456"
    table.tray(News("settled", next_throw, resumed=True))
    assert table.state == want
