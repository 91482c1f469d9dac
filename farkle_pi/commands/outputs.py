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


def check_room_for(option: str, out: Path) -> None:
    """Before any work: a picture that a folder stands in the place of, or whose folder is
    missing, was found out only once the work was done (a whole evaluation, a whole demo)."""
    if out.is_dir():
        raise FarkleError(f"{option} {out} is a folder: give a picture file name, e.g. "
                          f"{out / 'out.png'}")
    if not out.absolute().parent.is_dir():
        raise FarkleError(f"{option} {out}: no folder {out.parent} to save it in")
