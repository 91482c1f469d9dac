"""A corrupt config stops the table (what systemd starts) with one line that names the line to
fix, or the [section] key, before the screen opens; `config check` says the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import assert_clean, run_cli

GOOD = '[table]\nplayers = ["Ann", "Bob"]\ndice = "manual"\n[screen]\nsize = "480x320"\n'
CORRUPT = [
    ("a cut-off section header", GOOD.replace("[screen]", "[screen"), "line 4"),
    ("an unclosed list", GOOD.replace('"Bob"]', '"Bob"'), "line 3"),
    ("a missing quote", GOOD.replace('"manual"', '"manual'), "line 3"),
    ("a file cut off mid-key", GOOD + "fulls", "line 6"),
    ("a byte that is not UTF-8", GOOD.replace("Bob", "B\udcf6b"), "line 2"),
    ("a NUL byte from a bad shutdown", GOOD.replace("dice", "di\x00ce"), "line 3"),
    ("a wrong type", GOOD.replace('["Ann", "Bob"]', "3"), "[table] players"),
    ("an unknown key", GOOD + "colour = 5\n", "[screen] colour"),
]


@pytest.mark.parametrize(("text", "names"), [(t, n) for _, t, n in CORRUPT],
                         ids=[why for why, _, _ in CORRUPT])
@pytest.mark.parametrize("command", ["table", "config check"])
def test_a_corrupt_config_is_one_line_naming_the_place(
    tmp_path: Path, text: str, names: str, command: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    outcome = run_cli([*command.split(), "--config", str(path)])
    assert_clean(outcome)
    assert outcome.code == 2 and names in outcome.err, outcome.err
    assert str(path) in outcome.err
