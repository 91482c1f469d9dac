"""Tray figures: per-frame cost while waiting, settle latency, idle CPU share, memory over an hour.

    .venv/bin/python benchmarks/bench_tray.py            # all, an hour of video replayed
    .venv/bin/python benchmarks/bench_tray.py --minutes 10

The reader is the scenes' truth reader, so the figures are the tray's own cost
and timing (the still-image reader runs only at a settle; it is measured by the
vision benchmarks).
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import statistics
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from farkle_pi.devices import Frame, VideoFileSource, open_source
from farkle_pi.tray import Tray
from farkle_pi.traysim.scene import load_scene
from farkle_pi.traysim.truth import TruthReader
from farkle_pi.vision.calibration import Calibration

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "fixtures" / "demo" / "demo.json"
SIDECARS = [
    *sorted(p for p in (ROOT / "fixtures" / "tray").glob("*.json")
            if not p.name.endswith(".calibration.json")),
    DEMO,
]


def tray_for(sidecar: Path) -> tuple[Tray, TruthReader, dict[str, Any]]:
    info = json.loads(sidecar.read_text(encoding="utf-8"))
    calibration = Calibration.load(sidecar.with_name(sidecar.stem + ".calibration.json"))
    reader = TruthReader(load_scene(sidecar))
    return Tray(reader, calibration, expect_full=info["expect"]), reader, info


def waiting_cost() -> None:
    """Milliseconds of Tray.feed per 640x480 frame on frames where nothing is read."""
    tray, reader, info = tray_for(DEMO)
    costs: list[float] = []
    with VideoFileSource(DEMO.with_name(info["source"])) as source:
        for frame in reader.follow(source):
            calls = reader.calls
            start = time.perf_counter()
            tray.feed(frame)
            elapsed = time.perf_counter() - start
            if reader.calls == calls:
                costs.append(elapsed * 1000)
    costs.sort()
    print(f"per-frame cost while waiting (640x480, {len(costs)} frames): "
          f"median {statistics.median(costs):.3f} ms, p95 {costs[int(0.95 * len(costs))]:.3f} ms,"
          f" max {costs[-1]:.3f} ms")


def latency() -> None:
    """Video seconds from the picture going still to the event, over every committed sequence."""
    settled: list[float] = []
    removed: list[float] = []
    for sidecar in SIDECARS:
        tray, reader, info = tray_for(sidecar)
        with open_source(str(sidecar.with_name(info["source"])), fps=info["fps"]) as source:
            events = list(tray.run(reader.follow(source)))
        for event, truth in zip(events, info["events"], strict=True):
            delay = event.t - truth["after"]
            if event.kind == "settled":
                settled.append(delay)
            elif event.kind == "removed":
                removed.append(delay)
    print(f"dice stopped -> settled event ({len(settled)} throws): "
          f"mean {statistics.mean(settled):.2f} s, max {max(settled):.2f} s of video")
    print(f"hand gone -> removed event ({len(removed)} removals): "
          f"mean {statistics.mean(removed):.2f} s, max {max(removed):.2f} s of video")


def reader_accuracy() -> None:
    """With vision's reader: throws read exactly right, dice right, and the cost of one read."""
    from collections import Counter

    from farkle_pi.errors import FarkleError
    from farkle_pi.tray.reader import vision_reader

    try:
        vision_reader(None)(np.zeros((480, 640, 3), np.uint8))
    except FarkleError as error:
        print(f"vision reader on the tray sequences: not measured ({error})")
        return
    throws = exact = dice = right = 0
    read_ms: list[float] = []
    for sidecar in SIDECARS:
        _, truth, info = tray_for(sidecar)
        calibration = Calibration.load(sidecar.with_name(sidecar.stem + ".calibration.json"))
        read = vision_reader(calibration)

        def timed(image: Any, read: Any = read) -> Any:
            start = time.perf_counter()
            found = read(image)
            read_ms.append((time.perf_counter() - start) * 1000)
            return found

        tray = Tray(timed, calibration, expect_full=info["expect"])
        with open_source(str(sidecar.with_name(info["source"])), fps=info["fps"]) as source:
            events = [e for e in tray.run(truth.follow(source)) if e.kind == "settled"]
        for want in (x for x in info["events"] if x["kind"] == "settled"):
            throws += 1
            dice += want["count"]
            got = next((e for e in events
                        if want["after"] <= e.t <= want["after"] + 0.5), None)
            if got is None:
                continue
            faces = Counter(v for v in got.values if v is not None)
            right += sum((faces & Counter(want["values"])).values())
            exact += len(got.dice) == want["count"] and sorted(faces.elements()) == want["values"]
    print(f"vision reader on the tray sequences: {exact}/{throws} throws read exactly right, "
          f"{right}/{dice} dice right; one read {statistics.median(read_ms):.0f} ms (median)")


