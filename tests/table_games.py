"""A table with a game begun, for the survival tests that need one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table.table import Table


@contextmanager
def table_in_play(db: Path, dice: str) -> Iterator[Table]:
    """Ann and Bob to 5,000 with `dice` (manual, camera, virtual), the first throw due."""
    with Store(db) as store:
        table = Table(store, load_rules("standard", {"target": "5000"}), ["Ann", "Bob"], dice,
                      resume=False, say=lambda _: None)
        table.new_game()
        yield table
