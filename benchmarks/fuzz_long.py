"""The long fuzz run: the CI fuzz tests with many fresh random examples each, and a tally of
the cases tried per input kind.

    .venv/bin/python benchmarks/fuzz_long.py [--examples 20000] [-k config]

CI runs the same tests with a few derandomized examples; here each test gets `--examples`
new random ones (FARKLE_FUZZ_EXAMPLES) and a failure prints the smallest input that breaks the
promise (exit 0, or one line and exit 2, no traceback, the game left as it was).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/test_fuzz_cli.py", "tests/test_fuzz_files.py", "tests/test_fuzz_dice.py",
         "tests/test_fuzz_table.py"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=20000, help="examples per fuzz test")
    parser.add_argument("-k", default="", help="only the fuzz tests whose name matches")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tally = Path(folder) / "tally.json"
        env = dict(os.environ, FARKLE_FUZZ_EXAMPLES=str(args.examples),
                   FARKLE_FUZZ_TALLY=str(tally), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock")
        # pytest's 600 s a test fits CI's few examples; a config example alone takes ~0.3 s
        # (the table starts, or its trouble screen opens and closes the buttons), so 3,000
        # of them ran out of it. A second an example still stops a test that hangs.
        limit = f"--timeout={600 + args.examples}"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", limit, *TESTS]
        if args.k:
            command += ["-k", args.k]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, check=False)
        took = time.perf_counter() - start
        counts = json.loads(tally.read_text()) if tally.is_file() else {}
    print(f"\n{sum(v for k, v in counts.items() if not k.startswith('file damage'))} cases "
          f"in {took:.0f} s ({'all passed' if done.returncode == 0 else 'FAILURES above'})")
    for kind, count in counts.items():
        print(f"  {count:7d}  {kind}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