def idle_cpu(seconds: float = 10.0, fps: float = 15.0) -> None:
    """Share of one core used by the tray on an empty, still tray fed at 15 frames a second."""
    tray, _, info = tray_for(DEMO)
    with VideoFileSource(DEMO.with_name(info["source"])) as source:
        first = source.read()
    assert first is not None
    count = int(seconds * fps)
    cpu0, wall0 = time.process_time(), time.monotonic()
    for i in range(count):
        tray.feed(Frame(first.image, i / fps, i))
        delay = wall0 + (i + 1) / fps - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
    print(f"idle at {fps:.0f} fps for {wall:.1f} s: {100 * cpu / wall:.1f} % of one core "
          f"(tray only; frames already in memory)")


def looped(minutes: float) -> Iterator[Frame]:
    """The demo video over and over, with time running on, for `minutes` of video."""
    _, _, info = tray_for(DEMO)
    offset, index, total = 0.0, 0, int(minutes * 60 * info["fps"])
    while index < total:
        with VideoFileSource(DEMO.with_name(info["source"])) as source:
            last = 0.0
            for frame in source:
                if index >= total:
                    return
                yield Frame(frame.image, offset + frame.t, index)
                index += 1
                last = frame.t
            offset += last + 1 / source.fps


def memory(minutes: float) -> None:
    """Python heap and RSS while an hour (or `minutes`) of video is replayed as fast as possible."""
    tray, reader, info = tray_for(DEMO)
    duration = float(info["scene"]["duration"])
    tracemalloc.start()
    samples: list[tuple[float, int, int]] = []
    events = 0
    start = time.monotonic()
    for frame in looped(minutes):
        reader.t = frame.t % (duration + 1 / 15)
        events += len(tray.feed(frame))
        if frame.index % (15 * 60 * 5) == 0:
            gc.collect()  # count what is kept, not cyclic garbage waiting for the collector
            heap, _ = tracemalloc.get_traced_memory()
            samples.append((frame.t / 60, heap, _rss_kib()))
    tracemalloc.stop()
    took = time.monotonic() - start
    heaps = np.array([s[1] for s in samples[1:]], np.float64) / 1024
    print(f"{minutes:.0f} min of video replayed in {took:.0f} s ({events} events): "
          f"python heap {heaps.min():.0f}..{heaps.max():.0f} KiB after the first 5 min, "
          f"RSS {samples[1][2] // 1024}..{max(s[2] for s in samples) // 1024} MiB")
    for minute, heap, rss in samples:
        print(f"  {minute:5.1f} min  heap {heap / 1024:8.0f} KiB  RSS {rss // 1024} MiB")


def _rss_kib() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=60.0,
                        help="video replayed for memory (10 or more: sampled every 5 min)")
    args = parser.parse_args()
    if args.minutes < 10:
        parser.error(f"--minutes {args.minutes:g}: give 10 or more (memory is sampled every "
                     "5 minutes of video and the first 5 are left out)")
    waiting_cost()
    latency()
    reader_accuracy()
    idle_cpu()
    memory(args.minutes)


if __name__ == "__main__":
    main()
