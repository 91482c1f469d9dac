"""`farkle-pi coach`: exact best play for the chosen rules — odds, best keep, bank or roll, need."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from farkle_pi.coach import Choice, Coach, WinChoice, coach
from farkle_pi.coach import holds as coach_holds
from farkle_pi.commands.rules_args import add_rules_arguments, rules_from
from farkle_pi.errors import FarkleError
from farkle_pi.rules import Roll, check_colours


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "coach",
        help="best play: Farkle odds, expected turn, bank thresholds, the best keep of a throw",
        description="Without a position: the rules' Farkle odds, expected turn and bank "
        "thresholds. With --points and the thrown DICE: every keep ranked. With --need: "
        "play to reach that many points this turn.",
    )
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--points", type=int, help="turn points collected so far (default 0)")
    parser.add_argument("--dice", type=int, help="dice about to be thrown (instead of DICE)")
    parser.add_argument("--need", type=int, help="play to end the turn with at least N points")
    parser.add_argument(
        "--leaders",
        type=int,
        default=0,
        metavar="K",
        help="with --need under ties = roll-off: K players hold the top score, so ending one "
        "point short of the need ties them, a roll-off won 1 time in K+1",
    )
    parser.add_argument(
        "--later",
        type=int,
        action="append",
        default=[],
        metavar="BEHIND",
        help="with --need, on a last turn: a player still to play theirs after this one, BEHIND "
        "points behind this player (negative: ahead); a bank past the need wins only if none "
        "of them passes it. Once for each",
    )
    parser.add_argument(
        "--later-off-board",
        type=int,
        action="append",
        default=[],
        metavar="BEHIND",
        help="as --later, for a player not on the board yet: their turn must make the entry "
        "minimum too",
    )
    parser.add_argument(
        "--off-board", action="store_true", help="not on the board yet: the entry minimum applies"
    )
    parser.add_argument(
        "--streak",
        type=int,
        default=0,
        metavar="K",
        help="Farkles in a row before this throw (2: a Farkle now costs the three-Farkles penalty)",
    )
    parser.add_argument("roll", nargs="*", metavar="DICE", help="the throw, e.g. 15234")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    if args.streak < 0:
        raise FarkleError(f"--streak is the Farkles in a row so far: 0 or more, not {args.streak}")
    solved = coach(rules, on_board=not args.off_board, farkle_streak=args.streak)
    if args.roll and args.dice is not None:
        raise FarkleError("give either the thrown DICE or --dice N, not both")
    points = 0 if args.points is None else args.points
    tie_share = _tie_share(args.leaders, args.need, rules.ties)
    if (args.later or args.later_off_board) and args.need is None:
        raise FarkleError("--later is for a last turn: give the points to reach with --need")
    holds = coach_holds(rules, [(behind, True) for behind in args.later]
                        + [(behind, False) for behind in args.later_off_board])
    if args.roll:
        roll = Roll.parse(args.roll)
        check_colours(roll, rules, required=False)
        ranked: Sequence[Choice | WinChoice] = (
            solved.choices(points, roll)
            if args.need is None
            else solved.win(args.need, tie_share, holds).choices(points, roll)
        )
        out: dict[str, Any] = {"choices": [_choice_json(c) for c in ranked]}
        if args.need is not None:
            out = {"need": args.need, **_counted(args), **out}
        print(json.dumps(out) if args.json else _choices_text(ranked, _counting(out)))
    elif args.need is None and args.dice is None and args.points is None:
        out = _summary(solved)
        print(json.dumps(out) if args.json else _summary_text(solved, out))
    else:
        out = _decision(solved, points, args.dice, args.need, tie_share, holds)
        out.update(_counted(args))
        print(json.dumps(out) if args.json else _decision_text(out))
    return 0


def _summary(solved: Coach) -> dict[str, Any]:
    odds = solved.farkle_odds()
    return {
        "expected_turn": round(solved.expected_turn, 2),
        "farkle_odds": {str(n): round(float(p), 4) for n, p in odds.items()},
        "bank_thresholds": {str(n): t for n, t in solved.bank_thresholds().items()},
    }


def _tie_share(leaders: int, need: int | None, ties: str) -> float:
    """A roll-off's chance for --leaders (0.0 without it)."""
    if not leaders:
        return 0.0
    if leaders < 0 or need is None:
        raise FarkleError(f"--leaders {leaders}: give the players on the top score (1 or more) "
                          "with --need")
    if ties != "roll-off":
        raise FarkleError('--leaders is for ties = "roll-off" (--set ties=roll-off): where ties '
                          "are shared a tie wins, so ask --need for the top score itself")
    return 1.0 / (leaders + 1)


