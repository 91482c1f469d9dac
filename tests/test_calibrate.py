"""`farkle-pi calibrate` on a recording: the empty tray, its outline and the die size."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi import cli
from farkle_pi.devices.frames import Frame
from farkle_pi.tray.calibrate import die_size, parse_points
from farkle_pi.traysim.art import off_centre_die, place, texture
from farkle_pi.vision.calibration import Calibration

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "tray" / "basic.mp4"
TRUE_TRAY = np.array([(40, 40), (520, 40), (520, 440), (40, 440)], np.float32)
TRUE_DIE = 40.0


def test_calibrate_finds_the_tray_and_measures_a_die(tmp_path: Path) -> None:
    out = tmp_path / "cal" / "tray.json"
    assert cli.main(["calibrate", "--source", str(FIXTURE), "--out", str(out)]) == 0
    calibration = Calibration.load(out)
    found = np.array(calibration.tray_polygon, np.float32)
    assert len(found) == 4
    for corner in TRUE_TRAY:  # every true corner has a found corner near it
        assert np.min(np.linalg.norm(found - corner, axis=1)) < 10
    assert calibration.die_size_px == pytest.approx(TRUE_DIE, rel=0.1)
    assert calibration.perspective == pytest.approx(0.0, abs=5e-4)  # rendered straight down
    reference = calibration.reference()
    assert reference is not None and reference.shape == (480, 640, 3)
    first = cv2.VideoCapture(str(FIXTURE)).read()[1]
    assert float(cv2.absdiff(reference, first).mean()) < 3  # the empty tray, not dice or hands


def test_calibrate_takes_a_given_outline_keep_zone_and_die_size(tmp_path: Path) -> None:
    out = tmp_path / "tray.json"
    args = ["calibrate", "--source", str(FIXTURE), "--out", str(out), "--tray",
            "40,40,520,40,520,440,40,440", "--keep-zone", "540,60,625,60,625,420",
            "--die-size", "38"]
    assert cli.main(args) == 0
    raw = json.loads(out.read_text())
    assert raw["tray_polygon"] == [[40, 40], [520, 40], [520, 440], [40, 440]]
    assert raw["keep_zone_polygon"] == [[540, 60], [625, 60], [625, 420]]
    assert raw["die_size_px"] == 38
    assert raw["reference_image"] == "tray.reference.png"


def test_an_all_empty_recording_has_no_die_to_measure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    reference = cv2.VideoCapture(str(FIXTURE)).read()[1]
    for i in range(20):
        cv2.imwrite(str(frames / f"{i:03d}.png"), reference)
    code = cli.main(["calibrate", "--source", str(frames), "--out", str(tmp_path / "c.json")])
    assert code == 2
    assert "no die seen in the tray" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["1,2,3,4", "1,2,3,4,5", "a,b,c,d,e,f"])
def test_bad_points_are_refused(text: str) -> None:
    with pytest.raises(Exception, match="--tray"):
        parse_points(text, "--tray")


def test_calibrate_takes_its_source_and_file_from_the_config(tmp_path: Path) -> None:
    out = tmp_path / "state" / "calibration.json"
    config = tmp_path / "farkle.toml"
    config.write_text(f'[camera]\nsource = "{FIXTURE}"\n\n[calibration]\npath = "{out}"\n')
    assert cli.main(["calibrate", "--config", str(config), "--die-size", "40"]) == 0
    assert Calibration.load(out).die_size_px == 40
    assert (out.parent / "calibration.reference.png").is_file()


@pytest.mark.parametrize("size", ["-5", "2", "nan", "5000"])
def test_a_die_size_no_calibration_could_load_is_refused_before_capture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    out = tmp_path / "c.json"
    code = cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", size, "--out", str(out)])
    assert code == 2 and not out.exists()
    out_text, err = capsys.readouterr()
    assert "--die-size" in err and err.count("\n") == 1 and "capturing" not in out_text


def test_a_given_die_size_round_trips(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    assert cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--out", str(out)]) == 0
    assert Calibration.load(out).die_size_px == 40.0


def _still_frames(image: np.ndarray, count: int = 8) -> list[Frame]:
    return [Frame(image, i / 15.0, i) for i in range(count)]


@pytest.mark.parametrize(("distance", "expected"), [(200.0, 0.38 / 200.0), (0.0, None)])
def test_the_die_put_in_measures_the_cameras_perspective(
    distance: float, expected: float | None
) -> None:
    """A flat die 200 px from the centre that shows 0.38 of its side face (a Camera Module 2
    at 640x480) gives 0.0019 a pixel, and its side without that face; one in the middle
    cannot tell."""
    empty = texture("felt", (640, 480), (60, 110, 40), np.random.default_rng(3))
    canvas = empty.copy()
    sprite = off_centre_die(3, 2, 40, (225, 225, 225), (25, 25, 25), distance / 530.0)
    place(canvas, sprite, (320.0 - distance, 240.0), 90.0)  # its side face to the right
    frame = np.clip(canvas, 0, 255).astype(np.uint8)
    reference = np.clip(empty, 0, 255).astype(np.uint8)
    tray = ((10.0, 10.0), (630.0, 10.0), (630.0, 470.0), (10.0, 470.0))
    measured = die_size(_still_frames(frame), reference, tray)
    assert measured.side == pytest.approx(40.0, rel=0.06)  # its top, not its side face too
    if expected is None:
        assert measured.perspective is None
    else:
        assert measured.perspective == pytest.approx(expected, rel=0.25)


@pytest.mark.parametrize(("tray", "says"), [
    ("nan,0,10,10,0,10", "must be plain numbers"),
    ("40,40,520,440,520,40,40,440", "its sides cross; give the corners in order"),
    ("0,0,0,0,0,0", "encloses 0 px², less than 4 dice of 40 px"),
    ("0,0,10,0,10,10,0,10", "encloses 100 px², less than 4 dice of 40 px"),
])
def test_an_outline_that_cannot_work_is_refused_before_capture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tray: str, says: str
) -> None:
    """Saved, these put every die "outside" (or made a file nothing could load), and the
    default --out is the config's own calibration."""
    out = tmp_path / "c.json"
    code = cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40", f"--tray={tray}",
                     "--out", str(out)])
    out_text, err = capsys.readouterr()
    assert code == 2 and not out.exists() and "capturing" not in out_text
    assert says in err and err.count("\n") == 1


