"""Does the table's venv see apt's numpy, OpenCV, pygame, gpiozero and picamera2, and only
those? Run by install-pi.sh with the venv's Python, before and after farkle-pi goes in.

A Pi often has pip copies installed with sudo (`sudo pip install --break-system-packages
opencv-python`, as tutorials say): they sit in /usr/local/lib/python3.X/dist-packages, which a
venv with the system packages searches before apt's /usr/lib/python3/dist-packages, so apt's
OpenCV met pip's numpy 2 and the installer stopped on a Python traceback that said nothing of
what to do. This says it in one line (exit 1): which module, where it comes from, the fix.
Standard library only: farkle-pi is not installed yet when it runs.
"""

from __future__ import annotations

import importlib
import os
import sys

APT = "/usr/lib/python3/"  # where apt's python3-* packages live
PACKAGES = {"numpy": "python3-numpy", "cv2": "python3-opencv", "pygame": "python3-pygame",
            "gpiozero": "python3-gpiozero", "picamera2": "python3-picamera2"}
# pip's names for what a module may have come from, for the uninstall line (pip skips those
# not installed; install-pi.sh's PIP_TWINS are the same)
PIP_NAMES = {"numpy": "numpy",
             "cv2": "opencv-python opencv-python-headless opencv-contrib-python "
                    "opencv-contrib-python-headless",
             "pygame": "pygame pygame-ce", "gpiozero": "gpiozero", "picamera2": "picamera2"}


# pygame's greeting ("Hello from the pygame community") on each of the installer's two runs,
# printed after the line that says what is wrong where there is one (seen on Debian 12)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def problems(apt: str = APT, prefix: str = sys.base_prefix, venv: str = sys.prefix
             ) -> list[str]:
    """What is wrong, one phrase each; empty when all five come from apt and import.
    `prefix`: where the venv's Python was installed (apt's is /usr); `venv`: the venv."""
    found: list[str] = []
    shadows: list[str] = []
    own: list[str] = []  # ... of them, pip copies in the venv itself (its pip removes them)
    missing: list[str] = []
    for name, package in PACKAGES.items():
        try:
            module = importlib.import_module(name)
        except Exception as error:  # not only ImportError: numpy 2 under a numpy 1 build
            reason = (str(error).strip().splitlines() or [type(error).__name__])[-1]
            found.append(f"{name} does not import ({reason})")
            missing.append(package)
            continue
        where = str(getattr(module, "__file__", "") or "")
        if not where.startswith(apt):
            found.append(f"{name} comes from {where or 'nowhere on disk'}, not apt's {apt}")
            (own if where.startswith(venv.rstrip("/") + "/") else shadows).append(name)
    if not found:
        return []
    if prefix != "/usr":  # the venv's own Python is not apt's /usr/bin/python3
        found.append(f"the venv runs {prefix}/bin/python3, not apt's /usr/bin/python3: "
                     "remove /opt/farkle-pi/venv and run the installer again")
    elif shadows or own:
        fixes: list[str] = []
        if own:
            pip = " ".join(PIP_NAMES[name] for name in own)
            fixes.append(f"remove the venv's own copies (sudo {venv}/bin/pip uninstall -y {pip})")
        if shadows:
            pip = " ".join(PIP_NAMES[name] for name in shadows)
            fixes.append(f"remove those pip copies (sudo pip uninstall --break-system-packages "
                         f"{pip})")
        found.append(f"{' and '.join(fixes)}, then run the installer again")
    elif missing:  # apt's own copy is broken or gone
        found.append(f"sudo apt install --reinstall {' '.join(missing)}")
    return found


def main() -> int:
    found = problems()
    if found:
        print("install-pi.sh: the table's Python cannot use apt's packages: " + "; ".join(found),
              file=sys.stderr)
        return 1
    import cv2
    import numpy

    print("numpy", numpy.__version__, "opencv", cv2.__version__)
    return 0


if __name__ == "__main__":
    sys.exit(main())
