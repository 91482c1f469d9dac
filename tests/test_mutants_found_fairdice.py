"""Behaviour of the virtual dice that a hand-made mutation review found untested: each test
fails on one small change to farkle_pi/table/fairdice.py that would make a die unfair or a
game unverifiable."""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
from pathlib import Path

import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.fairdice import (
    FairDice,
    SeedBook,
    commitment,
    record_seed,
    throw_faces,
    verify,
)

# HMAC-SHA256(seed, "1:1") for this seed starts 87 165 252 198 38 5 16 146: its third byte is
# one of the four (252-255) thrown away so that every face is equally likely
SEED = bytes([30]) * 32


def documented_faces(seed: bytes, game_id: int, number: int, dice: int) -> tuple[int, ...]:
    """The module docstring's recipe, as anyone checking a game would write it."""
    digest = hmac.new(seed, f"{game_id}:{number}".encode(), hashlib.sha256).digest()
    return tuple(byte % 6 + 1 for byte in digest if byte < 252)[:dice]


def test_a_throw_is_what_the_published_recipe_gives() -> None:
    """`farkle-pi verify` is only worth something if a player can recompute a throw by hand:
    HMAC-SHA256(seed, "game:throw"), bytes >= 252 skipped, byte % 6 + 1 a face."""
    assert throw_faces(SEED, 1, 1, 6) == documented_faces(SEED, 1, 1, 6) == (4, 4, 1, 3, 6, 5)
    for number in range(1, 50):
        assert throw_faces(b"k" * 32, 7, number, 6) == documented_faces(b"k" * 32, 7, number, 6)


def test_every_game_gets_a_new_secret_seed_of_32_bytes() -> None:
    """A seed anyone could guess (or a short one anyone could search) lets a player know the
    Pi's dice before they are thrown."""
    seeds = {FairDice.fresh(1).seed for _ in range(4)}
    assert len(seeds) == 4 and all(len(seed) == 32 for seed in seeds)


def test_a_seed_recorded_again_for_a_game_replaces_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    with sqlite3.connect(path) as db:
        record_seed(db, FairDice(1, b"a" * 32))
        record_seed(db, FairDice(1, b"b" * 32))
    assert SeedBook(path).load(1) == (commitment(b"b" * 32), FairDice(1, b"b" * 32))


def test_a_seed_that_does_not_match_its_commitment_is_named() -> None:
    stored = "ab" * 32
    assert verify(stored, FairDice(1, SEED), []) == [
        "the seed does not match its commitment abababababababab..."]


def test_a_log_whose_rows_are_not_json_is_one_clear_error(tmp_path: Path) -> None:
    """A damaged log is reported as such by `verify`, not as a traceback."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        game = store.new_game(["Ann"], load_rules("standard"))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET body = 'not json' WHERE game = ?", (game.id,))
    with pytest.raises(FarkleError, match=f"game {game.id}'s log is unreadable"):
        SeedBook(path).events(game.id)
