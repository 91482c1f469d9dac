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
from farkle_pi.vision.dataset import LabelledImage, is_holdout, load_folder
from farkle_pi.vision.evaluate import Score
from farkle_pi.vision.keep import Box, keep_photo
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


def test_kept_photos_teach_the_tray_and_the_held_out_one_measures_it(
    kept: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, calibration = kept
    assert cli.main(["learn", str(folder), *calibration]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["learning from 2 photos, 1 held out ...",
                   "learned your dice from 12 dice in 2 photos",
                   "the photo held out, 6 dice: 6 read right, 0 wrong and sure (before: 6, 0)",
                   f"saved in {calibration[1]}"]
    learned = Calibration.load(Path(calibration[1])).learned
    assert learned is not None and learned.dice == 12


def test_what_reads_the_held_out_photos_worse_is_not_saved(
    kept: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Fewer right or more sure and wrong on the photos it did not learn from: the tray keeps
    reading as it did (a reader that already knows the dice gains nothing worth the risk)."""
    folder, calibration = kept
    readings = iter([Score(dice=6, right=6), Score(dice=6, right=6, wrong_confident=1)])
    monkeypatch.setattr(learn_command, "measure", lambda photos, tray: next(readings))
    assert cli.main(["learn", str(folder), *calibration]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-2] == "the photo held out, 6 dice: 6 read right, 1 wrong and sure (before: 6, 0)"
    assert out[-1] == (f"not saved: the photos held out read worse with it, so {calibration[1]} "
                       "reads as before")
    assert Calibration.load(Path(calibration[1])).learned is None


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
    assert "learned your dice from 6 dice in 1 photo\n" in out


def test_nothing_to_learn_from_or_keep_it_in_is_one_line(
    kept: tuple[Path, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, calibration = kept
    assert cli.main(["learn", str(tmp_path), *calibration]) == 2
    assert "no labels.jsonl in" in capsys.readouterr().err
    assert cli.main(["learn", str(folder), "--calibration", str(tmp_path / "none.json")]) == 2
    assert "run `farkle-pi calibrate` first" in capsys.readouterr().err
    only_held = tmp_path / "held"
    photo: LabelledImage = load_folder(folder)[-1]
    picture = read_image(photo.path)
    assert is_holdout(photo.path.name)
    keep_photo(only_held, photo.path.stem, picture, kept_dice(photo))
    assert cli.main(["learn", str(only_held), *calibration]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no photo in" in err and "1 of them held out" in err
    assert Calibration.load(Path(calibration[1])).learned is None
