"""The second reader is asked only about unsure dice, and only agreement makes them readable."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from farkle_pi.vision import reader
from farkle_pi.vision.model import READER_FILE, SECOND_READER_FILE
from farkle_pi.vision.read import classify

Probs = npt.NDArray[np.float32]


def _probs(face: int, p: float) -> Probs:
    """Class probabilities with `p` on `face` and the rest spread over the other classes."""
    row = np.full(7, (1.0 - p) / 6.0, np.float32)
    row[face] = p
    return row


class SecondReader:
    """Stands in for the second net: answers from a table, records what it was shown."""

    def __init__(self, answers: list[Probs]) -> None:
        self.answers = answers
        self.asked: list[int] = []

    def __call__(self, views: list[npt.NDArray[np.uint8]], net: str = READER_FILE) -> Probs:
        assert net == SECOND_READER_FILE
        if not views:
            return np.zeros((0, 7), np.float32)
        self.asked += [int(v[0, 0, 0]) for v in views]
        return np.array([self.answers[i] for i in self.asked[-len(views):]],
                        np.float32).reshape(-1, 7)


def _view(i: int) -> npt.NDArray[np.uint8]:
    return np.full((40, 40, 3), i, np.uint8)  # each view names its die's index


def test_sure_dice_never_reach_the_second_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    second = SecondReader([])
    monkeypatch.setattr(reader, "classify", second)
    faces = reader._faces(np.array([_probs(3, 0.95), _probs(6, 0.75)]), _view)
    assert faces == [(3, pytest.approx(0.95)), (6, pytest.approx(0.75))]
    assert second.asked == []


def test_agreement_makes_an_unsure_die_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    first = np.array([_probs(2, 0.99), _probs(5, 0.55), _probs(4, 0.4)])
    second = SecondReader([_probs(2, 0.0), _probs(5, 0.9), _probs(4, 0.8)])
    monkeypatch.setattr(reader, "classify", second)
    faces = reader._faces(first, _view)
    assert second.asked == [1, 2]
    assert faces == [(2, pytest.approx(0.99)), (5, pytest.approx(0.9)), (4, pytest.approx(0.8))]


@pytest.mark.parametrize("second_says", [
    _probs(3, 0.95),  # sure of another face
    _probs(5, 0.65),  # the same face, but unsure too
    _probs(0, 0.9),  # not a die at all
])
def test_without_a_sure_agreement_the_die_stays_unsure(
    monkeypatch: pytest.MonkeyPatch, second_says: Probs
) -> None:
    monkeypatch.setattr(reader, "classify", SecondReader([second_says]))
    [(value, confidence)] = reader._faces(np.array([_probs(5, 0.6)]), _view)
    assert value == 5 and confidence == pytest.approx(0.6)
    assert confidence < reader.MIN_CONFIDENCE  # read_dice reports it as None


def test_no_dice_no_question() -> None:
    assert reader._faces(np.zeros((0, 7), np.float32), _view) == []


def test_the_two_shipped_readers_read_a_clear_die_alike() -> None:
    """Both nets load and agree on a drawn white die showing a five (not a stub net)."""
    view = np.full((40, 40, 3), 200, np.uint8)
    view[6:34, 6:34] = 245
    for x, y in ((12, 12), (28, 12), (20, 20), (12, 28), (28, 28)):
        view[y - 2:y + 3, x - 2:x + 3] = 20
    first, second = classify([view]), classify([view], SECOND_READER_FILE)
    assert int(np.argmax(first[0])) == int(np.argmax(second[0])) == 5
