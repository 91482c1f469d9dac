"""The bad inputs fuzzing found, kept as plain tests: each once broke the one-line promise."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import pytest
from fuzzing import A_JPEG, REPO, assert_clean, huge_png_header, run_cli

from farkle_pi.cli import main
from farkle_pi.errors import FarkleError, one_line
from farkle_pi.store import StoredGame


@pytest.mark.parametrize("argv", [["demo", "\r"], ["detect", "\x0c"], ["score", "1\n7"],
                                  ["game", "throw", "12\u2028"]])
def test_control_characters_in_an_argument_stay_on_one_line(argv: list[str]) -> None:
    outcome = run_cli(argv)
    assert_clean(outcome)
    assert outcome.code == 2 and outcome.err.count("\n") == 1


def test_one_line_escapes_breaks_and_keeps_the_rest() -> None:
    assert one_line("a\nb\r\x1b[2Jc\u2028dé") == "a\\nb\\r\\x1b[2Jc\\u2028dé"


def test_argparse_exits_are_returned_not_raised() -> None:
    assert run_cli(["--version"]).code == 0
    assert run_cli(["score", "--no-such-option"]).code == 2
    help_text = run_cli(["score", "--help"])
    assert help_text.code == 0 and "DICE" in help_text.out


@pytest.mark.parametrize("cut", [3, 2000, len(A_JPEG.read_bytes()) - 100])
def test_a_truncated_jpeg_is_refused_in_one_line_without_libjpeg_noise(
    tmp_path: Path, cut: int
) -> None:
    image = tmp_path / "photo.jpg"
    image.write_bytes(A_JPEG.read_bytes()[:cut])
    outcome = run_cli(["detect", str(image)])
    assert_clean(outcome)
    assert outcome.code == 2 and "cut short" in outcome.err
    assert "Premature end" not in outcome.err


def _with_thumbnail(jpeg: bytes) -> bytes:
    """The JPEG with an APP1 block holding a small JPEG of its own, as a camera's EXIF
    thumbnail does (its end marker comes before the photo's)."""
    thumb = b"Exif\x00\x00" + jpeg[:200] + b"\xff\xd9"
    return jpeg[:2] + b"\xff\xe1" + len(thumb + b"..").to_bytes(2, "big") + thumb + jpeg[2:]


def test_a_jpeg_cut_short_is_refused_though_its_thumbnail_ends(tmp_path: Path) -> None:
    image = tmp_path / "photo.jpg"
    whole = _with_thumbnail(A_JPEG.read_bytes())
    image.write_bytes(whole[:len(whole) * 2 // 3])
    outcome = run_cli(["detect", str(image)])
    assert_clean(outcome)
    assert outcome.code == 2 and "cut short" in outcome.err


def test_a_phone_motion_photo_is_read_as_its_picture(tmp_path: Path) -> None:
    """Phones append a video after the JPEG's end ("motion photos"): the picture is whole
    (once refused as cut short when the video's last 64 KB held no FF D9)."""
    plain, motion = tmp_path / "plain.jpg", tmp_path / "motion.jpg"
    picture = cv2.imread(str(REPO / "fixtures" / "vision" / "synth_00.png"))
    plain.write_bytes(_with_thumbnail(cv2.imencode(".jpg", picture)[1].tobytes()))
    motion.write_bytes(plain.read_bytes() + b"\x00\x00\x00\x18ftypmp42" + bytes(100_000))
    read = [run_cli(["detect", "--json", str(path)]) for path in (plain, motion)]
    assert [outcome.code for outcome in read] == [0, 0], read
    dice = [json.loads(outcome.out)["dice"] for outcome in read]
    assert dice[0] and dice[0] == dice[1]


@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_a_pipe_or_device_given_as_a_photo_is_refused_not_waited_on(
    tmp_path: Path, special: str
) -> None:
    """Opening a pipe waits for a writer, and /dev/zero never ends: the run hung there."""
    if special == "fifo":
        special = str(tmp_path / "fifo")
        os.mkfifo(special)
    good = REPO / "fixtures" / "vision" / "synth_00.png"
    done = subprocess.run([sys.executable, "-m", "farkle_pi", "detect", "--json", special,
                           str(good)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and len(done.stdout.splitlines()) == 1
    assert done.stderr == (f"farkle-pi: cannot read image {special}: not a regular file (a "
                           "pipe, a device?): give a photo file\n")


@pytest.mark.parametrize("unbuffered", ["1", ""], ids=["unbuffered", "buffered"])
def test_detect_piped_into_head_still_fails_for_a_photo_that_failed(unbuffered: str) -> None:
    """`| head` closing the pipe early made a failed run exit 0; with Python's stdout buffered
    (a shell without PYTHONUNBUFFERED) it exited 120 after two lines about a broken pipe."""
    good = str(REPO / "fixtures" / "vision" / "synth_00.png")
    script = (f"{sys.executable} -m farkle_pi detect --json /no/such.jpg {good} {good} {good}"
              " | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                          env={**env, "PYTHONUNBUFFERED": unbuffered} if unbuffered else env)
    assert done.stdout.strip() == "2", done
    assert done.stderr == "farkle-pi: cannot read image /no/such.jpg: No such file or directory\n"


def test_a_jpeg_with_damaged_data_is_refused_not_read_half_grey(tmp_path: Path) -> None:
    data = bytearray(A_JPEG.read_bytes())
    data[len(data) // 2: len(data) // 2 + 40] = b"\xff\xd0" * 20  # restart markers mid-scan
    image = tmp_path / "photo.jpg"
    image.write_bytes(bytes(data))
    outcome = run_cli(["detect", str(image)])
    assert_clean(outcome)
    assert outcome.code == 2 and "damaged" in outcome.err


@pytest.mark.parametrize(("width", "height"), [(30_000, 30_000), (100_000, 100_000)])
def test_a_giant_png_header_is_refused_before_decoding(
    tmp_path: Path, width: int, height: int
) -> None:
    image = tmp_path / "photo.png"
    image.write_bytes(huge_png_header(width, height))
    outcome = run_cli(["detect", str(image)])
    assert_clean(outcome)
    assert outcome.code == 2 and f"{width}x{height} pixels is too big" in outcome.err


def test_a_config_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'[table]\ndice = "manual"\nplayers = ["Jos\xe9"]\n')
    outcome = run_cli(["config", "check", "--config", str(path)])
    assert_clean(outcome)
    assert outcome.code == 2 and "line 3" in outcome.err and "UTF-8" in outcome.err


def test_a_config_cut_off_mid_key_names_its_last_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'[table]\ndice = "manual"\nplay')
    outcome = run_cli(["config", "check", "--config", str(path)])
    assert_clean(outcome)
    assert outcome.code == 2 and "at line 3, the end of the file" in outcome.err


def test_score_from_an_unreadable_stdin_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    class Unreadable(io.StringIO):
        # typeshed's _io._IOBase.__iter__ gives bytes; a text stream's gives str (typeshed
        # ignores the same clash on _TextIOBase.__iter__)
        def __iter__(self) -> Iterator[str]:  # type: ignore[override]
            raise OSError(9, "Bad file descriptor")

    monkeypatch.setattr(sys, "stdin", Unreadable())
    outcome = run_cli(["score", "-"])
    assert_clean(outcome)
    assert outcome.code == 2 and "cannot read dice from stdin" in outcome.err
    monkeypatch.setattr(sys, "stdin", None)  # `farkle-pi score - <&-`
    outcome = run_cli(["score", "-"])
    assert_clean(outcome)
    assert outcome.code == 2 and "stdin is closed" in outcome.err


def test_score_from_stdin_with_a_byte_that_is_not_utf8_spoils_only_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff5\n111\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    outcome = run_cli(["score", "--json", "-"])
    assert_clean(outcome)
    assert outcome.code == 2 and outcome.err.startswith("farkle-pi: line 1:")
    assert '"points": 1000' in outcome.out.splitlines()[-1]


def test_a_damaged_file_given_as_a_video_brings_no_ffmpeg_noise(tmp_path: Path) -> None:
    for name, data in [("cut.jpg", A_JPEG.read_bytes()[:3000]), ("huge.png", huge_png_header()),
                       ("text.mp4", b"not a video at all\n"), ("empty.mp4", b"")]:
        path = tmp_path / name
        path.write_bytes(data)
        outcome = run_cli(["replay", str(path)])
        assert_clean(outcome)
        assert "@" not in outcome.err, outcome.err  # FFmpeg's "[mjpeg @ 0x...]", OpenCV's WARN


def test_a_truncated_frame_in_an_image_folder_is_one_line(tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    (frames / "0000.jpg").write_bytes(A_JPEG.read_bytes()[:3000])
    for argv in (["replay", str(frames)], ["calibrate", "--source", str(frames)]):
        outcome = run_cli(argv)
        assert_clean(outcome)
        assert outcome.code == 2 and "cut short" in outcome.err


@pytest.mark.parametrize(("out", "says"), [("final.gif", ".png file"),
                                           ("no-such-folder/final.png", "no folder")])
def test_a_demo_out_it_cannot_save_is_refused_before_the_game(
    tmp_path: Path, out: str, says: str
) -> None:
    """It used to play the whole game, then end in pygame's stack trace (or save a non-PNG)."""
    outcome = run_cli(["demo", "--headless", "--virtual", "--out", str(tmp_path / out)])
    assert_clean(outcome)
    assert outcome.code == 2 and says in outcome.err and "game over" not in outcome.out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["--out-at", "5"], ["--out-at", "-1", "--out", "x.png"],
                                  ["--out-at", "nan", "--out", "x.png"]])
def test_a_demo_out_at_without_a_picture_or_with_a_bad_time_is_refused(
    tmp_path: Path, argv: list[str]
) -> None:
    outcome = run_cli(["demo", "--headless", "--virtual", *argv])
    assert_clean(outcome)
    assert outcome.code == 2 and "--out-at" in outcome.err and "game over" not in outcome.out


def test_one_photo_given_to_replay_points_to_detect(tmp_path: Path) -> None:
    """A photo opened as a one-frame video never settles: replay used to print nothing, exit 0."""
    photo = tmp_path / "throw.jpg"
    photo.write_bytes(A_JPEG.read_bytes())
    outcome = run_cli(["replay", str(photo)])
    assert_clean(outcome)
    assert outcome.code == 2 and "farkle-pi detect" in outcome.err and outcome.out == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("argv", [["score", "111155"], ["config", "show-example"]])
def test_output_to_a_full_disk_is_one_line(argv: list[str]) -> None:
    """`farkle-pi config show-example > FILE` (the README's way to make a config) on a full
    disk gave a traceback (found by hand in the fortieth session, not by fuzzing)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "farkle_pi", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr == ("farkle-pi: cannot write the output: No space left on device (free "
                           "some disk space, or send it elsewhere)\n")


@pytest.mark.parametrize("fps", ["nan", "inf", "0", "-5", "1e-300"])
def test_an_impossible_frame_rate_is_one_line(fps: str) -> None:
    """`replay FOLDER --fps nan` printed nothing and exited 0 (fortieth session, by hand)."""
    folder = Path(__file__).resolve().parents[1] / "fixtures" / "tray" / "count"
    outcome = run_cli(["replay", str(folder), "--fps", fps])
    assert_clean(outcome)
    assert outcome.code == 2 and outcome.err == (
        f"farkle-pi: --fps must be 0.1 to 1000 pictures a second, not {float(fps)}\n")


@pytest.mark.parametrize(("argv", "says"), [
    (["coach", "--set", "three_ones=9223372036854775808"], "three_ones=9223372036854775808: "
                                                           "at most 1,000,000"),
    (["verify", "99999999999999999999"], "there is no game 99999999999999999999"),
])
def test_numbers_past_64_bits_are_one_line(argv: list[str], says: str) -> None:
    outcome = run_cli(argv)
    assert_clean(outcome)
    assert outcome.code == 2 and says in outcome.err and outcome.err.count("\n") == 1


@pytest.mark.parametrize("game", ["abc", "0"])
def test_a_game_that_is_not_there_names_where_the_games_are_listed(game: str) -> None:
    """One pointer to `history`, not two parentheses in a row ("(see history) (see --help)")."""
    outcome = run_cli(["verify", game])
    assert_clean(outcome)
    assert outcome.code == 2 and outcome.err.count("(see") == 1
    assert "farkle-pi history lists them" in outcome.err


def test_a_missing_webcam_is_our_line_only() -> None:
    """OpenCV 4.11 logged "[ERROR:0@0.1] … Camera index out of range" on fd 2 before our line
    (and the table repeated it every 2 s while it looked for the camera)."""
    outcome = run_cli(["replay", "opencv:99"])
    assert_clean(outcome)
    assert outcome.code == 2 and outcome.err.startswith("farkle-pi: no camera found")
    assert outcome.err.count("\n") == 1


@pytest.mark.parametrize(("argv", "says"), [
    (["game", "new", "--players", "a\nb", "Bob"], "holds a line break"),
    (["coach", "--streak", "-1", "--points", "300", "--dice", "2"], "0 or more, not -1"),
])
def test_found_by_hand_in_the_fortieth_session(argv: list[str], says: str,
                                              tmp_path: Path) -> None:
    outcome = run_cli([*argv, *(["--db", str(tmp_path / "f.db")] if argv[0] == "game" else [])])
    assert_clean(outcome)
    assert outcome.code == 2 and says in outcome.err and outcome.err.count("\n") == 1


@pytest.mark.parametrize("share", [0.1, 0.5, 0.99])
def test_a_truncated_png_is_refused_as_cut_short(tmp_path: Path, share: float) -> None:
    """A PNG cut short was "not a picture", where a JPEG cut short says to copy it again."""
    whole = (REPO / "fixtures" / "vision" / "synth_00.png").read_bytes()
    image = tmp_path / "photo.png"
    image.write_bytes(whole[:int(len(whole) * share)])
    outcome = run_cli(["detect", str(image)])
    assert_clean(outcome)
    assert outcome.code == 2 and "the PNG is cut short (no end chunk): copy it again" in outcome.err


def test_a_folder_given_as_the_config_is_named_a_folder(tmp_path: Path) -> None:
    outcome = run_cli(["config", "check", "--config", str(tmp_path)])
    assert_clean(outcome)
    assert outcome.code == 2 and f"{tmp_path}: a folder, not a config file" in outcome.err


def test_a_demo_whose_game_cannot_be_stored_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's own database on a full disk: the robot pressed on until "the demo game did
    not end"; the first refusal to store is the line now."""

    def full(self: StoredGame, commands: object) -> list[object]:
        raise FarkleError(f"cannot save to {self.store.path}: database or disk is full "
                          "(free some disk space and try again; nothing stored was lost)")

    monkeypatch.setattr(StoredGame, "apply_all", full)
    outcome = run_cli(["demo", "--headless", "--virtual"])
    assert_clean(outcome)
    assert outcome.code == 2 and outcome.err.count("\n") == 1
    assert "demo.db: database or disk is full (free some disk space" in outcome.err


@pytest.mark.parametrize("argv", [
    ["evaluate", str(REPO / "fixtures" / "vision"), "--sheet"],
    ["demo", "--headless", "--out"],
])
def test_a_picture_output_with_no_room_is_refused_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """A folder named like the picture, or a missing folder, failed only once the whole
    evaluation (minutes on a large folder) or the whole demo had run."""
    folder = tmp_path / "sheet.png"
    folder.mkdir()
    for out, says in ((folder, f"{folder} is a folder: give a picture file name"),
                      (tmp_path / "gone" / "s.png", f"no folder {tmp_path / 'gone'} to save")):
        assert main([*argv, str(out)]) == 2
        printed, err = capsys.readouterr()
        assert says in err and err.count("\n") == 1 and printed == ""
