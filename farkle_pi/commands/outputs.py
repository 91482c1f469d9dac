"""Pictures a command writes: refused before any work when one would overwrite what the command
reads (a photo, a labelled picture, the calibration's empty tray) or another of its outputs."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from farkle_pi.errors import FarkleError


def refuse_overwrites(option: str, writes: Iterable[tuple[Path, Path]],
                      reads: Iterable[Path]) -> None:
    """`writes`: (what it is drawn from, where it goes); `reads`: files the command needs."""
    needed = {path.resolve(): path for path in reads}
    taken: dict[Path, Path] = {}
    for source, out in writes:
        where = out.resolve()
        if where in needed:
            raise FarkleError(f"{option} {out} would overwrite {needed[where]}, which is read "
                              "here: give another file name")
        if where in taken and taken[where].resolve() != source.resolve():
            raise FarkleError(f"{option}: {taken[where]} and {source} would both be drawn into "
                              f"{out}: give them different names, or draw them one at a time")
        taken[where] = source
