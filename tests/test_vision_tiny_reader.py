"""The tiny reader reads every view first; the first reader reads only what it is unsure of."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from farkle_pi.vision import reader
from farkle_pi.vision.model import READER_FILE, TINY_READER_FILE


def _probs(face: int, sure: float) -> npt.NDArray[np.float32]:
    p = np.full(7, (1.0 - sure) / 6.0, np.float32)
    p[face] = sure
    return p


def _views(n: int) -> list[npt.NDArray[np.uint8]]:
    return [np.full((40, 40, 3), k, np.uint8) for k in range(n)]


def test_the_first_reader_reads_only_the_views_the_tiny_one_is_unsure_of(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    tiny = [_probs(3, 0.95), _probs(5, 0.6), _probs(0, 0.99), _probs(2, reader.TINY_SURE)]
    asked: list[tuple[str, list[int]]] = []

    def classify(views: list[npt.NDArray[np.uint8]], net: str = READER_FILE,
                 learned: object = None) -> npt.NDArray[np.float32]:
        asked.append((net, [int(v[0, 0, 0]) for v in views]))
        if net == TINY_READER_FILE:
            return np.array(tiny, np.float32)
        return np.array([_probs(6, 0.97) for _ in views], np.float32)

    monkeypatch.setattr(reader, "classify", classify)
    probs = reader.first_reading(_views(4))
    assert asked == [(TINY_READER_FILE, [0, 1, 2, 3]), (READER_FILE, [1])]
    assert [int(np.argmax(p)) for p in probs] == [3, 6, 0, 2]  # the unsure 5 read again: a 6
    assert probs[0][3] == pytest.approx(0.95) and probs[1][6] == pytest.approx(0.97)


def test_with_a_trays_learned_dice_the_first_reader_reads_every_view(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Learned dice are a layer fitted on the first reader's features: the tiny one has none."""
    asked: list[tuple[str, int, object]] = []

    def classify(views: list[npt.NDArray[np.uint8]], net: str = READER_FILE,
                 learned: object = None) -> npt.NDArray[np.float32]:
        asked.append((net, len(views), learned))
        return np.array([_probs(4, 0.99) for _ in views], np.float32)

    monkeypatch.setattr(reader, "classify", classify)
    learned = object()
    reader.first_reading(_views(3), learned)  # type: ignore[arg-type]
    assert asked == [(READER_FILE, 3, learned)]


def test_the_shipped_tiny_reader_is_sure_of_a_rendered_die_and_agrees_with_the_first() -> None:
    """On the project's own renders the two readers give the same faces."""
    from pathlib import Path

    import cv2

    from farkle_pi.vision.find import Candidate
    from farkle_pi.vision.read import classify

    fixtures = Path(__file__).resolve().parents[1] / "fixtures" / "vision"
    image = np.asarray(cv2.imread(str(fixtures / "synth_01.png")), np.uint8)
    dice = reader.read_dice(image)
    cands = [Candidate(d.center[0], d.center[1], float(d.bbox[2]), 1.0) for d in dice]
    _, _, _, views = reader.first_looks(image, cands)
    tiny, first = classify(views, TINY_READER_FILE), classify(views, READER_FILE)
    assert [int(np.argmax(p)) for p in tiny] == [int(np.argmax(p)) for p in first]
    assert all(int(np.argmax(p)) == d.value for p, d in zip(tiny, dice, strict=True)
               if d.value is not None)
    assert any(d.value is not None for d in dice)


def test_nets_without_a_tiny_reader_are_read_by_the_first_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """A $FARKLE_MODELS folder of nets trained for a comparison (no tiny one among them)."""
    asked: list[str] = []

    def classify(views: list[npt.NDArray[np.uint8]], net: str = READER_FILE,
                 learned: object = None) -> npt.NDArray[np.float32]:
        asked.append(net)
        return np.array([_probs(4, 0.99) for _ in views], np.float32)

    monkeypatch.setattr(reader, "classify", classify)
    monkeypatch.setattr(reader, "MODEL_DIR", tmp_path)  # an empty folder
    reader.first_reading(_views(2))
    assert asked == [READER_FILE]
