"""The reader on real photos from ../shared/data (skipped when that folder is absent).

The floors are for the hold-out split of byler_d6 that training never saw
(farkle_pi.vision.dataset.is_holdout); the measured figures are in models/dice_reader.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shared_data import real_photos

from farkle_pi.devices.imagefile import read_image
from farkle_pi.vision.dataset import (
    LabelledDie,
    apply_review,
    collections,
    is_holdout,
    load_folder,
)
from farkle_pi.vision.evaluate import Score, evaluate, match
from farkle_pi.vision.reader import read_dice
from farkle_pi.vision.types import DieReading


@pytest.fixture(scope="module")
def holdout_score() -> Score:
    photos = [p for p in load_folder(real_photos("byler_d6")) if is_holdout(p.path.name)]
    assert len(photos) > 40
    return evaluate(photos)


def test_holdout_die_accuracy_floor(holdout_score: Score) -> None:
    assert holdout_score.summary()["die_accuracy"] >= HOLDOUT_DIE_FLOOR


def test_holdout_photo_accuracy_floor(holdout_score: Score) -> None:
    assert holdout_score.summary()["photo_accuracy"] >= HOLDOUT_PHOTO_FLOOR


def test_holdout_rarely_wrong_and_confident(holdout_score: Score) -> None:
    assert holdout_score.wrong_confident <= HOLDOUT_MAX_WRONG_CONFIDENT


def test_holdout_few_missed_or_extra(holdout_score: Score) -> None:
    assert holdout_score.missed + holdout_score.extra <= HOLDOUT_MAX_MISSED_EXTRA


HOLDOUT_DIE_FLOOR = 0.95  # measured 0.960 (0.942 before session 35, 0.953 before 30)
HOLDOUT_PHOTO_FLOOR = 0.7  # measured 0.737 (0.649 before session 35, 0.754 before 32)
HOLDOUT_MAX_WRONG_CONFIDENT = 3  # measured 2 (1 of them a label error, see below)
HOLDOUT_MAX_MISSED_EXTRA = 6  # measured 4 (6 before crowded candidates)


REVIEW = Path(__file__).resolve().parents[1] / "fixtures" / "label_review" / "byler_d6.jsonl"


def test_the_label_review_fits_byler_labels() -> None:
    """Six byler labels are plainly wrong (fixtures/label_review); if shared/data fixes them,
    this fails and the review should lose those lines."""
    photos = load_folder(real_photos("byler_d6"))
    reviewed, corrected = apply_review(photos, REVIEW)
    assert len(corrected) == 6
    assert [is_holdout(name) for name in corrected].count(True) == 1
    changed = sum(a.value != b.value for p, q in zip(photos, reviewed, strict=True)
                  for a, b in zip(p.dice, q.dice, strict=True))
    assert changed == 6


def test_close_ups_are_found_at_their_size() -> None:
    """rune55's `circle` photos hold dice 150-270 px across. They are training photos, so
    this checks the close-up scale choice, not how well unseen dice are read."""
    rune55 = real_photos("rune55")
    circle = {name for name, group in collections(rune55).items() if group == "circle"}
    photos = [p for p in load_folder(rune55) if p.path.name in circle][:120]
    summary = evaluate(photos).summary()
    assert summary["found"] >= 0.9 * summary["dice"]  # measured 0.93 (these 120), 0.92 (all 834)
    assert summary["extra"] <= 0.1 * summary["dice"]  # measured 0.06 (these 120), 0.04 (all 834)
    assert summary["die_accuracy"] >= 0.8  # measured 0.867 (these 120); 0.002 before


def _pairs(name: str) -> list[tuple[LabelledDie, DieReading | None]]:
    photo = next(p for p in load_folder(real_photos("byler_d6")) if p.path.name == name)
    return match(photo.dice, read_dice(read_image(photo.path)))


def test_smoky_dice_the_reader_cannot_tell_stay_unread_on_a_real_photo() -> None:
    """A hold-out photo of seven smoky see-through dice with red pips: the first reader reads
    the two 2s and the 5 (measured 0.81, 0.92, 0.95), the other four stay unread, none wrong."""
    pairs = _pairs("IMG_20191209_095854.jpg")
    assert sorted(lab.value for lab, r in pairs if r is not None and r.value) == [2, 2, 5]
    assert all(r is not None and r.value in (None, lab.value) for lab, r in pairs)
    assert not any(r is not None and r.settled for _, r in pairs)


def test_dice_a_second_reader_settled_are_marked_on_a_real_photo() -> None:
    """A training-split photo of three dice: the first reader reads the red 5 and the black 6
    itself and is unsure of the smoky 4, which the second opinions settle (measured 0.94)."""
    pairs = _pairs("IMG_20191209_100602.jpg")
    assert [(lab.value, r.value, r.settled) for lab, r in pairs if r is not None] == [
        (5, 5, False), (6, 6, False), (4, 4, True)]
