"""Behaviour of the vision internals that a mutation review found untested: each test here
failed on a small change to the code (a flipped comparison, a dropped guard, a swapped
argument) that every other test let pass. Small synthetic pictures and canned readers: no
photos, no long runs."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.vision import cube, draw, find, reader
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.changes import changed_spots
from farkle_pi.vision.colour import colour_name, set_colour_names
from farkle_pi.vision.find import Candidate, find_candidates
from farkle_pi.vision.keep import keep_photo
from farkle_pi.vision.perspective import measured_stretch
from farkle_pi.vision.read import CROP_SCALE, classify, cut, outline, straighten
from farkle_pi.vision.synth import SynthDie, draw_die
from farkle_pi.vision.types import DieReading, RotatedBox

Image = npt.NDArray[np.uint8]
Probs = npt.NDArray[np.float32]
FELT = (40, 110, 30)

# ------------------------------------------------------------------ calibration.py


def _load(tmp_path: Path, raw: dict[str, object] | str) -> Calibration:
    path = tmp_path / "tray.json"
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw))
    return Calibration.load(path)


def _refused(tmp_path: Path, raw: dict[str, object] | str, field: str) -> None:
    with pytest.raises(FarkleError, match=f"calibration .*tray.json: {field}") as err:
        _load(tmp_path, raw)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("size", [0, False])
def test_a_zero_or_false_die_size_is_refused_not_read_as_none(tmp_path: Path, size: object) -> None:
    """0 or false loaded as "no die size" when the check asked only whether it was falsy."""
    _refused(tmp_path, {"die_size_px": size}, "die_size_px")


@pytest.mark.parametrize("learned", [False, 0, {}, [], ""])
def test_falsy_learned_dice_are_refused_not_left_out(tmp_path: Path, learned: object) -> None:
    _refused(tmp_path, {"die_size_px": 40, "learned_dice": learned}, "learned_dice is damaged")


def test_a_folder_named_as_the_reference_image_is_refused_on_load(tmp_path: Path) -> None:
    """Else it loads, and every reading then fails on "cannot read reference image"."""
    (tmp_path / "empty").mkdir()
    _refused(tmp_path, {"reference_image": "empty"}, "reference_image empty is not there")


@pytest.mark.parametrize("point", [[10, 0, 5], [True, 0], "NaN"])
def test_a_point_that_is_no_x_y_pair_of_numbers_is_a_one_line_error(
    tmp_path: Path, point: object
) -> None:
    """[x, y, z] gave a stack trace; true read as 1; NaN made a tray nothing lies in."""
    text = json.dumps({"tray_polygon": [[0, 0], [640, 0], point]})
    if point == "NaN":
        text = text.replace('"NaN"', "[NaN, 5]")  # Python's JSON reads NaN
    _refused(tmp_path, text, "tray_polygon must be a list of three or more")


@pytest.mark.parametrize("value", [False, 0.06, 0.5])
def test_a_perspective_past_the_widest_lens_or_false_is_refused(
    tmp_path: Path, value: object
) -> None:
    _refused(tmp_path, {"die_size_px": 40, "perspective": value}, "perspective must be 0 to 0.05")


def test_a_perspective_of_the_widest_lens_loads(tmp_path: Path) -> None:
    assert _load(tmp_path, {"die_size_px": 40, "perspective": 0.05}).perspective == 0.05


def test_a_reference_image_given_relative_to_the_working_folder_saves_so_that_it_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path outside the calibration's folder is saved absolute, not as given (which the
    load then looks for beside the calibration file)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "empty.png").write_bytes(b"png")
    (tmp_path / "trays").mkdir()
    path = tmp_path / "trays" / "tray.json"
    Calibration(reference_image=Path("pictures/empty.png")).save(path)
    loaded = Calibration.load(path)
    assert loaded.reference_image is not None
    assert loaded.reference_image.resolve() == (tmp_path / "pictures" / "empty.png").resolve()


# ------------------------------------------------------------------ find.py


def test_a_close_up_keeps_two_peaks_on_one_die_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a close-up the dice's measured size sets the floor (0.8 sides), as a calibrated size
    does: two peaks 0.67 sides apart are one die, not two."""
    peaks = [Candidate(300.0, 300.0, 150.0, 0.9), Candidate(400.0, 300.0, 150.0, 0.8)]
    monkeypatch.setattr(find, "_detect", lambda image, scale, half=None: list(peaks))
    found = find_candidates(np.zeros((960, 960, 3), np.uint8))
    assert found == [peaks[0]]


