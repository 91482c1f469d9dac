"""`farkle-pi doctor`: off a Pi it still finishes, one OK/WARN/FAIL line per part, no traceback."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sqlite3
import sys
import types
from collections import namedtuple
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from farkle_pi import assets, doctor
from farkle_pi.cli import main
from farkle_pi.config import CalibrationConfig, CameraConfig, Config, TableConfig, parse_config
from farkle_pi.doctor import Facts, Finding, Status
from farkle_pi.game import Keep
from farkle_pi.rules import Roll, load_rules
from farkle_pi.store import Store

PARTS = ["config", "packages", "files", "reader", "camera", "calibration", "display", "gpio",
         "database", "disk", "kept", "fonts"]


def run_doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["doctor", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def config_with(tmp_path: Path, text: str) -> Config:
    return parse_config(text, tmp_path / "config.toml")


def fake_probe(monkeypatch: pytest.MonkeyPatch, answers: dict[tuple[str, ...], Facts]) -> None:
    """Replace the child-process probes by canned facts, keyed by (kind, first argument)."""

    def probe(kind: str, *args: str, timeout: float = 15, cwd: str | None = None) -> Facts:
        return answers[(kind, *args[:1])]

    monkeypatch.setattr(doctor, "probe", probe)


def test_off_pi_doctor_reports_every_part_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'[store]\ndatabase = "{tmp_path}/db/farkle.db"\n', encoding="utf-8")
    code, lines, err = run_doctor(capsys, "--config", str(path))
    assert "Traceback" not in err and "Traceback" not in "\n".join(lines)
    assert [line.split()[1].rstrip(":") for line in lines] == PARTS
    statuses = [line.split()[0] for line in lines]
    assert set(statuses) <= {"OK", "WARN", "FAIL"}
    assert code == (1 if "FAIL" in statuses else 0)
    assert lines[0] == f"OK   config: read from {path}"
    assert lines[2].startswith("OK   files: dice reader nets in ")
    assert lines[3].startswith("OK   reader: 4 readers and the detector load and read with OpenCV ")
    assert lines[5].startswith(f"WARN calibration: none at {tmp_path}/db/calibration.json")
    assert lines[8].startswith(f"OK   database: {tmp_path}/db/farkle.db will be made when")
    if importlib.util.find_spec("picamera2") is None:
        assert lines[4].startswith("FAIL camera: picamera2 cannot be imported")
        assert code == 1
    # ./bootstrap test runs with SDL_VIDEODRIVER=dummy and GPIOZERO_PIN_FACTORY=mock.
    assert lines[6].split()[0] in {"WARN", "FAIL"}
    assert lines[7].split()[0] in {"WARN", "FAIL"}


def test_broken_config_is_a_fail_line_and_the_rest_still_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(doctor, "CHECKS", (doctor.check_disk,))
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nbank = 99\n", encoding="utf-8")
    code, lines, _ = run_doctor(capsys, "--config", str(path))
    assert code == 1
    assert lines[0].startswith("FAIL config: ")
    assert "[buttons] bank = 99: not a GPIO pin" in lines[0]
    assert lines[1].startswith(("OK   disk:", "WARN disk:"))


def test_no_fail_means_exit_zero_and_a_crashing_check_is_a_fail(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def check_fine(config: Config) -> Finding:
        return Finding("fine", Status.WARN, "only a warning")

    def check_broken(config: Config) -> Finding:
        raise RuntimeError("boom")

    monkeypatch.setattr(doctor, "CHECKS", (check_fine,))
    code, lines, _ = run_doctor(capsys)
    assert code == 0
    assert lines[0].startswith("OK   config: no config file found (looked for --config, ")
    assert lines[1:] == ["WARN fine: only a warning"]
    monkeypatch.setattr(doctor, "CHECKS", (check_broken, check_fine))
    code, lines, err = run_doctor(capsys)
    assert code == 1
    assert lines[1] == (
        "FAIL broken: the check itself failed (RuntimeError: boom); please report it"
    )
    assert lines[2] == "WARN fine: only a warning"
    assert err == ""


def test_a_hanging_probe_times_out_as_an_error() -> None:
    facts = doctor.probe("display", "dummy", timeout=0.01)
    assert facts == {"error": "no answer within 0.01 s (the driver hangs)", "hung": True}


def test_a_crashing_probe_reports_its_last_words() -> None:
    facts = doctor.probe("no-such-probe")
    assert str(facts["error"]).startswith("the check crashed: usage:")


def test_real_opencv_probe_reads_a_video_file(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    video = tmp_path / "tray.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"MJPG"), 5, (64, 48))
    for shade in range(3):
        writer.write(np.full((48, 64, 3), shade * 80, dtype=np.uint8))
    writer.release()
    config = config_with(tmp_path, '[camera]\nsource = "tray.avi"\n')
    assert doctor.check_camera(config) == Finding(
        "camera", Status.OK, f"{video} gives 64x48 frames"
    )


def test_camera_replay_folder_and_modes(tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    folder = config_with(tmp_path, '[camera]\nsource = "frames"\n')
    assert doctor.check_camera(folder).status is Status.FAIL
    (frames / "a.png").write_bytes(b"")
    assert doctor.check_camera(folder).message == f"replaying 1 images from {frames}"
    manual = config_with(tmp_path, '[table]\ndice = "manual"\n')
    assert doctor.check_camera(manual) == Finding(
        "camera", Status.OK, 'not used (table dice = "manual")'
    )


def test_camera_verdicts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    usb = config_with(tmp_path, '[camera]\nsource = "opencv:0"\n')
    fake_probe(monkeypatch, {("opencv", "0"): {"opened": False}})
    finding = doctor.check_camera(usb)
    assert finding.status is Status.FAIL and "/dev/video0" in finding.message
    fake_probe(monkeypatch, {("opencv", "0"): {"opened": True, "frame": None}})
    assert doctor.check_camera(usb).status is Status.WARN
    fake_probe(monkeypatch, {("picamera2",): {"cameras": []}})
    assert "ribbon cable" in doctor.check_camera(Config()).message
    fake_probe(monkeypatch, {("picamera2",): {"cameras": ["imx708"]}})
    assert doctor.check_camera(Config()) == Finding("camera", Status.OK, "picamera2 sees imx708")
    hung = {"error": "no answer within 20 s (the driver hangs)", "hung": True}
    fake_probe(monkeypatch, {("picamera2",): hung})
    finding = doctor.check_camera(Config())  # a camera that hangs: not the numpy advice
    assert finding.status is Status.FAIL and "ribbon cable" in finding.message
    assert "numpy" not in finding.message



class _HeldCamera:
    """picamera2.Picamera2 on a Pi where another program (a leftover `rpicam-hello`) holds the
    camera: listed by libcamera, refused when opened, as picamera2 wraps the refusal."""

    why = "Failed to acquire camera: Device or resource busy"

    @staticmethod
    def global_camera_info() -> list[dict[str, object]]:
        return [{"Model": "imx708", "Num": 0}]

    def __init__(self, camera_num: int = 0) -> None:
        try:
            raise RuntimeError(self.why)
        except RuntimeError:
            raise RuntimeError("Camera __init__ sequence did not complete.") from None


def test_a_camera_another_program_holds_is_not_called_fine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Listing the cameras said OK while `rpicam-hello` held it and the table said "camera
    busy": doctor, run to find out why, must say the same."""
    module = types.ModuleType("picamera2")
    module.Picamera2 = _HeldCamera  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    facts = doctor.probe_picamera2()
    assert facts == {"cameras": ["imx708"], "busy": _HeldCamera.why}
    monkeypatch.setattr(doctor, "TABLE_ACTIVE", ("false",))  # the table's service is stopped
    monkeypatch.setattr(doctor, "PROC", _processes(tmp_path))  # ... and none started by hand
    finding = doctor._picamera2_finding(facts)
    assert finding.status is Status.WARN
    assert finding.message.startswith("picamera2 sees imx708, but another program has it open")
    assert "rpicam-hello" in finding.message and "table" in finding.message
    monkeypatch.setattr(doctor, "TABLE_ACTIVE", ("true",))  # it runs: it holds the camera
    assert doctor._picamera2_finding(facts) == Finding(
        "camera", Status.OK, "picamera2 sees imx708, in use by the running table")

    monkeypatch.setattr(_HeldCamera, "why", "Camera tuning file not found")  # broken, not busy
    facts = doctor.probe_picamera2()
    assert facts == {"cameras": ["imx708"], "unopened": "RuntimeError: Camera __init__ "
                     "sequence did not complete."}
    assert doctor._picamera2_finding(facts).status is Status.FAIL

    closed: list[bool] = []

    class FreeCamera(_HeldCamera):
        def __init__(self, camera_num: int = 0) -> None:
            pass

        def close(self) -> None:  # let go at once: the table is to have it
            closed.append(True)

    module.Picamera2 = FreeCamera  # type: ignore[attr-defined]
    assert doctor.probe_picamera2() == {"cameras": ["imx708"]} and closed == [True]


