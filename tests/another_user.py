"""Files this user may not use, as on a Pi where the table's files are the farkle user's.

Root may use any file, so under root the files are used as `nobody` (the effective user only:
the real one stays root and comes back); any other user is denied by the modes alone."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A folder another user can reach (tmp_path's parents are closed to other users), beside
    one where anyone may make temporary files (this machine's /tmp may be closed to them)."""
    top = Path(tempfile.mkdtemp(prefix="farkle-perm-"))
    top.chmod(0o755)
    (top / "scratch").mkdir(mode=0o777)
    (top / "scratch").chmod(0o1777)
    (top / "files").mkdir(mode=0o755)
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
    saved, tempfile.tempdir = tempfile.tempdir, str(folder.parent / "scratch")
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)
        tempfile.tempdir = saved
