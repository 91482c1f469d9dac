"""Config values a hand-made mutation review of farkle_pi/config.py found untested: good ones
at the limits, which must be taken (the bad ones it found are in test_config.py's BAD)."""

from __future__ import annotations

from pathlib import Path

import pytest

from farkle_pi.config import ConfigError, load_config


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_camera_limits_themselves_are_taken(tmp_path: Path) -> None:
    """The largest picture and frame rate allowed, and the smallest."""
    high = write(tmp_path / "high.toml", "[camera]\nwidth = 4608\nheight = 3496\nfps = 120\n")
    camera = load_config(str(high)).camera
    assert (camera.width, camera.height, camera.fps) == (4608, 3496, 120)
    low = write(tmp_path / "low.toml", "[camera]\nwidth = 160\nheight = 120\nfps = 1\n")
    camera = load_config(str(low)).camera
    assert (camera.width, camera.height, camera.fps) == (160, 120, 1)


@pytest.mark.parametrize("auto", ["auto", "AUTO", "Auto", " auto "])
def test_the_screen_size_auto_is_taken_in_any_case(auto: str, tmp_path: Path) -> None:
    """`size = "Auto"` means the display's own size, as "auto" does."""
    path = write(tmp_path / "config.toml", f'[screen]\nsize = "{auto}"\n')
    assert load_config(str(path)).screen.size is None


def test_a_path_from_the_home_folder_is_taken_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`~/...` in a path is the home folder, not a folder named "~" beside the config."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    path = write(tmp_path / "etc" / "config.toml",
                 '[store]\ndatabase = "~/games/farkle.db"\n'
                 '[calibration]\npath = "~/tray.json"\n')
    config = load_config(str(path))
    assert config.store.database == home / "games" / "farkle.db"
    assert config.calibration.path == home / "tray.json"


def test_eight_players_and_names_of_sixteen_letters_are_taken(tmp_path: Path) -> None:
    """The most players and the longest names the table allows; spaces around a name go."""
    names = ["Maximilian Alexa", *"BCDEFGH"]
    text = "[table]\nplayers = [" + ", ".join(f'" {n} "' for n in names) + "]\n"
    path = write(tmp_path / "config.toml", text)
    assert load_config(str(path)).table.players == tuple(names)


def test_names_that_differ_only_in_case_are_refused(tmp_path: Path) -> None:
    """The config refuses "Ann" and "ann" (they look alike on the scoreboard), as the setup
    screen and a game's start do (tests/test_names_alike.py); a stored game that has them
    still replays."""
    path = write(tmp_path / "config.toml", '[table]\nplayers = ["Ann", "ann"]\n')
    with pytest.raises(ConfigError, match="look alike"):
        load_config(str(path))


def test_a_house_rules_file_is_found_beside_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`preset = "house.toml"` is the file next to the config, wherever the table is started
    from (the service starts in /)."""
    write(tmp_path / "etc" / "house.toml", 'name = "house"\nentry = 350\n')
    path = write(tmp_path / "etc" / "config.toml", '[rules]\npreset = "house.toml"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    rules = load_config(str(path)).rules
    assert rules.preset == str(tmp_path / "etc" / "house.toml")
    assert rules.ruleset.name == "house" and rules.ruleset.entry == 350