def test_calibrate_refuses_to_save_over_the_recording_it_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--out` the source itself once replaced the video with the calibration's JSON."""
    video = tmp_path / "tray.mp4"
    video.write_bytes(FIXTURE.read_bytes())
    code = cli.main(["calibrate", "--source", str(video), "--die-size", "40",
                     "--out", str(video)])
    out_text, err = capsys.readouterr()
    assert code == 2 and video.read_bytes() == FIXTURE.read_bytes()
    assert "would overwrite" in err and err.count("\n") == 1 and "capturing" not in out_text


def test_calibrate_refuses_to_save_its_empty_tray_over_a_picture_it_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    picture = frames / "c.reference.png"
    picture.write_bytes(b"a frame")
    code = cli.main(["calibrate", "--source", str(frames), "--die-size", "40",
                     "--out", str(frames / "c.json")])
    assert code == 2 and picture.read_bytes() == b"a frame"
    assert not (frames / "c.json").exists()
    assert "would overwrite" in capsys.readouterr().err


@pytest.mark.parametrize("kept", [b"SQLite format 3\x00 a game database",
                                  b"[table]\nplayers = ['Ann']\n", b"\x89PNG\r\n\x1a\n"])
def test_calibrate_refuses_to_replace_a_file_that_is_not_a_calibration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kept: bytes
) -> None:
    """A mistyped --out (the game database, the config) was replaced by the calibration."""
    other = tmp_path / "farkle.db"
    other.write_bytes(kept)
    code = cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--out", str(other)])
    out_text, err = capsys.readouterr()
    assert code == 2 and other.read_bytes() == kept
    assert not (tmp_path / "farkle.reference.png").exists() and "capturing" not in out_text
    assert "is not a tray calibration" in err and err.count("\n") == 1


@pytest.mark.parametrize("before", [b"", b'{"reference_image": "c.ref', b"  \n"])
def test_calibrate_replaces_an_empty_or_damaged_calibration(tmp_path: Path,
                                                            before: bytes) -> None:
    out = tmp_path / "c.json"
    out.write_bytes(before)
    assert cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--out", str(out)]) == 0
    assert Calibration.load(out).die_size_px == 40.0


def test_a_folder_as_the_calibration_file_is_refused_before_capture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It failed after the capture, saying to free some space, and left
    `<folder>.reference.png` beside it."""
    code = cli.main(["calibrate", "--source", str(FIXTURE), "--die-size", "40",
                     "--out", str(tmp_path)])
    out_text, err = capsys.readouterr()
    assert code == 2 and "capturing" not in out_text and err.count("\n") == 1
    assert f"--out {tmp_path} is a folder" in err
    assert not list(tmp_path.parent.glob("*.reference.png"))
