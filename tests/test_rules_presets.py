"""Hand-checked throws for every preset and house rule, as tables a player can read."""

from __future__ import annotations

from pathlib import Path

import pytest

from farkle_pi.errors import FarkleError
from farkle_pi.game import NewGame, event_from_json, event_to_json
from farkle_pi.rules import PRESETS, Roll, RuleSet, keep_points, load_rules, preset, score

# (throw, rule sheet, house rules on top, best score worked out by hand from shared/rules.md)
BEST: list[tuple[str, str, dict[str, str], int]] = [
    # The standard chart.
    ("1", "standard", {}, 100),
    ("5", "standard", {}, 50),
    ("2", "standard", {}, 0),
    ("15", "standard", {}, 150),
    ("111", "standard", {}, 1000),
    ("666", "standard", {}, 600),
    ("5551", "standard", {}, 600),  # extra 1s and 5s add to a triple
    ("555123", "standard", {}, 600),
    ("1111", "standard", {}, 1100),  # three 1s + a 1 beats four of a kind
    ("5555", "standard", {}, 1000),
    ("11115", "standard", {}, 1150),
    ("11111", "standard", {}, 2000),
    ("222222", "standard", {}, 3000),  # six of a kind, not two triplets
    ("111111", "standard", {}, 3000),
    ("123456", "standard", {}, 1500),
    ("223344", "standard", {}, 1500),
    ("115566", "standard", {}, 1500),
    ("444411", "standard", {}, 1500),  # four of a kind + a pair, not 1,000 + 200
    ("555511", "standard", {}, 1500),
    ("222333", "standard", {}, 2500),
    ("111555", "standard", {}, 2500),
    ("223466", "standard", {}, 0),
    ("23462", "standard", {}, 0),
    # Three 1s = 300.
    ("111", "standard", {"three_ones": "300"}, 300),
    ("1115", "standard", {"three_ones": "300"}, 350),
    ("1111", "standard", {"three_ones": "300"}, 1000),
    # Doubling: four 2s = 400, five 2s = 800, six 1s = 8,000.
    ("2222", "standard", {"kinds": "doubling"}, 400),
    ("22222", "standard", {"kinds": "doubling"}, 800),
    ("111111", "standard", {"kinds": "doubling"}, 8000),
    ("1111", "standard", {"kinds": "doubling"}, 2000),
    ("555555", "standard", {"kinds": "doubling"}, 4000),
    # Four, five and six of a kind not scoring: only the triples inside them do.
    ("2222", "standard", {"kinds": "none"}, 200),
    ("5555", "standard", {"kinds": "none"}, 550),
    ("111111", "standard", {"kinds": "none"}, 2000),
    # Small straights 500 / 750.
    ("12345", "standard", {"small_straights": "500/750"}, 500),
    ("23456", "standard", {"small_straights": "500/750"}, 750),
    ("123455", "standard", {"small_straights": "500/750"}, 550),
    ("123456", "standard", {"small_straights": "500/750"}, 1500),
    ("12345", "standard", {"small_straights": "true"}, 500),
    # Any five in a row = 1,000.
    ("12345", "standard", {"small_straights": "1000"}, 1000),
    ("23456", "standard", {"small_straights": "1000"}, 1000),
    ("234565", "standard", {"small_straights": "1000"}, 1050),
    # Six dice with nothing = 500; five dice with nothing are still a Farkle.
    ("223466", "standard", {"six_dice_nothing": "500"}, 500),
    ("22346", "standard", {"six_dice_nothing": "500"}, 0),
    ("123456", "standard", {"six_dice_nothing": "500"}, 1500),
    # Five dice.
    ("11111", "standard", {"dice": "5"}, 2000),
    ("12345", "tyler", {"dice": "5"}, 1000),
    # Classic: 1s, 5s and triples only.
    ("123456", "classic", {}, 150),
    ("223344", "classic", {}, 0),
    ("2222", "classic", {}, 200),
    ("444411", "classic", {}, 600),
    ("111111", "classic", {}, 2000),
    # Portland: straight yes, three pairs no, a one-colour triple doubles.
    ("123456", "portland", {}, 1500),
    ("223344", "portland", {}, 0),
    ("5:red 5:red 5:red", "portland", {}, 1000),
    ("1:blue 1:blue 1:blue", "portland", {}, 2000),
    ("5:red 5:red 5:blue", "portland", {}, 500),
    ("5:red 5:red 5:red 1:blue", "portland", {}, 1100),
    ("2:red 2:red 2:red 2:blue 2:blue 2:blue", "portland", {}, 800),
    ("555", "portland", {}, 500),  # colours unknown: no doubling
    # Tyler: doubling, no four-of-a-kind-plus-pair, five in a row = 1,000.
    ("444411", "tyler", {}, 1000),
    ("2222", "tyler", {}, 400),
    ("111111", "tyler", {}, 8000),
    ("12345", "tyler", {}, 1000),
    ("23456", "tyler", {}, 1000),
    ("223344", "tyler", {}, 1500),
    ("222333", "tyler", {}, 2500),
    ("123456", "tyler", {}, 1500),
    # Family: the standard chart.
    ("444411", "family", {}, 1500),
    ("223466", "family", {}, 0),
]


