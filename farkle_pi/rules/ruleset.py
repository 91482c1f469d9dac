"""A table's rules as one frozen value, built from a preset, a TOML file and `KEY=VALUE` switches.

Every field name is also the key used in TOML files, in the config and on the command line
(`--set entry=500`), so the three ways of saying a house rule can never drift apart.
"""

from __future__ import annotations

import difflib
import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from farkle_pi.errors import FarkleError

Kinds = Literal["fixed", "doubling", "none"]
SmallStraights = Literal["off", "500/750", "1000"]
MustTakeTriples = Literal["none", "twos", "all"]
Ties = Literal["shared", "roll-off"]

PRESETS = ("standard", "classic", "portland", "tyler", "family")


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between Farkle tables. Points of 0 mean "this row does not score"."""

    name: str = "standard"
    dice: int = 6
    # The chart.
    single_one: int = 100
    single_five: int = 50
    three_ones: int = 1000
    kinds: Kinds = "fixed"  # four/five/six of a kind: fixed points, doubling, or not scoring
    four_kind: int = 1000
    five_kind: int = 2000
    six_kind: int = 3000
    straight: int = 1500  # 1-2-3-4-5-6
    three_pairs: int = 1500
    four_kind_pair: int = 1500
    two_triplets: int = 2500
    small_straights: SmallStraights = "off"  # 12345=500 & 23456=750, or any five in a row=1000
    six_dice_nothing: int = 0  # a full throw with nothing scoring pays this instead of a Farkle
    colour_triples: bool = False  # two dice colours: a triple all of one colour scores double
    must_take_triples: MustTakeTriples = "none"
    # The turn and the game.
    six_ones_turn: int = 0  # six 1s gathered over one turn score this instead of their points
    entry: int = 0  # first bank must reach this in a single turn
    min_bank: int = 0  # every later bank must reach this
    three_farkles: int = 0  # penalty for three Farkles in a row
    target: int = 10_000
    final_round: bool = True
    must_throw_hot_dice: bool = False  # every die scored: throw them all again, no bank
    stealing: bool = False
    ties: Ties = "shared"

    def __post_init__(self) -> None:
        _check(self)

    @property
    def called(self) -> str:
        """The name in a sentence: "the standard rules", "the standard + house rules"."""
        return self.name if self.name.endswith(" rules") else f"{self.name} rules"

    def triple(self, face: int) -> int:
        """Three of a kind of `face`, the base that doubling builds on."""
        return self.three_ones if face == 1 else 100 * face

    def with_changes(self, changes: Mapping[str, object], origin: str = "--set") -> RuleSet:
        """A copy with house-rule switches applied; values may be typed or strings from a CLI.

        Without a `name` among them the copy is named for what it is: a preset's name on rules
        that differ from that preset would tell the table (and, stored, the history) a lie."""
        values: dict[str, Any] = dict(_coerce(key, value, origin) for key, value in changes.items())
        changed = replace(self, **values)
        if "name" not in values:
            return replace(changed, name=_honest_name(self, changed))
        if origin == STORED and changed.name in PRESETS:  # a game stored before names were
            return replace(changed, name=_named_from(changed.name, changed))  # honest
        if not origin.startswith("preset ") and _claims_preset(changed):
            raise FarkleError(
                f"{origin}: name={changed.name}: that is the {changed.name} preset's name, and "
                f"these rules differ from it ({describe_changes(changed)}): give them a name of "
                "their own, or leave name out")
        return changed

    def differences(self) -> dict[str, object]:
        """The switches in which this rule set differs from the standard chart."""
        return _changed_fields(self, RuleSet(), passed_over=())


_FIELDS = {f.name: f for f in fields(RuleSet)}
_ALIASES = {"color_triples": "colour_triples", "entry_minimum": "entry",
            "must_roll_hot_dice": "must_throw_hot_dice"}  # (the rule sheets' own word)
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _field_type(key: str) -> Any:
    return RuleSet.__annotations__[key]


def _coerce(key: str, value: object, origin: str) -> tuple[str, object]:
    """The rule's proper name and `value` in its type, or one line that says what is wrong."""
    key = _ALIASES.get(key, key)
    return key, _coerce_value(key, value, origin)


