"""Behaviour of `farkle-pi doctor` that a hand-made mutation review found untested: each test
fails on one small change to farkle_pi/doctor.py that would pass a Pi that cannot run the
table, fail one that can, or give the wrong fix. The probes (child processes that load
hardware libraries) are swapped for canned facts, as tests/test_doctor.py does."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections import namedtuple
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_doctor import config_with, fake_probe

from farkle_pi import doctor
from farkle_pi.config import CalibrationConfig, CameraConfig, Config
from farkle_pi.doctor import Facts, Finding, Status
from farkle_pi.rules import load_rules
from farkle_pi.store import Store

DiskUsage = namedtuple("DiskUsage", "total used free")


def test_a_damaged_database_names_the_first_damage(tmp_path: Path) -> None:
    """F97 (doctor.py:573, the whole quick_check verdict kept: several lines). SQLite begins
    its verdict with a line "*** in database main ***" and then one line per damage: the
    doctor's line must stay one line and say what is damaged, not only that header (which
    was all it said)."""
    path = tmp_path / "farkle.db"
    with Store(path) as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size + 7] = 50  # page 2's count of fragmented free bytes: a lie
    path.write_bytes(bytes(data))
    config = config_with(tmp_path, f'[store]\ndatabase = "{path}"\n')
    finding = doctor.check_database(config)
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert finding.message.startswith(
        f"{path} is damaged (Fragmentation of 0 bytes reported as 50 on page 2); ")


def _stored_at(tmp_path: Path, database: Path) -> Config:
    return config_with(tmp_path, f'[store]\ndatabase = "{database}"\n')


def _denied(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """This user may read `folder` but not write in it; everything else is allowed."""
    monkeypatch.setattr(os, "access",
                        lambda path, mode: Path(path) != folder or not mode & os.W_OK)


def test_a_database_in_a_folder_this_user_may_not_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F96 (doctor.py:562, only the file's own permission checked). SQLite writes its journal
    beside the file: a writable farkle.db in a folder the table's user may not write cannot
    save a game."""
    state = tmp_path / "state"
    state.mkdir()
    with Store(state / "farkle.db"):
        pass
    _denied(monkeypatch, state)
    finding = doctor.check_database(_stored_at(tmp_path, state / "farkle.db"))
    assert finding.status is Status.FAIL and "(or its folder, for SQLite's journal)" in (
        finding.message)


def test_a_database_to_be_made_in_a_closed_folder_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F100 (doctor.py:556, only read permission asked of the folder), F129 (doctor.py:546,
    the nearest existing folder looked for from the parent of the one asked). The database's
    folder exists but is not the user's: "will be made when the table starts" was a promise
    the table could not keep."""
    state = tmp_path / "state"
    state.mkdir()
    _denied(monkeypatch, state)
    finding = doctor.check_database(_stored_at(tmp_path, state / "farkle.db"))
    assert finding == Finding("database", Status.FAIL, (
        f"cannot create {state}/farkle.db: {state} is not writable by this user; fix the "
        "ownership or set [store] database to a writable place"))


def test_a_database_with_no_games_yet_reads_zero_games(tmp_path: Path) -> None:
    """F98 (doctor.py:592, "game" for no games)."""
    path = tmp_path / "farkle.db"
    with Store(path):
        pass
    finding = doctor.check_database(_stored_at(tmp_path, path))
    assert finding.message == f"{path} passes SQLite's quick check; 0 games read"


@pytest.mark.parametrize(("free_mb", "status"), [
    (19, Status.FAIL), (20, Status.WARN), (199, Status.WARN), (200, Status.OK)])
def test_the_disk_limits_themselves(
    free_mb: int, status: Status, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F95 (doctor.py:603, `<` made `<=`): 20 MB free is low, not full; 200 MB is enough.
    F128 (doctor.py:600, the free space of / instead of the database's own disk): the game log
    is often on another partition or a USB stick."""
    state = tmp_path / "state"
    state.mkdir()
    asked: list[Path] = []

    def usage(where: Path) -> DiskUsage:
        asked.append(Path(where))
        return DiskUsage(10**10, 0, free_mb * 1024 * 1024)

    monkeypatch.setattr(shutil, "disk_usage", usage)
    finding = doctor.check_disk(_stored_at(tmp_path, state / "farkle.db"))
    assert finding.status is status and asked == [state]