@pytest.mark.parametrize(("throw", "sheet", "switches", "best"), BEST)
def test_best_score_by_hand(throw: str, sheet: str, switches: dict[str, str], best: int) -> None:
    scoring = score(Roll.parse(throw), load_rules(sheet, switches))
    assert scoring.best == best
    assert scoring.farkle == (best == 0)


# (throw, rule sheet, house rules, keep, its points or None when that keep is not allowed)
KEEPS: list[tuple[str, str, dict[str, str], str, int | None]] = [
    ("15", "standard", {}, "1", 100),
    ("15", "standard", {}, "5", 50),
    ("152", "standard", {}, "12", None),  # a lone 2 scores nothing and cannot be kept
    ("444411", "standard", {}, "4444", 1000),
    ("444411", "standard", {}, "11", 200),
    ("444411", "standard", {}, "444411", 1500),
    ("223344", "standard", {}, "2233", None),  # three pairs need all six dice
    ("2221", "portland", {}, "1", None),  # a triple of 2s must be taken
    ("2221", "portland", {}, "2221", 300),
    ("3331", "portland", {}, "1", 100),  # ...but only 2s since the amendment
    ("3331", "standard", {"must_take_triples": "all"}, "1", None),
    ("222222", "portland", {}, "222", None),  # both triples rolled must be taken
    ("223466", "standard", {"six_dice_nothing": "500"}, "223466", 500),
]


@pytest.mark.parametrize(("throw", "sheet", "switches", "keep", "points"), KEEPS)
def test_keep_by_hand(
    throw: str, sheet: str, switches: dict[str, str], keep: str, points: int | None
) -> None:
    option = score(Roll.parse(throw), load_rules(sheet, switches)).find(Roll.parse(keep))
    assert (None if option is None else option.points) == points


def test_keep_points_without_a_throw() -> None:
    assert keep_points(Roll.parse("5551")) == 600
    assert keep_points(Roll.parse("5552")) is None
    assert keep_points(Roll.parse("5:red 5:red 5:red"), preset("portland")) == 1000


@pytest.mark.parametrize(
    ("sheet", "table_rules"),
    [
        ("standard", {"entry": 0, "min_bank": 0, "target": 10_000, "stealing": False}),
        ("classic", {"entry": 500, "final_round": True}),
        ("portland", {"entry": 750, "min_bank": 350, "six_ones_turn": 3000}),
        ("tyler", {"entry": 500, "stealing": True, "dice": 6}),
        ("family", {"entry": 500}),
    ],
)
def test_presets_carry_their_table_rules(sheet: str, table_rules: dict[str, object]) -> None:
    rules = preset(sheet)
    assert rules.name == sheet
    assert {key: getattr(rules, key) for key in table_rules} == table_rules


def test_every_preset_is_covered_above() -> None:
    assert {sheet for _, sheet, _, _ in BEST} == set(PRESETS)


@pytest.mark.parametrize(
    ("switch", "field", "value"),
    [
        ("entry=500", "entry", 500),
        ("entry=1,000", "entry", 1000),
        ("three_ones=300", "three_ones", 300),
        ("kinds=doubling", "kinds", "doubling"),
        ("small_straights=true", "small_straights", "500/750"),
        ("small_straights=off", "small_straights", "off"),
        ("six_dice_nothing=500", "six_dice_nothing", 500),
        ("target=5000", "target", 5000),
        ("dice=5", "dice", 5),
        ("stealing=yes", "stealing", True),
        ("color_triples=true", "colour_triples", True),
        ("ties=roll_off", "ties", "roll-off"),
        ("must_throw_hot_dice=yes", "must_throw_hot_dice", True),
        ("must_roll_hot_dice=true", "must_throw_hot_dice", True),  # (the rule sheets' word)
    ],
)
def test_set_switches(switch: str, field: str, value: object) -> None:
    key, _, text = switch.partition("=")
    assert getattr(load_rules("standard", {key: text}), field) == value


