"""`game show` and `stats` keep their columns with names a terminal draws wide or narrow.

Names were padded by their length: "李雷" takes four columns, so its score stood two columns
right of the others', and a "Zoë" typed as e and a dot mark one column left."""

from __future__ import annotations

from pathlib import Path

import pytest

from farkle_pi.cli import main
from farkle_pi.commands.columns import columns, left_aligned

NAMES = ("李雷", "Ann", "Zoe\u0308", "\uff21\uff22")  # wide; plain; a combining mark; full-width AB


def test_columns_count_wide_letters_twice_and_marks_not_at_all() -> None:
    assert [columns(name) for name in NAMES] == [4, 3, 3, 4]
    assert [columns(left_aligned(name, 6)) for name in NAMES] == [6, 6, 6, 6]
    assert left_aligned("Maximilian Weber", 6) == "Maximilian Weber"  # never cut


@pytest.mark.parametrize("report", [["game", "show"], ["stats"]])
def test_scores_stand_in_one_column_whatever_the_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, report: list[str]
) -> None:
    db = str(tmp_path / "farkle.db")
    assert main(["game", "new", "--players", *NAMES, "--db", db]) == 0
    capsys.readouterr()
    assert main([*report, "--db", db]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines()
            if any(name in line for name in NAMES) and "to throw" not in line]
    assert len(rows) == len(NAMES)
    # where each row's first score ends, counted in a terminal's columns
    ends = {columns(row[:row.index(" 0") + 2]) if " 0" in row else -1 for row in rows}
    assert len(ends) == 1 and -1 not in ends, rows
