"""`farkle-pi score DICE`: every legal keep of a throw and its points."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from farkle_pi.commands.rules_args import add_rules_arguments, rules_from
from farkle_pi.errors import FarkleError, one_line
from farkle_pi.rules import Chart, Roll, RuleSet, Scoring, chart, check_colours, rules_line


def register(sub: Any) -> None:
    parser = sub.add_parser("score", help="score a throw: the best score and every legal keep")
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object per throw")
    parser.add_argument(
        "dice", nargs="+", metavar="DICE",
        help="faces as 111155 or 1 1 1 1 5 5, or coloured as 5:red 1:blue (two-colour "
        "games such as --rules portland); - reads stdin",
    )
    parser.set_defaults(run=run)


def scoring_json(scoring: Scoring) -> dict[str, object]:
    """The contract's shape; coloured dice add a parallel "colours" list so keeps stay distinct."""
    coloured = scoring.roll.coloured
    answer: dict[str, object] = {"dice": list(scoring.roll.faces)}
    if coloured:
        answer["colours"] = _colours(scoring.roll)
    answer |= {"best": scoring.best, "farkle": scoring.farkle}
    options = []
    for option in scoring.options:
        keep: dict[str, object] = {"keep": list(option.keep.faces)}
        if coloured:
            keep["colours"] = _colours(option.keep)
        options.append(keep | {"points": option.points})
    answer["options"] = options
    return answer


def _colours(roll: Roll) -> list[str | None]:
    return [die.colour for die in roll]


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    if args.dice == ["-"]:
        return _score_stream(chart(rules), as_json=args.json)
    roll = Roll.parse(args.dice)
    check_colours(roll, rules, required=False)  # no colours: what a mixed throw scores
    scoring = chart(rules).score(roll)
    print(json.dumps(scoring_json(scoring)) if args.json else _table(scoring, rules))
    return 0


def _score_stream(table: Chart, as_json: bool) -> int:
    """One throw per input line, in one process; a bad line is reported and skipped."""
    status = 0
    out = sys.stdout
    for number, line in enumerate(_input_lines(), start=1):
        if not line.strip():
            continue
        try:
            roll = Roll.parse(line)
            check_colours(roll, table.rules, required=False)
            scoring = table.score(roll)
        except FarkleError as error:
            print(one_line(f"farkle-pi: line {number}: {error}"), file=sys.stderr)
            if as_json:
                out.write(json.dumps({"line": number, "error": str(error)}) + "\n")
            status = 2
            continue
        out.write(json.dumps(scoring_json(scoring)) if as_json else _table(scoring, table.rules))
        out.write("\n")
    return status


def _input_lines() -> Iterator[str]:
    """stdin's lines; a byte that is not UTF-8 spoils only its line, a closed or unreadable
    stdin is one error line (not a traceback)."""
    stream = sys.stdin
    if stream is None:
        raise FarkleError("stdin is closed: give the dice as arguments, or pipe them in")
    raw = getattr(stream, "buffer", None)
    try:
        for line in raw if raw is not None else stream:
            yield line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    except OSError as error:
        raise FarkleError(f"cannot read dice from stdin: {error.strerror or error}") from None


def _table(scoring: Scoring, rules: RuleSet) -> str:
    head = f"{scoring.roll}  ({rules_line(rules)})"
    if scoring.farkle:
        return f"{head}\n  FARKLE: nothing scores"
    lines = [head, f"  {'points':>6}  {'keep':<8}  how"]
    for i, option in enumerate(scoring.options):
        mark = "  <- best" if i == 0 else ""
        lines.append(f"  {option.points:>6}  {option.keep!s:<8}  {option.label}{mark}")
    return "\n".join(lines)