def write(tmp_path: Path, text: str, name: str = "ourtable.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_toml_file_on_a_tyler_base(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "tyler"\ndice = 5\nentry = 1000\nthree_ones = 300\n')
    rules = load_rules(path)
    assert (rules.name, rules.dice, rules.entry, rules.kinds) == ("ourtable", 5, 1000, "doubling")
    assert score(Roll.parse("1111"), rules).best == 600  # 300 doubled
    assert score(Roll.parse("12345"), rules).best == 1000
    with pytest.raises(FarkleError, match="the ourtable rules with dice = 5 throw at most 5"):
        score(Roll.parse("111111"), rules)


def test_toml_file_name_and_set_on_top(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "portland"\nname = "Gran\'s table"\n')
    rules = load_rules(path, {"entry": "500"})
    # the file's name is its own rules': a --set on top is tonight's change to them, and said
    assert (rules.name, rules.entry, rules.colour_triples) == ("Gran's table + entry 500", 500,
                                                               True)
    assert load_rules(path, {"entry": "500", "name": "Tonight"}).name == "Tonight"


def test_toml_file_without_base_is_standard(tmp_path: Path) -> None:
    rules = load_rules(write(tmp_path, "target = 5000\n"))
    assert rules == RuleSet(name="ourtable", target=5000)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dice = \n", "not valid TOML"),
        ("entri = 500\n", "did you mean entry"),
        ('kinds = "tripling"\n', "kinds must be one of fixed, doubling, none"),
        ("dice = 7\n", "5 or 6 dice"),
        ('entry = "lots"\n', "entry must be a whole number"),
        ("entry = -50\n", "must not be negative"),
        ('stealing = "maybe"\n', "stealing must be true or false"),
        ('base = "tylr"\n', "did you mean tyler"),
        ("base = 3\n", "base must be a preset name"),
    ],
)
def test_bad_toml_files(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(FarkleError, match=message):
        load_rules(write(tmp_path, text))


def test_missing_toml_file(tmp_path: Path) -> None:
    with pytest.raises(FarkleError, match="no such rules file"):
        load_rules(str(tmp_path / "nothere.toml"))


@pytest.mark.parametrize(
    ("source", "switches", "message"),
    [
        ("standrd", {}, "did you mean standard"),
        ("standard", {"thre_ones": "300"}, "did you mean three_ones"),
        ("standard", {"dice": "7"}, "5 or 6 dice"),
        ("standard", {"target": "0"}, "target score must be above 0"),
        ("standard", {"single_one": "0"}, "always score"),
        ("standard", {"small_straights": "600"}, "small_straights must be one of"),
    ],
)
def test_bad_rules(source: str, switches: dict[str, str], message: str) -> None:
    with pytest.raises(FarkleError, match=message):
        load_rules(source, switches)


@pytest.mark.parametrize("name", ["a\nb", "our\ttable", " ", "x" * 33])
def test_a_rules_name_off_one_line_is_refused(name: str) -> None:
    """The name heads `score`, `game show` and the history on one line, and the scoreboard:
    a line break or 3,000 characters in it (--set name=..., a rules file, the config) were
    taken as given."""
    with pytest.raises(FarkleError, match="the rules' name goes on one line") as refused:
        load_rules("standard", {"name": name})
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_a_rules_name_of_32_characters_is_taken() -> None:
    assert load_rules("standard", {"name": "Gran's table, Christmas 2026 ★"}).name == (
        "Gran's table, Christmas 2026 ★")
    assert load_rules("standard", {"name": "y" * 32}).name == "y" * 32


def test_a_rules_file_named_at_length_names_its_rules_shorter(tmp_path: Path) -> None:
    path = tmp_path / f"{'our-house-rules-' * 4}.toml"
    path.write_text("target = 5000\n")
    assert load_rules(str(path)).name == ("our-house-rules-" * 4)[:32]


def test_a_game_stored_with_a_name_now_refused_still_loads() -> None:
    body = event_to_json(NewGame(("Ann", "Bob"), RuleSet(name="standard")))
    body["rules"]["name"] = "x" * 40
    loaded = event_from_json(body)
    assert isinstance(loaded, NewGame) and loaded.rules.name == "x" * 40
