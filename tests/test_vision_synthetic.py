"""The reader on the project's own synthetic photos (fixtures/vision): exact answers."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi.vision import Calibration, DieReading, read_dice
from farkle_pi.vision.dataset import LabelledDie, load_folder
from farkle_pi.vision.evaluate import evaluate, match

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "vision"


def _image(name: str) -> np.ndarray:
    img = cv2.imread(str(FIXTURES / name), cv2.IMREAD_COLOR)
    assert img is not None, name
    return np.asarray(img, np.uint8)


def test_tray_scene_is_read_exactly() -> None:
    """Four white dice with black pips on felt: every value exact, nothing extra."""
    truth = json.loads((FIXTURES / "tray_labels.json").read_text())
    cal = Calibration.load(FIXTURES / "tray_calibration.json")
    readings = read_dice(_image("tray_dice.png"), cal)
    labels = tuple(LabelledDie(d["value"], tuple(d["bbox"])) for d in truth["inside"])
    pairs = match(labels, readings)
    assert [lab.value for lab, _ in pairs] == [r.value if r else None for _, r in pairs]
    assert len(readings) == len(labels)


def test_readings_are_plain_data_in_image_pixels() -> None:
    img = _image("synth_00.png")
    for r in read_dice(img):
        assert isinstance(r, DieReading)
        x, y, w, h = r.bbox
        assert 0 <= r.center[0] < img.shape[1] and 0 <= r.center[1] < img.shape[0]
        assert x <= r.center[0] <= x + w and y <= r.center[1] <= y + h
        assert 0.0 <= r.confidence <= 1.0
        assert len(r.colour_bgr) == 3 and r.colour_name
        assert r.flat and not r.at_edge


def test_greyscale_input_is_accepted() -> None:
    grey = cv2.cvtColor(_image("tray_dice.png"), cv2.COLOR_BGR2GRAY)
    cal = Calibration.load(FIXTURES / "tray_calibration.json")
    readings = read_dice(np.asarray(grey, np.uint8), cal)
    assert readings and all(isinstance(r, DieReading) for r in readings)


def test_calibration_keeps_dice_in_the_tray_only() -> None:
    cal = Calibration.load(FIXTURES / "tray_calibration.json")
    truth = json.loads((FIXTURES / "tray_labels.json").read_text())
    img = _image("tray_dice.png")
    ox, _, ow, _ = truth["outside"][0]["bbox"]
    no_tray = read_dice(img, Calibration(die_size_px=cal.die_size_px))
    with_cal = read_dice(img, cal)
    assert any(abs(r.center[0] - ox - ow / 2) < ow / 2 for r in no_tray)  # seen without tray
    assert not any(abs(r.center[0] - ox - ow / 2) < ow / 2 for r in with_cal)
    assert sorted(r.value or 0 for r in with_cal) == sorted(d["value"] for d in truth["inside"])
    assert all(r.colour_name == "white" for r in with_cal)


def test_empty_tray_has_no_dice() -> None:
    assert read_dice(_image("tray_empty.png")) == []
    cal = Calibration.load(FIXTURES / "tray_calibration.json")
    assert read_dice(_image("tray_empty.png"), cal) == []


def test_calibration_json_round_trip(tmp_path: Path) -> None:
    assert cv2.imwrite(str(tmp_path / "ref.png"), np.zeros((8, 8, 3), np.uint8))
    cal = Calibration(reference_image=tmp_path / "ref.png", tray_polygon=((0, 0), (9, 0), (9, 9)),
                      keep_zone_polygon=((1, 1), (2, 1), (2, 2)), die_size_px=40.0)
    cal.save(tmp_path / "cal.json")
    back = Calibration.load(tmp_path / "cal.json")
    assert back.tray_polygon == cal.tray_polygon and back.die_size_px == 40.0
    assert back.keep_zone_polygon == cal.keep_zone_polygon
    assert back.inside((5, 1)) and not back.inside((50, 50))


def test_random_synthetic_scenes_floor() -> None:
    """Renders from the generator of the synthetic training scenes, other seeds: the floor
    records today's level (25 of 27 dice right, 1 wrong and confident)."""
    score = evaluate(load_folder(FIXTURES))
    assert score.summary()["die_accuracy"] >= SYNTH_DIE_FLOOR
    assert score.wrong_confident <= 1


SYNTH_DIE_FLOOR = 0.9


def test_hard_synthetic_dice_floor() -> None:
    """Every die marbled or with pips that barely stand out (fixtures/vision/hard). The first
    reader learned from such renders (`--hard-synth 0.5`), never these: another seed. Today:
    29 of 32 dice right, 1 missed, 2 unreadable, none wrong and confident (21 right and 1
    wrong before the thirtieth session's reader). The floor keeps it from sliding."""
    score = evaluate(load_folder(FIXTURES / "hard"))
    assert score.dice == 32
    assert score.right >= 28
    assert score.wrong_confident <= 1


def test_close_up_dice_are_read_at_their_size() -> None:
    """Dice 90-150 px across (camera close to the table) are found whole, not as pips."""
    score = evaluate(load_folder(FIXTURES / "closeup"))
    assert score.dice >= 10
    assert (score.missed, score.extra, score.wrong_confident) == (0, 0, 0)
    assert score.right >= score.dice - 1


def test_a_calibrated_close_up_is_found_whole() -> None:
    """A camera close to the tray (dice 90-150 px) calibrated with that die size: the
    detector still sees the dice with room around them, so none is missed."""
    for photo in load_folder(FIXTURES / "closeup"):
        side = float(np.median([min(d.bbox[2:]) for d in photo.dice])) / 1.2
        image = np.asarray(cv2.imread(str(photo.path)), np.uint8)
        readings = read_dice(image, Calibration(die_size_px=side))
        assert all(r is not None for _, r in match(photo.dice, readings)), photo.path.name


def test_close_up_is_noticed_only_on_close_ups() -> None:
    """The coarse pass changes nothing for dice the default scale already fits."""
    from farkle_pi.vision import find

    for name in ("synth_00.png", "synth_03.png"):
        img = _image(name)
        default_scale = find.detector_scale(img.shape, None)
        default = find._suppress_close(find._detect(img, default_scale), None)
        assert find.find_candidates(img) == default


@pytest.mark.parametrize("shape", [(16, 16, 3), (16, 3000, 3), (2000, 16, 3), (17, 17)])
def test_the_smallest_pictures_allowed_are_read_without_error(shape: tuple[int, ...]) -> None:
    image = np.random.default_rng(sum(shape)).integers(0, 256, shape, dtype=np.uint8)
    assert isinstance(read_dice(image), list)