def test_display_verdicts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(doctor, "BOOT_TARGET", ("echo", "multi-user.target"))
    fake_probe(monkeypatch, {("display", "kmsdrm"): {"driver": "KMSDRM", "size": [800, 480]}})
    assert doctor.check_display(Config()) == Finding(
        "display", Status.OK, "SDL video driver KMSDRM, screen 800x480"
    )
    # a desktop started at boot holds the screen, though SDL's video starts (the probe passed)
    monkeypatch.setattr(doctor, "BOOT_TARGET", ("echo", "graphical.target"))
    monkeypatch.setattr(doctor, "DISPLAY_MANAGER", tmp_path / "display-manager.service")
    assert doctor.check_display(Config()).status is Status.OK  # systemd's default, no desktop
    (tmp_path / "display-manager.service").touch()
    finding = doctor.check_display(Config())
    assert finding.status is Status.WARN and "boots to the desktop" in finding.message
    assert "raspi-config" in finding.message and "800x480" in finding.message
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # a desktop asked for: nothing to warn of
    fake_probe(monkeypatch, {("display", "x11"): {"driver": "x11", "size": [800, 480]}})
    assert doctor.check_display(Config()).status is Status.OK
    monkeypatch.delenv("SDL_VIDEODRIVER")
    fake_probe(monkeypatch, {("display", "kmsdrm"): {"driver": "KMSDRM", "size": [800, 480]}})
    monkeypatch.setattr(doctor, "BOOT_TARGET", (str(tmp_path / "no-systemctl"), "get-default"))
    assert doctor.check_display(Config()).status is Status.OK  # no systemd: nothing to say
    monkeypatch.setattr(doctor, "BOOT_TARGET", ("echo", "multi-user.target"))
    no_driver: dict[tuple[str, ...], Facts] = {
        ("display", "kmsdrm"): {"error": "kmsdrm not available"},
        ("display", ""): {"driver": "x11", "size": [1920, 1080]},
    }
    fake_probe(monkeypatch, no_driver)
    monkeypatch.setattr(doctor, "DRM_CLASS", tmp_path / "drm")
    monkeypatch.setattr(doctor, "DRI_DEVICES", tmp_path / "dri")
    finding = doctor.check_display(Config())  # no DRM device at all: apt's pygame is not it
    assert finding.status is Status.FAIL and "python3-pygame" not in finding.message
    assert "the kernel has no display device (no /dev/dri/card*)" in finding.message
    assert "dtoverlay=vc4-kms-v3d" in finding.message
    # SDL says "not available" for a screen switched off too: the kernel tells them apart
    for name, state in (("card1-HDMI-A-1", "disconnected"), ("card1-HDMI-A-2", "disconnected")):
        (tmp_path / "drm" / name).mkdir(parents=True)
        (tmp_path / "drm" / name / "status").write_text(state + "\n")
    finding = doctor.check_display(Config())
    assert finding.status is Status.FAIL and "python3-pygame" not in finding.message
    assert "no screen is connected (HDMI-A-1, HDMI-A-2: none connected)" in finding.message
    (tmp_path / "drm" / "card1-HDMI-A-2" / "status").write_text("connected\n")
    (tmp_path / "dri").mkdir()
    (tmp_path / "dri" / "card1").touch()
    access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    finding = doctor.check_display(Config())
    assert "may not open" in finding.message and "video group" in finding.message
    monkeypatch.setattr(os, "access", lambda path, mode: True)
    finding = doctor.check_display(Config())  # connected, card open: pip's pygame it is
    monkeypatch.setattr(os, "access", access)
    assert finding.status is Status.FAIL and "python3-pygame" in finding.message
    monkeypatch.setenv("DISPLAY", ":0")
    finding = doctor.check_display(Config())
    assert finding.status is Status.WARN and "a desktop works (SDL video driver x11" in (
        finding.message
    )
    fake_probe(monkeypatch, {("display", "kmsdrm"): {"missing": "pygame", "error": "No module"}})
    assert "sudo apt install python3-pygame" in doctor.check_display(Config()).message