def test_gpio_checks_the_led_pin_and_names_every_busy_pin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F101 (doctor.py:510, the bank LED's pin not checked), F126 (doctor.py:537, only the
    first busy pin named). A pin the LED shares with another device, or a second busy button,
    went unmentioned: the user frees one pin, and the next doctor run finds the next."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    config = config_with(tmp_path, '[buttons]\npin_factory = "lgpio"\nbank_led = 26\n')
    asked: list[tuple[str, ...]] = []
    answer: Facts = {"factory": "LGPIOFactory", "model": "4B", "busy": {}}

    def probe(kind: str, *args: str, timeout: float = 15, cwd: str | None = None) -> Facts:
        asked.append((kind, *args))
        return answer

    monkeypatch.setattr(doctor, "probe", probe)
    assert doctor.check_gpio(config) == Finding(
        "gpio", Status.OK, "LGPIOFactory, pins 19, 5, 6, 13, 26 free")
    assert asked == [("gpio", "lgpio", "19", "5", "6", "13", "lamp:26")]  # (the lamp not read)
    answer = {**answer, "busy": {"5": "GPIO busy", "26": "GPIO busy"}}
    finding = doctor.check_gpio(config)
    assert finding.status is Status.WARN
    assert finding.message.startswith("BCM 5, BCM 26 busy (GPIO busy); ")


def test_a_pi_5_fails_with_any_pin_factory_but_lgpio(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F127 (doctor.py:531, only RPi.GPIO refused on a Pi 5). pigpio does not work on a Pi 5
    either: only lgpio reads its buttons."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    config = config_with(tmp_path, '[buttons]\npin_factory = "pigpio"\n')
    fake_probe(monkeypatch, {("gpio", "pigpio"): {"factory": "PiGPIOFactory", "model": "5B",
                                                   "busy": {}}})
    finding = doctor.check_gpio(config)
    assert finding.status is Status.FAIL and 'pin_factory = "lgpio"' in finding.message


@pytest.fixture
def no_desktop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Pi with no desktop running and no screen or card the kernel lists."""
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(doctor, "BOOT_TARGET", ("echo", "multi-user.target"))
    monkeypatch.setattr(doctor, "DRM_CLASS", tmp_path / "drm")
    monkeypatch.setattr(doctor, "DRI_DEVICES", tmp_path / "dri")


@pytest.mark.usefixtures("no_desktop")
def test_sdl_offscreen_is_no_screen_either(monkeypatch: pytest.MonkeyPatch) -> None:
    """F104 (doctor.py:432, only "dummy" warned of). SDL_VIDEODRIVER=offscreen draws on no
    screen too: a table started so shows nothing."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    fake_probe(monkeypatch, {("display", "offscreen"): {"driver": "offscreen", "size": None}})
    finding = doctor.check_display(Config())
    assert finding.status is Status.WARN
    assert finding.message.startswith("SDL_VIDEODRIVER=offscreen draws on no screen")


@pytest.mark.usefixtures("no_desktop")
def test_a_wayland_desktop_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """F105 (doctor.py:450, only an X desktop tried). Raspberry Pi OS Bookworm's desktop is
    Wayland: doctor run there must say the desktop works but the service needs the console,
    not that pygame lacks its driver."""
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-1")
    fake_probe(monkeypatch, {("display", "kmsdrm"): {"error": "kmsdrm not available"},
                             ("display", ""): {"driver": "wayland", "size": [1920, 1080]}})
    finding = doctor.check_display(Config())
    assert finding.status is Status.WARN
    assert "a desktop works (SDL video driver wayland, screen 1920x1080)" in finding.message


@pytest.mark.usefixtures("no_desktop")
@pytest.mark.parametrize("asked", ["", "kmsdrm"])
def test_a_console_that_refuses_kmsdrm_gets_the_console_advice(
    asked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F108 (doctor.py:444, SDL_VIDEODRIVER=kmsdrm, asked for by name, given no advice), F109
    (doctor.py:446, every kmsdrm error taken for a pygame without the driver). A driver that
    is there but cannot start (the desktop holds the screen) needs console boot, not another
    pygame."""
    if asked:
        monkeypatch.setenv("SDL_VIDEODRIVER", asked)
    fake_probe(monkeypatch, {("display", "kmsdrm"): {"error": "Could not initialize"}})
    finding = doctor.check_display(Config())
    assert finding.status is Status.FAIL
    assert finding.message.startswith("kmsdrm: Could not initialize; the table needs the "
                                      "console: choose console boot")
    assert "pip uninstall pygame" not in finding.message


@pytest.mark.usefixtures("no_desktop")
def test_one_card_this_user_may_open_is_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F107 (doctor.py:492, every card must be open to this user). A Pi 5 lists two cards
    (card0, the 3D one, and card1, the display): "add it to the video group" for the card
    it does not draw on sends the user the wrong way."""
    (tmp_path / "drm" / "card1-HDMI-A-1").mkdir(parents=True)
    (tmp_path / "drm" / "card1-HDMI-A-1" / "status").write_text("connected\n")
    (tmp_path / "dri").mkdir()
    for card in ("card0", "card1"):
        (tmp_path / "dri" / card).touch()
    fake_probe(monkeypatch, {("display", "kmsdrm"): {"error": "kmsdrm not available"}})
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path).name == "card1")
    finding = doctor.check_display(Config())
    assert "may not open" not in finding.message and "python3-pygame" in finding.message


