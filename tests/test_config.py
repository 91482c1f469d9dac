"""The config file: every mistake is one line naming file, key and fix; good files round-trip."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from farkle_pi import config
from farkle_pi.cli import main
from farkle_pi.config import Config, ConfigError, dump_config, load_config, parse_config
from farkle_pi.errors import FarkleError


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["config", "check", "--config", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


BAD = [
    # (file text, what the one-line error must contain)
    ("[buttons]\nbank = 99\n", "[buttons] bank = 99: not a GPIO pin (BCM 2-27)"),
    ("[buttons]\nnext = 1\n", "[buttons] next = 1: not a GPIO pin"),
    ('[buttons]\nkeep = "13"\n', '[buttons] keep = "13": a number, not text: write keep = 13'),
    ('[buttons]\nkeep = "GPIO13"\n', '[buttons] keep = "GPIO13": a number, not text: write keep'),
    ("[buttons]\nundo = true\n", "[buttons] undo = true: not a GPIO pin"),
    ("[buttons]\nbank = 35\n", "[buttons] bank = 35: not a GPIO pin (BCM 2-27); header pin 35 "
     "is BCM 19: bank = 19"),
    ("[buttons]\nbank = 5\nnext = 5\n", "[buttons] next = 5: pin already used by bank"),
    ("[buttons]\nbank_led = 6\n", "[buttons] bank_led = 6: BCM 6 is keep's default pin (header "
     "pin 31): give keep another pin too"),
    ("[buttons]\nbank = 5\n", "[buttons] bank = 5: BCM 5 is next's default pin"),
    ('[buttons]\npin_factory = "lgpi"\n', '[buttons] pin_factory = "lgpi": did you mean lgpio?'),
    ("[buttons]\nbnak = 5\n", "[buttons] bnak = 5: unknown key; did you mean bank?"),
    ('[tabel]\nplayers = ["A"]\n', "[tabel]: unknown section; did you mean [table]?"),
    ("table = 3\n", "table = 3: must be a [table] section"),
    ('[table]\nplayers = "Ann"\n', '[table] players = "Ann": must be a list of 1 to 8 names'),
    ("[table]\nplayers = []\n", "[table] players = []: must be a list of 1 to 8 names"),
    ('[table]\nplayers = ["Ann", "Ann"]\n', "[table] players = [\"Ann\", \"Ann\"]: names must"),
    ('[table]\nplayers = ["Maximilian Alexander", "Bob"]\n',
     "names of at most 16 characters"),
    ('[table]\ndice = "camra"\n', '[table] dice = "camra": must be one of "camera"'),
    ('[table]\ntheme = "blue"\n', '[table] theme = "blue": must be one of "dark", "light"'),
    ('[table]\ncolour = "red"\n', "[table] colour"),
    ("[rules]\npreset = 3\n", "[rules] preset = 3: must be a preset name"),
    ('[rules]\npreset = ""\n', '[rules] preset = "": must name a preset'),
    ("[rules]\nentry_minimum = [500]\n", "[rules] entry_minimum = [500]: a house rule must be"),
    ("[rules]\n[rules.extra]\na = 1\n", "[rules] extra = { a = 1 }: a house rule must be"),
    ('[rules]\npreset = "tylr"\n', '[rules] preset = "tylr": unknown rules preset \'tylr\': did'),
    ("[rules]\ntagret = 5000\n", "[rules]: unknown rule 'tagret' (did you mean target?)"),
    ('[rules]\ntarget = "lots"\n', "[rules]: target=lots: target must be a whole number"),
    ("[rules]\ntarget = 0\n", "[rules] target=0: the target score must be above 0"),
    ('[rules]\nkinds = "triple"\n', "[rules]: kinds=triple: kinds must be one of"),
    ('[rules]\npreset = "missing.toml"\n', "missing.toml: no such rules file"),
    ('[screen]\nsize = "800by480"\n', '[screen] size = "800by480": must be "WIDTHxHEIGHT"'),
    ('[screen]\nsize = "1x1"\n', '[screen] size = "1x1": must be "WIDTHxHEIGHT"'),
    ('[screen]\nsize = "50x480"\n', '[screen] size = "50x480": width and height must'),
    ('[screen]\nsize = "800x99999"\n', '[screen] size = "800x99999": width and height must'),
    ('[screen]\nsize = "120x120"\n', 'width and height must each be 160 to 4096 pixels'),
    ("[screen]\nfullscreen = 1\n", "[screen] fullscreen = 1: must be true or false"),
    ("[screen]\nfulscreen = true\n", "[screen] fulscreen = true: unknown key; did you mean"),
    ('[camera]\nsource = "opencv:x"\n', '[camera] source = "opencv:x": the OpenCV form is'),
    ('[camera]\nsource = "no/such.mp4"\n', '[camera] source = "no/such.mp4": no such video'),
    ("[camera]\nsource = 0\n", "[camera] source = 0: must be \"picamera2\""),
    ("[camera]\nwidth = 10\n", "[camera] width = 10: must be a whole number from 160"),
    ("[camera]\nfps = 0\n", "[camera] fps = 0: must be a whole number from 1 to 120"),
    ("[camera]\nheight = 480.0\n", "[camera] height = 480.0: must be a whole number"),
    ("[calibration]\npath = 5\n", "[calibration] path = 5: must be a path string"),
    ('[calibration]\npath = ""\n', '[calibration] path = "": must not be empty'),
    ('[store]\ndatabase = "."\n', '[store] database = ".": must be a file path'),
    ('[store]\ndatbase = "x.db"\n', "[store] datbase = \"x.db\": unknown key; did you mean"),
    ("[table]\nplayers = [\"A\"\n", "TOML syntax error"),
    ("[buttons]\nbank = \n", "(at line 2, column 8)"),
    # found by the forty-sixth session's mutation review (the superscripts and the tab were
    # bugs: a traceback, and a name the game refused only once the players started)
    ('[buttons]\nkeep = "²"\n', '[buttons] keep = "²": not a GPIO pin'),
    ('[buttons]\nkeep = "GPIO¹³"\n', '[buttons] keep = "GPIO¹³": not a GPIO pin'),
    ('[camera]\nsource = "opencv:²"\n', '[camera] source = "opencv:²": the OpenCV form is'),
    ('[table]\nplayers = ["Ann", "Bo\\tb"]\n', "holds a line break or a control character"),
    ('[camera]\nsource = ""\n', '[camera] source = "": must be "picamera2"'),
    ('[camera]\nsource = "  "\n', '[camera] source = "  ": must be "picamera2"'),
    ("[camera]\nfps = 121\n", "[camera] fps = 121: must be a whole number from 1 to 120"),
    ("[camera]\nheight = 3497\n",
     "[camera] height = 3497: must be a whole number from 120 to 3496"),
    ("[camera]\nwidth = 4609\n", "[camera] width = 4609: must be a whole number from 160 to 4608"),
    ('[calibration]\npath = "  "\n', '[calibration] path = "  ": must not be empty'),
    ('[store]\ndatabase = " "\n', '[store] database = " ": must not be empty'),
    ("[camera]\nfps = true\n", "[camera] fps = true: must be a whole number from 1 to 120"),
    ('[table]\nplayers = ["Ann", ""]\n', '[table] players = ["Ann", ""]: must be a list of 1 to 8'),
    ('[table]\nplayers = ["Ann", "  "]\n', "[table] players = [\"Ann\", \"  \"]: must be a list"),
    ('[table]\nplayers = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]\n',
     "must be a list of 1 to 8 names"),
    ('[rules]\npreset = "  "\n', '[rules] preset = "  ": must name a preset, e.g. "standard"'),
    ("[rules]\ntarget = inf\n", "[rules] target = inf: a house rule must be a number"),
    ("[rules]\nthree_ones = nan\n", "[rules] three_ones = nan: a house rule must be a number"),
]


@pytest.mark.parametrize(("text", "expected"), BAD)
def test_bad_config_is_one_line_naming_the_key(
    text: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "config.toml", text)
    code, out, err = check(path, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"farkle-pi: {path}: ")
    assert expected in err


def test_missing_explicit_file_says_how_to_make_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = check(tmp_path / "nope.toml", capsys)
    assert code == 2
    assert "no such config file (from --config)" in err
    assert "config show-example" in err


def test_env_variable_points_at_missing_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FARKLE_PI_CONFIG", str(tmp_path / "gone.toml"))
    with pytest.raises(ConfigError, match="from FARKLE_PI_CONFIG"):
        load_config()


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    """Windows Notepad saves UTF-8 with one; tomllib called it a syntax error at line 1."""
    path = tmp_path / "config.toml"
    path.write_bytes(b'\xef\xbb\xbf[table]\nplayers = ["Ann", "Bob"]\n')
    assert load_config(str(path)).table.players == ("Ann", "Bob")


def test_unreadable_bytes_are_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"[table]\nplayers = [\"\xff\"]\n")
    with pytest.raises(ConfigError, match="cannot read config"):
        load_config(str(path))


GOOD = """
[table]
players = ["Ann", "Bob", "Cleo"]
dice = "manual"
theme = "light"