# ------------------------------------------------------------------ read.py


@pytest.mark.parametrize("centre", [(5.0, 5.0), (95.0, 95.0), (5.0, 95.0), (95.0, 5.0)])
def test_a_crop_at_the_picture_edge_is_whole_and_replicates_the_border(
    centre: tuple[float, float],
) -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    image[:, :, 0] = np.arange(100, dtype=np.uint8)[None, :]  # x in blue
    image[:, :, 1] = np.arange(100, dtype=np.uint8)[:, None]  # y in green
    crop = cut(image, Candidate(centre[0], centre[1], 40.0, 1.0))
    assert crop.side == round(40 * CROP_SCALE)
    assert crop.pixels.shape == (crop.side, crop.side, 3)
    for i in (0, crop.side - 1):  # each corner is the picture's pixel nearest to it
        for j in (0, crop.side - 1):
            y = min(max(crop.y0 + i, 0), 99)
            x = min(max(crop.x0 + j, 0), 99)
            assert tuple(crop.pixels[i, j]) == tuple(image[y, x])


def test_a_big_die_is_smoothed_before_it_is_shrunk_into_its_view() -> None:
    """warpAffine samples without averaging: unsmoothed, a die 10x the view's size shows
    its texture as noise, which the reader never saw (training cuts views the same way)."""
    noise = np.random.default_rng(0).integers(0, 256, (600, 600, 3)).astype(np.uint8)
    view = straighten(noise, Candidate(300.0, 300.0, 400.0, 1.0), None)
    assert view.shape == (40, 40, 3)
    assert float(view.std()) < 20.0  # unsmoothed: about 74


class _LoudLearned:
    """Learned dice whose scores are far beyond exp's float range."""

    def scores(self, views: Sequence[Image]) -> npt.NDArray[np.float32]:
        rows = np.zeros((len(views), 7), np.float32)
        rows[:, 4] = 1000.0
        return rows


def test_probabilities_stay_finite_for_huge_scores() -> None:
    views = [np.zeros((40, 40, 3), np.uint8)]
    probs = classify(views, learned=_LoudLearned())  # type: ignore[arg-type]
    assert np.all(np.isfinite(probs)) and probs[0, 4] == pytest.approx(1.0)


def test_no_body_found_gives_an_upright_square_of_the_die_size() -> None:
    """A skewed fallback box would make a die without a clear outline look leaning."""
    image = np.full((120, 120, 3), 128, np.uint8)
    crop = cut(image, Candidate(60.0, 60.0, 40.0, 1.0))
    box, body, found = outline(crop, 40.0)
    assert not found
    assert box.size == (32.0, 32.0) and box.angle == 0.0
    assert box.center == (crop.x0 + crop.side / 2, crop.y0 + crop.side / 2)
    assert body.any()


# ------------------------------------------------------------------ reader.py


def _picture(*centres: tuple[float, float], size: tuple[int, int] = (260, 200)) -> Image:
    """Green felt with a white 40 px square at each centre."""
    image = np.full((size[1], size[0], 3), FELT, np.uint8)
    for x, y in centres:
        image[round(y - 20) : round(y + 20), round(x - 20) : round(x + 20)] = (230, 230, 230)
    return image


