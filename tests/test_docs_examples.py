"""The README's and docs' examples of `farkle-pi score` and `farkle-pi coach` print what they
show: a reader types them to learn the tool, and a figure that drifted (a coach change, a
reworded line) would teach them something false. A line `...` ends what is shown; `...`
inside a line stands for text left out. And the files the README's examples write into the
checkout are ignored by git."""

from __future__ import annotations

import itertools
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from farkle_pi.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("README.md", "docs/coach.md")
PURE = ("score", "coach")  # commands that read no files and no database: run as shown
COMMAND = re.compile(r"^\s*\$ (farkle-pi .*)$")
ELLIPSIS = ("...", "…")


@dataclass(frozen=True)
class Example:
    where: str
    argv: list[str]
    shown: list[str]  # the lines under the command, indentation of the block taken off


def examples() -> list[Example]:
    found = []
    for doc in DOCS:
        lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
        fenced = False
        for number, line in enumerate(lines):
            if line.strip().startswith("```"):
                fenced = not fenced
                continue
            command = COMMAND.match(line) if fenced else None
            if command is None or "|" in command[1] or "&&" in command[1]:
                continue
            argv = shlex.split(command[1], comments=True)[1:]
            if not argv or argv[0] not in PURE:
                continue
            indent = len(line) - len(line.lstrip())
            shown = []
            for below in lines[number + 1:]:
                if not below.strip() or below.strip().startswith(("$", "```")):
                    break
                shown.append(below[indent:].rstrip())
            found.append(Example(f"{doc}:{number + 1}", argv, shown))
    return found


def agrees(shown: list[str], printed: list[str]) -> bool:
    """Each shown line is the printed line at its place, `...` in it standing for any text; a
    line of its own `...` ends the comparison."""
    for index, line in enumerate(shown):
        if line.strip() in ELLIPSIS:
            return True
        if index >= len(printed):
            return False
        pattern = ".*".join(re.escape(part) for part in re.split(r"\.\.\.|…", line))
        if not re.fullmatch(pattern, printed[index].rstrip()):
            return False
    return len(printed) == len(shown)


ALL = examples()


def test_the_docs_show_examples_of_both_commands_with_their_output() -> None:
    """The collector finds them (a changed layout must not leave this file checking nothing)."""
    shown = [e for e in ALL if e.shown]
    assert {e.argv[0] for e in shown} == set(PURE)
    assert len(shown) >= 10 and {e.where.split(":")[0] for e in shown} == set(DOCS)


@pytest.mark.parametrize("example", ALL, ids=[e.where for e in ALL])
def test_an_example_prints_what_the_docs_show(example: Example,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code = main(example.argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    if example.shown:
        assert agrees(example.shown, out.splitlines()), out


@pytest.mark.parametrize(("shown", "printed", "same"), [
    (["a 1", "b 2"], ["a 1", "b 2"], True),
    (["a 1"], ["a 1", "b 2"], False),  # printed more than shown, no `...`
    (["a 1", "..."], ["a 1", "b 2"], True),
    (["a 1", "  ..."], ["a 1", "b 2", "c 3"], True),
    (['{"x": 1, ...}'], ['{"x": 1, "y": 2}'], True),
    (['{"x": 1, ...}'], ['{"x": 2, "y": 2}'], False),
    (["a 1", "b 2"], ["a 1"], False),
])
def test_agrees_reads_ellipses_as_text_left_out(shown: list[str], printed: list[str],
                                                same: bool) -> None:
    assert agrees(shown, printed) is same


WRITES = ("--out", "--sheet", "--draw", "--save")  # options that name a file a command writes


def test_what_the_readme_s_examples_write_in_the_checkout_is_ignored_by_git() -> None:
    """Run from the checkout, the README's examples leave their files there (`calibrate --out
    tray.json`, `screenshot ... throw.png`): none may show up as a file to commit."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    written = set()
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        command = COMMAND.match(line)
        if command is None:
            continue
        argv = shlex.split(command[1].split("|")[0], comments=True)[1:]
        names = [after for option, after in itertools.pairwise(argv) if option in WRITES]
        if argv[:1] == ["screenshot"]:
            names.append(argv[-1])
        written |= {name for name in names if "/" not in name and not name.startswith("~")}
    assert "tray.json" in written and "throw.png" in written
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *sorted(written)], cwd=ROOT,
                             capture_output=True, text=True, check=False).stdout.split()
    assert sorted(written - set(ignored)) == []
