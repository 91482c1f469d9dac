"""A table with a game begun, for the table's tests: a database of its own, no voice."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from farkle_pi.rules import RuleSet
from farkle_pi.store import Store
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action


@contextmanager
def seated(tmp_path: Path, rules: RuleSet, players: Sequence[str], dice_mode: str,
           **options: Any) -> Iterator[Table]:
    """A new game at a table with a database of its own (and no voice, unless `say=`)."""
    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, rules, list(players), dice_mode, resume=False,
                      **{"say": lambda _: None, **options})
        table.new_game()
        yield table


def typed(table: Table, faces: str) -> None:
    """A throw entered by hand, one digit a die."""
    for face in faces:
        table.handle(Action("digit", value=int(face)))
        assert not table.error, table.error