def test_a_gpiozero_older_than_2_is_named_not_lgpio(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed on plain Debian 12 (session 61), whose python3-gpiozero is 1.6.2: the probe
    crashed on Device.ensure_pin_factory (new in 2.0) and the line said to install lgpio. A
    gpiozero 1.6 (its Device without that method, its metadata) on the probe's path:"""
    package = tmp_path / "gpiozero"
    package.mkdir()
    (package / "__init__.py").write_text("class Device:\n    pin_factory = None\n")
    info = tmp_path / "gpiozero-1.6.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gpiozero\nVersion: 1.6.2\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    finding = doctor.check_gpio(Config())
    assert finding.status is Status.FAIL
    assert finding.message.startswith("gpiozero 1.6.2 is older than the 2.0 the buttons need")
    assert "sudo apt install python3-gpiozero" in finding.message
    assert "lgpio and set" not in finding.message


def test_gpio_verdicts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    lgpio = config_with(tmp_path, '[buttons]\npin_factory = "lgpio"\n')

    def verdict(facts: Facts, config: Config = lgpio) -> Finding:
        factory = config.buttons.pin_factory or ""
        fake_probe(monkeypatch, {("gpio", factory): facts})
        return doctor.check_gpio(config)

    free: Facts = {"factory": "LGPIOFactory", "model": "5B", "busy": {}}
    assert verdict(free) == Finding("gpio", Status.OK, "LGPIOFactory, pins 19, 5, 6, 13 free")
    monkeypatch.setattr(doctor, "TABLE_ACTIVE", ("false",))  # systemd: the table is stopped
    monkeypatch.setattr(doctor, "PROC", _processes(tmp_path))  # ... and none started by hand
    busy = verdict({**free, "busy": {"5": "GPIO busy"}})
    assert busy.status is Status.WARN and "BCM 5 busy (GPIO busy)" in busy.message
    monkeypatch.setattr(doctor, "TABLE_ACTIVE", ("true",))  # ... runs: it holds the pins
    assert verdict({**free, "busy": {"5": "GPIO busy"}}) == Finding(
        "gpio", Status.OK, "LGPIOFactory: the buttons' pins are in use by the running table")
    monkeypatch.setattr(doctor, "TABLE_ACTIVE", (str(tmp_path / "no-systemctl"),))
    assert verdict({**free, "busy": {"5": "GPIO busy"}}).status is Status.WARN  # no systemd
    pi5 = verdict({"factory": "RPiGPIOFactory", "model": "5B", "busy": {}}, Config())
    assert pi5.status is Status.FAIL and 'pin_factory = "lgpio"' in pi5.message
    assert verdict({"error": "BadPinFactory: none"}).status is Status.FAIL


def test_real_gpio_probe_with_the_mock_factory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = config_with(tmp_path, '[buttons]\npin_factory = "mock"\nbank_led = 26\n')
    finding = doctor.check_gpio(config)
    assert finding.status is Status.WARN and finding.message.startswith("mock pin factory")


def test_a_button_wired_to_its_nc_leg_is_named_by_the_wiring_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An arcade switch has COM, NO and NC legs: wired to NC it reads pressed at rest, acts
    when let go, and UNDO (held 1 s) took back a move a second after every tap. The docs send
    the owner to doctor to check the wiring; its line said "pins ... free" (OK)."""

    class WiredToNC(MockPin):  # type: ignore[misc]
        def _set_pull(self, value: str) -> None:
            super()._set_pull(value)
            if self.info.name == "GPIO13":  # the pull-up cannot lift a closed contact
                self.drive_low()

    factory = MockFactory(pin_class=WiredToNC)
    monkeypatch.setattr(Device, "pin_factory", factory)
    facts = doctor.probe_gpio("", "19", "5", "6", "13", "lamp:26")
    assert facts["pressed"] == ["13"] and facts["busy"] == {}
    config = config_with(tmp_path, "[buttons]\nbank_led = 26\n")
    fake_probe(monkeypatch, {("gpio", ""): {**facts, "factory": "LGPIOFactory"}})
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    finding = doctor.check_gpio(config)
    assert finding.status is Status.WARN
    assert finding.message.startswith("UNDO (BCM 13) reads pressed with nobody on it: wire the "
                                      "switch's NO (normally open) leg")


def test_database_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "farkle.db"
    config = config_with(tmp_path, f'[store]\ndatabase = "{path}"\n')
    assert doctor.check_database(config).message.endswith("will be made when the table starts")
    with sqlite3.connect(path) as db:
        db.execute("create table events (id integer primary key)")
    db.close()
    finding = doctor.check_database(config)  # sound to SQLite, refused by the table
    assert finding.status is Status.FAIL and "is not a farkle-pi database" in finding.message
    path.unlink()
    with Store(path) as store:
        broken = store.new_game(["Ann", "Bob"], load_rules("standard"))
        store.new_game(["Ann", "Bob"], load_rules("standard"))
        assert doctor.check_database(config) == Finding(
            "database", Status.OK, f"{path} passes SQLite's quick check; 2 games read")
        with store._db:  # a keep with no throw before it: that game no longer replays
            store._insert(broken.id, 1, 1, [Keep(Roll.parse("1"))])
    finding = doctor.check_database(config)
    assert finding.status is Status.WARN
    assert finding.message.startswith(f"{path}: 1 game read; 1 left out, e.g. {path}: game 1 ")
    path.write_bytes(b"this is not a database, it is a shopping list" * 100)
    finding = doctor.check_database(config)
    assert finding.status is Status.FAIL and "damaged" in finding.message


@pytest.mark.parametrize("how", ["variable", "config"])
def test_a_relative_database_path_is_checked_where_it_is(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """`FARKLE_PI_DB=farkle.db` (or `--config config.toml` naming `farkle.db`) works for the
    table, so doctor must check that file too, not fail on SQLite's URI or say "free for ."."""
    monkeypatch.chdir(tmp_path)
    with Store(tmp_path / "farkle.db") as store:
        store.new_game(["Ann", "Bob"], load_rules("standard"))
    args: tuple[str, ...] = ()
    if how == "variable":
        monkeypatch.setenv("FARKLE_PI_DB", "farkle.db")
    else:
        (tmp_path / "config.toml").write_text('[store]\ndatabase = "farkle.db"\n')
        args = ("--config", "config.toml")
    _, lines, err = run_doctor(capsys, *args)
    found = {line.split()[1].rstrip(":"): line for line in lines}
    assert found["database"] == (
        f"OK   database: {tmp_path / 'farkle.db'} passes SQLite's quick check; 1 game read")
    assert found["disk"].endswith(f" MB free for {tmp_path}")
    assert "Traceback" not in err


DiskUsage = namedtuple("DiskUsage", "total used free")


@pytest.mark.parametrize(
    ("free_mb", "status"), [(5000, Status.OK), (150, Status.WARN), (10, Status.FAIL)]
)
def test_disk_verdicts(free_mb: int, status: Status, monkeypatch: pytest.MonkeyPatch) -> None:
    usage = DiskUsage(10**10, 0, free_mb * 1024 * 1024)
    monkeypatch.setattr(shutil, "disk_usage", lambda where: usage)  # doctor.shutil is this module
    finding = doctor.check_disk(Config())
    assert finding.status is status and f"{free_mb} MB free" in finding.message


@pytest.mark.parametrize(
    ("version", "spec", "ok"),
    [("1.24.2", ">=1.24", True), ("1.23.5", ">=1.24", False), ("4.6.0", "<4.12,>=4.8", False),
     ("4.11.0", "<4.12,>=4.8", True), ("4.12.0", "<4.12,>=4.8", False),
     ("2.0.1.post3", ">=2.0", True), ("2.1.2", ">=2.5", False), ("2.6.1", ">=2.5", True),
     # versions with fewer parts than the bound: 2.0 is 2.0.0 (a tuple compare had 2.0 < 2.0.0)
     ("2.0", ">=2.0.0", True), ("2.0", "==2.0.0", True), ("4.12", "<4.12.0", False),
     ("2.0.0", "==2", True)],
)
def test_version_bounds(version: str, spec: str, ok: bool) -> None:
    assert doctor._meets(version, spec) is ok


def test_packages_read_the_installed_requirements() -> None:
    wanted = dict(doctor.requirements())
    assert set(wanted) == {"numpy", "opencv-python-headless", "pygame", "gpiozero"}
    assert wanted["opencv-python-headless"] in ("<4.12,>=4.6", ">=4.6,<4.12")


def test_packages_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor, "requirements", lambda: [
        ("numpy", ">=1.24"), ("opencv-python-headless", "<4.12,>=4.6"), ("pygame", ">=2.5"),
    ])
    bookworm = {"numpy": "1.24.2", "opencv-python-headless": "4.6.0", "pygame": "2.1.2"}
    fake_probe(monkeypatch, {("versions", "numpy=numpy"): {"versions": bookworm}})
    finding = doctor.check_packages(Config())
    assert finding.status is Status.WARN
    assert "pygame 2.1.2 (farkle-pi asks >=2.5)" in finding.message
    assert "numpy" not in finding.message and "opencv" not in finding.message
    fake_probe(monkeypatch, {("versions", "numpy=numpy"): {"versions": {
        **bookworm, "opencv-python-headless": "4.5.5"}}})
    assert "opencv-python-headless 4.5.5 (farkle-pi asks <4.12,>=4.6)" in (
        doctor.check_packages(Config()).message)
    fake_probe(monkeypatch, {("versions", "numpy=numpy"): {"versions": {**bookworm,
                                                                         "pygame": None}}})
    assert doctor.check_packages(Config()).message.startswith("cannot import pygame")


