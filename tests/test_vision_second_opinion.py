"""Unsure dice only: the first reader looks again at three more turns of a die it read under
LOOK_AGAIN, then other readers are asked about those still under MIN_CONFIDENCE (but not
under SETTLE_FROM), and only a sure agreement makes them read."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from farkle_pi.vision import reader
from farkle_pi.vision.model import (
    CLOSE_READER_FILE,
    READER_FILE,
    SECOND_READER_FILE,
    VIEW_SIDES,
)
from farkle_pi.vision.read import CLOSE_VIEW_SCALE, CROP_SCALE, classify

Probs = npt.NDArray[np.float32]
View = npt.NDArray[np.uint8]


def _probs(face: int, p: float) -> Probs:
    """Class probabilities with `p` on `face` and the rest spread over the other classes."""
    row = np.full(7, (1.0 - p) / 6.0, np.float32)
    row[face] = p
    return row


def _view(i: int, net: str, scale: float) -> View:
    """A stand-in view of the side `net` takes that names its die and the scale it was cut at
    in every corner (so turned copies still do) and marks its top left corner."""
    side = VIEW_SIDES[net]
    view = np.zeros((side, side, 3), np.uint8)
    view[::side - 1, ::side - 1] = (i, round(scale * 10), 0)
    view[0, 0, 2] = 255
    return view


class Readers:
    """Stands in for the nets: answers from a table, records who was asked what.

    The first reader's answer about a turned view may depend on the turn (the view's
    marked corner), so a test can tell the turns apart.
    """

    def __init__(self, answers: dict[str, list[Probs]],
                 turned: dict[int, list[Probs]] | None = None) -> None:
        self.answers = answers
        self.turned = turned or {}
        self.asked: list[tuple[str, int, float]] = []

    def __call__(self, views: list[View], net: str = READER_FILE, learned: object = None
                 ) -> Probs:
        assert all(v.shape == (VIEW_SIDES[net], VIEW_SIDES[net], 3) for v in views), net
        asked = [(net, int(v[0, 0, 0]), v[0, 0, 1] / 10.0) for v in views]
        self.asked += asked
        rows = []
        for v, (_, i, _) in zip(views, asked, strict=True):
            corner = int(np.argmax(v[::len(v) - 1, ::len(v) - 1, 2]))
            rows.append(self.turned[i][corner % len(self.turned[i])] if net == READER_FILE
                        and i in self.turned else self.answers[net][i])
        return np.array(rows, np.float32).reshape(-1, 7)

    def asked_others(self) -> list[tuple[str, int, float]]:
        return [a for a in self.asked if a[0] != READER_FILE]


def test_sure_dice_are_not_asked_about(monkeypatch: pytest.MonkeyPatch) -> None:
    others = Readers({})
    monkeypatch.setattr(reader, "classify", others)
    faces = reader._faces(np.array([_probs(3, 0.95), _probs(6, 0.85)]), _view)
    assert [face for face, _, _ in faces] == [3, 6]
    assert [sure for _, sure, _ in faces] == pytest.approx([0.95, 0.85])
    assert [settled for _, _, settled in faces] == [False, False]
    assert others.asked == []


def test_a_die_read_just_over_the_threshold_is_looked_at_again(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.75 is enough to play but under LOOK_AGAIN: its turns check it. Turns that agree keep
    it read, no surer than it was (the table names it as unsure); turns that doubt it make it
    unsure, and then the others are asked."""
    assert reader.MIN_CONFIDENCE < 0.75 < reader.LOOK_AGAIN
    unsure = [_probs(6, 0.2)] * 2
    readers = Readers({SECOND_READER_FILE: unsure, CLOSE_READER_FILE: unsure},
                      turned={0: [_probs(6, 0.9)], 1: [_probs(6, 0.5), _probs(6, 0.4)]})
    monkeypatch.setattr(reader, "classify", readers)
    agree, disagree = reader._faces(np.array([_probs(6, 0.75), _probs(6, 0.75)]), _view)
    value, confidence, settled = agree
    assert value == 6 and confidence == pytest.approx(0.75)  # the turns' mean, 0.86, would be surer
    assert not settled  # the first reader's own reading
    assert disagree[1] < reader.MIN_CONFIDENCE  # read_dice reports it as None
    assert readers.asked[:6] == [(READER_FILE, 0, CROP_SCALE)] * 3 + [(READER_FILE, 1,
                                                                      CROP_SCALE)] * 3
    assert readers.asked_others() == [(SECOND_READER_FILE, 1, CROP_SCALE),
                                      (CLOSE_READER_FILE, 1, CLOSE_VIEW_SCALE)]


