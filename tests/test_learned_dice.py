"""Learned dice: the first reader's last layer fitted on a tray's own dice (dice-check --learn)."""

from __future__ import annotations

import itertools
import json
import math
import shutil
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi import cli
from farkle_pi.commands import dice_check as dice_check_command
from farkle_pi.errors import FarkleError
from farkle_pi.traysim.scene import Scene, SceneSource, SceneSpec
from farkle_pi.traysim.story import Director
from farkle_pi.vision import read_dice
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.find import Candidate
from farkle_pi.vision.learned import NO_EVIDENCE, LearnedDice, labelling, learn
from farkle_pi.vision.lessons import examples
from farkle_pi.vision.model import (
    CLOSE_READER_FILE,
    DETECTOR_FILE,
    MODEL_DIR,
    READER_FILE,
    SECOND_READER_FILE,
    Net,
    load_net,
)
from farkle_pi.vision.read import classify
from farkle_pi.vision.reader import first_looks

TRAY = Path(__file__).resolve().parents[1] / "fixtures" / "tray"


@pytest.mark.parametrize("name", [READER_FILE, SECOND_READER_FILE, CLOSE_READER_FILE])
def test_a_headless_reader_gives_what_its_last_layer_scores(name: str) -> None:
    views = np.random.default_rng(3).integers(0, 256, (5, 40, 40, 3), dtype=np.uint8)
    whole, headless = load_net(name), load_net(name, headless=True)
    assert headless.head is not None and whole.head is None and headless.id == whole.id
    features = headless.run(views).reshape(5, -1)
    assert features.shape == (5, headless.head.weight.shape[1])
    scored = features @ headless.head.weight.T + headless.head.bias
    np.testing.assert_allclose(scored, whole.run(views), atol=1e-4)


def test_a_net_whose_last_layer_is_not_fully_connected_cannot_go_headless() -> None:
    with pytest.raises(FarkleError, match="not one fully connected layer") as error:
        Net(MODEL_DIR / DETECTOR_FILE, headless=True)
    assert "\n" not in str(error.value)


def odds(*faces: tuple[int, float]) -> np.ndarray:
    """One row of reader odds per die: its likeliest face at the given odds."""
    rows = []
    for face, p in faces:
        row = np.full(7, (1.0 - p) / 6.0, np.float32)
        row[face] = p
        rows.append(row)
    return np.array(rows, np.float32)


def test_faces_go_to_the_dice_by_the_readers_odds_unless_that_is_a_guess() -> None:
    assert labelling(odds((3, 0.9), (1, 0.9), (2, 0.8)), [1, 2, 3]) == [3, 1, 2]
    # one die misread as 4 (the 5 it is has more odds than the other 4's 5): still sure
    misread = odds((4, 0.9), (4, 0.6), (1, 0.9))
    misread[1, 5] = 0.35
    assert labelling(misread, [1, 4, 5]) == [4, 5, 1]
    # two dice read as 4, neither more like a 5 than the other: which is which is a guess
    assert labelling(odds((4, 0.9), (4, 0.9), (1, 0.9)), [1, 4, 5]) is None
    assert labelling(odds((2, 0.3), (6, 0.3)), [5, 5]) == [5, 5]  # all alike: nothing to guess


def test_odds_under_what_the_reader_gives_a_wrong_face_do_not_tell_two_dice_apart() -> None:
    """Two 4s read at 0.99, put in as a 4 and a 5: their odds of 5 (0.009 and 0.002, as the
    deeper first reader gave hand_and_light's two 4s) are both noise."""
    two_fours = odds((4, 0.99), (4, 0.96), (1, 0.97))
    two_fours[0, 5], two_fours[1, 5] = 0.002, 0.009
    assert two_fours[:2, 5].max() < 1.25 * NO_EVIDENCE  # 0.0083: both at about the floor
    assert labelling(two_fours, [1, 4, 5]) is None
    two_fours[1, 5] = 0.05  # above it, a die more like a 5 than the other is evidence
    assert labelling(two_fours, [1, 4, 5]) == [4, 5, 1]