def _counted(args: argparse.Namespace) -> dict[str, Any]:
    """--leaders, --later and --later-off-board as given, for the output."""
    return {**({"leaders": args.leaders} if args.leaders else {}),
            **({"later": args.later} if args.later else {}),
            **({"later_off_board": args.later_off_board} if args.later_off_board else {})}


def _counting(out: dict[str, Any], tie: str = "roll-off") -> str:
    """What a chance to win counts besides reaching the need, in words ("" for nothing)."""
    counted = [words for key, words in (("leaders", tie), ("later", "players to come"))
               if key in out or (key == "later" and "later_off_board" in out)]
    return " and ".join(counted)


def _decision(solved: Coach, points: int, dice: int | None, need: int | None,
              tie_share: float = 0.0, holds: tuple[float, ...] = ()) -> dict[str, Any]:
    """Before a throw: bank or roll, with the expected points or the chance to reach `need`."""
    dice = solved.rules.dice if dice is None else dice
    if need is None:
        then, expected = solved.decide(points, dice)
        return {"points": points, "dice": dice, "expected": round(expected, 1), "choice": then}
    then, chance = solved.win(need, tie_share, holds).decide(points, dice)
    return {
        "need": need,
        "points": points,
        "dice": dice,
        "probability": round(chance, 6),
        "choice": then,
    }


def _choice_json(choice: Choice | WinChoice) -> dict[str, Any]:
    out: dict[str, Any] = {"keep": list(choice.keep.faces), "points": choice.points}
    out["then"] = choice.then
    if isinstance(choice, Choice):
        out["expected"] = round(choice.expected, 1)
    else:
        out["probability"] = round(choice.probability, 6)
    return out


def _summary_text(solved: Coach, out: dict[str, Any]) -> str:
    lines = [
        f"{solved.rules.called}: a turn played best banks {out['expected_turn']} points "
        "on average",
        "  dice  Farkle odds          bank from",
    ]
    for n, odds in solved.farkle_odds().items():
        threshold = out["bank_thresholds"][str(n)]
        bank = f"{threshold:,}" if threshold is not None else (
            "never (hot dice: thrown again)" if solved.values.must_throw(n)
            else "never (cannot Farkle)")
        lines.append(f"  {n:>4}  {odds!s:>7} ({float(odds):6.1%})  {bank:>9}")
    return "\n".join(lines)


def _decision_text(out: dict[str, Any]) -> str:
    head = f"{out['points']} points, {_dice(out['dice'])} to throw"
    if "need" in out:
        counting = _counting(out, "a tie's roll-off")
        reaches = f"wins, {counting} counted," if counting else "reaches it"
        return (f"{head}, need {out['need']}: {out['choice']} ({reaches} "
                f"{out['probability']:.1%})")
    return f"{head}: {out['choice']} (expected {out['expected']} banked this turn)"


def _choices_text(ranked: Sequence[Choice | WinChoice], counting: str = "") -> str:
    if not ranked:
        return "FARKLE: nothing scores"
    chance = isinstance(ranked[0], WinChoice)
    w = max(6, *(len(str(c.keep)) for c in ranked))
    lines = [
        f"  {'keep':<{w}} {'points':>6} {'total':>6}  {'then':<12} "
        + ("expected banked" if not chance else f"chance to win ({counting} counted)"
           if counting else "chance to reach the need")
    ]
    for i, c in enumerate(ranked):
        then = "bank" if c.then == "bank" else f"roll {_dice(c.dice)}"
        value = f"{c.probability:.1%}" if isinstance(c, WinChoice) else f"{c.expected:.1f}"
        mark = "  <- best" if i == 0 else ""
        lines.append(f"  {c.keep!s:<{w}} {c.points:>6} {c.total:>6}  {then:<12} {value}{mark}")
    return "\n".join(lines)


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"
