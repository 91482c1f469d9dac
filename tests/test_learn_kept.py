"""`farkle-pi learn FOLDER`: every photo kept by `dice-check --keep` teaches the reader."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_learned_dice import copied

from farkle_pi import cli
from farkle_pi.commands import learn as learn_command
from farkle_pi.devices.imagefile import read_image
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.dataset import LabelledImage, fold_of, is_holdout, load_folder
from farkle_pi.vision.evaluate import Score
from farkle_pi.vision.keep import Box, keep_photo
from farkle_pi.vision.learned import Examples, LearnedDice
from farkle_pi.vision.learned import learn as learn_layer
from farkle_pi.vision.lessons import labelled, lesson
from farkle_pi.vision.reader import read_dice


def kept_dice(photo: LabelledImage) -> list[tuple[int, Box]]:
    """The photo's labels as keep_photo takes them: its boxes were kept in whole pixels."""
    dice = []
    for die in photo.dice:
        x, y, w, h = (round(v) for v in die.bbox)
        dice.append((die.value, (x, y, w, h)))
    return dice


def names(held_out: bool, count: int) -> list[str]:
    """Photo stems that the fixed split holds out (or does not)."""
    stems = (f"evening-{k}" for k in range(200))
    return [s for s in stems if is_holdout(f"{s}.jpg") == held_out][:count]


def in_group(group: int, count: int) -> list[str]:
    """Photo stems of one of the five groups that `learn` checks each by the others."""
    stems = (f"evening-{k}" for k in range(200))
    return [s for s in stems if fold_of(f"{s}.jpg") == group][:count]


def keep_as(folder: Path, stems: list[str], kept: Path) -> None:
    """The fixture's photo kept again in `folder` under each of these names."""
    photo = load_folder(kept)[0]
    picture = read_image(photo.path)
    for stem in stems:
        keep_photo(folder, stem, picture, kept_dice(photo))


@pytest.fixture
def kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, list[str]]:
    """basic.mp4's first throw (1 to 6) kept by dice-check, then under names of both splits."""
    args = copied("basic", tmp_path)
    assert cli.main(["dice-check", *args, "--rounds", "1", "--keep", str(tmp_path / "first")]) == 0
    photo = load_folder(tmp_path / "first")[0]
    picture = read_image(photo.path)
    for stem in names(False, 2) + names(True, 1):
        keep_photo(tmp_path / "kept", stem, picture, kept_dice(photo))
    capsys.readouterr()
    return tmp_path / "kept", args[-2:]