def test_the_labelling_is_the_likeliest_of_every_way_to_give_the_faces() -> None:
    """Checked against trying every order of the faces (what a 12-dice set cannot afford)."""
    rng = np.random.default_rng(8)
    for _ in range(300):
        n = int(rng.integers(1, 7))
        faces = [int(f) for f in rng.integers(1, 7, n)]
        probs = rng.dirichlet(np.ones(7), n).astype(np.float32)
        logs = np.log(np.maximum(probs[:, 1:], NO_EVIDENCE))
        ranked = sorted(((sum(float(logs[i, f - 1]) for i, f in enumerate(order)), order)
                         for order in set(itertools.permutations(faces))), reverse=True)
        sure = len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= math.log(4.0)
        assert labelling(probs, faces) == (list(ranked[0][1]) if sure else None)
    read = (1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1)
    pairs = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert labelling(odds(*[(f, 0.9) for f in read]), pairs) == list(read)
    misread = odds(*[(f, 0.9) for f in (1, 2, 3, 4, 4, 6, 6, 5, 4, 3, 2, 1)])  # a 5 read as 4
    assert labelling(misread, pairs) is None  # which of the three 4s is the 5 is a guess


@pytest.fixture(scope="module")
def rendered() -> tuple[np.ndarray, list[Candidate], list[int]]:
    """A rendered tray of 2 2 2 3 3 3, each die where the reader finds it."""
    scene = Scene(Director(seed=11).start_empty(0.5).throw((2, 2, 2, 3, 3, 3)).spec())
    image = scene.render(scene.frame_count() - 1)
    dice = read_dice(image)
    assert sorted(d.value or 0 for d in dice) == [2, 2, 2, 3, 3, 3]
    spots = [Candidate(d.center[0], d.center[1], float(d.bbox[2]), 1.0) for d in dice]
    return image, spots, [d.value or 0 for d in dice]


def test_learning_reads_as_taught_and_leaves_other_faces_alone(
    rendered: tuple[np.ndarray, list[Candidate], list[int]]
) -> None:
    """Taught that the 2s are 5s (as if the reader misread 5s), it reads them as 5s; the 3s
    still read as 3s, and so do the faces of another tray that it was not taught about."""
    image, spots, faces = rendered
    learned = learn([examples(image, spots, [5 if f == 2 else f for f in faces])])
    assert learned.dice == 6 and learned.reader == load_net(READER_FILE).id
    views = first_looks(image, spots)[3]
    assert list(classify(views).argmax(axis=1)) == faces
    taught = list(classify(views, READER_FILE, learned).argmax(axis=1))
    assert taught == [5 if f == 2 else f for f in faces]
    other = Scene(Director(seed=12).start_empty(0.5).throw((1, 4, 6, 5, 1, 6)).spec())
    picture = other.render(other.frame_count() - 1)
    plain = sorted(d.value or 0 for d in read_dice(picture))
    assert plain == [1, 1, 4, 5, 6, 6]
    assert sorted(d.value or 0 for d in read_dice(picture, Calibration(learned=learned))) == plain


def test_learned_dice_are_kept_in_the_calibration_and_checked_when_loaded(
    tmp_path: Path, rendered: tuple[np.ndarray, list[Candidate], list[int]]
) -> None:
    image, spots, faces = rendered
    learned = learn([examples(image, spots, faces)])
    path = tmp_path / "tray.json"
    Calibration(learned=learned).save(path)
    back = Calibration.load(path).learned
    assert back is not None and back.reader == learned.reader and back.dice == 6
    np.testing.assert_allclose(back.weight, learned.weight, atol=1e-5)
    np.testing.assert_allclose(back.bias, learned.bias, atol=1e-5)
    raw = json.loads(path.read_text())
    raw["learned_dice"]["weight"] = raw["learned_dice"]["weight"][:3]  # cut short
    path.write_text(json.dumps(raw))
    with pytest.raises(FarkleError, match="learned_dice is damaged"):
        Calibration.load(path)


def test_dice_learned_on_another_reader_are_refused_in_one_line(
    rendered: tuple[np.ndarray, list[Candidate], list[int]]
) -> None:
    image, spots, faces = rendered
    learned = replace(learn([examples(image, spots, faces)]), reader="0123456789abcdef")
    with pytest.raises(FarkleError, match=r"another dice reader.*dice-check --learn"):
        read_dice(image, Calibration(learned=learned))


def test_nothing_to_learn_from_is_one_line() -> None:
    with pytest.raises(FarkleError, match="no dice to learn from"):
        learn([])


