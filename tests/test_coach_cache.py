"""The disk cache: solved once, loaded after; a broken or unwritable cache only costs a solve."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from another_user import as_another_user, shared_folder

from farkle_pi.coach import cache
from farkle_pi.rules import load_rules


def _no_solving(rules: object) -> None:
    raise AssertionError("solved again although the cache holds the answer")


def test_a_solve_is_saved_and_loaded_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    rules = load_rules("tyler")
    table, values = cache.load_or_solve(rules, 0, 0)
    assert [p.name for p in tmp_path.iterdir()] == [f"{cache.cache_key(rules, 0, 0)}.npz"]
    monkeypatch.setattr(cache, "build_table", _no_solving)
    loaded_table, loaded = cache.load_or_solve(rules, 0, 0)
    assert np.array_equal(loaded.roll, values.roll)
    assert np.array_equal(loaded_table.farkle_counts, table.farkle_counts)
    assert loaded.roll_value(0, 6) == values.roll_value(0, 6)


def test_a_corrupt_file_is_solved_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FARKLE_PI_CACHE", str(tmp_path))
    rules = load_rules("classic")
    _, fresh = cache.load_or_solve(rules, 0, 0)
    path = tmp_path / f"{cache.cache_key(rules, 0, 0)}.npz"
    path.write_bytes(b"not a zip file at all")
    _, again = cache.load_or_solve(rules, 0, 0)
    assert again.roll_value(0, 6) == fresh.roll_value(0, 6)
    np.savez(path, step=50)  # readable, but missing arrays
    _, again = cache.load_or_solve(rules, 0, 0)
    assert again.roll_value(300, 2) == fresh.roll_value(300, 2)


def test_an_unwritable_cache_still_solves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("FARKLE_PI_CACHE", str(blocker / "coach"))
    _, values = cache.load_or_solve(load_rules("standard"), 0, 0)
    assert round(values.roll_value(0, 6), 2) == 601.56


def test_a_cache_in_a_home_closed_to_this_user_still_solves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`sudo -u farkle farkle-pi coach` where sudo kept the caller's $HOME: looking for the
    file was a PermissionError (a traceback) before the solve it only costs."""
    with shared_folder() as folder:
        (folder / "home").mkdir(mode=0o700)
        monkeypatch.setenv("FARKLE_PI_CACHE", str(folder / "home" / "coach"))
        with as_another_user(folder):
            _, values = cache.load_or_solve(load_rules("standard"), 0, 0)
        assert round(values.roll_value(0, 6), 2) == 601.56


def test_cache_off_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FARKLE_PI_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache.load_or_solve(load_rules("classic"), 0, 0)
    assert not any(tmp_path.iterdir())


def test_xdg_cache_home_is_the_default_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FARKLE_PI_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert cache.cache_dir() == Path("/somewhere/farkle-pi/coach")


def test_the_key_follows_the_rules_not_their_name() -> None:
    standard = load_rules("standard")
    assert cache.cache_key(load_rules("family"), 0, 0) != cache.cache_key(standard, 0, 0)
    renamed = load_rules("standard", {"name": "our table"})
    assert cache.cache_key(renamed, 0, 0) == cache.cache_key(standard, 0, 0)
    assert cache.cache_key(standard, 500, 0) != cache.cache_key(standard, 0, 0)
    assert cache.cache_key(standard, 0, 1000) != cache.cache_key(standard, 0, 0)