def _row(face: int, p: float, not_die: float = 0.0) -> Probs:
    row = np.full(7, (1.0 - p - not_die) / 5.0, np.float32)
    row[0], row[face] = not_die, p
    return row


def _canned(monkeypatch: pytest.MonkeyPatch, cands: list[Candidate], rows: list[Probs]) -> None:
    """The detector finds `cands`; the first reader reads them as `rows`; any other look
    (turns, second opinions) is unsure of every face."""
    monkeypatch.setattr(reader, "find_candidates", lambda image, size=None: list(cands))
    monkeypatch.setattr(
        reader,
        "first_reading",
        lambda views, learned=None: np.array(rows, np.float32).reshape(-1, 7),
    )

    def unsure(views: list[Image], net: str = "", learned: object = None) -> Probs:
        return np.full((len(views), 7), 1.0 / 7.0, np.float32)

    monkeypatch.setattr(reader, "classify", unsure)


def test_a_die_without_a_body_is_kept_only_when_surely_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A strong candidate on bare felt (a speck, a stain) read unsurely is no die."""
    speck = Candidate(60.0, 60.0, 40.0, 0.9)
    die = Candidate(180.0, 100.0, 40.0, 0.9)
    _canned(monkeypatch, [speck, die], [_row(3, 0.6), _row(5, 0.95)])
    readings = reader.read_dice(_picture((180.0, 100.0)))
    assert [(r.center, r.value) for r in readings] == [((180.0, 100.0), 5)]


def test_a_crowded_candidate_the_reader_calls_no_die_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Not a die" at 0.8 is no sureness about a face: a crowded candidate needs that."""
    die = Candidate(80.0, 100.0, 40.0, 0.9)
    crowded = Candidate(180.0, 100.0, 40.0, 0.6, crowded=True)
    _canned(monkeypatch, [die, crowded], [_row(2, 0.95), _row(4, 0.1, not_die=0.8)])
    readings = reader.read_dice(_picture((80.0, 100.0), (180.0, 100.0)))
    assert [r.value for r in readings] == [2]


def test_the_picture_edge_flag_and_the_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """A die's square reaching within a pixel of the picture's edge is at the edge; its bbox is
    the square of its size centred on it."""
    w, h = 260, 200
    cands = [
        Candidate(21.0, 100.0, 40.0, 0.9),  # left side at x = 1
        Candidate(130.0, h - 21.0, 40.0, 0.9),  # bottom at h - 1
        Candidate(w - 21.0, 60.0, 40.0, 0.9),  # right side at w - 1
        Candidate(100.4, 60.6, 41.0, 0.9),  # well inside
    ]
    _canned(monkeypatch, cands, [_row(1, 0.95)] * 4)
    readings = reader.read_dice(_picture(*[(c.x, c.y) for c in cands], size=(w, h)))
    by_x = {round(r.center[0]): r for r in readings}
    assert [by_x[round(c.x)].at_edge for c in cands] == [True, True, True, False]
    assert by_x[100].bbox == (80, 40, 41, 41)
    assert by_x[21].bbox == (1, 80, 40, 40)