def _coerce_value(key: str, value: object, origin: str) -> object:
    if key not in _FIELDS:
        hint = difflib.get_close_matches(key, list(_FIELDS), n=1)
        fix = f" (did you mean {hint[0]}?)" if hint else f"; known rules: {', '.join(_FIELDS)}"
        raise FarkleError(f"{origin}: unknown rule {key!r}{fix}")
    kind = _field_type(key)
    text = str(value).strip().lower()
    where = f"{origin}: {key}={value}"
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if text in _TRUE | _FALSE:
            return text in _TRUE
        raise FarkleError(f"{where}: {key} must be true or false")
    if kind == "int":
        if isinstance(value, bool):
            raise FarkleError(f"{where}: {key} must be a whole number")
        if isinstance(value, int):
            return value
        try:
            return int(text.replace(",", "").replace("_", ""))
        except ValueError:
            raise FarkleError(f"{where}: {key} must be a whole number") from None
    if kind == "str":
        if origin != STORED:  # a game stored before names were checked still loads
            _check_name(str(value), origin)
        return str(value)
    choices: tuple[str, ...] = get_args(globals()[kind])
    if key == "small_straights" and text in _TRUE | _FALSE:
        return "500/750" if text in _TRUE else "off"
    if key == "ties" and text == "roll_off":
        text = "roll-off"
    if text not in choices:
        raise FarkleError(f"{where}: {key} must be one of {', '.join(choices)}")
    return text


MAX_POINTS = 1_000_000  # any points value or target of a house rule
MAX_NAME = 32  # a rules name: on one line of the scoreboard, the history and `game show`
STORED = "stored rules"  # the origin of rules read back from a game's log


def _check_name(name: str, origin: str) -> None:
    if name.strip() and name.isprintable() and len(name) <= MAX_NAME:
        return
    shown = name if len(name) <= MAX_NAME else name[:MAX_NAME] + "…"
    raise FarkleError(f"{origin}: name={shown!r}: the rules' name goes on one line of the "
                      f"scoreboard: give 1 to {MAX_NAME} characters, no line break or tab")


def _name_from_stem(stem: str) -> str:
    """A rules file's name when it gives none: its file name, made fit to be one."""
    name = "".join(c for c in stem if c.isprintable()).strip()[:MAX_NAME].strip()
    return name or "house rules"


CHANGED = " + "  # "standard + entry 500": the standard chart, changed
HOUSE_RULES = CHANGED + "house rules"  # what the name says when its changes will not fit
UNNAMED = ("target",)  # shown beside the name everywhere it is shown, chosen on its own row


def _honest_name(before: RuleSet, after: RuleSet) -> str:
    """`after`'s name, made from `before`'s: a preset's name while it plays that preset, else
    the sheet it came from and its change ("standard + entry 500") where that fits the
    scoreboard's line, or "standard + house rules". A name given (a file's, `name = ...`) is
    kept while nothing changes, and goes first when something does."""
    changed = _changed_fields(after, before)
    if not changed:
        return before.name
    root = root_preset(before.name)
    if root is not None and before.name == _named_from(root, before):  # (one made here)
        return _named_from(root, after)
    return _fitted(before.name, changed)


def _named_from(root: str, rules: RuleSet) -> str:
    """`rules` named as the preset `root` with what they change of it."""
    changed = _changed_fields(rules, preset(root))
    return _fitted(root, changed) if changed else root


def _fitted(name: str, changed: Mapping[str, object]) -> str:
    """`name` + its changes where that fits the scoreboard's line, else `name` + house rules:
    a name given is kept, cut short with "…" only where it must be (it lost all but its preset,
    "standard + Gran's" to "standard + house rules", or was cut mid-word: session 61)."""
    if name.endswith(HOUSE_RULES):
        return name
    joint = ", " if CHANGED in name else CHANGED
    said = name + joint + ", ".join(_phrase(key, value) for key, value in changed.items())
    if len(said) <= MAX_NAME:
        return said
    room = MAX_NAME - len(HOUSE_RULES)
    kept = name if len(name) <= room else name[:room - 1].rstrip() + "…"
    return kept + HOUSE_RULES


def _phrase(key: str, value: object) -> str:
    """A change in a few words for the name: "entry 500", "must throw hot dice", "no stealing"."""
    words = key.replace("_", " ")
    if value is True:
        return words
    if value is False or value == 0:
        return f"no {words}"
    return f"{words} {value}"


