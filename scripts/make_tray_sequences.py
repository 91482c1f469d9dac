"""Render the project's tray sequences: `fixtures/tray/*` (small) and `fixtures/demo/` (a game).

    python scripts/make_tray_sequences.py            # all of them
    python scripts/make_tray_sequences.py basic demo # some

Each sequence NAME gives NAME.mp4 (MPEG-4 part 2, which OpenCV's FFmpeg reads and
writes everywhere) or a folder NAME/ of JPEGs, NAME.json (the scene script, the
events a correct tray reports, the calibration) and NAME.calibration.json with
NAME.reference.jpg (the empty tray). Everything is rendered here; no photographs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2

from farkle_pi.traysim.scene import Scene, SceneSpec
from farkle_pi.traysim.story import Director

ROOT = Path(__file__).resolve().parents[1]
KEEP_ZONE = ((540.0, 60.0), (625.0, 60.0), (625.0, 420.0), (540.0, 420.0))


def basic() -> Director:
    d = Director(seed=1).start_empty()
    d.throw((1, 5, 2, 3, 4, 6)).keep((1, 5)).pick_up()
    return d.throw((5, 5, 5, 2)).wait(0.5)


def cocked() -> Director:
    d = Director(seed=2, colour=1).start_empty()
    return d.throw((3, 1, 6, 4, 2), cocked=(2,))


def outside() -> Director:
    d = Director(seed=3, colour=3).start_empty()
    return d.throw((2, 2, 6), outside=(1,))


def hand_and_light() -> Director:
    base = SceneSpec(seed=4, floor="paper", floor_bgr=(200, 205, 210))
    d = Director(seed=4, base=base, colour=2).start_empty()
    d.throw((4, 4, 1, 6, 3, 2)).hover(1.6).light(0.8, ramp=1.0).light(0.95, ramp=0.0)
    return d.keep((1,))


def keep_zone() -> Director:
    base = SceneSpec(seed=5, floor="wood", floor_bgr=(90, 140, 180), keep_zone=KEEP_ZONE)
    d = Director(seed=5, base=base).start_empty()
    return d.throw((1, 1, 1, 3, 6, 2)).keep((1, 1, 1), to_keep_zone=True)


def count() -> Director:
    base = SceneSpec(seed=6, fps=10.0, floor="paper", floor_bgr=(205, 215, 220))
    d = Director(seed=6, base=base).start_empty(0.8)
    return d.throw((5, 3, 2, 6), expect=6, look=1.2)


def demo() -> Director:
    """A few turns of a two-player game: keeps, re-throws, a Farkle, hot dice, light changes."""
    d = Director(seed=7).start_empty()
    d.throw((1, 5, 3, 3, 6, 2)).keep((1, 5)).pick_up()
    d.throw((5, 4, 4, 2)).keep((5,)).pick_up()
    d.throw((3, 6, 6)).pick_up()  # Farkle: nothing scores, next player
    d.throw((2, 2, 2, 5, 1, 4)).keep((2, 2, 2, 1, 5)).light(0.85, ramp=1.5).pick_up()
    d.throw((4, 3, 6, 2, 4, 5), cocked=(1,)).pick_up()  # re-throw the cocked throw
    d.throw((4, 3, 6, 2, 1, 5)).keep((4, 3, 6, 2, 1, 5))  # a straight: hot dice
    return d.throw((1, 1, 6, 6, 3, 4)).wait(0.5)


SEQUENCES: dict[str, tuple[Callable[[], Director], str, str]] = {
    # name: (script, folder, format)
    "basic": (basic, "tray", "mp4"),
    "cocked": (cocked, "tray", "mp4"),
    "outside": (outside, "tray", "mp4"),
    "hand_and_light": (hand_and_light, "tray", "mp4"),
    "keep_zone": (keep_zone, "tray", "mp4"),
    "count": (count, "tray", "jpg"),
    "demo": (demo, "demo", "mp4"),
}


def write(name: str) -> Path:
    script, folder, fmt = SEQUENCES[name]
    director = script()
    scene = Scene(director.spec())
    out_dir = ROOT / "fixtures" / folder
    out_dir.mkdir(parents=True, exist_ok=True)
    reference = out_dir / f"{name}.reference.jpg"
    calibration = replace(scene.calibrate(reference), reference_image=Path(reference.name))
    calibration.save(out_dir / f"{name}.calibration.json")
    spec = scene.spec
    media = out_dir / (name if fmt == "jpg" else f"{name}.mp4")
    _write_frames(scene, media, fmt)
    sidecar = {
        "source": media.name,
        "fps": spec.fps,
        "expect": 6 if name == "count" else None,
        "events": [e.to_json() for e in director.expected],
        "scene": spec.to_json(),
    }
    (out_dir / f"{name}.json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    return media


def _write_frames(scene: Scene, media: Path, fmt: str) -> None:
    if fmt == "jpg":
        media.mkdir(exist_ok=True)
        for old in media.glob("*.jpg"):
            old.unlink()
        for i in range(scene.frame_count()):
            cv2.imwrite(str(media / f"{i:04d}.jpg"), scene.render(i),
                        [cv2.IMWRITE_JPEG_QUALITY, 75])
        return
    writer = cv2.VideoWriter(str(media), cv2.VideoWriter.fourcc(*"mp4v"), scene.spec.fps,
                             scene.spec.size)
    writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 90)
    for i in range(scene.frame_count()):
        writer.write(scene.render(i))
    writer.release()


def main(names: list[str]) -> int:
    for name in names or list(SEQUENCES):
        media = write(name)
        print(f"{name}: {media.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
