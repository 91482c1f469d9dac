"""The reader on real photos from ../shared/data (skipped when that folder is absent).

The floors are for the hold-out split of byler_d6 that training never saw
(farkle_pi.vision.dataset.is_holdout); the measured figures are in models/dice_reader.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shared_data import real_photos

from farkle_pi.devices.imagefile import read_image
from farkle_pi.vision.dataset import apply_review, collections, is_holdout, load_folder
from farkle_pi.vision.evaluate import Score, evaluate, match
from farkle_pi.vision.reader import read_dice


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


HOLDOUT_DIE_FLOOR = 0.935  # measured 0.942 (0.949 before session 32, 0.953 before session 30)
HOLDOUT_PHOTO_FLOOR = 0.6  # measured 0.649 (0.702 with session 31's second readers, 0.754 before)
HOLDOUT_MAX_WRONG_CONFIDENT = 3  # measured 2 (1 of them a label error, see below; 3 before)
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


def test_dice_a_second_reader_settled_are_marked_on_a_real_photo() -> None:
    """A hold-out photo of seven smoky dice: the first reader reads one 2 itself and is
    unsure of the rest, the second opinions settle the other 2 and the 5 (rightly), the
    other four stay unread."""
    photo = next(p for p in load_folder(real_photos("byler_d6"))
                 if p.path.name == "IMG_20191209_095854.jpg")
    pairs = match(photo.dice, read_dice(read_image(photo.path)))
    settled = sorted(lab.value for lab, r in pairs if r is not None and r.settled)
    assert settled == [2, 5]  # measured 0.86 and 0.85 (0.93 for the 5 before session 32)
    read_alone = [lab.value for lab, r in pairs if r is not None and r.value is not None
                  and not r.settled]
    assert read_alone == [2]  # measured 0.80, after the first reader's second look
    assert all(r is not None and r.value in (None, lab.value) for lab, r in pairs)
