"""Files this user may not use, as on a Pi where the table's files are the farkle user's.

Root may use any file, so under root the files are used as `nobody` (effective user and group,
no other groups; the real user stays root and comes back); any other user is denied by the
modes alone."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A folder another user can reach (tmp_path's parents are closed to other users), beside
    one where anyone may make temporary files (this machine's /tmp may be closed to them)."""
    top = Path(tempfile.mkdtemp(prefix="farkle-perm-"))
    top.chmod(0o755)
    (top / "scratch").mkdir(mode=0o777)
    (top / "scratch").chmod(0o1777)
    (top / "files").mkdir()
    (top / "files").chmod(0o755)  # (whatever the umask)
    try:
        yield top / "files"
    finally:
        for path in (top, *top.rglob("*")):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(top)


@contextmanager
def as_another_user(folder: Path) -> Iterator[None]:
    """Files used meanwhile are used as another user; `folder` is a `shared_folder`."""
    if os.geteuid() != 0:
        yield
        return
    groups = os.getgroups()
    try:
        os.setgroups([])
        os.setegid(65534)
        os.seteuid(65534)
    except OSError as error:  # no CAP_SETUID, or nobody not mapped in a user namespace
        _back_to_root(groups)
        pytest.skip(f"cannot act as another user here: {error}")
    saved, tempfile.tempdir = tempfile.tempdir, str(folder.parent / "scratch")
    try:
        yield
    finally:
        tempfile.tempdir = saved
        _back_to_root(groups)


def _back_to_root(groups: list[int]) -> None:
    os.seteuid(0)
    os.setegid(0)
    os.setgroups(groups)


def shared_file(path: Path, text: str) -> Path:
    """A file another user may read, whatever the umask."""
    path.write_text(text)
    path.chmod(0o644)
    return path