def test_kept_photos_teach_the_tray_and_each_is_checked_by_what_the_others_taught(
    kept: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, calibration = kept
    assert cli.main(["learn", str(folder), *calibration]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["learning from 3 photos ...",
                   "learned your dice from 18 dice in 3 photos",
                   "checking it: each photo read by what the others taught ...",
                   "3 photos, 18 dice: 18 read right, 0 wrong and sure "
                   "(with no learned dice: 18, 0)",
                   f"saved in {calibration[1]}"]
    learned = Calibration.load(Path(calibration[1])).learned
    assert learned is not None and learned.dice == 18  # every photo teaches the layer kept


def test_no_photo_is_read_by_a_layer_that_learned_it(
    kept: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five groups by name: each photo is read by a layer learned from the other groups only,
    and by the reader with no learned dice for the comparison (not by what an earlier run of
    `learn` kept, which learned from these photos)."""
    folder, calibration = kept
    keep_as(folder, in_group(2, 2) + in_group(3, 1), folder)
    assert cli.main(["learn", str(folder), *calibration]) == 0
    assert Calibration.load(Path(calibration[1])).learned is not None
    taught: list[tuple[LearnedDice, list[Examples]]] = []  # each layer learned, its lessons
    photo_of: list[tuple[Examples, str]] = []  # each lesson with its photo's name
    reads: list[tuple[str, LearnedDice | None]] = []  # each photo read, and by which layer

    def lessons_of(photos: list[LabelledImage], tray: Calibration
                   ) -> tuple[dict[LabelledImage, Examples], list[str]]:
        lessons, unread = real_lessons_of(photos, tray)
        photo_of.extend((lesson, photo.path.name) for photo, lesson in lessons.items())
        return lessons, unread

    def learn(lessons: list[Examples]) -> LearnedDice:
        layer = real_learn(lessons)
        taught.append((layer, lessons))
        return layer

    def measure(photos: list[LabelledImage], tray: Calibration) -> Score:
        reads.extend((photo.path.name, tray.learned) for photo in photos)
        return real_measure(photos, tray)

    def teachers_of(layer: LearnedDice) -> set[str]:
        lessons = next(lessons for learned, lessons in taught if learned is layer)
        return {name for lesson, name in photo_of if any(lesson is t for t in lessons)}

    real_lessons_of, real_learn, real_measure = (learn_command.lessons_of, learn_layer,
                                                 learn_command.measure)
    monkeypatch.setattr(learn_command, "lessons_of", lessons_of)
    monkeypatch.setattr(learn_command, "learn", learn)
    monkeypatch.setattr(learn_command, "measure", measure)
    assert cli.main(["learn", str(folder), *calibration]) == 0
    names = sorted(name for _, name in photo_of)
    assert len(names) == 6 and {fold_of(name) for name in names} == {0, 1, 2, 3}
    plain = sorted(name for name, layer in reads if layer is None)
    assert plain == names
    checked = [(name, layer) for name, layer in reads if layer is not None]
    assert sorted(name for name, _ in checked) == names
    for name, layer in checked:
        teachers = teachers_of(layer)
        assert name not in teachers and fold_of(name) not in {fold_of(t) for t in teachers}
        assert len(teachers) == sum(fold_of(other) != fold_of(name) for other in names)
    kept_layer = Calibration.load(Path(calibration[1])).learned
    assert kept_layer is not None and kept_layer.dice == 36


def test_what_reads_the_photos_worse_is_not_saved(
    kept: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Fewer right or more sure and wrong than with no learned dice, on photos each read by
    what the others taught: the tray keeps reading as it did (a reader that already knows the
    dice gains nothing worth the risk)."""
    folder, calibration = kept
    plain, learned = Score(photos=1, dice=6, right=6), Score(photos=1, dice=6, right=6,
                                                              wrong_confident=1)
    monkeypatch.setattr(learn_command, "cross_check", lambda lessons, tray: (plain, learned))
    assert cli.main(["learn", str(folder), *calibration]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-2] == ("1 photo, 6 dice: 6 read right, 1 wrong and sure "
                       "(with no learned dice: 6, 0)")
    assert out[-1] == (f"not saved: the photos read worse with what the others taught, so "
                       f"{calibration[1]} reads as before")
    assert Calibration.load(Path(calibration[1])).learned is None


def test_what_was_learned_before_is_not_the_measure(
    kept: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    """A layer saved from these photos would read them as if it had never seen them; each run
    compares with the reader that learned nothing, so learning again gives the same check."""
    folder, calibration = kept
    assert cli.main(["learn", str(folder), *calibration]) == 0
    first = capsys.readouterr().out.splitlines()
    assert Calibration.load(Path(calibration[1])).learned is not None
    assert cli.main(["learn", str(folder), *calibration]) == 0
    assert capsys.readouterr().out.splitlines() == first


def test_a_kept_photo_teaches_the_views_its_round_would_have_taught(
    kept: tuple[Path, list[str]]
) -> None:
    """Learning from the folder later is learning in the sitting: the same views and faces."""
    folder, calibration = kept
    tray = Calibration.load(Path(calibration[1]))
    photo = load_folder(folder)[0]
    picture = read_image(photo.path)
    dice = [d for d in read_dice(picture, tray) if tray.inside(d.center)]
    from_label = labelled(picture, photo.dice, tray)
    in_sitting = lesson(picture, dice, [d.value for d in photo.dice], tray)
    assert not isinstance(in_sitting, str)
    assert sorted(from_label.labels) == sorted(in_sitting.labels)
    assert from_label.dice == in_sitting.dice == 6
    order = sorted(range(6), key=lambda k: from_label.labels[k])
    same = sorted(range(6), key=lambda k: in_sitting.labels[k])
    for mine, theirs in zip(order, same, strict=True):  # the kept box is the read box, rounded
        diff = np.abs(from_label.views[mine].astype(int) - in_sitting.views[theirs].astype(int))
        assert diff.mean() < 8
    other = from_label.views[order[0]].astype(int) - in_sitting.views[same[1]].astype(int)
    assert np.abs(other).mean() > 8  # another die's view is no match


def test_a_photo_that_cannot_be_read_is_left_out_in_one_line(
    kept: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, calibration = kept
    (folder / f"{names(False, 1)[0]}.jpg").write_bytes(b"not a picture")
    assert cli.main(["learn", str(folder), *calibration]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.endswith("; not learned from\n")
    assert "learned your dice from 12 dice in 2 photos\n" in out
    assert "\n2 photos, 12 dice: 12 read right, 0 wrong and sure" in out


def test_nothing_to_learn_from_or_keep_it_in_is_one_line(
    kept: tuple[Path, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, calibration = kept
    assert cli.main(["learn", str(tmp_path), *calibration]) == 2
    assert "no labels.jsonl in" in capsys.readouterr().err
    assert cli.main(["learn", str(folder), "--calibration", str(tmp_path / "none.json")]) == 2
    assert "run `farkle-pi calibrate` first" in capsys.readouterr().err
    stem = in_group(1, 1)[0]
    keep_as(tmp_path / "broken", [stem], folder)
    (tmp_path / "broken" / f"{stem}.jpg").write_bytes(b"not a picture")
    assert cli.main(["learn", str(tmp_path / "broken"), *calibration]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[0].endswith("; not learned from")
    assert "no photo in" in err[1] and "(1 kept)" in err[1]
    assert Calibration.load(Path(calibration[1])).learned is None


def test_photos_of_one_group_teach_but_cannot_check_each_other(
    kept: tuple[Path, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Photos of one group only (one photo, say): what they teach is kept, and the command says
    it could not be checked yet."""
    folder, calibration = kept
    keep_as(tmp_path / "one", in_group(4, 1), folder)
    assert cli.main(["learn", str(tmp_path / "one"), *calibration]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "learned your dice from 6 dice in 1 photo"
    assert out[3] == (f"saved in {calibration[1]}, not checked: too few photos to read each by "
                      "what the others taught - keep more with `farkle-pi dice-check --keep`")
    learned = Calibration.load(Path(calibration[1])).learned
    assert learned is not None and learned.dice == 6
