"""`farkle-pi fairness`: do the table's dice look fair, judged on every die value thrown?"""

from __future__ import annotations

import argparse
import json
from typing import Any

from farkle_pi.commands.db_args import add_report_command, no_games_line, stored_records
from farkle_pi.store import face_totals, fairness


def register(sub: Any) -> None:
    add_report_command(sub, "fairness", "chi-square test of every die value thrown", run)


def run(args: argparse.Namespace) -> int:
    path, records = stored_records(args)
    result = fairness(face_totals(records))
    if args.json:
        print(
            json.dumps(
                {
                    "counts": dict(zip(range(1, 7), result.counts, strict=True)),
                    "dice": result.dice,
                    "chi_square": round(result.chi_square, 4),
                    "p_value": result.p_value,
                    "minimum": result.minimum,
                    "needed": result.needed,
                    "verdict": result.verdict,
                }
            )
        )
        return 0
    if not records:
        print(no_games_line(path))
        return 0
    faces = "  ".join(f"{face}: {n}" for face, n in enumerate(result.counts, start=1))
    print(f"{result.dice} dice values   {faces}")
    print(f"chi-square {result.chi_square:.2f} (5 degrees of freedom), p = {result.p_value:.3g}")
    print(result.verdict)
    return 0
