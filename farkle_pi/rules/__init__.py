"""The rules of Farkle as data: dice, rule sets and presets, and scoring.

>>> from farkle_pi.rules import Roll, score, load_rules
>>> score(Roll.parse("555123")).best
600
>>> [o.points for o in score(Roll.parse("15"))]
[150, 100, 50]
>>> score(Roll.parse("444411"), load_rules("tyler")).best  # four 4s doubled + two 1s
1000
"""

from farkle_pi.rules.dice import FACES, MAX_DICE, Die, Roll, dice_count, parse_dice
from farkle_pi.rules.ruleset import (
    PRESETS,
    RuleSet,
    describe_changes,
    house_changes,
    load_rules,
    parse_set,
    preset,
    root_preset,
    rules_line,
)
from farkle_pi.rules.scoring import (
    STANDARD,
    Chart,
    Combination,
    Scoring,
    ScoringOption,
    chart,
    check_colours,
    keep_points,
    score,
)

__all__ = [
    "FACES",
    "MAX_DICE",
    "PRESETS",
    "STANDARD",
    "Chart",
    "Combination",
    "Die",
    "Roll",
    "RuleSet",
    "Scoring",
    "ScoringOption",
    "chart",
    "check_colours",
    "describe_changes",
    "dice_count",
    "house_changes",
    "keep_points",
    "load_rules",
    "parse_dice",
    "parse_set",
    "preset",
    "root_preset",
    "rules_line",
    "score",
]
