"""Bad files on purpose: config TOML, rules TOML and pictures, made at random and then damaged
(truncated, bytes flipped, not UTF-8, wrong types, unknown keys, huge values). Every command
that reads them exits 0 or says one line and exits 2, and a refused rules file leaves the game
in progress as it was."""

from __future__ import annotations

import json
import math
import re
import shutil
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest
from fuzzing import (
    A_JPEG,
    A_PNG,
    assert_clean,
    fresh_folder,
    fuzz_settings,
    game_shown,
    huge_png_header,
    quick_commands,
    run_cli,
    stored_game,
    tally,
)
from hypothesis import given
from hypothesis import strategies as st

from farkle_pi import config
from farkle_pi.rules import RuleSet

SECTIONS = {
    "table": ["players", "dice", "theme"],
    "rules": ["preset", "target", "entry", "dice", "single_one", "kinds", "nosuch_rule"],
    "screen": ["size", "fullscreen"],
    "camera": ["source", "width", "height", "fps"],
    "calibration": ["path"],
    "buttons": ["bank", "next", "keep", "undo", "bank_led", "pin_factory"],
    "store": ["database"],
}
SAFE_TEXT = st.text(max_size=10).map(lambda t: t.lstrip("/~"))  # nothing outside tmp
SCALAR = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, 1, 2, 5, 6, 7, 19, 27, 28, 500, 10_000, 10**12]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    SAFE_TEXT,
    st.sampled_from(["standard", "tyler", "manual", "virtual", "camera", "dark", "800x480",
                     "0x0", "99999x99999", "100x100", "auto", "opencv:0", "opencv:x", "mock",
                     "lgpio", "fixed", "doubling", "none", "500/750", "farkle.db", "a.toml",
                     "Ann", ""]),
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(SAFE_TEXT, inner, max_size=3),
    max_leaves=6,
)


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def key_values(keys: list[str]) -> st.SearchStrategy[dict[str, object]]:
    return st.dictionaries(st.sampled_from(keys) | SAFE_TEXT, VALUE, max_size=5)


@st.composite
def config_text(draw: st.DrawFn) -> str:
    names = draw(st.lists(st.sampled_from([*SECTIONS, "tabel", "extra"]), max_size=4,
                          unique=True))
    lines = []
    for name in names:
        lines.append(f"[{name}]")
        for key, value in draw(key_values(SECTIONS.get(name, ["x"]))).items():
            if key == "size" and isinstance(value, str) and re.search(r"\d{4}", value):
                value = "160x160"  # a real 4096x4096 window would only test the RAM
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


@st.composite
def damaged(draw: st.DrawFn, text: st.SearchStrategy[str]) -> bytes:
    """A file's bytes: as written, truncated, with bytes flipped, not UTF-8, or pure garbage."""
    data = draw(text).encode("utf-8", "surrogatepass")
    how = draw(st.sampled_from(["as is", "truncated", "flipped", "latin-1", "garbage"]))
    if how == "truncated" and data:
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif how == "flipped" and data:
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1:]
    elif how == "latin-1":
        data = data + "\n# caf\xe9\n".encode("latin-1")
    elif how == "garbage":
        data = draw(st.binary(max_size=200))
    tally(f"file damage: {how}")
    return data


@fuzz_settings(ci_examples=60)
@given(data=damaged(config_text()))
def test_random_config_files(data: bytes, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    quick_commands(monkeypatch)
    path = fresh_folder(tmp_path, monkeypatch) / "config.toml"
    path.write_bytes(data)
    tally("config file")
    checked = run_cli(["config", "check", "--config", str(path)])
    assert_clean(checked)
    if checked.code == 2 and _toml_syntax_error(data):
        assert re.search(r"line \d+", checked.err), str(checked)
    table = run_cli(["table", "--config", str(path), "--windowed"])
    assert_clean(table)
    if checked.code == 2:
        assert table.code == 2, f"config check refused it but the table ran:\n{table}"
    assert_clean(run_cli(["doctor", "--config", str(path)]), codes=(0, 1, 2))


def _toml_syntax_error(data: bytes) -> bool:
    try:
        tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return True  # not UTF-8 names the line as well
    except tomllib.TOMLDecodeError:
        return True
    return False


RULE_KEYS = [f.name for f in fields(RuleSet)]


@st.composite
def rules_text(draw: st.DrawFn) -> str:
    pairs = draw(key_values(RULE_KEYS))
    return "\n".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in pairs.items()) + "\n"


