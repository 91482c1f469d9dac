#!/usr/bin/env python3
"""Store a reader's float16 weights as int8 (farkle_pi/vision/int8.py): half the file.

    .venv/bin/python scripts/int8_weights.py IN.onnx OUT.onnx
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from farkle_pi.vision.int8 import int8_weights  # noqa: E402


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/int8_weights.py IN.onnx OUT.onnx")
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    try:
        out = int8_weights(source.read_bytes())
    except (OSError, ValueError) as error:
        sys.exit(f"int8_weights: {source}: {error}")
    target.write_bytes(out)
    print(f"wrote {target} ({len(out):,} bytes; {source.stat().st_size:,} before)")


if __name__ == "__main__":
    main()