def test_calibration_verdicts(tmp_path: Path) -> None:
    """Missing: a hint; a bad file or one made at another camera size: FAIL in its own words."""
    path = tmp_path / "calibration.json"
    config = Config(calibration=CalibrationConfig(path=path),
                    camera=CameraConfig(source="picamera2", width=640, height=480))
    missing = doctor.check_calibration(config)
    assert missing.status is Status.WARN and "farkle-pi calibrate" in missing.message
    manual = doctor.check_calibration(replace(config, table=TableConfig(dice="manual")))
    assert manual.status is Status.OK and "not used" in manual.message
    path.write_text('{"die_size_px": "big"}')
    assert doctor.check_calibration(config).status is Status.FAIL
    cv2.imwrite(str(tmp_path / "empty.png"), np.full((480, 640, 3), 90, np.uint8))
    path.write_text(json.dumps({"reference_image": "empty.png", "tray_polygon": [],
                                "keep_zone_polygon": [], "die_size_px": 40}))
    fits = doctor.check_calibration(config)
    assert fits.status is Status.OK and "a die is 40 px" in fits.message
    assert "no dice learned (`farkle-pi dice-check --learn`" in fits.message
    assert "perspective not measured" in fits.message  # a file from before it was measured
    path.write_text(json.dumps({"reference_image": "empty.png", "tray_polygon": [],
                                "keep_zone_polygon": [], "die_size_px": 40,
                                "perspective": 0.0019}))
    assert "perspective" not in doctor.check_calibration(config).message
    bigger = replace(config, camera=CameraConfig(source="picamera2", width=1280, height=960))
    refused = doctor.check_calibration(bigger)
    assert refused.status is Status.FAIL and "1280x960 px" in refused.message
    assert "calibrate again" in refused.message
    webcam = replace(config, camera=CameraConfig(source="opencv:0", width=1280, height=960))
    assert doctor.check_calibration(webcam).status is Status.OK  # it may give 640x480 anyway