def _changed_fields(rules: RuleSet, reference: RuleSet, passed_over: tuple[str, ...] = UNNAMED
                    ) -> dict[str, object]:
    """The fields, by key, in which `rules` differ from `reference` (its name aside)."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)
            if f.name not in ("name", *passed_over)
            and getattr(rules, f.name) != getattr(reference, f.name)}


def _root_name(name: str) -> str:
    """The sheet a name made by `_honest_name` began from: "standard" of "standard + entry 500"."""
    return name.split(CHANGED, 1)[0]


def root_preset(name: str) -> str | None:
    """The preset a rules name says it plays (changed or not), or None for a table's own."""
    root = _root_name(name)
    return root if root in PRESETS else None


def _claims_preset(rules: RuleSet) -> bool:
    return rules.name in PRESETS and bool(_changed_fields(rules, preset(rules.name)))


def house_changes(rules: RuleSet) -> dict[str, object]:
    """What these rules change of the preset their name names, by the keys `--set` takes (the
    target too); none for a table's own sheet, whose file says what it changes."""
    root = root_preset(rules.name)
    if root is None:
        return {}
    return _changed_fields(rules, preset(root), passed_over=())


def describe_changes(rules: RuleSet) -> str:
    """`house_changes` as `--set` would say them: "entry=500, must_throw_hot_dice=true"."""
    return ", ".join(f"{key}={str(value).lower() if isinstance(value, bool) else value}"
                     for key, value in house_changes(rules).items())


def rules_line(rules: RuleSet) -> str:
    """The rules in full where a line has room: "standard rules + entry=500", the changes in
    the keys the README's house-rules table and `--set` use."""
    root = root_preset(rules.name)
    changes = describe_changes(rules)
    return f"{root} rules + {changes}" if root and changes else rules.called


def _check(rules: RuleSet) -> None:
    if rules.dice not in (5, 6):
        raise FarkleError(f"dice={rules.dice}: a table plays with 5 or 6 dice")
    for f in fields(rules):
        value = getattr(rules, f.name)
        if f.type == "int" and value < 0:
            raise FarkleError(f"{f.name}={value}: must not be negative")
        if f.type == "int" and value > MAX_POINTS:  # beyond any table, and the coach's numbers
            raise FarkleError(f"{f.name}={value}: at most {MAX_POINTS:,}")
    if rules.target <= 0:
        raise FarkleError(f"target={rules.target}: the target score must be above 0")
    for name in ("single_one", "single_five"):
        if getattr(rules, name) == 0:
            raise FarkleError(f"{name}=0: single 1s and 5s always score in Farkle")


@functools.cache  # (a frozen value; every stored game's rules are checked against theirs)
def preset(name: str) -> RuleSet:
    """One of the published rule sheets in `farkle_pi/rules/presets/`."""
    if name not in PRESETS:
        hint = difflib.get_close_matches(name, PRESETS, n=1)
        fix = f"did you mean {hint[0]}?" if hint else f"presets are {', '.join(PRESETS)}"
        raise FarkleError(f"unknown rules preset {name!r}: {fix}")
    text = resources.files("farkle_pi.rules").joinpath(f"presets/{name}.toml").read_text()
    return RuleSet().with_changes(tomllib.loads(text), origin=f"preset {name}")


def load_rules(source: str = "standard", overrides: Mapping[str, object] | None = None) -> RuleSet:
    """Rules from a preset name or a TOML file, then `overrides` (e.g. from `--set`) on top.

    A TOML file may name a `base` preset and then set any rule keys; `name` labels it.
    """
    if source in PRESETS:
        rules = preset(source)
    elif source.endswith(".toml") or Path(source).exists():
        rules = _load_file(Path(source))
    else:
        rules = preset(source)  # explains the unknown name
    return rules.with_changes(overrides or {})


def _load_file(path: Path) -> RuleSet:
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FarkleError(f"{path}: no such rules file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise FarkleError(f"{path}: cannot read rules file ({error})") from None
    except tomllib.TOMLDecodeError as error:
        raise FarkleError(f"{path}: not valid TOML: {error}") from None
    base = table.pop("base", "standard")
    if not isinstance(base, str):
        raise FarkleError(f'{path}: base must be a preset name, e.g. base = "tyler"')
    if _name_from_stem(path.stem) not in PRESETS:  # (a standard.toml that changes the
        # standard chart is named by its base and changes, not as the plain preset)
        table.setdefault("name", _name_from_stem(path.stem))
    return preset(base).with_changes(table, origin=str(path))


def parse_set(items: list[str] | None) -> dict[str, str]:
    """`["entry=500", "dice=5"]` from the command line, checked for shape only."""
    changes: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise FarkleError(f"--set {item}: write KEY=VALUE, e.g. --set entry=500")
        changes[key.strip()] = value.strip()
    return changes
