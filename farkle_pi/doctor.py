"""`farkle-pi doctor`: one line per part of the table (OK / WARN / FAIL) with what to do about it.

Hardware libraries are only imported inside probes, and each probe runs in a child Python
process with a timeout: a camera or display driver that hangs or crashes becomes a FAIL line,
never a frozen doctor or a traceback. Run as `python -m farkle_pi.doctor probe KIND ...`, this
module is that child.
"""

from __future__ import annotations

import json
import operator
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass
from enum import StrEnum
from importlib import metadata
from pathlib import Path

import farkle_pi
from farkle_pi import assets
from farkle_pi.config import Config, ConfigError, describe_source, load_config
from farkle_pi.errors import CAMERA_BUSY_HINT, FarkleError, no_permission
from farkle_pi.mounts import READ_ONLY_FIX, existing_ancestor, forgotten, kept_in_memory, read_only
from farkle_pi.store.backup import backup_made, backup_note, backup_path

PROBE_MARK = "farkle-probe: "
LOW_DISK_MB = 200
FULL_DISK_MB = 20
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


class Status(StrEnum):
    OK = "OK"
    WARN = "WARN"
    FAIL = "FAIL"


@dataclass(frozen=True)
class Finding:
    """One checked part: its name, how it stands, and a message that says what to do."""

    part: str
    status: Status
    message: str

    def line(self) -> str:
        return f"{self.status.value:<4} {self.part}: {self.message}"


Check = Callable[[Config], Finding]
Facts = dict[str, object]


# ---------------------------------------------------------------------------------------------
# Probes: run in a child process, import the hardware library, report facts as one JSON line.


def probe_picamera2() -> Facts:
    from picamera2 import Picamera2

    from farkle_pi.devices.picamera import not_acquired

    cameras = Picamera2.global_camera_info()
    facts: Facts = {"cameras": [str(camera.get("Model", "?")) for camera in cameras]}
    if cameras:  # listed is not usable: another program may hold it (libcamera lets one in)
        try:
            Picamera2(0).close()
        except Exception as error:
            held = not_acquired(error)
            facts["busy" if held else "unopened"] = held or f"{type(error).__name__}: {error}"
    return facts


def probe_opencv(source: str) -> Facts:
    import cv2

    capture = cv2.VideoCapture(int(source) if source.isdecimal() else source)
    try:
        if not capture.isOpened():
            return {"opened": False}
        ok, frame = capture.read()
        return {"opened": True, "frame": list(frame.shape[:2]) if ok else None}
    finally:
        capture.release()


