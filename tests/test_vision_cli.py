"""`farkle-pi detect` / `farkle-pi evaluate`: the JSON contract and bad-file handling."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from farkle_pi.cli import main
from farkle_pi.vision.dataset import load_folder

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "vision"
CONTRACT_KEYS = ["value", "center", "bbox", "confidence", "color", "flat"]


def test_detect_json_names_each_image_as_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script looks its own argument up in the output: `./x.png` stays `./x.png`."""
    monkeypatch.chdir(FIXTURES.parent)
    given = ["./vision/synth_00.png", "vision//synth_01.png", "vision/./missing.png"]
    assert main(["detect", "--json", *given]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line)["image"] for line in out.splitlines()] == given[:2]
    assert err.startswith("farkle-pi: cannot read image vision/./missing.png: ")


def test_detect_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    image = FIXTURES / "synth_01.png"
    assert main(["detect", "--json", str(image)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    row = json.loads(lines[0])
    assert row["image"] == str(image)
    assert isinstance(row["ms"], float | int) and row["ms"] > 0
    assert row["dice"]
    for die in row["dice"]:
        assert list(die) == CONTRACT_KEYS  # exactly: scripts check it
        assert die["value"] is None or die["value"] in range(1, 7)
        assert len(die["center"]) == 2 and len(die["bbox"]) == 4
        assert isinstance(die["color"], str) and isinstance(die["flat"], bool)


def test_bad_file_is_one_line_and_others_still_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a picture")
    good = FIXTURES / "synth_02.png"
    code = main(["detect", "--json", str(broken), str(tmp_path / "missing.png"), str(good)])
    out, err = capsys.readouterr()
    assert code == 2
    assert [json.loads(line)["image"] for line in out.strip().splitlines()] == [str(good)]
    assert len(err.strip().splitlines()) == 2 and "broken.jpg" in err and "missing.png" in err


@pytest.mark.parametrize("shape", [(1, 1, 3), (3, 2000, 3), (2000, 15)])
def test_a_picture_too_small_for_a_die_is_one_line_and_others_still_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shape: tuple[int, ...]
) -> None:
    tiny = tmp_path / "tiny.png"
    assert cv2.imwrite(str(tiny), np.full(shape, 128, np.uint8))
    good = FIXTURES / "synth_02.png"
    assert main(["detect", "--json", str(tiny), str(good)]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line)["image"] for line in out.strip().splitlines()] == [str(good)]
    [line] = err.strip().splitlines()
    assert str(tiny) in line and "too small to hold a die" in line and "16 px" in line


def _with_orientation_tag(jpeg: bytes, orientation: int) -> bytes:
    """The JPEG with an EXIF block holding only the Orientation tag, as a phone writes it."""
    entry = struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0)  # SHORT, one value
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + entry + bytes(4)
    app1 = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:]


