"""Bad input on purpose: run `farkle_pi.cli.main` in-process and judge what came out.

The judgement is the CLI's promise: exit 0, or exit 2 with exactly one line on stderr (doctor may
exit 1), never a traceback, never an exception out of `main`, never an error logged with a stack
(the table catches and logs; a logged stack is a bug the screen would show as "internal error").
stdout is strict UTF-8 and stderr backslash-replaces, as on a real console, and file
descriptors 1 and 2 are captured too, so a C library (libjpeg, SDL) writing to them is seen.

CI runs a few examples, derandomized; `FARKLE_FUZZ_EXAMPLES=N` runs N per test with fresh
randomness (see benchmarks/fuzz_long.py), and `FARKLE_FUZZ_TALLY=FILE` counts cases per kind.
"""

from __future__ import annotations

import atexit
import io
import json
import logging
import os
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

from farkle_pi.cli import main

LONG_EXAMPLES = int(os.environ.get("FARKLE_FUZZ_EXAMPLES", "0"))
TALLY_FILE = os.environ.get("FARKLE_FUZZ_TALLY")


def fuzz_settings(ci_examples: int) -> settings:
    """A few reproducible examples in CI; many random ones when FARKLE_FUZZ_EXAMPLES is set."""
    return settings(
        max_examples=LONG_EXAMPLES or ci_examples,
        derandomize=not LONG_EXAMPLES,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


@dataclass(frozen=True)
class Outcome:
    argv: tuple[str, ...]
    code: int | None
    out: str
    err: str
    crash: str = ""  # an exception that escaped main, or an error logged with a stack

    def __str__(self) -> str:
        return (f"argv={list(self.argv)!r} code={self.code} crash={self.crash!r}\n"
                f"stdout={self.out[-800:]!r}\nstderr={self.err[-800:]!r}")


class _StackLogged(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.stacks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.stacks.append(record.getMessage() + ": " + repr(record.exc_info[1]))


@contextmanager
def _captured_fds() -> Iterator[list[str]]:
    """fd 1 and 2 into a temporary file while the block runs; the text lands in the list."""
    result: list[str] = []
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield result
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            result.append(sink.read().decode("utf-8", "backslashreplace"))


def run_cli(argv: Sequence[str]) -> Outcome:
    """`farkle-pi ARGV` in this process, with stdout, stderr and fds 1-2 captured."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    stacks = _StackLogged()
    root = logging.getLogger()
    root.addHandler(stacks)
    saved = sys.stdout, sys.stderr
    code: int | None = None
    crash = ""
    with _captured_fds() as raw:
        sys.stdout, sys.stderr = out, err
        try:
            code = main(list(argv))
        except BaseException as error:  # judged below: nothing may escape main
            crash = "".join(traceback.format_exception(error))
        finally:
            sys.stdout, sys.stderr = saved
            root.removeHandler(stacks)
    texts = []
    for stream in (out, err):
        stream.flush()
        buffer = stream.buffer
        assert isinstance(buffer, io.BytesIO)
        texts.append(buffer.getvalue().decode("utf-8", "backslashreplace"))
    crash = crash or "; ".join(stacks.stacks)
    return Outcome(tuple(argv), code, texts[0], texts[1] + raw[0], crash)


def assert_clean(outcome: Outcome, codes: Sequence[int] = (0, 2), error_lines: int = 1) -> None:
    """The promise: an allowed exit code; a refusal is `error_lines` lines; no traceback."""
    assert not outcome.crash, str(outcome)
    assert outcome.code in codes, str(outcome)
    assert "Traceback" not in outcome.err and "Traceback" not in outcome.out, str(outcome)
    if outcome.code == 2:
        lines = outcome.err.splitlines()
        assert 1 <= len(lines) <= error_lines, str(outcome)
        assert all(line.startswith("farkle-pi") for line in lines), str(outcome)


def game_shown(db: Path) -> str:
    """What `game show --json` says of the latest game in `db` (the before/after witness)."""
    outcome = run_cli(["game", "show", "--json", "--db", str(db)])
    assert outcome.code == 0 and not outcome.crash, str(outcome)
    return outcome.out


_tally: Counter[str] = Counter()


def tally(kind: str) -> None:
    """Count one case of `kind`; written to FARKLE_FUZZ_TALLY when the run ends."""
    if TALLY_FILE:
        _tally[kind] += 1


def write_tally() -> None:
    if not TALLY_FILE or not _tally:
        return
    path = Path(TALLY_FILE)
    before: Counter[str] = Counter(json.loads(path.read_text()) if path.is_file() else {})
    before.update(_tally)
    path.write_text(json.dumps(dict(sorted(before.items())), indent=1))
    _tally.clear()


atexit.register(write_tally)


REPO = Path(__file__).resolve().parents[1]
A_JPEG = REPO / "fixtures" / "demo" / "demo.reference.jpg"
A_PNG = REPO / "fixtures" / "screens" / "throw-480x320.png"


def huge_png_header(width: int = 100_000, height: int = 100_000) -> bytes:
    """A valid PNG signature and IHDR claiming a giant picture, then nothing."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def junk_files(folder: Path) -> dict[str, Path]:
    """Files a careless or unlucky user might hand any command, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    made: dict[str, bytes] = {
        "empty.jpg": b"",
        "text.jpg": b"these are not the dice you are looking for\n",
        "truncated.jpg": A_JPEG.read_bytes()[:2000],
        "truncated.png": A_PNG.read_bytes()[:1500],
        "huge.png": huge_png_header(),
        "garbage.bin": bytes(range(256)) * 4,
        "bad.toml": b"[table\nplayers = [\"Ann\"\n",
        "latin1.toml": "[table]\nplayers = [\"Jos\xe9\"]\n".encode("latin-1"),
        "wrong-types.toml": b"[table]\nplayers = 3\n[screen]\nsize = [1, 2]\n",
        "rules-bad.toml": b"name = \"x\"\nsingle_one = \"lots\"\n",
        "rules-good.toml": b"name = \"mine\"\ndice = 6\nentry = 500\n",
        "calibration.json": b"{\"tray\": 5}",
        "notadb.db": b"SQLite format 3\x00" + bytes(200),
    }
    paths = {}
    for name, data in made.items():
        path = folder / name
        path.write_bytes(data)
        paths[name] = path
    (folder / "a-folder.jpg").mkdir(exist_ok=True)
    frames = folder / "frames"
    frames.mkdir(exist_ok=True)
    (frames / "0000.jpg").write_bytes(made["truncated.jpg"])
    (frames / "0001.jpg").write_bytes(made["text.jpg"])
    paths["a-folder.jpg"] = folder / "a-folder.jpg"
    paths["frames"] = frames
    paths["missing.jpg"] = folder / "missing.jpg"
    good = folder / "good.toml"
    good.write_text(f'[table]\ndice = "manual"\nplayers = ["Ann", "Bob"]\n'
                    f'[store]\ndatabase = "{folder / "config.db"}"\n')
    paths["good.toml"] = good
    return paths


_UNPATCHED: dict[str, Any] = {}  # what quick_commands wraps, as it was before any test


def quick_commands(monkeypatch: Any) -> None:
    """The table and demo loops stop after a few frames and doctor asks no child processes:
    what is fuzzed is the input and the start-up, not the evening or the hardware."""
    from farkle_pi import doctor
    from farkle_pi.app import App

    step = _UNPATCHED.setdefault("App.step", App.step)  # not the last example's wrapper: the
    # monkeypatch lives as long as the test, and wrappers of wrappers ran out of stack
    monkeypatch.setattr(App, "step", lambda self: step(self) and self.frames < 3)
    monkeypatch.setattr(doctor, "probe", lambda kind, *a, **k: {"error": f"{kind} not probed"})


def fresh_folder(tmp_path: Path, monkeypatch: Any) -> Path:
    """A new folder for one example, made the working directory (relative paths land in it)."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    monkeypatch.chdir(folder)
    return folder


def stored_game(db: Path, *commands: str) -> Path:
    """A game database made through the CLI, `commands` being `game` actions."""
    for words in commands:
        outcome = run_cli(["game", *words.split(), "--db", str(db)])
        assert outcome.code == 0, str(outcome)
    return db
