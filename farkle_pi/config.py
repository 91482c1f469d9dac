"""The table's one TOML config file: where it is found, what it may say, and what it means.

Every mistake becomes one `ConfigError` line that names the file, the `[section] key`, the bad
value and the fix, because the person reading it is standing at a dice table, not at a desk.
The file is looked up in this order (the first that exists wins; files are never merged):

1. `--config PATH`, then the `FARKLE_PI_CONFIG` environment variable (must exist if given);
2. per user: `$XDG_CONFIG_HOME/farkle-pi/config.toml` (default `~/.config/...`);
3. system-wide: `/etc/farkle-pi/config.toml` (the installer writes it, the service reads it);
4. otherwise the built-in defaults below.
"""

from __future__ import annotations

import difflib
import json
import math
import os
import re
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import NoReturn, TypeVar

from farkle_pi.errors import FarkleError, no_permission
from farkle_pi.game.seating import MAX_NAME, MAX_PLAYERS, check_seating
from farkle_pi.game.turns import Refused
from farkle_pi.rules import RuleSet, load_rules

SYSTEM_CONFIG = Path("/etc/farkle-pi/config.toml")
SYSTEM_STATE = Path("/var/lib/farkle-pi")  # the installed table's own folder (install-pi.sh)
ENV_CONFIG = "FARKLE_PI_CONFIG"
APP_DIR = "farkle-pi"

DICE_MODES = ("camera", "manual", "virtual")
THEMES = ("dark", "light")
PIN_FACTORIES = ("lgpio", "rpigpio", "pigpio", "native", "mock")
BUTTONS = ("bank", "next", "keep", "undo")
# BCM 0 and 1 are the HAT ID EEPROM bus; 2-27 are the user GPIOs on the 40-pin header.
GPIO_MIN, GPIO_MAX = 2, 27
# BCM number -> physical header pin, for the 40-pin header of every Pi since the B+.
HEADER_PINS = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}

Scalar = str | int | float | bool


class ConfigError(FarkleError):
    """A config file (or the lack of one) that the table cannot run with; one line."""


@dataclass(frozen=True)
class TableConfig:
    """Who plays and how the dice reach the game."""

    players: tuple[str, ...] = ("Player 1", "Player 2")
    dice: str = "camera"
    theme: str = "dark"


@dataclass(frozen=True)
class RulesConfig:
    """A rule preset (name or .toml path) plus house-rule overrides, and the RuleSet they make."""

    preset: str = "standard"
    overrides: Mapping[str, Scalar] = field(default_factory=dict)
    ruleset: RuleSet = field(default_factory=load_rules)


@dataclass(frozen=True)
class ScreenConfig:
    """Window size in pixels (None = the display's own size), fullscreen, and how far the
    picture is turned clockwise (a panel mounted upside down or on its side: SDL's KMSDRM
    driver, which the Pi's table uses, does not apply the kernel's display rotation)."""

    size: tuple[int, int] | None = None
    fullscreen: bool = True
    rotate: int = 0


@dataclass(frozen=True)
class CameraConfig:
    """Where frames come from: "picamera2", "opencv:INDEX", or a video file / image folder."""

    source: str = "picamera2"
    width: int = 1280
    height: int = 960
    fps: int = 15


@dataclass(frozen=True)
class CalibrationConfig:
    """The tray calibration file (written by calibration, read by vision)."""

    path: Path = field(default_factory=lambda: default_data_dir() / "calibration.json")


@dataclass(frozen=True)
class ButtonsConfig:
    """BCM pin numbers. The defaults sit on header pins 29-39, clear of a 26-pin SPI panel,
    with BANK, its lamp and ground side by side on pins 35, 37 and 39."""

    bank: int = 19
    next: int = 5
    keep: int = 6
    undo: int = 13
    bank_led: int | None = None
    pin_factory: str | None = None


@dataclass(frozen=True)
class StoreConfig:
    """The SQLite file holding the event log, history and statistics."""

    database: Path = field(default_factory=lambda: default_data_dir() / "farkle.db")