def test_calibration_without_opencv_points_at_packages(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """No OpenCV: the calibration line says why it cannot check, not 'please report it'."""
    path = tmp_path / "calibration.json"
    path.write_text("{}")
    monkeypatch.setitem(sys.modules, "farkle_pi.vision.calibration", None)
    finding = doctor.check_calibration(Config(calibration=CalibrationConfig(path=path)))
    assert finding.status is Status.FAIL
    assert "OpenCV cannot be imported" in finding.message and "packages" in finding.message


def test_a_net_this_opencv_cannot_read_fails_the_reader_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files line only sees that the nets exist; OpenCV 4.6 once could not read them."""
    for name in assets.MODEL_FILES:
        shutil.copy(assets.MODELS / name, tmp_path / name)
    broken = tmp_path / "dice_reader_close.onnx"
    broken.write_bytes(broken.read_bytes()[:5000])
    monkeypatch.setenv("FARKLE_MODELS", str(tmp_path))
    assert doctor.check_files(Config()).status is Status.OK
    finding = doctor.check_reader(Config())
    assert finding.status is Status.FAIL and "\n" not in finding.message
    assert f"{broken} cannot be read by OpenCV" in finding.message


def test_the_reader_line_needs_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FARKLE_MODELS", str(tmp_path))  # an empty folder
    finding = doctor.check_reader(Config())
    assert finding.status is Status.FAIL and "without its files" in finding.message


def test_calibration_with_learned_dice_for_another_reader_is_a_warning(tmp_path: Path) -> None:
    """Dice learned on another reader (a farkle-pi update) are left out when the tray reads:
    the doctor says so, and how to learn them again."""
    from farkle_pi.vision.calibration import Calibration
    from farkle_pi.vision.learned import LearnedDice
    from farkle_pi.vision.model import READER_FILE, load_net

    path = tmp_path / "calibration.json"
    config = Config(calibration=CalibrationConfig(path=path))
    head = load_net(READER_FILE, headless=True).head
    assert head is not None
    learned = LearnedDice(load_net(READER_FILE).id, head.weight, head.bias, 36)
    Calibration(learned=learned).save(path)
    fits = doctor.check_calibration(config)
    assert fits.status is Status.OK and "its own dice learned from 36 dice" in fits.message
    Calibration(learned=replace(learned, reader="0" * 16)).save(path)
    stale = doctor.check_calibration(config)
    assert stale.status is Status.WARN and "dice-check --learn" in stale.message
    assert "the table reads without them" in stale.message


def test_the_bank_lamps_pin_is_claimed_but_not_read_as_a_button(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """(A mutant left alive in review 58.) The lamp's pin, pulled up as a button's would be,
    reads low through the LED and its resistor: read as a button it would be called pressed,
    and doctor would send the owner to rewire a switch that is fine."""

    class LampOn26(MockPin):  # type: ignore[misc]
        def _set_pull(self, value: str) -> None:
            super()._set_pull(value)
            if self.info.name == "GPIO26":  # the LED's resistor to ground
                self.drive_low()

    monkeypatch.setattr(Device, "pin_factory", MockFactory(pin_class=LampOn26))
    facts = doctor.probe_gpio("", "19", "5", "6", "13", "lamp:26")
    assert facts["pressed"] == [] and facts["busy"] == {}
    facts = doctor.probe_gpio("", "19", "5", "6", "13", "26")  # (a button there: read)
    assert facts["pressed"] == ["26"]


def test_doctor_names_players_whose_letters_the_screen_has_no_font_for(
        tmp_path: Path, no_fonts: None) -> None:
    """The config's players and every stored game's: drawn as boxes they look alike."""
    database = tmp_path / "farkle.db"
    with Store(database) as store:
        store.new_game(["Ann", "王芳"], load_rules("standard"))
    config = config_with(tmp_path, f'[table]\nplayers = ["李雷", "Bob"]\n'
                                   f'[store]\ndatabase = "{database}"\n')
    finding = doctor.check_fonts(config)
    assert finding == Finding("fonts", Status.WARN, (
        "the table's screen has no font for 李, 雷, 王, 芳 (in 李雷, 王芳): it would draw them "
        "as boxes, and such names look alike; sudo apt install fonts-noto-cjk"))
    fine = config_with(tmp_path, '[table]\nplayers = ["Zoë", "Bob"]\n')
    assert doctor.check_fonts(fine) == Finding("fonts", Status.OK, (
        "the screen has a font for every letter of the 2 players' names (the config's and the "
        "stored games')"))


def _processes(folder: Path, *command_lines: list[str]) -> Path:
    """A /proc with these processes' command lines (and a file that is no process)."""
    proc = folder / "proc"
    proc.mkdir(parents=True, exist_ok=True)
    (proc / "meminfo").write_text("MemTotal: 1 kB\n")
    for pid, argv in enumerate(command_lines, start=100):
        (proc / str(pid)).mkdir()
        (proc / str(pid) / "cmdline").write_bytes(b"\0".join(w.encode() for w in argv) + b"\0")
    return proc


def test_a_table_started_by_hand_holds_the_camera_and_pins_as_the_service_would(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`farkle-pi table --windowed` run in a terminal holds the camera and the buttons' pins:
    doctor, run beside it, said another program had them (WARN) where the service's table
    was OK."""
    monkeypatch.setattr(doctor, "TABLE_ACTIVE", ("false",))  # no service running
    monkeypatch.setattr(doctor, "PROC", _processes(
        tmp_path, ["/usr/bin/python3", "/opt/farkle-pi/.venv/bin/farkle-pi", "doctor"],
        ["bash"]))
    facts: dict[str, object] = {"cameras": ["imx708"], "busy": "Device or resource busy"}
    assert doctor._picamera2_finding(facts).status is Status.WARN
    for at, table in enumerate([
                  ["/home/pi/farkle/.venv/bin/python", "/home/pi/farkle/.venv/bin/farkle-pi"],
                  ["farkle-pi", "table", "--dice", "manual", "--windowed"],
                  ["sudo", "farkle-pi", "play"],
                  [".venv/bin/python", "-m", "farkle_pi", "table"]]):
        monkeypatch.setattr(doctor, "PROC", _processes(tmp_path / str(at), table))
        assert doctor._picamera2_finding(facts) == Finding("camera", Status.OK, (
            "picamera2 sees imx708, in use by a table started by hand (process 100)")), table
    for other in (["farkle-pi", "demo"], ["farkle-pi", "--help"], ["farkle-pi", "doctor"],
                  ["python", "-m", "farkle_pi", "detect", "table.png"],
                  ["vim", "farkle-pi.toml"], ["python", "-m", "pytest"]):
        assert not doctor._runs_the_table(other), other
    monkeypatch.setattr(doctor, "PROC", tmp_path / "no-proc")  # not Linux: nothing read
    assert doctor._picamera2_finding(facts).status is Status.WARN