def test_a_replay_folder_of_camera_photos_in_capitals_is_a_source(tmp_path: Path) -> None:
    """F110 (doctor.py:330, the photos' endings compared as written). Cameras name their
    photos IMG_0001.JPG: such a folder "holds no .jpg/.png images" was a false FAIL."""
    (tmp_path / "frames").mkdir()
    (tmp_path / "frames" / "IMG_0001.JPG").write_bytes(b"")
    finding = doctor.check_camera(config_with(tmp_path, '[camera]\nsource = "frames"\n'))
    assert finding == Finding("camera", Status.OK,
                              f"replaying 1 images from {tmp_path / 'frames'}")


def _calibration(path: Path, **fields: object) -> None:
    cv2.imwrite(str(path.parent / "empty.png"), np.full((480, 640, 3), 90, np.uint8))
    path.write_text(json.dumps({"reference_image": "empty.png", "tray_polygon": [],
                                "keep_zone_polygon": [], **fields}))


def test_a_calibration_without_a_die_size_says_nothing_of_perspective(tmp_path: Path) -> None:
    """F111 (doctor.py:371, "perspective not measured" for a calibration with no die size).
    Without a die size the leaning test is not made at all: advice to measure perspective
    for it is beside the point."""
    path = tmp_path / "calibration.json"
    _calibration(path, die_size_px=None)
    camera = CameraConfig(source="picamera2", width=640, height=480)
    finding = doctor.check_calibration(Config(calibration=CalibrationConfig(path=path),
                                              camera=camera))
    assert finding.status is Status.OK and "no die size" in finding.message
    assert "perspective" not in finding.message


def test_a_recording_as_the_camera_is_not_held_to_the_cameras_size(tmp_path: Path) -> None:
    """F113 (doctor.py:358, the calibration checked against [camera] width and height for a
    recording too). Only the Pi camera gives the size asked for; a recording has its own,
    which the table checks on its first frame."""
    path = tmp_path / "calibration.json"
    _calibration(path, die_size_px=40)
    camera = CameraConfig(source=str(tmp_path / "tray.mp4"), width=1280, height=960)
    finding = doctor.check_calibration(Config(calibration=CalibrationConfig(path=path),
                                              camera=camera))
    assert finding.status is Status.OK


def test_a_probe_that_crashes_is_reported_by_its_last_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F112 (doctor.py:202, the first line of what the crash wrote). A traceback's first line
    is "Traceback (most recent call last):"; what went wrong is its last."""
    python = tmp_path / "python"
    python.write_text("#!/bin/sh\n"
                      "echo 'Traceback (most recent call last):' >&2\n"
                      "echo '  File \"<frozen runpy>\", line 198, in _run_module_as_main' >&2\n"
                      "echo 'ImportError: libcamera.so.0.3: cannot open shared object file' >&2\n"
                      "exit 1\n")
    python.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(python))
    assert doctor.probe("picamera2") == {
        "error": "the check crashed: ImportError: libcamera.so.0.3: cannot open shared object "
                 "file"}


def test_a_check_that_fails_on_a_missing_file_is_reported_as_the_checks_failure() -> None:
    """F121 (doctor.py:630, any OSError taken for a permission refused). Only a refused
    permission is the user's to fix ("sudo -u farkle ..."); a missing file mid-check is the
    doctor's own failure, to be reported."""

    def check_gone(config: Config) -> Finding:
        raise FileNotFoundError(2, "No such file or directory", "/dev/video0")

    [_, finding] = doctor.diagnose(None, [check_gone])
    assert finding == Finding("gone", Status.FAIL, (
        "the check itself failed (FileNotFoundError: [Errno 2] No such file or directory: "
        "'/dev/video0'); please report it"))


@pytest.mark.parametrize(("version", "spec", "ok"), [
    ("2.0.1", ">=2.0,!=2.0.*", True),  # a clause it cannot read is pip's job, not a WARN
    ("2.6.1", "~=2.5", True),
    ("2.4.0", "~=2.5", False),
])
def test_version_clauses_beyond_the_projects_own(version: str, spec: str, ok: bool) -> None:
    """F114 (doctor.py:247, a clause it cannot read taken as unmet), F116 (doctor.py:238, `~=`
    read as `==`). Low: the project's own bounds use neither today."""
    assert doctor._meets(version, spec) is ok