def copied(name: str, tmp_path: Path) -> list[str]:
    """A recording with a copy of its calibration (--learn writes to it)."""
    for suffix in (".calibration.json", ".reference.jpg"):
        shutil.copy(TRAY / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    return ["--source", str(TRAY / f"{name}.mp4"),
            "--calibration", str(tmp_path / f"{name}.calibration.json")]


def test_dice_check_learns_the_dice_into_the_calibration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = copied("basic", tmp_path)
    assert cli.main(["dice-check", *args, "--learn", "--faces", "123456"]) == 0
    out = capsys.readouterr().out
    assert "learned your dice from 6 dice in 1 of 1 rounds" in out
    assert "these rounds read again with them: 6 of 6 dice right (before: 6)" in out
    calibration = Calibration.load(Path(args[-1]))
    assert calibration.learned is not None and calibration.learned.dice == 6
    assert calibration.reference() is not None  # the reference image still found beside it
    assert cli.main(["dice-check", *args]) == 0  # read with them: still all right
    # calibrating again keeps them: the dice are the same dice
    assert cli.main(["calibrate", "--source", str(TRAY / "basic.mp4"), "--die-size", "40",
                     "--out", args[-1]]) == 0
    assert "kept the 6 dice learned before" in capsys.readouterr().out
    assert isinstance(Calibration.load(Path(args[-1])).learned, LearnedDice)


def test_dice_learned_on_the_reader_before_an_update_are_learned_again_by_dice_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The error such dice give elsewhere says to run `dice-check --learn`: it must run."""
    args = copied("basic", tmp_path)
    assert cli.main(["dice-check", *args, "--learn", "--faces", "123456"]) == 0
    path = Path(args[-1])
    raw = json.loads(path.read_text())
    raw["learned_dice"]["reader"] = "0123456789abcdef"  # fitted on a reader since replaced
    path.write_text(json.dumps(raw))
    capsys.readouterr()
    assert cli.main(["dice-check", *args]) == 0
    assert "reading without them; learn them again with --learn" in capsys.readouterr().out
    assert cli.main(["dice-check", *args, "--learn", "--faces", "123456"]) == 0
    assert "these rounds learn them again" in capsys.readouterr().out
    learned = Calibration.load(path).learned
    assert learned is not None and learned.reader != "0123456789abcdef"
    assert cli.main(["dice-check", *args]) == 0
    assert "before the update" not in capsys.readouterr().out


def test_detect_replay_and_evaluate_read_without_dice_learned_on_the_reader_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After an update the tray's photos and recordings still read, as with no learned dice,
    and each command says once on stderr how to learn them again."""
    args = copied("basic", tmp_path)
    kept = tmp_path / "kept"
    assert cli.main(["dice-check", *args, "--learn", "--faces", "123456"]) == 0
    assert cli.main(["dice-check", *args, "--keep", str(kept)]) == 0
    path = Path(args[-1])
    raw = json.loads(path.read_text())
    raw["learned_dice"]["reader"] = "0123456789abcdef"  # fitted on a reader since replaced
    path.write_text(json.dumps(raw))
    plain = tmp_path / "plain.calibration.json"
    shutil.copy(tmp_path / "basic.reference.jpg", tmp_path / "plain.reference.jpg")
    replace(Calibration.load(path), learned=None,
            reference_image=tmp_path / "plain.reference.jpg").save(plain)
    photo = next(kept.glob("*.jpg"))
    capsys.readouterr()

    def run(*command: str) -> tuple[str, str]:
        assert cli.main(list(command)) == 0
        out, err = capsys.readouterr()
        return out.replace(str(plain), str(path)), err

    for command in (["detect", "--json", str(photo)], ["replay", args[1], "--json"]):
        out, err = run(*command, "--calibration", str(path))
        assert err.count("\n") == 1 and "learn them again with farkle-pi dice-check --learn" in err
        expected, quiet = run(*command, "--calibration", str(plain))
        assert not quiet
        assert strip_ms(out) == strip_ms(expected) and "\"value\": 1" in out
    out, err = run("evaluate", str(kept), "--calibration", str(path))
    assert "dice right          6/6 = 100.00%" in out and "before the update" in err


def strip_ms(out: str) -> str:
    """Command output without its timings, which differ from run to run."""
    return "\n".join(json.dumps({k: v for k, v in json.loads(line).items() if k != "ms"})
                     for line in out.splitlines())


def test_a_round_where_faces_would_be_guessed_is_not_learned_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """hand_and_light's dice show 1 2 3 4 4 6: put in as 1 to 6, which 4 is the 5 the odds
    cannot say."""
    args = copied("hand_and_light", tmp_path)
    assert cli.main(["dice-check", *args, "--learn", "--faces", "123456"]) == 2
    out, err = capsys.readouterr()
    assert "round 1 not learned from: which die shows which face is a guess" in out
    assert err.count("\n") == 1 and "no dice to learn from" in err
    assert Calibration.load(Path(args[-1])).learned is None


def test_learning_asks_for_six_rounds_of_one_face_each_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = copied("basic", tmp_path)
    assert cli.main(["dice-check", *args, "--learn"]) == 2  # the recording ends before round 6
    out = capsys.readouterr().out
    assert out.startswith("put 6 dice in the tray, flat and apart, showing 1 1 1 1 1 1;")
    assert "round 2 of 6: take the dice out, then put them in again, moved and turned, " \
           "showing 2 2 2 2 2 2" in out


def test_learning_needs_a_calibration_to_keep_the_dice_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "farkle.toml"
    config.write_text(f'[calibration]\npath = "{tmp_path / "none.json"}"\n')
    code = cli.main(["dice-check", "--config", str(config), "--source",
                     str(TRAY / "basic.mp4"), "--learn"])
    assert code == 2 and "run `farkle-pi calibrate` first" in capsys.readouterr().err


def test_each_round_can_have_its_own_faces(capsys: pytest.CaptureFixture[str]) -> None:
    """basic's second throw is 2 5 5 5: named after a slash, both rounds pass."""
    args = ["--source", str(TRAY / "basic.mp4"),
            "--calibration", str(TRAY / "basic.calibration.json")]
    assert cli.main(["dice-check", *args, "--faces", "123456/2555"]) == 0
    out = capsys.readouterr().out
    assert "round 2 of 2: take the dice out, then put them in again, moved and turned, " \
           "showing 2 5 5 5" in out
    assert "over 2 rounds: 10 of 10 dice read right, 2 of 2 rounds all right" in out


def test_views_learned_from_are_the_views_read(
    rendered: tuple[np.ndarray, list[Candidate], list[int]]
) -> None:
    """A lesson's dice views are the reader's own views of them, in four turns."""
    image, spots, faces = rendered
    lesson = examples(image, spots, faces)
    seen = first_looks(image, spots)[3]
    assert lesson.dice == 6 and len(lesson.views) == len(lesson.labels)
    assert lesson.labels[:6] == faces and lesson.labels.count(0) % 4 == 0
    np.testing.assert_array_equal(lesson.views[0], seen[0])
    first_turns = lesson.views[len(lesson.views) // 4:][:3]  # the first view's three turns
    assert lesson.labels[len(lesson.views) // 4:][:3] == [faces[0]] * 3
    for turned, code in zip(first_turns, (cv2.ROTATE_90_COUNTERCLOCKWISE, cv2.ROTATE_180,
                                          cv2.ROTATE_90_CLOCKWISE), strict=True):
        np.testing.assert_array_equal(turned, cv2.rotate(seen[0], code))


def test_the_shipped_layer_as_learned_dice_reads_as_the_shipped_reader(
    rendered: tuple[np.ndarray, list[Candidate], list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The headless net and numpy's last layer are the reader itself: same faces, same odds
    (as the first reader alone reads: learned dice have no tiny reader before them)."""
    from farkle_pi.vision import reader

    monkeypatch.setattr(reader, "TINY_SURE", 2.0)  # never sure: the first reader reads all
    image = rendered[0]
    headless = load_net(READER_FILE, headless=True)
    assert headless.head is not None
    same = LearnedDice(headless.id, headless.head.weight, headless.head.bias, 1)
    plain, learned = read_dice(image), read_dice(image, Calibration(learned=same))
    assert [d.value for d in learned] == [d.value for d in plain]
    np.testing.assert_allclose([d.confidence for d in learned], [d.confidence for d in plain],
                               atol=1e-5)


def test_six_rounds_of_one_face_each_teach_the_dice_end_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`dice-check --learn` as the players run it, on a rendered tray filmed at 10 fps: six
    rounds, all dice on one face in each, taken out in between; then learned and kept."""
    director = Director(seed=21, base=SceneSpec(seed=21, fps=10.0)).start_empty(1.0)
    for face in range(1, 7):
        director = director.throw((face,) * 6).pick_up().wait(0.5)
    scene = Scene(director.spec())
    path = tmp_path / "tray.json"
    scene.calibrate(tmp_path / "empty.png").save(path)
    monkeypatch.setattr(dice_check_command, "open_camera",
                        lambda args, camera: SceneSource(scene))
    assert cli.main(["dice-check", "--calibration", str(path), "--learn", "--wait", "5"]) == 0
    out = capsys.readouterr().out
    assert "round 6 of 6: take the dice out, then put them in again, moved and turned, " \
           "showing 6 6 6 6 6 6" in out
    assert "over 6 rounds: 36 of 36 dice read right, 6 of 6 rounds all right" in out
    assert "learned your dice from 36 dice in 6 of 6 rounds" in out
    learned = Calibration.load(path).learned
    assert learned is not None and learned.dice == 36