def test_a_die_partly_outside_the_tray_outline_is_at_the_edge(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cal = Calibration(tray_polygon=((0.0, 0.0), (150.0, 0.0), (150.0, 200.0), (0.0, 200.0)))
    inside = Candidate(60.0, 100.0, 40.0, 0.9)
    across = Candidate(140.0, 100.0, 40.0, 0.9)  # its centre in the tray, its right side not
    _canned(monkeypatch, [inside, across], [_row(6, 0.95)] * 2)
    readings = reader.read_dice(_picture((60.0, 100.0), (140.0, 100.0)), cal)
    assert [(r.center[0], r.at_edge) for r in readings] == [(60.0, False), (140.0, True)]


def test_dice_apart_are_not_touching_and_dice_side_by_side_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cands = [
        Candidate(40.0, 100.0, 40.0, 0.9),
        Candidate(130.0, 100.0, 40.0, 0.9),
        Candidate(172.0, 100.0, 40.0, 0.9),
    ]
    _canned(monkeypatch, cands, [_row(3, 0.95)] * 3)
    readings = reader.read_dice(_picture(*[(c.x, c.y) for c in cands]))
    assert [r.touching for r in readings] == [False, True, True]


def test_an_unreadable_die_is_never_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A die another reader settled but which leans in a calibrated tray is unread: not
    `settled` (the table names settled dice as read on a second opinion)."""
    cand = Candidate(130.0, 100.0, 40.0, 0.9)
    _canned(monkeypatch, [cand], [_row(3, 0.6)])
    monkeypatch.setattr(reader, "_faces", lambda probs, view, learned=None: [(3, 0.9, True)])
    monkeypatch.setattr(reader, "_lies_flat", lambda box, lean, limits=None: False)
    [reading] = reader.read_dice(_picture((130.0, 100.0)), Calibration(die_size_px=40.0))
    assert reading.value is None and not reading.flat
    assert not reading.settled


def test_a_bgra_picture_reads_as_its_bgr() -> None:
    """The alpha channel is dropped, not read as a fourth colour (the nets take three)."""
    image = np.full((200, 260, 3), FELT, np.uint8)
    draw_die(
        image,
        SynthDie(5, (130.0, 100.0), 50.0, 10.0, (235, 235, 235)),
        (20, 20, 20),
        np.random.default_rng(0),
    )
    alpha = np.full((200, 260, 1), 255, np.uint8)
    bgra = np.concatenate([image, alpha], axis=2)
    assert reader.read_dice(bgra) == reader.read_dice(image)


def _box(x: float, y: float, w: float, h: float, angle: float = 0.0) -> RotatedBox:
    return RotatedBox((x, y), (w, h), angle)


def test_the_frames_own_stretch_comes_before_the_calibrated_one() -> None:
    boxes = [
        _box(500.0, 240.0, 44.0, 40.0),
        _box(140.0, 240.0, 44.0, 40.0),
        _box(320.0, 60.0, 40.0, 44.0),
    ]
    measured = measured_stretch(boxes, (320.0, 240.0))
    assert measured is not None and measured > 0.0005
    cal = Calibration(die_size_px=40.0, perspective=0.0001)
    rule = reader._lean_rule(boxes, cal, (640, 480))
    assert rule is not None and rule.stretch == pytest.approx(measured)


def test_a_leaning_die_whose_wide_cut_shows_no_body_keeps_its_first_outline() -> None:
    """Not the wide cut's fallback square, which would call it flat (and score it)."""
    image = np.full((200, 260, 3), 128, np.uint8)
    cand = Candidate(130.0, 100.0, 40.0, 0.9)
    leaning = _box(130.0, 100.0, 60.0, 38.0, 20.0)
    assert reader._whole_outline(image, cand, [cand], leaning) == leaning


def test_a_changed_spot_near_a_found_die_is_that_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """A die the detector found also differs from the empty tray: its spot, off its centre,
    must not become a second die (closer than 0.8 sides is one die)."""
    ref = np.full((200, 260, 3), FELT, np.uint8)
    cal = Calibration(reference_image=Path("empty.png"), die_size_px=40.0, _reference=[ref])
    monkeypatch.setattr(
        reader, "changed_spots", lambda image, reference, side: [(150.0, 100.0), (60.0, 60.0)]
    )
    found = [Candidate(130.0, 100.0, 40.0, 0.9)]  # 20 px = 0.5 sides from the first spot
    spots = reader._changed(ref, found, cal)
    assert [(c.x, c.y) for c in spots] == [(60.0, 60.0)]


def test_a_reference_image_without_a_die_size_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """die_size_px may be null beside an empty-tray image: the reader then looks for no
    changed spots (they need a die's size) instead of failing."""
    ref = np.full((200, 260, 3), FELT, np.uint8)
    cal = Calibration(reference_image=tmp_path / "empty.png", _reference=[ref])
    _canned(monkeypatch, [Candidate(130.0, 100.0, 40.0, 0.9)], [_row(4, 0.95)])
    assert [r.value for r in reader.read_dice(_picture((130.0, 100.0)), cal)] == [4]


# ------------------------------------------------------------------ changes.py

EMPTY = np.full((240, 320, 3), FELT, np.uint8)


def test_touching_dice_are_found_at_their_middles() -> None:
    """The distance peaks of two touching dice lie towards their contact; k-means settles
    them on the dice's middles (119.5 and 159.5)."""
    image = EMPTY.copy()
    image[80:120, 100:140] = (230, 230, 230)
    image[80:120, 140:180] = (200, 200, 230)
    spots = sorted(changed_spots(image, EMPTY, 40.0))
    assert len(spots) == 2
    for (x, y), want in zip(spots, (119.5, 159.5), strict=True):
        assert abs(x - want) < 4.0 and abs(y - 99.5) < 1.0


def test_a_die_of_nearly_the_felts_colour_is_a_change() -> None:
    """20 levels a channel (60 summed, over CHANGED): a die unlike any the detector saw."""
    image = EMPTY.copy()
    image[80:120, 100:140] = (60, 130, 50)
    assert changed_spots(image, EMPTY, 40.0) == [(119.5, 99.5)]


def test_a_thin_line_of_light_is_no_die() -> None:
    image = EMPTY.copy()
    image[100:104, 20:300] = (230, 230, 230)
    assert changed_spots(image, EMPTY, 40.0) == []


def test_a_mostly_covered_tray_gives_no_spots() -> None:
    """Over half of it changed (a cloth, a moved camera): the empty look says nothing."""
    image = EMPTY.copy()
    for row in range(0, 240, 40):
        image[row : row + 20, :224] = (230, 230, 230)
        image[row + 20 : row + 40, :224] = (10, 10, 200)
    assert float(np.mean(np.abs(image.astype(int) - EMPTY).sum(axis=2) > 40)) > 0.5
    assert changed_spots(image, EMPTY, 40.0) == []


# ------------------------------------------------------------------ colour.py


def test_a_pale_pinkish_body_is_white_not_ivory() -> None:
    """Ivory is pale and yellow (b* of 8 or more and hue past orange); this one is pale with
    b* 8 but a warm hue of 49 degrees."""
    assert colour_name((215, 225, 250)) == "white"
    assert colour_name((200, 215, 240)) == "ivory"


def test_a_tied_set_takes_its_mean_colours_name() -> None:
    """A purple and a pink die within SET_SPREAD are one set; one vote each: the mean's name
    (pink) decides, not which die came first."""
    assert colour_name((120, 55, 177)) == "purple"
    assert colour_name((122, 59, 181)) == "pink"
    assert set_colour_names([(120, 55, 177), (122, 59, 181)]) == ["pink", "pink"]


# ------------------------------------------------------------------ cube.py


def test_a_cubes_side_faces_show_side_values_not_its_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []
    real = cube.face_picture

    def record(
        value: int,
        body: cube.Colour,
        pip: cube.Colour,
        veins: cube.Colour | None,
        rng: np.random.Generator,
    ) -> Image:
        drawn.append(value)
        return real(value, body, pip, veins, rng)

    monkeypatch.setattr(cube, "face_picture", record)
    img = np.zeros((120, 120, 3), np.uint8)
    view = cube.View(35.0, 30.0, (0.0, 0.0, 1.0))
    cube.draw_cube(
        img,
        (60.0, 60.0),
        40.0,
        20.0,
        view,
        1,
        (230, 230, 230),
        (20, 20, 20),
        np.random.default_rng(0),
    )
    assert drawn[0] == 1 and len(drawn) >= 2  # the top, then the sides turned to the lens
    assert all(v not in (1, 6) for v in drawn[1:])  # a real die's sides around a 1


# ------------------------------------------------------------------ keep.py


def test_photos_kept_under_one_name_are_all_kept(tmp_path: Path) -> None:
    image = np.zeros((20, 20, 3), np.uint8)
    paths = [keep_photo(tmp_path, "round", image, [(k + 1, (1, 2, 3, 4))]) for k in range(3)]
    assert [p.name for p in paths] == ["round.jpg", "round-2.jpg", "round-3.jpg"]
    rows = [json.loads(line) for line in (tmp_path / "labels.jsonl").read_text().splitlines()]
    assert [(r["image"], r["dice"][0]["value"]) for r in rows] == [
        ("round.jpg", 1),
        ("round-2.jpg", 2),
        ("round-3.jpg", 3),
    ]


# ------------------------------------------------------------------ draw.py


def _reading(value: int | None, flat: bool = True, at_edge: bool = False) -> DieReading:
    return DieReading(
        value,
        0.9,
        (50.0, 50.0),
        _box(50.0, 50.0, 30.0, 30.0),
        (35, 35, 30, 30),
        "white",
        (230, 230, 230),
        flat,
        at_edge,
        False,
    )


def test_drawing_leaves_the_callers_picture_alone() -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    out = draw.draw_readings(image, [_reading(3)])
    assert not image.any() and out.any()


def test_a_label_of_a_die_at_the_right_edge_stays_in_the_picture() -> None:
    """A die cut by the picture's right side keeps its whole label (its dark patch as big as
    the same label's in the middle), not half of it past the edge."""
    def label_pixels(x: float) -> int:
        reading = _reading(3)
        box = _box(x, 50.0, 30.0, 30.0)
        left = max(0, round(x - 15))
        reading = dataclasses.replace(reading, center=(x, 50.0), box=box,
                                      bbox=(left, 35, min(30, 200 - left), 30))
        out = draw.draw_readings(np.full((100, 200, 3), 90, np.uint8), [reading])
        return int(np.count_nonzero(np.any(out[:34] != 90, axis=2)))  # above the box

    assert label_pixels(195.0) == label_pixels(100.0) > 0


def test_the_box_colours_say_read_flagged_or_unreadable() -> None:
    """Green: read and flat; orange: read but leaning or at the edge; red: unreadable."""
    assert draw._colour(_reading(3)) == (0, 200, 0)
    assert draw._colour(_reading(3, flat=False)) == (0, 140, 255)
    assert draw._colour(_reading(3, at_edge=True)) == (0, 140, 255)
    assert draw._colour(_reading(None)) == (0, 0, 255)


# ------------------------------------------------------------------ types.py


@pytest.mark.parametrize(
    ("bbox", "size", "inside"),
    [
        ((-5, -8, 20, 20), (100, 100), [0, 0, 15, 12]),  # cut by the top left corner
        ((90, 85, 20, 20), (100, 100), [90, 85, 10, 15]),  # cut by the right and bottom sides
        ((120, 80, 20, 20), (100, 100), [99, 80, 1, 20]),  # wholly past the right: a pixel at it
        ((-30, 10, 20, 20), (100, 100), [0, 10, 1, 20]),  # wholly past the left: a pixel at it
        ((10, 120, 20, 20), (200, 100), [10, 99, 20, 1]),  # below a picture wider than tall
        ((10, 70, 20, 20), (100, 100), [10, 70, 20, 20]),  # inside
    ],
)
def test_the_json_bbox_is_the_part_of_the_square_inside_the_picture(
    bbox: tuple[int, int, int, int], size: tuple[int, int], inside: list[int]
) -> None:
    die = DieReading(
        1,
        0.9,
        (0.0, 0.0),
        _box(0.0, 0.0, 20.0, 20.0),
        bbox,
        "white",
        (230, 230, 230),
        True,
        True,
        False,
    )
    assert die.to_json(size=size)["bbox"] == inside