def test_a_sure_agreement_makes_an_unsure_die_read(monkeypatch: pytest.MonkeyPatch) -> None:
    first = np.array([_probs(2, 0.99), _probs(5, 0.55), _probs(4, 0.5)])
    others = Readers({
        READER_FILE: list(first),  # turned, the first reader sees what it saw
        SECOND_READER_FILE: [_probs(2, 0.0), _probs(5, 0.9), _probs(1, 0.8)],
        CLOSE_READER_FILE: [_probs(2, 0.0), _probs(5, 0.0), _probs(4, 0.85)],
    })
    monkeypatch.setattr(reader, "classify", others)
    faces = reader._faces(first, _view)
    assert [face for face, _, _ in faces] == [2, 5, 4]
    assert [sure for _, sure, _ in faces] == pytest.approx([0.99, 0.9, 0.85])
    assert [settled for _, _, settled in faces] == [False, True, True]  # by the others
    # the first reader sees both unsure dice again, in one batch, three turns each
    again = [(READER_FILE, 1, CROP_SCALE)] * 3 + [(READER_FILE, 2, CROP_SCALE)] * 3
    assert others.asked[:6] == again
    # the close reader hears only about the die the second reader did not settle, cut closer
    assert others.asked_others() == [(SECOND_READER_FILE, 1, CROP_SCALE),
                            (SECOND_READER_FILE, 2, CROP_SCALE),
                            (CLOSE_READER_FILE, 2, CLOSE_VIEW_SCALE)]


@pytest.mark.parametrize("opinion", [
    _probs(3, 0.95),  # sure of another face
    _probs(5, 0.65),  # the same face, but unsure too
    _probs(0, 0.9),  # not a die at all
])
def test_without_a_sure_agreement_the_die_stays_unsure(
    monkeypatch: pytest.MonkeyPatch, opinion: Probs
) -> None:
    others = Readers({READER_FILE: [_probs(5, 0.6)], SECOND_READER_FILE: [opinion],
                      CLOSE_READER_FILE: [opinion]})
    monkeypatch.setattr(reader, "classify", others)
    [(value, confidence, settled)] = reader._faces(np.array([_probs(5, 0.6)]), _view)
    assert value == 5 and confidence == pytest.approx(0.6) and not settled
    assert confidence < reader.MIN_CONFIDENCE  # read_dice reports it as None
    assert [net for net, _, _ in others.asked_others()] == [SECOND_READER_FILE, CLOSE_READER_FILE]


def test_a_weak_guess_is_not_put_to_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under SETTLE_FROM the first reader is guessing; the others would be sure of its guess,
    but on dice no reader saw they are wrong together with such guesses too often."""
    guess = _probs(6, 0.45)
    assert guess[6] < reader.SETTLE_FROM
    others = Readers({READER_FILE: [guess], SECOND_READER_FILE: [_probs(6, 0.95)],
                      CLOSE_READER_FILE: [_probs(6, 0.95)]})
    monkeypatch.setattr(reader, "classify", others)
    [(value, confidence, settled)] = reader._faces(np.array([guess]), _view)
    assert value == 6 and confidence == pytest.approx(0.45) and not settled
    assert others.asked_others() == []


def test_turns_that_agree_make_an_unsure_die_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The view as read said 3 at 0.5; turned, it is a sure 4 three times: the mean reads 4."""
    readers = Readers({}, turned={0: [_probs(4, 0.97), _probs(4, 0.95), _probs(4, 0.9)]})
    monkeypatch.setattr(reader, "classify", readers)
    [(value, confidence, settled)] = reader._faces(np.array([_probs(3, 0.5)]), _view)
    # the turns' marked corners are 2, 3 and 1 (bottom left, bottom right, top right)
    expected = ((1 - 0.5) / 6 + 0.9 + 0.97 + 0.95) / 4
    assert value == 4 and confidence == pytest.approx(expected)  # the mean, not the best turn
    assert confidence >= reader.MIN_CONFIDENCE and not settled  # the first reader's own
    assert readers.asked == [(READER_FILE, 0, CROP_SCALE)] * 3  # read without the others


def test_one_fooled_turn_does_not_make_a_die_read(monkeypatch: pytest.MonkeyPatch) -> None:
    readers = Readers({SECOND_READER_FILE: [_probs(2, 0.1)], CLOSE_READER_FILE: [_probs(2, 0.1)]},
                      turned={0: [_probs(6, 0.99), _probs(2, 0.3)]})
    monkeypatch.setattr(reader, "classify", readers)
    [(_, confidence, _)] = reader._faces(np.array([_probs(2, 0.6)]), _view)
    assert confidence < reader.MIN_CONFIDENCE  # not the 0.99 of one turn


def test_the_turns_are_the_three_other_quarter_turns() -> None:
    view = np.arange(40 * 40 * 3, dtype=np.uint32).reshape(40, 40, 3).astype(np.uint8)
    turns = reader.quarter_turns(view)
    assert len(turns) == reader.TURNS == 3
    for k, turned in enumerate(turns, start=1):
        assert np.array_equal(turned, np.rot90(view, k)) and turned.flags.c_contiguous


def test_no_dice_no_question() -> None:
    assert reader._faces(np.zeros((0, 7), np.float32), _view) == []


def test_the_shipped_readers_read_a_clear_die_alike() -> None:
    """All three nets load and read a drawn white five at their view side (not stub nets)."""
    view = np.full((40, 40, 3), 200, np.uint8)
    view[6:34, 6:34] = 245
    for x, y in ((12, 12), (28, 12), (20, 20), (12, 28), (28, 28)):
        view[y - 2:y + 3, x - 2:x + 3] = 20
    for net in (READER_FILE, SECOND_READER_FILE, CLOSE_READER_FILE):
        side = VIEW_SIDES[net]
        seen = np.asarray(cv2.resize(view, (side, side), interpolation=cv2.INTER_AREA), np.uint8)
        assert int(np.argmax(classify([seen], net)[0])) == 5, net