[rules]
preset = "standard"
entry_minimum = 750
target = 5000
three_ones = 300
stealing = true
kinds = "doubling"

[screen]
size = "480x320"
fullscreen = false

[camera]
source = "opencv:1"
width = 640
height = 480
fps = 30

[calibration]
path = "cal/tray.json"

[buttons]
bank = 17
next = 27
keep = 22
undo = 23
bank_led = 24
pin_factory = "mock"

[store]
database = "data/farkle.db"
"""


def test_good_config_reads_every_value(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", GOOD)
    cfg = load_config(str(path))
    assert cfg.source == path
    assert cfg.table.players == ("Ann", "Bob", "Cleo")
    assert (cfg.table.dice, cfg.table.theme) == ("manual", "light")
    assert cfg.rules.preset == "standard"
    assert cfg.rules.overrides == {
        "entry_minimum": 750, "target": 5000, "three_ones": 300, "stealing": True,
        "kinds": "doubling",
    }
    rules = cfg.rules.ruleset
    assert (rules.entry, rules.target, rules.three_ones, rules.stealing, rules.kinds) == (
        750, 5000, 300, True, "doubling",
    )
    assert (cfg.screen.size, cfg.screen.fullscreen) == ((480, 320), False)
    assert (cfg.camera.source, cfg.camera.width, cfg.camera.height, cfg.camera.fps) == (
        "opencv:1", 640, 480, 30,
    )
    # Relative paths are relative to the config file's folder.
    assert cfg.calibration.path == tmp_path / "cal" / "tray.json"
    assert cfg.store.database == tmp_path / "data" / "farkle.db"
    b = cfg.buttons
    assert (b.bank, b.next, b.keep, b.undo, b.bank_led, b.pin_factory) == (
        17, 27, 22, 23, 24, "mock",
    )


def test_good_config_round_trips_through_config_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "config.toml", GOOD)
    code, out, err = check(path, capsys)
    assert (code, err) == (0, "")
    assert out.startswith(f"# farkle-pi config: OK, read from {path}\n")
    again = write(tmp_path / "elsewhere" / "resolved.toml", out)
    assert replace(load_config(str(again)), source=None) == replace(
        load_config(str(path)), source=None
    )


def test_players_the_screen_cannot_draw_pass_config_check_with_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_fonts: None) -> None:
    """A config is no place to stop the table over a font (it starts, and the setup refuses
    such a name typed), but `config check` says what the screen would draw as boxes."""
    path = write(tmp_path / "config.toml", '[table]\nplayers = ["Ann", "李雷", "김민준"]\n')
    code, out, err = check(path, capsys)
    assert code == 0 and out.startswith("# farkle-pi config: OK")
    assert err == (f"farkle-pi: warning: {path}: [table] players: the table's screen has no "
                   "font for 李, 雷, 김, 민, 준 (in 李雷, 김민준): it would draw them as boxes, "
                   "and such names look alike; sudo apt install fonts-noto-cjk\n")


def test_replay_source_path_is_resolved_and_round_trips(tmp_path: Path) -> None:
    (tmp_path / "frames").mkdir()
    path = write(tmp_path / "config.toml", '[camera]\nsource = "frames"\n')
    cfg = load_config(str(path))
    assert cfg.camera.source == str(tmp_path / "frames")
    assert parse_config(dump_config(cfg), tmp_path / "x.toml").camera == cfg.camera


def test_empty_file_means_defaults(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", "")
    assert replace(load_config(str(path)), source=None) == Config()


def test_the_shipped_example_is_valid_and_documents_every_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "show-example"]) == 0
    example = capsys.readouterr().out
    repo_copy = Path(__file__).parent.parent / "config.example.toml"
    assert repo_copy.read_text(encoding="utf-8") == example
    cfg = parse_config(example, tmp_path / "config.toml")
    assert cfg.buttons.bank_led == 26
    for name, cls in config.SECTIONS.items():
        assert f"[{name}]" in example
        for key in config._known(cls):
            if key not in ("overrides", "ruleset"):
                assert f"{key} = " in example, f"[{name}] {key} is not documented"


def test_lookup_order_flag_env_user_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert load_config().source is None
    system = write(config.SYSTEM_CONFIG, "")
    assert load_config().source == system
    user = write(tmp_path / "xdg-config" / "farkle-pi" / "config.toml", "")
    assert load_config().source == user
    env = write(tmp_path / "env.toml", "")
    monkeypatch.setenv("FARKLE_PI_CONFIG", str(env))
    assert load_config().source == env
    flag = write(tmp_path / "flag.toml", "")
    assert load_config(str(flag)).source == flag


def test_database_default_follows_systemd_state_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert Config().store.database == tmp_path / "xdg-data" / "farkle-pi" / "farkle.db"
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/farkle-pi:/var/lib/other")
    cfg = Config()
    assert cfg.store.database == Path("/var/lib/farkle-pi/farkle.db")
    assert cfg.calibration.path == Path("/var/lib/farkle-pi/calibration.json")


def test_with_the_system_config_the_data_is_the_installed_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`farkle-pi stats` or `calibrate` over SSH on an installed Pi: the table's games and
    calibration, not an empty folder in the caller's home the table never reads."""
    system = write(config.SYSTEM_CONFIG, "")
    assert load_config().store.database.parent == tmp_path / "xdg-data" / "farkle-pi"
    config.SYSTEM_STATE.mkdir(parents=True)  # made by install-pi.sh
    for cfg in (load_config(), load_config(str(system))):
        assert cfg.store.database == config.SYSTEM_STATE / "farkle.db"
        assert cfg.calibration.path == config.SYSTEM_STATE / "calibration.json"
    user = write(tmp_path / "xdg-config" / "farkle-pi" / "config.toml", "")
    assert load_config().source == user
    assert load_config().store.database.parent == tmp_path / "xdg-data" / "farkle-pi"
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))  # the service itself
    assert load_config(str(system)).store.database == tmp_path / "state" / "farkle.db"


