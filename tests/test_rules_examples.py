"""The rule sheet's own worked examples, scored by the engine."""

import pytest

from farkle_pi.rules import Roll, load_rules, score


@pytest.mark.parametrize(
    ("dice", "best"),
    [
        ("5551", 600),  # extra 1s and 5s add to a triple
        ("444411", 1500),  # four of a kind + a pair, not 1,000 + 200
        ("222222", 3000),  # six of a kind, not two triplets
        ("123456", 1500),
        ("223344", 1500),
        ("222333", 2500),
        ("234662", 0),
    ],
)
def test_standard_sheet_examples(dice: str, best: int) -> None:
    assert score(Roll.parse(dice)).best == best


def test_only_scoring_dice_may_be_kept() -> None:
    keeps = {str(option.keep) for option in score(Roll.parse("1235"))}
    assert keeps == {"1", "5", "15"}


def test_doubling_chart() -> None:
    rules = load_rules("standard", {"kinds": "doubling"})
    assert [score(Roll.parse(d), rules).best for d in ("2222", "22222", "111111")] == [
        400,
        800,
        8000,
    ]
