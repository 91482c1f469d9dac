"""A regular install, as scripts/install-pi.sh makes on the Pi (`pip install --no-deps` of a copy
of the checkout, not editable), carries the dice reader's nets and the demo recording and finds
them with the source tree gone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from farkle_pi import assets
from farkle_pi.config import Config
from farkle_pi.doctor import Status, check_files
from farkle_pi.table.camera import DEMO_SESSION, Recording
from farkle_pi.vision import model

REPO = Path(__file__).resolve().parents[1]
NOT_COPIED = shutil.ignore_patterns(  # what the installer's tar leaves out, and local caches
    ".git", ".venv", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)

# Run from an empty folder with only the install on the path: what finds what, and do the files
# really load (both nets through OpenCV, the first frame of the demo video)?
PROBE = """
import json
import farkle_pi
from farkle_pi.devices import open_source
from farkle_pi.config import Config
from farkle_pi.doctor import check_files
from farkle_pi.table.camera import DEMO_SESSION, Recording
from farkle_pi.vision.model import (CLOSE_READER_FILE, DETECTOR_FILE, MODEL_DIR, READER_FILE,
                                   SECOND_READER_FILE, TINY_READER_FILE, load_net)

recording = Recording(DEMO_SESSION)
recording.check()
with open_source(str(recording.video)) as video:
    frame = video.read()
load_net(DETECTOR_FILE)
load_net(READER_FILE)
load_net(SECOND_READER_FILE)
load_net(CLOSE_READER_FILE)
load_net(TINY_READER_FILE)
print(json.dumps({
    "package": farkle_pi.__file__,
    "models": str(MODEL_DIR),
    "demo": str(DEMO_SESSION),
    "frame": None if frame is None else list(frame.image.shape),
    "tray": list(recording.calibration.tray_polygon[0]),
    "doctor": check_files(Config()).line(),
}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The package installed into a folder of its own; the copy it was built from removed."""
    work = tmp_path_factory.mktemp("install")
    source, target = work / "source", work / "site"
    shutil.copytree(REPO, source, symlinks=True, ignore=NOT_COPIED)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    shutil.rmtree(source)
    yield target


def test_the_install_holds_real_copies_of_the_nets_and_the_demo(installed: Path) -> None:
    data = installed / "farkle_pi" / "data"
    for folder, names in ((data / "models", assets.MODEL_FILES),
                          (data / "demo", assets.DEMO_FILES)):
        assert not folder.is_symlink()
        for name in names:
            shipped, original = folder / name, assets.DATA / folder.name / name
            assert shipped.is_file() and not shipped.is_symlink()
            assert shipped.read_bytes() == original.read_bytes(), name
    assert (data / "models" / "dice_reader.md").is_file()  # the card travels with the nets


def test_the_installed_package_finds_its_files_outside_the_source_tree(
    installed: Path, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FARKLE_MODELS", "PYTHONPATH")}
    env["PYTHONPATH"] = str(installed)
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    package = installed / "farkle_pi"
    assert found["package"] == str(package / "__init__.py")
    assert found["models"] == str(package / "data" / "models")
    assert found["demo"] == str(package / "data" / "demo")
    assert found["frame"] is not None and found["frame"][2] == 3
    assert found["tray"] == list(Recording(DEMO_SESSION).calibration.tray_polygon[0])
    assert found["doctor"].startswith("OK   files: dice reader nets in " + str(package))


def test_in_a_checkout_the_shipped_paths_are_the_repository_folders() -> None:
    assert assets.MODELS == REPO / "models"
    assert assets.DEMO == REPO / "fixtures" / "demo"
    assert model.MODEL_DIR == REPO / "models"
    assert (model.DETECTOR_FILE, model.READER_FILE, model.SECOND_READER_FILE,
            model.CLOSE_READER_FILE, model.TINY_READER_FILE) == assets.MODEL_FILES


def test_doctor_says_in_one_line_when_the_files_are_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FARKLE_MODELS", str(tmp_path / "no-models"))
    monkeypatch.setattr(assets, "DEMO", tmp_path / "no-demo")
    finding = check_files(Config())
    assert finding.status is Status.FAIL
    line = finding.line()
    assert "\n" not in line and line.startswith("FAIL files: cannot find ")
    for missing in (tmp_path / "no-models" / "dice_detector.onnx",
                    tmp_path / "no-demo" / "demo.mp4"):
        assert str(missing) in line
    assert "install-pi.sh" in line


def test_an_empty_models_variable_means_the_shipped_nets(monkeypatch: pytest.MonkeyPatch) -> None:
    """`FARKLE_MODELS= farkle-pi ...` (set but empty) must not look in the working folder."""
    monkeypatch.setenv("FARKLE_MODELS", "")
    assert assets.models_folder() == assets.MODELS
    monkeypatch.setenv("FARKLE_MODELS", "/some/where")
    assert assets.models_folder() == Path("/some/where")