def probe_reader() -> Facts:
    """Every net loads and reads on this OpenCV, and a frame of the demo is read whole."""
    import cv2
    import numpy as np

    from farkle_pi.vision import read_dice
    from farkle_pi.vision.model import VIEW_SIDES
    from farkle_pi.vision.read import classify

    capture = cv2.VideoCapture(str(assets.DEMO / "demo.mp4"))
    try:  # the middle of the recording: dice in the tray
        capture.set(cv2.CAP_PROP_POS_FRAMES, capture.get(cv2.CAP_PROP_FRAME_COUNT) // 2)
        ok, frame = capture.read()
    finally:
        capture.release()
    if not ok:
        return {"error": f"cannot read a frame of {assets.DEMO / 'demo.mp4'}"}
    dice = read_dice(np.asarray(frame, np.uint8))
    for net, side in VIEW_SIDES.items():  # the second opinions, asked only now and then
        classify([np.zeros((side, side, 3), np.uint8)], net)
    return {"opencv": cv2.__version__, "dice": len(dice)}


def probe_display(driver: str) -> Facts:
    """Start SDL's video with `driver` ("" = SDL's own choice) and report what it found."""
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    else:
        os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        return {"error": str(error) or "SDL could not start video"}
    sizes = pygame.display.get_desktop_sizes()
    return {"driver": pygame.display.get_driver(), "size": list(sizes[0]) if sizes else None}


def probe_gpio(factory_name: str, *pins: str) -> Facts:
    """Load the pin factory as gpiozero would and try to claim each pin ("lamp:N" for the
    lamp's), then let go; a button's pin is read with the pull-up the table gives it: one that
    reads pressed with nobody on it is wired to the switch's NC leg, or stuck."""
    if factory_name:
        os.environ["GPIOZERO_PIN_FACTORY"] = factory_name
    import warnings

    from gpiozero import Device

    if not hasattr(Device, "ensure_pin_factory"):  # gpiozero 1.x (plain Debian 12's 1.6.2)
        return {"old": metadata.version("gpiozero")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gpiozero warns for each factory it falls back from
        Device.ensure_pin_factory()
    factory = Device.pin_factory
    assert factory is not None
    busy: dict[str, str] = {}
    pressed: list[str] = []
    for spec in pins:
        number = spec.removeprefix("lamp:")
        try:
            pin = factory.pin(int(number))
        except Exception as error:
            busy[number] = str(error)
            continue
        try:
            if spec == number:  # a button: as gpiozero's Button sets it up
                pin.function, pin.pull = "input", "up"
                time.sleep(0.01)  # (the pull-up charges the wire to the button)
                if not pin.state:
                    pressed.append(number)
        except Exception:  # reading it is a bonus: the pin was claimed
            pass
        finally:
            pin.close()
    model = ""
    try:
        model = str(factory.board_info.model)
    except Exception:
        model = ""
    factory.close()
    return {"factory": type(factory).__name__, "model": model, "busy": busy,
            "pressed": pressed}


def probe_versions(*pairs: str) -> Facts:
    """For each "dist=module": the version that imports, whoever installed it (apt or pip)."""
    from importlib import import_module, metadata

    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    versions: dict[str, str | None] = {}
    for pair in pairs:
        dist, _, module_name = pair.partition("=")
        try:
            module = import_module(module_name)
        except Exception:
            versions[dist] = None
            continue
        version = getattr(module, "__version__", None)
        if version is None:  # gpiozero has none; apt's packages keep their metadata
            try:
                version = metadata.version(dist)
            except metadata.PackageNotFoundError:
                version = "?"
        versions[dist] = str(version)
    return {"versions": versions}


PROBES: dict[str, Callable[..., Facts]] = {
    "versions": probe_versions,
    "picamera2": probe_picamera2,
    "opencv": probe_opencv,
    "reader": probe_reader,
    "display": probe_display,
    "gpio": probe_gpio,
}


def probe(kind: str, *args: str, timeout: float = 15, cwd: str | None = None) -> Facts:
    """Run one probe in a child process; a hang, crash or missing library becomes an 'error'."""
    package_root = str(Path(farkle_pi.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "farkle_pi.doctor", "probe", kind, *args]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, env=env, cwd=cwd,
            stdin=subprocess.DEVNULL, check=False,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {timeout:g} s (the driver hangs)", "hung": True}
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(PROBE_MARK):
            facts: Facts = json.loads(line.removeprefix(PROBE_MARK))
            return facts
    last = (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
    return {"error": f"the check crashed: {last}"}


def _probe_main(kind: str, args: Sequence[str]) -> None:
    try:
        facts = PROBES[kind](*args)
    except ModuleNotFoundError as error:
        facts = {"missing": error.name or str(error), "error": str(error)}
    except Exception as error:
        facts = {"error": f"{type(error).__name__}: {error}"}
    print(PROBE_MARK + json.dumps(facts), flush=True)


# ---------------------------------------------------------------------------------------------
# Checks: turn facts into a verdict and advice.


def _error(facts: Facts) -> str:
    return str(facts.get("error", ""))


# The module each runtime requirement is imported as: on the Pi, apt provides them, and apt's
# OpenCV carries no pip metadata, so versions are asked of the modules themselves.
MODULES = {"numpy": "numpy", "opencv-python-headless": "cv2", "opencv-python": "cv2",
           "pygame": "pygame", "gpiozero": "gpiozero"}
_SPEC = re.compile(r"^([A-Za-z0-9_.-]+)\s*([<>=!~,.\d\s]*)$")


def _version_key(version: str) -> tuple[int, ...]:
    """The first four numbers, missing ones 0: 2.0 is 2.0.0 (as a tuple, (2, 0) < (2, 0, 0))."""
    parts = [int(part) for part in re.findall(r"\d+", version.split("+")[0])[:4]]
    return tuple(parts + [0] * (4 - len(parts)))


_CLAUSE = re.compile(r"(>=|<=|==|!=|~=|<|>)\s*([\d.]+)")
_OPS: dict[str, Callable[[tuple[int, ...], tuple[int, ...]], bool]] = {
    ">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
    "~=": operator.ge, "<": operator.lt, ">": operator.gt,
}


def _meets(version: str, specifier: str) -> bool:
    """Enough of PEP 440 for this project's own bounds; a clause it cannot read is pip's job."""
    have = _version_key(version)
    for clause in filter(None, (c.strip() for c in specifier.split(","))):
        match = _CLAUSE.fullmatch(clause)
        if match is not None and not _OPS[match[1]](have, _version_key(match[2])):
            return False
    return True


def requirements() -> list[tuple[str, str]]:
    """farkle-pi's runtime requirements (name, specifier) as installed, extras left out."""
    found = []
    for line in metadata.requires("farkle-pi") or []:
        match = None if ";" in line else _SPEC.match(line.strip())
        if match and match[1].lower() in MODULES:
            found.append((match[1].lower(), match[2].replace(" ", "")))
    return found


def check_packages(config: Config) -> Finding:
    """`pip install --no-deps` on the Pi skips pip's version checks: this is where they happen."""
    try:
        wanted = requirements()
    except metadata.PackageNotFoundError:
        return Finding("packages", Status.WARN, "farkle-pi is not installed; versions unchecked")
    pairs = [f"{dist}={MODULES[dist]}" for dist, _ in wanted]
    facts = probe("versions", *pairs, timeout=30)
    versions = facts.get("versions")
    if not isinstance(versions, dict):
        return Finding("packages", Status.FAIL, f"cannot check versions: {_error(facts)}")
    missing = [dist for dist, _ in wanted if versions.get(dist) is None]
    if missing:
        return Finding("packages", Status.FAIL, (
            f"cannot import {', '.join(missing)}; on the Pi run scripts/install-pi.sh again"
        ))
    off = [f"{dist} {versions[dist]} (farkle-pi asks {spec})" for dist, spec in wanted
           if not _meets(str(versions[dist]), spec)]
    if off:
        return Finding("packages", Status.WARN, (
            "outside farkle-pi's declared range: " + "; ".join(off) + " (apt's builds are "
            "used on purpose on the Pi; report what does not work)"
        ))
    return Finding("packages", Status.OK, ", ".join(f"{d} {versions[d]}" for d, _ in wanted))


def check_files(config: Config) -> Finding:
    """The dice reader's nets and the demo recording travel inside the package."""
    lost = assets.missing()
    if lost:
        return Finding("files", Status.FAIL, (
            f"cannot find {', '.join(map(str, lost))}: camera dice and `farkle-pi demo` need "
            "them; on the Pi run scripts/install-pi.sh again (from a git checkout: the links "
            "in farkle_pi/data/ must be intact)"
        ))
    return Finding("files", Status.OK, f"dice reader nets in {assets.models_folder()}, "
                                       f"demo recording in {assets.DEMO}")


def check_reader(config: Config) -> Finding:
    """The nets exist (files) is not enough: this OpenCV must read them (Bookworm's 4.6 once
    could not)."""
    if assets.missing():
        return Finding("reader", Status.FAIL, "cannot run without its files (see above)")
    facts = probe("reader", timeout=120)  # a Pi 4 loads the nets and reads a frame in seconds
    if "error" in facts:
        return Finding("reader", Status.FAIL, (
            f"the dice reader cannot run: {_error(facts)}; reinstall with "
            "scripts/install-pi.sh, and report it if it stays"
        ))
    return Finding("reader", Status.OK, (
        f"{len(assets.MODEL_FILES) - 1} readers and the detector load and read with OpenCV "
        f"{facts.get('opencv')} "
        f"({facts.get('dice')} dice in a frame of the demo)"
    ))


def check_camera(config: Config) -> Finding:
    source = config.camera.source
    if config.table.dice != "camera":
        return Finding("camera", Status.OK, f'not used (table dice = "{config.table.dice}")')
    if source == "picamera2":
        return _picamera2_finding(probe("picamera2", timeout=20))
    if source.startswith("opencv:"):
        index = source.removeprefix("opencv:")
        return _opencv_finding(source, probe("opencv", index), f"/dev/video{index}")
    replay = Path(source)
    if replay.is_dir():
        images = [p for p in replay.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES]
        if not images:
            return Finding("camera", Status.FAIL, f"{replay} holds no .jpg/.png images to replay")
        return Finding("camera", Status.OK, f"replaying {len(images)} images from {replay}")
    return _opencv_finding(source, probe("opencv", source), str(replay))


def check_calibration(config: Config) -> Finding:
    """The tray calibration loads, and fits the pictures the Pi camera is asked for."""
    if config.table.dice != "camera":
        return Finding("calibration", Status.OK,
                       f'not used (table dice = "{config.table.dice}")')
    path = config.calibration.path
    if not path.is_file():
        return Finding("calibration", Status.WARN, (
            f"none at {path}: the camera reads the whole picture and a leaning die is only "
            "guessed; with the empty tray in view run `farkle-pi calibrate`"
        ))
    try:  # needs OpenCV: only imported when used
        from farkle_pi.vision.calibration import Calibration
    except ImportError as error:
        return Finding("calibration", Status.FAIL, (
            f"cannot be checked: OpenCV cannot be imported ({error}); see the packages line"))

    camera = config.camera
    try:
        calibration = Calibration.load(path)
        # the Pi camera gives the size asked for; a webcam may not (the table checks its own)
        if camera.source == "picamera2":
            calibration.check_fits(camera.width, camera.height)
    except FarkleError as error:
        return Finding("calibration", Status.FAIL, str(error))
    calibration, stale = calibration.for_this_reader()  # fitted on the installed reader?
    if stale:
        return Finding("calibration", Status.WARN, (
            f"{path} loads, but its learned dice were for the dice reader before the update: "
            "the table reads without them; teach them again with `farkle-pi dice-check --learn`"))
    learned = ("; no dice learned (`farkle-pi dice-check --learn` teaches it yours)"
               if calibration.learned is None else
               f"; its own dice learned from {calibration.learned.dice} dice")
    size = calibration.die_size_px
    perspective = ("" if not size or calibration.perspective is not None else
                   "; perspective not measured (calibrate with the die near the tray's edge, "
                   "or leaning dice are judged as if by the widest lens)")
    return Finding("calibration", Status.OK, f"{path} loads" + (
        f", a die is {size:g} px" if size else ", no die size") + perspective + learned)


def _picamera2_finding(facts: Facts) -> Finding:
    if "missing" in facts:
        return Finding("camera", Status.FAIL, (
            f"picamera2 cannot be imported ({_error(facts)}); on the Pi: sudo apt install "
            "python3-picamera2 and use a venv made with --system-site-packages "
            "(scripts/install-pi.sh does both), or set [camera] source = \"opencv:0\""
        ))
    if facts.get("hung"):  # (not a library that fails to load: the numpy advice misleads)
        return Finding("camera", Status.FAIL, (
            f"picamera2: {_error(facts)}; power the Pi off, reseat the camera's ribbon cable "
            "and try `rpicam-hello --list-cameras`"
        ))
    if "error" in facts:
        return Finding("camera", Status.FAIL, (
            f"picamera2: {_error(facts)}; try `rpicam-hello --list-cameras` (a numpy installed "
            "by pip into the venv breaks apt's picamera2: pip uninstall numpy)"
        ))
    cameras = facts.get("cameras")
    if not isinstance(cameras, list) or not cameras:
        return Finding("camera", Status.FAIL, (
            "picamera2 finds no camera; check the ribbon cable (both ends, contacts the right "
            "way round) and `rpicam-hello --list-cameras`"
        ))
    seen = "picamera2 sees " + ", ".join(map(str, cameras))
    table = _running_table()
    if "busy" in facts and table:
        return Finding("camera", Status.OK, f"{seen}, in use by {table}")
    if "busy" in facts:
        return Finding("camera", Status.WARN, (
            f"{seen}, but another program has it open ({facts['busy']}): the table, if it is "
            f"running (then all is well); else {CAMERA_BUSY_HINT}"
        ))
    if "unopened" in facts:
        return Finding("camera", Status.FAIL, (
            f"{seen}, but it does not open ({facts['unopened']}); try `rpicam-hello`"
        ))
    return Finding("camera", Status.OK, seen)


def _opencv_finding(source: str, facts: Facts, device: str) -> Finding:
    if "missing" in facts:
        return Finding("camera", Status.FAIL, (
            f"OpenCV cannot be imported ({_error(facts)}); on the Pi: sudo apt install "
            "python3-opencv"
        ))
    if "error" in facts:
        return Finding("camera", Status.FAIL, f"{source}: {_error(facts)}")
    if not facts.get("opened"):
        return Finding("camera", Status.FAIL, (
            f"OpenCV cannot open {source} ({device}); check the cable and `ls /dev/video*`, "
            "and stop anything else using it (sudo systemctl stop farkle-pi)"
        ))
    frame = facts.get("frame")
    if not isinstance(frame, list):
        return Finding("camera", Status.WARN, f"{source} opens but gives no frame; replug it")
    return Finding("camera", Status.OK, f"{source} gives {frame[1]}x{frame[0]} frames")


NO_KMSDRM = (
    "this pygame has no KMSDRM driver (pip's pygame wheels lack it): on the Pi use Debian's "
    "python3-pygame in a venv made with --system-site-packages (pip uninstall pygame)"
)


def check_display(config: Config) -> Finding:
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    facts = probe("display", asked or "kmsdrm", timeout=10)
    if "missing" in facts:
        return Finding("display", Status.FAIL, (
            f"pygame cannot be imported ({_error(facts)}); on the Pi: sudo apt install "
            "python3-pygame"
        ))
    if asked in ("dummy", "offscreen") and "error" not in facts:
        return Finding("display", Status.WARN, (
            f"SDL_VIDEODRIVER={asked} draws on no screen (fine for tests); unset it on the Pi"
        ))
    if "error" not in facts and asked in ("", "kmsdrm") and _boots_to_desktop():
        return Finding("display", Status.WARN, (
            f"{_screen_words(facts)}, but the Pi boots to the desktop, which holds the screen "
            f"the table draws on: {CONSOLE_BOOT} and reboot"
        ))
    if "error" not in facts:
        return Finding("display", Status.OK, _screen_words(facts))
    problem = _error(facts)
    if asked and asked != "kmsdrm":
        return Finding("display", Status.FAIL, f"SDL_VIDEODRIVER={asked}: {problem}")
    advice = _why_no_kmsdrm() if "not available" in problem else (
        f"the table needs the console: {CONSOLE_BOOT}, no desktop running, user in groups "
        "video and render"
    )
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        desktop = probe("display", "", timeout=10)
        if "error" not in desktop:
            return Finding("display", Status.WARN, (
                f"kmsdrm: {problem}; a desktop works ({_screen_words(desktop)}) but the service "
                f"runs on the console, where {advice}"
            ))
    return Finding("display", Status.FAIL, f"kmsdrm: {problem}; {advice}")


# A Pi that boots to "graphical.target" with a display manager starts a desktop, whose display
# server takes the screen before the table (SDL's video still starts, so the probe alone
# passes). graphical.target alone is systemd's default, on images without any desktop too.
BOOT_TARGET = ("systemctl", "get-default")
DISPLAY_MANAGER = Path("/etc/systemd/system/display-manager.service")  # lightdm's, gdm's link
CONSOLE_BOOT = "choose console boot (sudo raspi-config > System Options > Boot / Auto Login)"


TABLE_ACTIVE = ("systemctl", "is-active", "--quiet", "farkle-pi")
PROC = Path("/proc")  # the running processes' command lines


def _running_table() -> str:
    """The table that runs, in words ("" for none): its service, or one started in a terminal
    (`farkle-pi table --windowed`); then it is what holds the camera and the pins, and doctor,
    run beside it over SSH, has nothing to warn about there (one left running by hand is
    named, so that it can be stopped)."""
    try:
        done = subprocess.run(TABLE_ACTIVE, capture_output=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        done = None  # no systemd here
    if done is not None and done.returncode == 0:
        return "the running table"
    by_hand = _table_started_by_hand()
    return "" if by_hand is None else f"a table started by hand (process {by_hand})"


def _table_started_by_hand() -> int | None:
    try:
        processes = [p for p in PROC.iterdir() if p.name.isdigit() and int(p.name) != os.getpid()]
    except OSError:
        return None
    for process in sorted(processes, key=lambda p: int(p.name)):
        try:
            argv = (process / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue  # (it ended meanwhile)
        if _runs_the_table([word for word in argv if word]):
            return int(process.name)
    return None


def _runs_the_table(argv: list[str]) -> bool:
    """Whether a command line is farkle-pi's table: `farkle-pi` alone, `table` or `play`, as
    the program or as `python -m farkle_pi`."""
    for at, word in enumerate(argv):
        if Path(word).name == "farkle-pi" or argv[at - 1:at + 1] == ["-m", "farkle_pi"]:
            rest = argv[at + 1:]
            break
    else:
        return False
    if any(word in ("-h", "--help", "--version") for word in rest):
        return False
    return next((word for word in rest if not word.startswith("-")), "table") in ("table", "play")


def _boots_to_desktop() -> bool:
    if not DISPLAY_MANAGER.exists():
        return False
    try:
        done = subprocess.run(BOOT_TARGET, capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return False  # no systemd here: nothing to say
    return done.stdout.strip() == "graphical.target"


DRM_CLASS = Path("/sys/class/drm")  # the kernel's screens: card0-HDMI-A-1/status etc.
DRI_DEVICES = Path("/dev/dri")


NO_DRM_DEVICE = (
    "the kernel has no display device (no /dev/dri/card*): on the Pi put back Raspberry Pi "
    "OS's dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt and reboot (an SPI screen needs a "
    "KMS driver: docs/install.md, parts list); off a Pi there is no screen to draw on"
)


def _why_no_kmsdrm() -> str:
    """SDL says "kmsdrm not available" for a pygame without the driver, for a screen that is
    not connected, for a card this user may not open and for a kernel with no display device
    at all: the kernel tells them apart. (Without a device the advice was to replace apt's
    pygame, which has the driver: seen on a Debian 12 install with no screen, session 61.)"""
    connectors = sorted(DRM_CLASS.glob("card*-*/status"))
    if not connectors and not any(DRI_DEVICES.glob("card*")):
        return NO_DRM_DEVICE
    states = [c.read_text(errors="replace").strip() for c in connectors if c.is_file()]
    if connectors and "connected" not in states:
        names = ", ".join(c.parent.name.split("-", 1)[1] for c in connectors)
        return (f"no screen is connected ({names}: none connected): check the cable and switch "
                "the screen on; the table picks it up when it starts again")
    cards = sorted(DRI_DEVICES.glob("card*"))
    if cards and not any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return (f"this user may not open {cards[0]}: add it to the video group "
                "(the service's user is; for yourself: sudo usermod -aG video $USER, log in "
                "again)")
    return NO_KMSDRM


def _screen_words(facts: Facts) -> str:
    size = facts.get("size")
    shown = f"{size[0]}x{size[1]}" if isinstance(size, list) else "unknown size"
    return f"SDL video driver {facts.get('driver')}, screen {shown}"


def check_gpio(config: Config) -> Finding:
    buttons = config.buttons
    factory = buttons.pin_factory or os.environ.get("GPIOZERO_PIN_FACTORY", "")
    pins = [buttons.bank, buttons.next, buttons.keep, buttons.undo]
    names = dict(zip(map(str, pins), ("BANK", "NEXT", "KEEP", "UNDO"), strict=True))
    specs = list(names)
    if buttons.bank_led is not None:
        pins.append(buttons.bank_led)
        specs.append(f"lamp:{buttons.bank_led}")
    with tempfile.TemporaryDirectory(prefix="farkle-doctor-") as scratch:
        # lgpio writes notification pipes into the working directory: give it a writable one.
        facts = probe("gpio", factory, *specs, timeout=15, cwd=scratch)
    if "missing" in facts:
        return Finding("gpio", Status.FAIL, (
            f"gpiozero cannot be imported ({_error(facts)}); on the Pi: sudo apt install "
            "python3-gpiozero python3-lgpio"
        ))
    if "old" in facts:  # (it was "no GPIO pin factory works ... install python3-lgpio")
        return Finding("gpio", Status.FAIL, (
            f"gpiozero {facts['old']} is older than the 2.0 the buttons need (no lgpio pin "
            "factory, the Pi 5's): sudo apt install python3-gpiozero from Raspberry Pi OS's "
            "archive (Bookworm's is 2.0.1; plain Debian 12 has only 1.6.2)"
        ))
    if "error" in facts:
        return Finding("gpio", Status.FAIL, (
            f"no GPIO pin factory works ({_error(facts)}); on a Pi: sudo apt install "
            'python3-lgpio and set [buttons] pin_factory = "lgpio" (needed on a Pi 5); '
            "off a Pi: GPIOZERO_PIN_FACTORY=mock"
        ))
    name = str(facts.get("factory"))
    if name == "MockFactory":
        return Finding("gpio", Status.WARN, (
            "mock pin factory: buttons are simulated and real presses are not read (unset "
            'GPIOZERO_PIN_FACTORY / [buttons] pin_factory = "mock" on the Pi)'
        ))
    if str(facts.get("model", "")).startswith("5") and name != "LGPIOFactory":
        return Finding("gpio", Status.FAIL, (
            f'{name} does not work on a Pi 5; set [buttons] pin_factory = "lgpio"'
        ))
    busy = facts.get("busy")
    table = _running_table() if isinstance(busy, dict) and busy else ""
    if table:
        return Finding("gpio", Status.OK, f"{name}: the buttons' pins are in use by {table}")
    if isinstance(busy, dict) and busy:
        taken = ", ".join(f"BCM {pin}" for pin in busy)
        return Finding("gpio", Status.WARN, (
            f"{taken} busy ({next(iter(busy.values()))}); is the table running? "
            "(sudo systemctl stop farkle-pi) otherwise pick free pins in [buttons]"
        ))
    pressed = facts.get("pressed")
    if isinstance(pressed, list) and pressed:
        held = ", ".join(f"{names.get(str(pin), 'a button')} (BCM {pin})" for pin in pressed)
        return Finding("gpio", Status.WARN, (
            f"{held} reads pressed with nobody on it: wire the switch's NO (normally open) "
            "leg to the pin and COM to ground, not NC, or free a stuck button (wired to NC a "
            "button acts when let go, and UNDO takes back a move a second after each tap)"
        ))
    return Finding("gpio", Status.OK, f"{name}, pins {', '.join(map(str, pins))} free")


def check_database(config: Config) -> Finding:
    path = config.store.database
    if not path.exists():
        if read_only(path):  # (newer kernels' emergency_ro: access() says writable)
            return _read_only_finding(path)
        nearest = existing_ancestor(path.parent)
        if not os.access(nearest, os.W_OK | os.X_OK):
            return Finding("database", Status.FAIL, (
                f"cannot create {path}: {nearest} is not writable by this user; fix the "
                "ownership or set [store] database to a writable place"
            ))
        return Finding("database", Status.OK, f"{path} will be made when the table starts")
    if path.is_dir():
        return Finding("database", Status.FAIL, (
            f"{path} is a folder, not a database file: set [store] database (or "
            f"$FARKLE_PI_DB) to a file, e.g. {path / 'farkle.db'}"
        ))
    if read_only(path):
        return _read_only_finding(path)
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return Finding("database", Status.FAIL, (
            f"{path} (or its folder, for SQLite's journal) is not writable by this user; "
            "sudo chown -R farkle: /var/lib/farkle-pi, or run as the table's user"
        ))
    try:
        with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5)) as db:
            verdict = str(db.execute("PRAGMA quick_check").fetchone()[0])
    except sqlite3.Error as error:
        verdict = str(error)
        if "disk i/o" in verdict.lower() and _free_mb(path) < FULL_DISK_MB:
            # SQLite cannot make the -shm file it reads a WAL database with: not damage
            return Finding("database", Status.FAIL, (
                f"{path} cannot be opened: the disk is full ({verdict}); free some disk "
                "space (sudo apt clean; journalctl --vacuum-size=50M): nothing stored is lost"
            ))
    if verdict != "ok" and "not a database" in verdict:
        from farkle_pi.store.db import has_sqlite_header

        if not has_sqlite_header(path):  # a calibration, a README: the store's line, which says
            return _games_finding(path)  # to check the name (not to move the file aside)
    if verdict != "ok":
        # quick_check lists every damaged page after a "*** in database main ***" line: the
        # first damage is enough
        lines = verdict.splitlines() or [verdict]
        verdict = next((line for line in lines if not line.startswith("*** ")), lines[0])
        return Finding("database", Status.FAIL, (
            f"{path} is damaged ({verdict}); stop the table and move the file aside with its "
            f"-wal and -shm files, then {backup_note(path) or 'a new one starts empty'}"
        ))
    return _games_finding(path)


def _games_finding(path: Path) -> Finding:
    """Open it as the table does: a file SQLite finds sound may still be no farkle-pi database,
    be a newer one, or hold a game that no longer replays."""
    from farkle_pi.store import Store

    try:
        with Store(path, read_only=True) as store:
            records = store.records()
            left_out = store.left_out
    except FarkleError as error:
        return Finding("database", Status.FAIL, str(error))
    games = f"{len(records)} game{'s' if len(records) != 1 else ''}"
    if left_out:
        return Finding("database", Status.WARN, (
            f"{path}: {games} read; {len(left_out)} left out, e.g. {left_out[0]}"))
    return Finding("database", Status.OK, f"{path} passes SQLite's quick check; {games} read")


def _read_only_finding(path: Path) -> Finding:
    return Finding("database", Status.FAIL, (
        f"{path} is on a read-only file system (no owner can write it): {READ_ONLY_FIX}, "
        "or set [store] database to a writable place"
    ))


def _free_mb(path: Path) -> int:
    return shutil.disk_usage(existing_ancestor(path)).free // (1024 * 1024)


def check_disk(config: Config) -> Finding:
    free_mb = _free_mb(config.store.database)
    words = f"{free_mb} MB free for {config.store.database.parent}"
    if free_mb < FULL_DISK_MB:
        return Finding("disk", Status.FAIL, f"only {words}; the game log cannot be saved")
    if free_mb < LOW_DISK_MB:
        return Finding("disk", Status.WARN, (
            f"only {words}; free some space (sudo apt clean; journalctl --vacuum-size=50M)"
        ))
    return Finding("disk", Status.OK, words)


def check_kept(config: Config) -> Finding:
    """The games survive a power-off: not under raspi-config's Overlay File System, nor on
    a tmpfs (the table would seem to work all evening, then forget every game)."""
    path = config.store.database
    why = kept_in_memory(path)
    if why:
        return Finding("kept", Status.FAIL, forgotten(path, why))
    made = backup_made(path)
    copy = (f"; {backup_path(path).name} is their copy of {made}" if made
            else "; the table makes a copy of them beside it when it starts")
    return Finding("kept", Status.OK,
                   f"{path.parent} is on a disk: games outlive a power-off{copy}")


def check_fonts(config: Config) -> Finding:
    """Every player's name (the config's, and every stored game's) drawn as itself: letters
    no installed font has are drawn as boxes, and two such names look alike."""
    from farkle_pi.ui.fonts import undrawn_names

    names = list(dict.fromkeys((*config.table.players, *_stored_names(config.store.database))))
    undrawn = undrawn_names(names)
    if undrawn:
        return Finding("fonts", Status.WARN, undrawn)
    return Finding("fonts", Status.OK, (
        f"the screen has a font for every letter of the {len(names)} players' names (the "
        "config's and the stored games')"))


def _stored_names(path: Path) -> list[str]:
    """The names of every stored game's players; none where the games cannot be read (the
    `database` line says why)."""
    from farkle_pi.store import Store

    if not path.is_file():
        return []
    try:
        with Store(path, read_only=True) as store:
            return [name for record in store.records() for name in record.players]
    except FarkleError:
        return []


CHECKS: tuple[Check, ...] = (
    check_packages, check_files, check_reader, check_camera, check_calibration, check_display,
    check_gpio, check_database, check_disk, check_kept, check_fonts,
)


def diagnose(config_path: str | None, checks: Iterable[Check] | None = None) -> list[Finding]:
    """Every finding, config first; a broken config is a FAIL and the rest use the defaults."""
    try:
        config = load_config(config_path)
        findings = [Finding("config", Status.OK, describe_source(config))]
    except ConfigError as error:
        config = Config()
        findings = [Finding("config", Status.FAIL, f"{error} (checking the rest with defaults)")]
    for check in CHECKS if checks is None else checks:
        part = check.__name__.removeprefix("check_")
        try:
            findings.append(check(config))
        except PermissionError as error:  # run as another user than the table's
            findings.append(Finding(part, Status.FAIL, str(no_permission(error))))
        except Exception as error:  # a doctor must finish its round whatever it meets
            findings.append(Finding(part, Status.FAIL, (
                f"the check itself failed ({type(error).__name__}: {error}); please report it"
            )))
    return findings


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "probe" and sys.argv[2] in PROBES:
        _probe_main(sys.argv[2], sys.argv[3:])
    else:
        sys.exit("usage: python -m farkle_pi.doctor probe " + "|".join(PROBES) + " ARGS")
