"""Other readers are asked only about unsure dice, and only a sure agreement makes them read."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from farkle_pi.vision import reader
from farkle_pi.vision.model import CLOSE_READER_FILE, READER_FILE, SECOND_READER_FILE
from farkle_pi.vision.read import CLOSE_VIEW_SCALE, CROP_SCALE, classify

Probs = npt.NDArray[np.float32]
View = npt.NDArray[np.uint8]


def _probs(face: int, p: float) -> Probs:
    """Class probabilities with `p` on `face` and the rest spread over the other classes."""
    row = np.full(7, (1.0 - p) / 6.0, np.float32)
    row[face] = p
    return row


def _view(i: int, scale: float) -> View:
    """A stand-in view that names its die and the scale it was cut at."""
    view = np.zeros((40, 40, 3), np.uint8)
    view[0, 0] = (i, round(scale * 10), 0)
    return view


class OtherReaders:
    """Stands in for the other nets: answers from a table, records who was asked what."""

    def __init__(self, answers: dict[str, list[Probs]]) -> None:
        self.answers = answers
        self.asked: list[tuple[str, int, float]] = []

    def __call__(self, views: list[View], net: str = READER_FILE) -> Probs:
        assert net != READER_FILE
        asked = [(net, int(v[0, 0, 0]), v[0, 0, 1] / 10.0) for v in views]
        self.asked += asked
        return np.array([self.answers[net][i] for _, i, _ in asked], np.float32).reshape(-1, 7)


def test_sure_dice_are_not_asked_about(monkeypatch: pytest.MonkeyPatch) -> None:
    others = OtherReaders({})
    monkeypatch.setattr(reader, "classify", others)
    faces = reader._faces(np.array([_probs(3, 0.95), _probs(6, 0.75)]), _view)
    assert faces == [(3, pytest.approx(0.95)), (6, pytest.approx(0.75))]
    assert others.asked == []


def test_a_sure_agreement_makes_an_unsure_die_read(monkeypatch: pytest.MonkeyPatch) -> None:
    first = np.array([_probs(2, 0.99), _probs(5, 0.55), _probs(4, 0.4)])
    others = OtherReaders({
        SECOND_READER_FILE: [_probs(2, 0.0), _probs(5, 0.9), _probs(1, 0.8)],
        CLOSE_READER_FILE: [_probs(2, 0.0), _probs(5, 0.0), _probs(4, 0.85)],
    })
    monkeypatch.setattr(reader, "classify", others)
    faces = reader._faces(first, _view)
    assert faces == [(2, pytest.approx(0.99)), (5, pytest.approx(0.9)), (4, pytest.approx(0.85))]
    # the close reader hears only about the die the second reader did not settle, cut closer
    assert others.asked == [(SECOND_READER_FILE, 1, CROP_SCALE),
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
    others = OtherReaders({SECOND_READER_FILE: [opinion], CLOSE_READER_FILE: [opinion]})
    monkeypatch.setattr(reader, "classify", others)
    [(value, confidence)] = reader._faces(np.array([_probs(5, 0.6)]), _view)
    assert value == 5 and confidence == pytest.approx(0.6)
    assert confidence < reader.MIN_CONFIDENCE  # read_dice reports it as None
    assert [net for net, _, _ in others.asked] == [SECOND_READER_FILE, CLOSE_READER_FILE]


def test_no_dice_no_question() -> None:
    assert reader._faces(np.zeros((0, 7), np.float32), _view) == []


def test_the_shipped_readers_read_a_clear_die_alike() -> None:
    """All three nets load and read a drawn white five (not stub nets)."""
    view = np.full((40, 40, 3), 200, np.uint8)
    view[6:34, 6:34] = 245
    for x, y in ((12, 12), (28, 12), (20, 20), (12, 28), (28, 28)):
        view[y - 2:y + 3, x - 2:x + 3] = 20
    for net in (READER_FILE, SECOND_READER_FILE, CLOSE_READER_FILE):
        assert int(np.argmax(classify([view], net)[0])) == 5, net
