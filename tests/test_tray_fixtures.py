"""The committed tray sequences: every throw once, after it settles; removals and prompts on time.

The reader here is the script's own truth (dice under a hand hidden), so these
check the tray's timing and events on realistic rendered video, apart from how
well the still-image reader reads the dice (tests/test_tray_end_to_end.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from farkle_pi.devices import open_source
from farkle_pi.tray import DiceReader, Tray, TrayEvent
from farkle_pi.traysim.scene import load_scene
from farkle_pi.traysim.truth import TruthReader
from farkle_pi.vision.calibration import Calibration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SEQUENCES = [*sorted(FIXTURES.glob("tray/*.json")), FIXTURES / "demo" / "demo.json"]
SETTLE_LATENCY = 0.5  # video seconds from still to event


def sidecars() -> list[Path]:
    return [p for p in SEQUENCES if not p.name.endswith(".calibration.json")]


def replay(sidecar: Path, reader: DiceReader | None = None, calibrated: bool = True
           ) -> tuple[list[TrayEvent], list[dict[str, Any]]]:
    """The tray's events on a fixture (with the script's truth as reader unless one is given;
    with the fixture's tray calibration unless `calibrated` is False)."""
    info = json.loads(sidecar.read_text(encoding="utf-8"))
    calibration = (Calibration.load(sidecar.with_name(sidecar.stem + ".calibration.json"))
                   if calibrated else None)
    truth = TruthReader(load_scene(sidecar))
    tray = Tray(reader or truth, calibration, expect_full=info["expect"])
    with open_source(str(sidecar.with_name(info["source"])), fps=info["fps"]) as source:
        events = list(tray.run(truth.follow(source)))
    return events, info["events"]


def check_events(events: list[TrayEvent], expected: list[dict[str, Any]]) -> None:
    """Same kinds, reasons, dice counts and faces, in order; each within the settle latency."""
    got = [(e.kind, e.reason, len(e.dice), tuple(v for v in e.values if v is not None))
           for e in events]
    want = [(x["kind"], x["reason"], x["count"] if x["kind"] != "empty" else 0,
             tuple(x["values"])) for x in expected]
    assert got == want
    for event, truth in zip(events, expected, strict=True):
        assert truth["after"] <= event.t <= truth["after"] + SETTLE_LATENCY, (event, truth)


@pytest.mark.parametrize("sidecar", sidecars(), ids=lambda p: p.stem)
def test_each_sequence_gives_exactly_its_events_on_time(sidecar: Path) -> None:
    check_events(*replay(sidecar))


def test_the_demo_is_a_whole_game() -> None:
    info = json.loads((FIXTURES / "demo" / "demo.json").read_text(encoding="utf-8"))
    kinds = [e["kind"] for e in info["events"]]
    assert kinds.count("settled") >= 6 and kinds.count("removed") >= 6
    assert any(e["reason"] == "cocked" for e in info["events"])
    assert info["scene"]["duration"] >= 45