@pytest.fixture
def game_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return stored_game(tmp_path_factory.mktemp("template") / "game.db",
                       "new --players Ann Bob", "throw 111523")


@fuzz_settings(ci_examples=60)
@given(data=damaged(rules_text()))
def test_random_rules_files(data: bytes, tmp_path: Path, game_db: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    folder = fresh_folder(tmp_path, monkeypatch)
    rules = folder / "house.toml"
    rules.write_bytes(data)
    db = folder / "game.db"
    shutil.copy(game_db, db)
    tally("rules file")
    assert_clean(run_cli(["score", "--rules", str(rules), "111155"]))
    before = game_shown(db)
    started = run_cli(["game", "new", "--players", "Cy", "Di", "--rules", str(rules),
                       "--db", str(db)])
    assert_clean(started)
    if started.code != 0:
        assert game_shown(db) == before, str(started)


@st.composite
def picture_bytes(draw: st.DrawFn) -> bytes:
    """Real pictures cut short or with bytes flipped, huge headers, empty, text, garbage."""
    jpeg, png = A_JPEG.read_bytes(), A_PNG.read_bytes()
    kind = draw(st.sampled_from(["truncated jpeg", "truncated png", "flipped jpeg",
                                 "flipped png", "huge png header", "empty", "text",
                                 "jpeg magic + garbage", "png magic + garbage", "garbage"]))
    tally(f"image: {kind}")
    if kind.startswith("truncated"):
        whole = jpeg if "jpeg" in kind else png
        return whole[: draw(st.integers(0, len(whole) - 1))]
    if kind.startswith("flipped"):
        flipped = bytearray(jpeg if "jpeg" in kind else png)
        for _ in range(draw(st.integers(1, 8))):
            flipped[draw(st.integers(0, len(flipped) - 1))] = draw(st.integers(0, 255))
        return bytes(flipped)
    if kind == "huge png header":
        return huge_png_header(draw(st.integers(0, 2**31 - 1)), draw(st.integers(0, 2**31 - 1)))
    if kind == "text":
        return draw(st.text(max_size=100)).encode("utf-8", "surrogatepass")
    garbage = draw(st.binary(max_size=300))
    prefix = {"jpeg magic + garbage": b"\xff\xd8\xff\xe0", "png magic + garbage":
              b"\x89PNG\r\n\x1a\n"}.get(kind, b"")
    return b"" if kind == "empty" else prefix + garbage


@fuzz_settings(ci_examples=80)
@given(data=picture_bytes(), suffix=st.sampled_from([".jpg", ".png", ".jpeg", ".bmp", ".txt",
                                                     ""]))
def test_random_image_files(data: bytes, suffix: str, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    image = fresh_folder(tmp_path, monkeypatch) / f"photo{suffix}"
    image.write_bytes(data)
    assert_clean(run_cli(["detect", str(image)]))
    assert_clean(run_cli(["detect", "--json", str(image)]))


@pytest.mark.parametrize("name", ["missing.jpg", "a-folder.jpg"])
def test_a_missing_file_or_a_folder_is_one_line(tmp_path: Path, name: str) -> None:
    (tmp_path / "a-folder.jpg").mkdir()
    outcome = run_cli(["detect", str(tmp_path / name)])
    assert_clean(outcome)
    assert outcome.code == 2 and "cannot read image" in outcome.err


def test_the_config_sections_cover_the_real_ones() -> None:
    assert set(SECTIONS) == set(config.SECTIONS)


@fuzz_settings(ci_examples=30)
@given(pictures=st.lists(picture_bytes(), min_size=1, max_size=3), as_folder=st.booleans())
def test_random_recordings_for_replay_and_calibrate(
    pictures: list[bytes], as_folder: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder of damaged frames, or a damaged file given as a video."""
    folder = fresh_folder(tmp_path, monkeypatch)
    source = folder / "frames" if as_folder else folder / "session.mp4"
    if as_folder:
        source.mkdir()
        for index, data in enumerate(pictures):
            (source / f"{index:04d}.jpg").write_bytes(data)
    else:
        source.write_bytes(pictures[0])
    tally("recording: image folder" if as_folder else "recording: video file")
    assert_clean(run_cli(["replay", str(source), "--json"]))
    assert_clean(run_cli(["calibrate", "--source", str(source), "--out",
                          str(folder / "calibration.json")]))
