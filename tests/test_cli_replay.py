"""`farkle-pi replay SOURCE --json`: the exact line format, and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from farkle_pi import cli
from farkle_pi.commands import replay as replay_command
from farkle_pi.devices import Frame, open_source
from farkle_pi.traysim.scene import load_scene
from farkle_pi.traysim.truth import TruthReader

TRAY = Path(__file__).resolve().parents[1] / "fixtures" / "tray"


@pytest.fixture
def truth_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's reader and source, swapped for the script's truth on the same video."""
    reader = TruthReader(load_scene(TRAY / "count.json"))

    class Following:
        def __init__(self, spec: str, **kw: Any) -> None:
            self.source = open_source(spec, **kw)

        def __enter__(self) -> Iterator[Frame]:
            return reader.follow(self.source)

        def __exit__(self, *exc: object) -> None:
            self.source.close()

    monkeypatch.setattr(replay_command, "vision_reader", lambda calibration: reader)
    monkeypatch.setattr(replay_command, "open_source", Following)


@pytest.mark.usefixtures("truth_reader")
def test_replay_json_prints_one_event_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["replay", str(TRAY / "count"), "--fps", "10", "--expect", "6",
                     "--calibration", str(TRAY / "count.calibration.json"), "--json"])
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["event"], x.get("reason")) for x in lines] == [
        ("empty", None), ("settled", None), ("prompt", "count"),
    ]
    settled = lines[1]
    assert list(settled) == ["t", "event", "dice"]
    assert sorted(d["value"] for d in settled["dice"]) == [2, 3, 5, 6]
    assert all(len(d["center"]) == 2 for d in settled["dice"])
    assert lines[2]["expected"] == 6 and lines[2]["found"] == 4
    assert settled["t"] == round(settled["t"], 2)


@pytest.mark.usefixtures("truth_reader")
def test_replay_without_json_prints_readable_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", str(TRAY / "count"), "--fps", "10"]) == 0
    out = capsys.readouterr().out.splitlines()
    when, *rest = out[1].split()
    assert rest == ["settled", "2", "3", "5", "6"]
    settled = json.loads((TRAY / "count.json").read_text())["events"][1]
    assert settled["after"] <= float(when) <= settled["after"] + 0.5


@pytest.mark.parametrize(("args", "message"), [
    (["replay", "no/such.mp4"], "bad source"),
    (["replay", str(TRAY / "basic.mp4"), "--expect", "0"], "--expect must be"),
    (["replay", str(TRAY / "basic.mp4"), "--calibration", "nope.json"], "cannot read calib"),
])
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_calibration_of_another_picture_size_is_one_line_not_a_silent_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The empty tray would differ from every frame, a hand always in view: no event at all."""
    cv2.imwrite(str(tmp_path / "empty.png"), np.full((240, 320, 3), 90, np.uint8))
    (tmp_path / "tray.json").write_text(json.dumps({
        "reference_image": "empty.png", "tray_polygon": [], "keep_zone_polygon": [],
        "die_size_px": 20}))
    args = ["replay", str(TRAY / "basic.mp4"), "--calibration", str(tmp_path / "tray.json")]
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "640x480 px" in captured.err and "320x240 px" in captured.err


def test_another_trays_calibration_of_the_same_size_says_why_nothing_was_read(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Another tray's empty picture differs from every frame as a hand would, so nothing is
    read: the replay ended in silence, exit 0. Now a note on stderr says why."""
    args = ["replay", str(TRAY / "basic.mp4"), "--calibration",
            str(TRAY / "hand_and_light.calibration.json")]
    assert cli.main(args) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("note: at the end: the tray never looks empty: take out what lies "
                            "there, or farkle-pi calibrate\n")