def test_a_user_config_this_user_may_not_look_for_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sudo -u farkle` where sudo keeps the caller's $HOME (closed to farkle): the system
    config, not an error; a config named on purpose still is one."""
    system = write(config.SYSTEM_CONFIG, "")
    original = Path.is_file

    def closed_home(path: Path) -> bool:
        if tmp_path / "xdg-config" in path.parents:
            raise PermissionError(13, "Permission denied", str(path))
        return original(path)

    monkeypatch.setattr(Path, "is_file", closed_home)
    assert load_config().source == system
    with pytest.raises(ConfigError, match="permission denied for this user"):
        load_config(str(tmp_path / "xdg-config" / "farkle-pi" / "config.toml"))


def test_check_without_any_file_says_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "check"]) == 0
    out = capsys.readouterr().out
    assert "no config file found" in out
    assert "built-in defaults" in out
    assert os.fspath(config.SYSTEM_CONFIG) in out


def test_wiring_picture_is_drawn_from_the_example_pins(tmp_path: Path) -> None:
    import subprocess
    import sys

    import cv2

    repo = Path(__file__).parent.parent
    out = tmp_path / "wiring.png"
    done = subprocess.run([sys.executable, str(repo / "scripts" / "draw_wiring.py"), str(out)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    drawn, committed = cv2.imread(str(out)), cv2.imread(str(repo / "docs/img/wiring.png"))
    assert drawn is not None and committed is not None
    assert drawn.shape == committed.shape == (600, 1000, 3)
    # Same picture up to anti-aliasing differences between OpenCV builds.
    assert float(cv2.absdiff(drawn, committed).mean()) < 2.0


@pytest.mark.parametrize("size", ["159x480", "800x4097"])
def test_a_screen_size_is_refused_alike_in_the_config_and_on_the_command_line(
        size: str, tmp_path: Path) -> None:
    """`demo --size` and the config's `[screen] size` take the same sizes (the config took
    100-8192, --size 160-4096)."""
    from farkle_pi.ui.display import parse_size

    path = tmp_path / "config.toml"
    path.write_text(f'[screen]\nsize = "{size}"\n')
    with pytest.raises(FarkleError, match="each be 160 to 4096 pixels"):
        load_config(str(path))
    with pytest.raises(FarkleError, match="each be 160 to 4096 pixels"):
        parse_size(size)
    assert parse_size("160x4096") == (160, 4096)


def test_a_database_variable_starting_with_a_tilde_is_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`export FARKLE_PI_DB="~/farkle.db"` (quoted, or a systemd Environment= line: no shell
    expands it) named a folder called `~` in the current one, made by the first `game new`; a
    later `rm -rf ~` to tidy it up is the home folder. `--config` and `$FARKLE_PI_CONFIG`
    expand it, as does the config's own `[store] database`."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FARKLE_PI_DB", "~/farkle.db")
    assert load_config().store.database == tmp_path / "home" / "farkle.db"