@dataclass(frozen=True)
class Config:
    """The whole resolved config; `source` says which file it came from (None = defaults)."""

    table: TableConfig = field(default_factory=TableConfig)
    rules: RulesConfig = field(default_factory=RulesConfig)
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    calibration: CalibrationConfig = field(default_factory=CalibrationConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    store: StoreConfig = field(default_factory=StoreConfig)
    source: Path | None = None


SECTIONS: dict[str, type] = {
    "table": TableConfig,
    "rules": RulesConfig,
    "screen": ScreenConfig,
    "camera": CameraConfig,
    "calibration": CalibrationConfig,
    "buttons": ButtonsConfig,
    "store": StoreConfig,
}


# ---------------------------------------------------------------------------------------------
# Where things live


ENV_DB = "FARKLE_PI_DB"  # the game database, over the config file's


def default_data_dir(config_file: Path | None = None) -> Path:
    """systemd's StateDirectory when run as the service; the installed table's folder for a
    command that reads the system-wide config (so `sudo -u farkle farkle-pi stats` over SSH
    sees the table's games and a calibration lands where the table reads it); else the XDG
    data directory."""
    state = os.environ.get("STATE_DIRECTORY", "")
    if state:
        return Path(state.split(":")[0])
    if _same_file(config_file, SYSTEM_CONFIG) and os.path.isdir(SYSTEM_STATE):
        return SYSTEM_STATE
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / APP_DIR


def _same_file(path: Path | None, other: Path) -> bool:
    """`path` is `other`, however it was named (`--config config.toml` in /etc/farkle-pi, a
    link)."""
    try:
        return path is not None and os.path.samefile(path, other)
    except OSError:
        return False


def user_config_path() -> Path:
    """The per-user config file, following the XDG base directory spec."""
    xdg = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(xdg) / APP_DIR / "config.toml"


def search_places() -> str:
    """Where a config file is looked for, in order, for help texts and messages."""
    return f"--config, ${ENV_CONFIG}, {user_config_path()}, {SYSTEM_CONFIG}"


def describe_source(config: Config) -> str:
    """Where the config came from, in words, for people wondering why a setting is ignored."""
    if config.source is not None:
        return f"read from {config.source}"
    return f"no config file found (looked for {search_places()}); built-in defaults"


def find_config(explicit: str | None = None) -> Path | None:
    """The one file to read, or None for the defaults; an explicit choice must exist."""
    for given, origin in ((explicit, "--config"), (os.environ.get(ENV_CONFIG), ENV_CONFIG)):
        if given:
            path = Path(given).expanduser()
            if path.is_dir():
                raise ConfigError(f"{path}: a folder, not a config file (from {origin}); "
                                  f"name the file in it, e.g. {path / 'config.toml'}")
            if not path.is_file():
                raise ConfigError(
                    f"{path}: no such config file (from {origin}); "
                    "write one with `farkle-pi config show-example > FILE`"
                )
            return path
    for candidate in (user_config_path(), SYSTEM_CONFIG):
        try:
            if candidate.is_file():
                return candidate
        except PermissionError:  # another user's home (sudo -u farkle keeping $HOME): not ours
            continue
    return None


def load_config(explicit: str | None = None) -> Config:
    """Find and parse the config; defaults when there is no file anywhere. `$FARKLE_PI_DB`
    names the database over the file's, for every command alike (the calibration stays where
    the file puts it); either is made absolute against the current folder."""
    try:
        config = _read_config(explicit)
    except PermissionError as error:  # a file it names, or one looked for: the table shows it
        raise ConfigError(str(no_permission(error))) from None
    database = os.environ.get(ENV_DB)
    # absolute, as the table and doctor use it: SQLite's file URI and "MB free for FOLDER"
    # need one (a relative $FARKLE_PI_DB, or a --config relative to the current folder)
    # (and `~` expanded, as for $FARKLE_PI_CONFIG: a quoted "~/farkle.db" was a folder `~`)
    chosen = Path(database).expanduser() if database else config.store.database
    return replace(config, store=StoreConfig(Path(os.path.abspath(chosen))))


def screen_anyway(explicit: str | None = None) -> ScreenConfig:
    """The file's [screen] where the config as a whole does not load (a typo in another
    section): the screen that names the trouble is shown as the panel is mounted. The
    defaults where the file or its [screen] cannot be read either."""
    try:
        path = find_config(explicit)
        if path is None:
            return ScreenConfig()
        table = tomllib.loads(_config_text(path)).get("screen", {})
        if not isinstance(table, dict):
            return ScreenConfig()
        return _screen(_Section(path, "screen", table, path.parent))
    except (OSError, ValueError, FarkleError):  # (a TOML error is a ValueError)
        return ScreenConfig()


def _read_config(explicit: str | None) -> Config:
    path = find_config(explicit)
    if path is None:
        return Config()
    return parse_config(_config_text(path), path)


def _config_text(path: Path) -> str:
    """The config file's text; ConfigError, one line with the fix, where it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(f"{path}: cannot read config: {error}") from error
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")  # Notepad's byte-order mark
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ConfigError(
            f"{path}: cannot read config: line {line}: byte 0x{data[error.start]:02x} is not "
            "UTF-8 text; save the file as UTF-8"
        ) from None
    return text


# ---------------------------------------------------------------------------------------------
# Parsing


def toml_value(value: object) -> str:
    """A value the way it would be written in TOML, so messages quote what the user typed."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Path):
        return json.dumps(str(value), ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def did_you_mean(word: str, choices: Collection[str], show: str = "{}") -> str:
    """'did you mean X?' for a near miss, else the list of what is allowed (each `show`n)."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if close:
        return f"did you mean {show.format(close[0])}?"
    return "known: " + ", ".join(show.format(choice) for choice in sorted(choices))


T = TypeVar("T")


class _Section:
    """One [section] of one file: hands out typed values and words every error the same way."""

    def __init__(self, file: Path, name: str, table: Mapping[str, object], base: Path) -> None:
        self.file, self.name, self.table, self.base = file, name, table, base

    def fail(self, key: str, problem: str) -> NoReturn:
        shown = f" = {toml_value(self.table[key])}" if key in self.table else ""
        raise ConfigError(f"{self.file}: [{self.name}] {key}{shown}: {problem}")

    def check_keys(self, known: Collection[str]) -> None:
        for key in self.table:
            if key not in known:
                self.fail(key, f"unknown key; {did_you_mean(key, known)}")

    def get(self, key: str, default: T, convert: Callable[[object], T | None], want: str) -> T:
        """`convert` returns None when the value is wrong; the message then says what is wanted."""
        if key not in self.table:
            return default
        value = convert(self.table[key])
        if value is None:
            self.fail(key, f"must be {want}")
        return value

    def choice(self, key: str, default: str, choices: Collection[str]) -> str:
        value = self.get(key, default, _as_str, "a string")
        if value not in choices:
            self.fail(key, "must be one of " + ", ".join(json.dumps(c) for c in choices))
        return value

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self.get(key, default, _as_int, f"a whole number from {low} to {high}")
        if not low <= value <= high:
            self.fail(key, f"must be a whole number from {low} to {high}")
        return value

    def path(self, key: str, default: Path) -> Path:
        """Relative paths are relative to the config file, so a moved setup keeps working."""
        if key not in self.table:
            return default
        value = self.get(key, "", _as_str, 'a path string, e.g. "/var/lib/farkle-pi/x"')
        if not value.strip():
            self.fail(key, "must not be empty (leave the key out for the default)")
        return self.base / Path(value).expanduser()


def _as_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _as_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _as_bool(value: object) -> bool | None:
    return value if isinstance(value, bool) else None


def _as_names(value: object) -> tuple[str, ...] | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    return None


def parse_config(text: str, path: Path) -> Config:
    """Parse and check one file's text; `path` is only for messages and relative paths."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = f"at line {len(text.splitlines()) or 1}, the end of the file"
        raise ConfigError(
            f"{path}: TOML syntax error: {str(error).replace('at end of document', where)}; "
            "fix that line "
            "(`farkle-pi config show-example` shows a correct file)"
        ) from error
    for name, value in data.items():
        if name not in SECTIONS:
            raise ConfigError(
                f"{path}: [{name}]: unknown section; {did_you_mean(name, SECTIONS, '[{}]')}"
            )
        if not isinstance(value, dict):
            raise ConfigError(
                f"{path}: {name} = {toml_value(value)}: must be a [{name}] section"
            )

    def section(name: str) -> _Section:
        table = data.get(name, {})
        return _Section(path, name, table, path.parent)

    store = _store(section("store"))
    return Config(
        table=_table(section("table")),
        rules=_rules(section("rules")),
        screen=_screen(section("screen")),
        camera=_camera(section("camera")),
        calibration=_calibration(section("calibration"), store),
        buttons=_buttons(section("buttons")),
        store=store,
        source=path,
    )


def _known(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]


def _table(s: _Section) -> TableConfig:
    s.check_keys(_known(TableConfig))
    want = (f'a list of 1 to {MAX_PLAYERS} names of at most {MAX_NAME} characters, '
            'e.g. players = ["Ann", "Bob"]')
    players = s.get("players", TableConfig.players, _as_names, want)
    names = [p.strip() for p in players]
    if not 1 <= len(names) <= MAX_PLAYERS or not all(0 < len(n) <= MAX_NAME for n in names):
        s.fail("players", f"must be {want}")
    if len(set(names)) != len(names):
        s.fail("players", "names must differ (the scoreboard tells players apart by name)")
    try:  # what the game refuses when the setup screen starts it (a tab, a line break)
        check_seating(names)
    except Refused as refused:
        s.fail("players", str(refused))
    return TableConfig(
        players=tuple(names),
        dice=s.choice("dice", TableConfig.dice, DICE_MODES),
        theme=s.choice("theme", TableConfig.theme, THEMES),
    )


def _rules(s: _Section) -> RulesConfig:
    """The shape is checked here; farkle_pi.rules owns the names and meaning of house rules."""
    preset = s.get("preset", RulesConfig.preset, _as_str, 'a preset name, e.g. "standard"')
    if not preset.strip():
        s.fail("preset", 'must name a preset, e.g. "standard", or a .toml file')
    if preset.endswith(".toml"):
        preset = str(s.base / Path(preset).expanduser())
    overrides: dict[str, Scalar] = {}
    for key, value in s.table.items():
        if key == "preset":
            continue
        if not isinstance(value, str | int | float | bool) or (
            isinstance(value, float) and not math.isfinite(value)
        ):
            s.fail(key, "a house rule must be a number, true/false or a string")
        overrides[key] = value
    try:
        base = load_rules(preset)
    except FarkleError as error:
        s.fail("preset", str(error))
    origin = f"{s.file}: [rules]"
    try:
        ruleset = base.with_changes(overrides, origin=origin)
    except FarkleError as error:
        message = str(error)
        if not message.startswith(origin):
            message = f"{origin} {message}"
        raise ConfigError(message) from None
    return RulesConfig(preset=preset, overrides=overrides, ruleset=ruleset)


_SIZE = re.compile(r"^\s*(\d{2,5})\s*[xX\u00d7]\s*(\d{2,5})\s*$")
# A screen's width and height (config and --size alike): the layout needs 160 px a side; past
# 4096 a window only tests the memory
SCREEN_SIDES = (160, 4096)
ROTATIONS = (0, 90, 180, 270)  # [screen] rotate: quarter turns, clockwise


def _screen(s: _Section) -> ScreenConfig:
    s.check_keys(_known(ScreenConfig))
    text = s.get("size", "auto", _as_str, 'a string "WIDTHxHEIGHT" (e.g. "800x480") or "auto"')
    size: tuple[int, int] | None = None
    if text.strip().lower() != "auto":
        match = _SIZE.match(text)
        if match is None:
            s.fail("size", 'must be "WIDTHxHEIGHT" (e.g. "800x480" or "480x320") or "auto"')
        size = (int(match[1]), int(match[2]))
        low, high = SCREEN_SIDES
        if not all(low <= n <= high for n in size):
            s.fail("size", f"width and height must each be {low} to {high} pixels")
    return ScreenConfig(
        size=size,
        fullscreen=s.get("fullscreen", ScreenConfig.fullscreen, _as_bool, "true or false"),
        rotate=s.get("rotate", ScreenConfig.rotate, _as_quarter_turn,
                     "0, 90, 180 or 270 (degrees clockwise)"),
    )


def _as_quarter_turn(value: object) -> int | None:
    turn = _as_int(value)
    return turn if turn in ROTATIONS else None


def _camera(s: _Section) -> CameraConfig:
    s.check_keys(_known(CameraConfig))
    want = '"picamera2", "opencv:0" (a camera index) or the path of a video file or image folder'
    source = s.get("source", CameraConfig.source, _as_str, want)
    if source.startswith("opencv:"):
        if not source.removeprefix("opencv:").isdecimal():  # (int() refuses a "²")
            s.fail("source", 'the OpenCV form is "opencv:INDEX", e.g. "opencv:0"')
    elif source != "picamera2":
        if not source.strip():
            s.fail("source", f"must be {want}")
        replay = s.base / Path(source).expanduser()
        if not replay.exists():
            s.fail("source", f"no such video file or image folder ({replay}); use {want}")
        source = str(replay)
    return CameraConfig(
        source=source,
        width=s.integer("width", CameraConfig.width, 160, 4608),
        height=s.integer("height", CameraConfig.height, 120, 3496),
        fps=s.integer("fps", CameraConfig.fps, 1, 120),
    )


def _calibration(s: _Section, store: StoreConfig) -> CalibrationConfig:
    """By default the calibration lives next to the database, in the table's own state."""
    s.check_keys(_known(CalibrationConfig))
    return CalibrationConfig(path=s.path("path", store.database.parent / "calibration.json"))


def _buttons(s: _Section) -> ButtonsConfig:
    s.check_keys(_known(ButtonsConfig))
    pin_want = f"a GPIO pin (BCM {GPIO_MIN}-{GPIO_MAX})"

    def pin(key: str, default: int | None) -> int | None:
        if key not in s.table:
            return default
        raw = s.table[key]
        value = _as_int(raw)
        # isdecimal, not isdigit: "²" is a digit that int() refuses
        if isinstance(raw, str) and raw.strip().upper().removeprefix("GPIO").isdecimal():
            number = int(raw.strip().upper().removeprefix("GPIO"))
            s.fail(key, f"a number, not text: write {key} = {number} (no quotes)")
        if value is None or not GPIO_MIN <= value <= GPIO_MAX:
            s.fail(key, f"not {pin_want}; {_header_hint(key, value)}")
        return value

    pins = {key: pin(key, getattr(ButtonsConfig, key)) for key in (*BUTTONS, "bank_led")}
    seen: dict[int, str] = {}
    for key, number in pins.items():
        if number is None:
            continue
        if number in seen:
            other = seen[number]
            if other in s.table and key in s.table:
                s.fail(key, f"pin already used by {other}; give each button its own pin")
            given, default = (key, other) if key in s.table else (other, key)
            s.fail(given, f"BCM {number} is {default}'s default pin (header pin "
                          f"{HEADER_PINS[number]}): give {default} another pin too, or pick "
                          "another for this one")
        seen[number] = key
    factory = s.get("pin_factory", None, _as_str, "a string")
    if factory is not None and factory not in PIN_FACTORIES:
        s.fail("pin_factory", f"{did_you_mean(factory, PIN_FACTORIES)} (Pi 5 needs lgpio)")
    return ButtonsConfig(
        bank=pins["bank"] or ButtonsConfig.bank,
        next=pins["next"] or ButtonsConfig.next,
        keep=pins["keep"] or ButtonsConfig.keep,
        undo=pins["undo"] or ButtonsConfig.undo,
        bank_led=pins["bank_led"],
        pin_factory=factory,
    )


def _header_hint(key: str, value: int | None) -> str:
    """A header pin number given for a BCM one is the likely mistake: name the BCM number."""
    bcm = {header: number for number, header in HEADER_PINS.items()}
    if value is not None and value in bcm:
        return f"header pin {value} is BCM {bcm[value]}: {key} = {bcm[value]}"
    return "use the BCM number, not the header pin number"


def _store(s: _Section) -> StoreConfig:
    s.check_keys(_known(StoreConfig))
    database = s.path("database", default_data_dir(s.file) / "farkle.db")
    # (os.path's isdir: a folder this user may not enter is for the store to name, not here)
    if database.name in ("", ".") or os.path.isdir(database):
        s.fail("database", "must be a file path, e.g. /var/lib/farkle-pi/farkle.db")
    return StoreConfig(database=database)


# ---------------------------------------------------------------------------------------------
# Writing back


def dump_config(config: Config) -> str:
    """The resolved config as TOML that `parse_config` reads back to an equal Config."""
    b, s = config.buttons, config.screen
    sections: list[tuple[str, dict[str, object]]] = [
        ("table", {"players": list(config.table.players), "dice": config.table.dice,
                   "theme": config.table.theme}),
        ("rules", {"preset": config.rules.preset, **config.rules.overrides}),
        ("screen", {"size": "auto" if s.size is None else f"{s.size[0]}x{s.size[1]}",
                    "fullscreen": s.fullscreen, "rotate": s.rotate}),
        ("camera", {f.name: getattr(config.camera, f.name) for f in fields(CameraConfig)}),
        ("calibration", {"path": config.calibration.path}),
        ("buttons", {"bank": b.bank, "next": b.next, "keep": b.keep, "undo": b.undo,
                     "bank_led": b.bank_led, "pin_factory": b.pin_factory}),
        ("store", {"database": config.store.database}),
    ]
    lines: list[str] = []
    for name, values in sections:
        lines.append(f"[{name}]")
        lines += [f"{key} = {toml_value(v)}" for key, v in values.items() if v is not None]
        lines.append("")
    return "\n".join(lines)


def example_text() -> str:
    """The documented example config shipped in the package (config.example.toml)."""
    return Path(__file__).with_name("config.example.toml").read_text(encoding="utf-8")
