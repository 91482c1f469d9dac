"""The tray simulator: scripts round-trip as JSON, the truth follows the script, renders repeat."""

from __future__ import annotations

import numpy as np

from farkle_pi.traysim.scene import Scene, SceneSource, SceneSpec
from farkle_pi.traysim.story import Director

KEEP = ((540.0, 60.0), (625.0, 60.0), (625.0, 420.0), (540.0, 420.0))


def script() -> Director:
    d = Director(seed=11, base=SceneSpec(seed=11, keep_zone=KEEP, fps=10.0)).start_empty(0.5)
    d.throw((1, 5, 4), cocked=(2,)).keep((1,), to_keep_zone=True).light(0.9, ramp=0.5)
    return d.pick_up()


def test_a_scene_script_survives_json() -> None:
    spec = script().spec()
    assert SceneSpec.from_json(spec.to_json()) == spec


def test_the_truth_follows_the_script() -> None:
    d = script()
    scene = Scene(d.spec())
    settled, removed = d.expected[1], d.expected[3]
    assert [x.kind for x in d.expected] == ["empty", "settled", "prompt", "removed", "removed",
                                            "empty"]
    assert scene.truth(settled.after - 0.05) != scene.truth(settled.after)
    at_rest = scene.truth(settled.after)
    assert sorted(x.value for x in at_rest) == [1, 4, 5]
    assert [x.value for x in at_rest if x.cocked] == [4]
    kept = [x for x in scene.truth(removed.after) if x.in_keep_zone]
    assert [x.value for x in kept] == [1]
    assert [x.value for x in scene.truth(scene.spec.duration)] == [1]  # only the kept die left


def test_renders_repeat_and_the_source_gives_every_frame() -> None:
    spec = SceneSpec(seed=3, duration=0.5, fps=10.0, size=(320, 240), die_px=20,
                     tray=((20.0, 20.0), (300.0, 20.0), (300.0, 220.0), (20.0, 220.0)))
    scene = Scene(spec)
    assert np.array_equal(scene.render(2), Scene(spec).render(2))
    frames = list(SceneSource(scene))
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert frames[4].t == 0.4 and frames[0].image.shape == (240, 320, 3)
