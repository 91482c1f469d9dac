"""The nets behind a seam: a view of the wrong size is a one-line error, not an OpenCV trace."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.opencv_log import ERRORS_ONLY, set_log_level
from farkle_pi.vision.model import (
    DETECTOR_FILE,
    MODEL_DIR,
    READER_FILE,
    SIZES_KEPT,
    VIEW_SIDES,
    Net,
    load_net,
)
from farkle_pi.vision.read import classify


def test_a_view_of_another_size_names_the_model_and_the_fix(
    capfd: pytest.CaptureFixture[str],
) -> None:
    side = VIEW_SIDES[READER_FILE] + 8
    with pytest.raises(FarkleError, match=rf"{READER_FILE} cannot run on {side}x{side} views.*"
                                          "VIEW_SIDES") as err:
        classify([np.zeros((side, side, 3), np.uint8)], READER_FILE)
    assert "\n" not in str(err.value)
    assert capfd.readouterr().err == ""  # OpenCV's own log of the failure is kept quiet


def test_a_net_that_is_no_reader_is_a_one_line_error() -> None:
    """The detector in a reader's place runs, but gives heat maps, not seven classes."""
    with pytest.raises(FarkleError, match=f"{DETECTOR_FILE} gives .* not 7 classes"):
        classify([np.zeros((40, 40, 3), np.uint8)], DETECTOR_FILE)


def test_a_view_of_its_own_size_reads() -> None:
    side = VIEW_SIDES[READER_FILE]
    probs = classify([np.zeros((side, side, 3), np.uint8)] * 2, READER_FILE)
    assert probs.shape == (2, 7) and np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)


@pytest.fixture
def newer_opencv_logging(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """cv2 as OpenCV 4.12 and later build it: the log level only in cv2.utils.logging. Gives
    the levels set, in order."""
    levels = [3]
    before, setter = cv2.getLogLevel(), cv2.setLogLevel  # the real log stays quiet beneath
    logging = types.ModuleType("cv2.utils.logging")
    logging.getLogLevel = lambda: levels[-1]  # type: ignore[attr-defined]
    logging.setLogLevel = levels.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cv2.utils.logging", logging)
    monkeypatch.delattr(cv2, "getLogLevel")
    monkeypatch.delattr(cv2, "setLogLevel")
    setter(0)
    yield levels
    setter(before)


@pytest.fixture
def reader_read() -> None:
    """The reader read from disk before the levels are counted (reading it is quiet too)."""
    load_net(READER_FILE)


def test_opencv_builds_that_moved_the_log_level_still_get_the_one_line_error(
    reader_read: None, newer_opencv_logging: list[int],
) -> None:
    side = VIEW_SIDES[READER_FILE] + 8
    with pytest.raises(FarkleError, match="VIEW_SIDES"):
        classify([np.zeros((side, side, 3), np.uint8)], READER_FILE)
    assert newer_opencv_logging == [3, 0, 3]  # quiet while the net ran, then as it was


def test_an_opencv_without_a_log_level_still_reads_and_fails_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "cv2.utils.logging", None)  # importing it fails
    monkeypatch.delattr(cv2, "getLogLevel")
    monkeypatch.delattr(cv2, "setLogLevel")
    set_log_level(ERRORS_ONLY)  # nothing to set: no error either
    side = VIEW_SIDES[READER_FILE]
    assert classify([np.zeros((side, side, 3), np.uint8)], READER_FILE).shape == (1, 7)
    with pytest.raises(FarkleError, match="VIEW_SIDES"):
        classify([np.zeros((side + 8, side + 8, 3), np.uint8)], READER_FILE)


def test_a_missing_net_says_where_it_was_looked_for(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FARKLE_MODELS", str(tmp_path))
    with pytest.raises(FarkleError, match=r"\$FARKLE_MODELS points at a folder without it"):
        Net(tmp_path / READER_FILE)
    monkeypatch.delenv("FARKLE_MODELS")
    with pytest.raises(FarkleError, match="reinstall farkle-pi"):
        Net(tmp_path / READER_FILE)


def test_a_net_run_at_many_sizes_in_turn_gives_each_size_its_own_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The detector keeps one OpenCV net per input size (SIZES_KEPT, so that a photo's two
    passes do not set one net up again each time): a size run again after others, or after
    more sizes than it keeps, reads exactly as a fresh net does, and no more nets are read."""
    rng = np.random.default_rng(5)
    sizes = [(72, 96), (168, 224), (72, 96), (120, 160), (96, 128), (72, 88), (168, 224),
             (72, 96)]  # (72, 88): the same height as (72, 96), another size
    assert len(set(sizes)) > SIZES_KEPT == 4
    photos = {size: rng.integers(0, 256, (1, *size, 3), dtype=np.uint8) for size in sizes}
    path = Path(MODEL_DIR) / DETECTOR_FILE
    alone = {size: Net(path).run(photo) for size, photo in photos.items()}
    reads: list[object] = []
    read = cv2.dnn.readNetFromONNX

    def counted(model: np.ndarray) -> object:
        reads.append(model)
        return read(model)

    monkeypatch.setattr(cv2.dnn, "readNetFromONNX", counted)
    net = Net(path)
    for size in sizes:
        out = net.run(photos[size])
        assert out.shape[2:] == (size[0] // 2, size[1] // 2)
        assert np.array_equal(out, alone[size]), size
    assert len(reads) == SIZES_KEPT
    # the least recently used size gave its net to the next new one
    assert list(net._by_size) == [(96, 128), (72, 88), (168, 224), (72, 96)]