def test_a_phone_photo_is_read_the_way_up_its_exif_tag_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Phones store the sensor's pixels and a tag saying how to turn them; every viewer (and
    so whoever labels the photo) shows it turned, so the dice's pixels must be the turned
    picture's too."""
    upright = cv2.imread(str(FIXTURES / "synth_01.png"))
    stored = cv2.rotate(upright, cv2.ROTATE_90_COUNTERCLOCKWISE)  # tag 6: turn clockwise
    ok, jpeg = cv2.imencode(".jpg", stored, [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok
    photo = tmp_path / "phone.jpg"
    photo.write_bytes(_with_orientation_tag(jpeg.tobytes(), 6))
    assert main(["detect", "--json", str(photo)]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    [labelled] = [p for p in load_folder(FIXTURES) if p.path.name == "synth_01.png"]
    for label in labelled.dice:
        (x, y), half = label.center, label.bbox[2] / 2
        near = [d for d in dice if np.hypot(d["center"][0] - x, d["center"][1] - y) < half]
        assert [d["value"] for d in near] == [label.value]


def test_human_listing_and_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_png = tmp_path / "out.png"
    images = [str(FIXTURES / "synth_00.png"), str(FIXTURES / "synth_01.png")]
    assert main(["detect", "--draw", str(out_png), *images]) == 0
    text = capsys.readouterr().out
    assert "synth_00.png" in text and "dice" in text
    assert (tmp_path / "out-synth_00.png").is_file() and (tmp_path / "out-synth_01.png").is_file()


def test_listing_and_json_say_which_dice_a_second_reader_settled(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from farkle_pi import vision
    from farkle_pi.vision.types import DieReading, RotatedBox

    def read(settled: bool) -> DieReading:
        return DieReading(4, 0.9, (50.0, 60.0), RotatedBox((50.0, 60.0), (30.0, 30.0), 0.0),
                          (35, 45, 30, 30), "white", (235, 235, 235), flat=True,
                          at_edge=False, touching=False, settled=settled)

    monkeypatch.setattr(vision, "read_dice", lambda image, calibration=None: [read(True),
                                                                               read(False)])
    assert main(["detect", str(FIXTURES / "synth_00.png")]) == 0
    settled, first = capsys.readouterr().out.splitlines()[1:]
    assert settled.split()[0] == "4" and settled.endswith("settled")
    assert "settled" not in first
    assert main(["detect", "--json", "--details", str(FIXTURES / "synth_00.png")]) == 0
    row = json.loads(capsys.readouterr().out)
    assert [die["settled"] for die in row["dice"]] == [True, False]
    assert list(row["dice"][0])[:6] == CONTRACT_KEYS  # the contract's keys first, then these
    assert main(["detect", "--json", str(FIXTURES / "synth_00.png")]) == 0
    row = json.loads(capsys.readouterr().out)
    assert [list(die) for die in row["dice"]] == [CONTRACT_KEYS] * 2  # exactly the contract's


@pytest.mark.parametrize("name", ["out.xyz", "out"])
def test_draw_to_a_name_opencv_cannot_write_is_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    assert main(["detect", "--draw", str(tmp_path / name), str(FIXTURES / "synth_00.png")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and ".png" in err and name in err
    assert list(tmp_path.iterdir()) == []


def test_draw_into_a_missing_folder_says_what_to_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The dice are still read and listed; the picture that could not be written is named."""
    target = tmp_path / "no-such-folder" / "drawn.png"
    assert main(["detect", "--draw", str(target), str(FIXTURES / "synth_00.png")]) == 2
    out, err = capsys.readouterr()
    assert "synth_00.png: " in out
    assert err == (f"farkle-pi: cannot write {target}: No such file or directory (give a .png "
                   "or .jpg path in a folder that exists and you can write to)\n")


def test_detect_with_calibration(capsys: pytest.CaptureFixture[str]) -> None:
    cal = FIXTURES / "tray_calibration.json"
    assert main(["detect", "--json", "--calibration", str(cal),
                 str(FIXTURES / "tray_dice.png")]) == 0
    row = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in row["dice"]) == [1, 3, 5, 6]


def test_evaluate_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "--json", str(FIXTURES)]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("die_accuracy", "found", "missed", "extra", "photo_accuracy", "unreadable",
                "wrong_confident", "median_ms"):
        assert key in figures
    assert 0.0 <= figures["die_accuracy"] <= 1.0 and figures["photos"] == 6
    assert main(["evaluate", str(FIXTURES)]) == 0
    assert "photos fully right" in capsys.readouterr().out


def test_evaluate_without_labels_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", str(tmp_path)]) == 2
    assert "labels.jsonl" in capsys.readouterr().err
    assert main(["evaluate", str(tmp_path / "shared" / "byler_d6")]) == 2  # no such folder
    assert "there is no folder" in capsys.readouterr().err


def test_evaluate_on_a_file_says_it_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "there is no folder labels.jsonl" of the labels file given by mistake."""
    labels = tmp_path / "labels.jsonl"
    labels.write_text("")
    assert main(["evaluate", str(labels)]) == 2
    err = capsys.readouterr().err
    assert f"{labels} is a file, not a folder" in err and "there is no" not in err


@pytest.mark.parametrize("labels", [
    b"\xff\xd8\xff\xe0 a photo, not labels \x80",
    b'{"image": "a.jpg"}\n',
    b'{"image": "a.jpg", "dice": [{"value": "six", "bbox": [1, 2, 3, 4]}]}\n',
    b'{"image": "a.jpg", "dice": [{"value": 7, "bbox": [1, 2, 3, 4]}]}\n',  # no such face
    b'{"image": "a.jpg", "dice": [{"value": 3.5, "bbox": [1, 2, 3, 4]}]}\n',
    b'{"image": "a.jpg", "dice": [{"value": true, "bbox": [1, 2, 3, 4]}]}\n',
    b'{"image": "a.jpg", "dice": [{"value": 3, "bbox": [1, 2, 3]}]}\n',
    b'{"image": "a.jpg", "dice": [{"value": 3, "bbox": [1, 2, -3, 4]}]}\n',
])
def test_broken_labels_are_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], labels: bytes
) -> None:
    (tmp_path / "labels.jsonl").write_bytes(labels)
    assert main(["evaluate", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "labels.jsonl" in err


def _two_collections(folder: Path) -> Path:
    """A mixed folder like rune55: two fixture photos, each in its own collection."""
    folder.mkdir()
    rows = (FIXTURES / "labels.jsonl").read_text().splitlines()[:2]
    for row in rows:
        name = json.loads(row)["image"]
        shutil.copy(FIXTURES / name, folder / name)
    (folder / "labels.jsonl").write_text("\n".join(rows) + "\n")
    names = [json.loads(row)["image"] for row in rows]
    (folder / "source_names.tsv").write_text(
        f"image\tcollection\n{names[0]}\tcircle\n{names[1]}\ttray\n")
    return folder


def test_evaluate_one_collection(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _two_collections(tmp_path / "mixed")
    assert main(["evaluate", "--json", "--collection", "tray", str(folder)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["photos"] == 1 and figures["collection"] == "tray"
    assert figures["dice"] == len(json.loads(
        (folder / "labels.jsonl").read_text().splitlines()[1])["dice"])


def test_evaluate_unknown_collection_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _two_collections(tmp_path / "mixed")
    assert main(["evaluate", "--collection", "table", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "choose one of: circle, tray" in err
    assert main(["evaluate", "--collection", "tray", str(FIXTURES)]) == 2
    assert "source_names.tsv" in capsys.readouterr().err


def _review(folder: Path, **change: object) -> Path:
    """A label review of synth_00's first die, saying the photo shows a 2 there."""
    die = json.loads((FIXTURES / "labels.jsonl").read_text().splitlines()[0])["dice"][0]
    entry = {"image": "synth_00.png", "bbox": die["bbox"], "value": die["value"], "seen": 2,
             "why": "test", **change}
    path = folder / "review.jsonl"
    path.write_text(json.dumps(entry) + "\n")
    return path


def test_label_review_scores_against_the_corrected_face(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", "--json", str(FIXTURES)]) == 0
    as_labelled = json.loads(capsys.readouterr().out)
    assert as_labelled["labels_corrected"] == 0
    review = _review(tmp_path)  # the reader reads that die as the label says: a 1
    assert main(["evaluate", "--json", "--label-review", str(review), str(FIXTURES)]) == 0
    reviewed = json.loads(capsys.readouterr().out)
    assert reviewed["labels_corrected"] == 1
    assert reviewed["right"] == as_labelled["right"] - 1
    assert main(["evaluate", "--label-review", str(review), str(FIXTURES)]) == 0
    assert "labels corrected    1" in capsys.readouterr().out


@pytest.mark.parametrize(("change", "message"), [
    ({"value": 6}, "has no die labelled 6"),
    ({"image": "elsewhere.png"}, "no photo elsewhere.png here"),
    ({"seen": 7}, "seen must be a face 1..6"),
    ({"bbox": "wide"}, "expected image, bbox, value and seen"),
])
def test_a_label_review_that_does_not_fit_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, object], message: str
) -> None:
    review = _review(tmp_path, **change)
    assert main(["evaluate", "--label-review", str(review), str(FIXTURES)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and message in err and "line 1" in err


def test_a_missing_or_binary_label_review_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", "--label-review", str(tmp_path / "none.jsonl"), str(FIXTURES)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "cannot read label review" in err
    binary = tmp_path / "photo.jsonl"
    binary.write_bytes(b"\xff\xd8\xff\xe0 not text \x80\x81")
    assert main(["evaluate", "--label-review", str(binary), str(FIXTURES)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "is not UTF-8 text" in err


def test_speed_benchmark_without_photos_says_what_to_give(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_vision.py"
    done = subprocess.run([sys.executable, str(script), str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and "no readable .jpg or .png photos" in done.stderr
    assert "Traceback" not in done.stderr


def test_speed_benchmark_says_where_the_time_goes(tmp_path: Path) -> None:
    """`--stages` splits a photo's time between the nets and the rest: a photo without a
    calibration gets two detector passes (coarse, then main), and the tiny reader reads at
    least every die in it (the first reader only those it is unsure of)."""
    shutil.copy(FIXTURES / "synth_01.png", tmp_path / "synth_01.png")  # two dice
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_vision.py"
    done = subprocess.run([sys.executable, str(script), str(tmp_path), "--stages"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1 photo at 640x480: median ")
    stages = {line[:19].strip(): line[19:] for line in lines[2:]}
    assert list(stages) == ["detector passes", "tiny reader", "first reader", "second opinions",
                            "the rest"]
    assert "2.00 passes a photo" in stages["detector passes"]
    tiny_views = float(stages["tiny reader"].split("%")[1].split("views")[0])
    assert tiny_views >= 2.0
    spent = [float(text.split("ms")[0]) for text in stages.values()]
    assert all(ms > 0.0 for ms in spent[:2])  # the nets take time; the rest is what is left
    # each net that ran says how much it computed and how fast: a two-pass photo's detector
    # is hundreds of MFLOP, two or more tiny views some MFLOP, done at some GFLOP/s
    for stage, least in (("detector passes", 100.0), ("tiny reader", 10.0)):
        mflop, gflops = stages[stage].split("; ")[1].split(" MFLOP at ")
        assert float(mflop) > least and float(gflops.removesuffix(" GFLOP/s")) > 0.0
    asked = stages["second opinions"].split("%")[1].strip()
    assert ("MFLOP" in asked) == (not asked.startswith("0.00 views"))  # no views, no rate


def test_a_labelled_photo_that_cannot_be_read_is_named_and_fails_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Leaving a photo out would score the reader on fewer dice than labelled: its dice are
    missed."""
    folder = tmp_path / "set"
    folder.mkdir()
    row = json.loads((FIXTURES / "labels.jsonl").read_text().splitlines()[0])
    shutil.copy(FIXTURES / row["image"], folder / row["image"])
    (folder / "broken.jpg").write_bytes(b"not a picture")
    (folder / "labels.jsonl").write_text(json.dumps(row) + "\n")
    assert main(["evaluate", "--json", str(folder)]) == 0
    alone = json.loads(capsys.readouterr().out)
    die = {"value": 3, "bbox": [10, 10, 30, 30]}
    rows = [row, {"image": "broken.jpg", "dice": [die]}, {"image": "gone.jpg", "dice": [die]}]
    (folder / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["evaluate", "--json", str(folder)]) == 2
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["photos"] == 3 and figures["photos_unreadable"] == 2
    assert (figures["dice"], figures["missed"]) == (alone["dice"] + 2, alone["missed"] + 2)
    assert (figures["right"], figures["photos_right"]) == (alone["right"], alone["photos_right"])
    assert figures["failures"][-2:] == ["broken.jpg", "gone.jpg"]
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert "broken.jpg" in lines[0] and "not a picture" in lines[0]
    assert "gone.jpg" in lines[1] and "count as missed" in lines[1]


def test_detect_refuses_a_photo_of_another_size_than_the_calibration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cal = FIXTURES / "tray_calibration.json"
    smaller = tmp_path / "smaller.png"
    cv2.imwrite(str(smaller), cv2.resize(cv2.imread(str(FIXTURES / "tray_dice.png")), (320, 240)))
    code = main(["detect", "--json", "--calibration", str(cal), str(smaller),
                 str(FIXTURES / "tray_dice.png")])
    captured = capsys.readouterr()
    assert code == 2
    error_lines = captured.err.strip().splitlines()
    assert len(error_lines) == 1 and "smaller.png" in error_lines[0]
    assert "320x240 px" in error_lines[0] and "640x480 px" in error_lines[0]
    rows = [json.loads(line) for line in captured.out.strip().splitlines()]
    assert [sorted(d["value"] for d in row["dice"]) for row in rows] == [[1, 3, 5, 6]]


def test_json_boxes_stay_inside_the_picture() -> None:
    """A die at the picture's edge: its square reached past it ([-4, 413, 36, 36] on a
    byler photo); the JSON box is the part inside, the die's own box stays whole."""
    from farkle_pi.vision.types import DieReading, RotatedBox

    def die(bbox: tuple[int, int, int, int]) -> DieReading:
        centre = (bbox[0] + bbox[2] / 2.0, bbox[1] + bbox[3] / 2.0)
        return DieReading(4, 0.9, centre, RotatedBox(centre, (30.0, 30.0), 0.0), bbox,
                          "white", (235, 235, 235), flat=True, at_edge=True, touching=False)

    size = (640, 480)
    assert die((-4, 413, 36, 36)).to_json(False, size)["bbox"] == [0, 413, 32, 36]
    assert die((620, 460, 36, 36)).to_json(False, size)["bbox"] == [620, 460, 20, 20]
    assert die((100, 100, 36, 36)).to_json(False, size)["bbox"] == [100, 100, 36, 36]
    assert die((-4, 413, 36, 36)).to_json(False)["bbox"] == [-4, 413, 36, 36]  # no size given
    assert die((-4, 413, 36, 36)).bbox == (-4, 413, 36, 36)


def test_details_without_json_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["detect", "--details", str(FIXTURES / "synth_00.png")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("farkle-pi: --details adds keys to --json's lines")
    assert err.count("\n") == 1


def test_a_neighbours_box_never_hides_a_label() -> None:
    """The README's annotated photo once lost the 1 it points at under the next die's box:
    labels go on after every box, on a dark patch."""
    import cv2

    from farkle_pi.vision.draw import draw_readings
    from farkle_pi.vision.types import DieReading, RotatedBox

    def die(value: int | None, centre: tuple[float, float], size: tuple[float, float]
            ) -> DieReading:
        side = round(max(size))
        bbox = (round(centre[0] - side / 2), round(centre[1] - side / 2), side, side)
        return DieReading(value, 0.9, centre, RotatedBox(centre, size, 0.0), bbox, "white",
                          (235, 235, 235), flat=True, at_edge=False, touching=False)

    labelled = die(3, (65.0, 75.0), (30.0, 30.0))  # its label sits above it, at y ~ 57
    across = die(None, (80.0, 44.0), (90.0, 16.0))  # its lower edge runs through that label
    out = draw_readings(np.full((160, 200, 3), 200, np.uint8), [labelled, across])
    (w, h), _ = cv2.getTextSize("3 0.90", cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1)
    x, y = labelled.bbox[0], labelled.bbox[1] - 3
    patch = out[y - h:y, x:x + w].reshape(-1, 3).astype(int)
    assert (patch[:, 1] > 150).any()  # the green label is there ...
    red = (patch[:, 2] > 150) & (patch[:, 1] < 100)
    assert not red.any()  # ... and no red line of the box across it
