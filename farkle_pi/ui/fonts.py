"""Which installed font draws the characters the default font lacks, and what none draws.

pygame's bundled bold font has no Chinese, Japanese or Korean, nor Vietnamese letters such as
"ễ", Georgian, Armenian or Hebrew: "李雷" and "王芳" were drawn as the same two boxes, so two
players looked alike on the scoreboard. Here the fonts of the machine are read from their
files (`cmap.py`, no fontconfig needed: Raspberry Pi OS Lite has none) to pick, for such
characters, the installed font that has them (a bold sans first; `face.Face` draws them).
What no installed font has is named by `undrawable`, and `font_fix` says what to install.
No pygame here: `config check` and `game new` ask too, and should not load a display library.
"""

from __future__ import annotations

import importlib.util
import os
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from farkle_pi.ui.cmap import FontFacts, read_font

FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
_SEARCHED_MOST = 5000  # font files read at most: a folder of fonts is not a disk to crawl
_RUNS_KEPT = 4096  # texts whose runs are remembered (names, messages): the rest start again


def font_folders() -> tuple[Path, ...]:
    """Where Debian and Raspberry Pi OS keep fonts (apt's, the admin's, the user's);
    `$FARKLE_PI_FONTS` (folders joined by ':') replaces them, for tests and odd setups."""
    chosen = os.environ.get("FARKLE_PI_FONTS")
    if chosen is not None:
        return tuple(Path(folder) for folder in chosen.split(os.pathsep) if folder)
    system = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no $HOME and no passwd entry (a bare service user)
        return system
    return (*system, home / ".local/share/fonts", home / ".fonts")


DEFAULT_FONT = "freesansbold.ttf"  # pygame.font.get_default_font(), found without pygame


def default_font_path() -> Path:
    """The font every text is drawn in: pygame's bundled bold (Debian's pygame links it to
    FreeSansBold of fonts-freefont-ttf, which has more)."""
    spec = importlib.util.find_spec("pygame")
    folders = (spec.submodule_search_locations or []) if spec else []
    return Path(next(iter(folders), ".")) / DEFAULT_FONT


class _Installed:
    """The fonts of this machine, read once when a text first needs one (not at start: most
    evenings every name is drawn by the default font)."""

    def __init__(self) -> None:
        self._default: FontFacts | None = None
        self._fonts: list[FontFacts] | None = None
        self._runs: dict[str, tuple[tuple[str, Path | None], ...]] = {}

    def forget(self) -> None:
        """Read the fonts again on next use (a test's folder, fonts installed since)."""
        self._default, self._fonts = None, None
        self._runs.clear()

    @property
    def default(self) -> FontFacts | None:
        if self._default is None:
            self._default = read_font(default_font_path())
        return self._default

    @property
    def fonts(self) -> list[FontFacts]:
        """Every usable font file, the most like the default (bold, sans, upright) first."""
        if self._fonts is None:
            facts = (read_font(path) for path in _font_files(font_folders()))
            self._fonts = sorted((f for f in facts if f is not None and f.outlines),
                                 key=_preference)
        return self._fonts

    def draws(self, character: str) -> bool:
        """Whether the default font has `character` (a font that cannot be read: assume so)."""
        default = self.default
        return default is None or default.has(character) or not character.isprintable()

    def runs(self, text: str) -> tuple[tuple[str, Path | None], ...]:
        """`text` in pieces, each with the font file to draw it in (None: the default font).
        Characters the default lacks go to one installed font that has them all, else each
        to the first that has it (or stay in the default font: a box, named by
        `undrawable`). A letter and its combining marks are drawn by one font that has them
        all where there is one: a mark drawn by another font than its letter's stands beside
        it ("A_na" for "A̱na"), not under or over it."""
        known = self._runs.get(text)
        if known is None:
            if len(self._runs) >= _RUNS_KEPT:
                self._runs.clear()
            known = self._runs[text] = self._split(text)
        return known

    def _split(self, text: str) -> tuple[tuple[str, Path | None], ...]:
        missing = {c for c in text if not self.draws(c)}
        if not missing:  # ("Zoë": no font files read for it)
            return ((text, None),)
        whole = next((f.path for f in self.fonts if all(f.has(c) for c in missing)), None)
        chosen: list[tuple[str, Path | None]] = []
        for cluster in _clusters(text):
            for piece, path in self._cluster_runs(cluster, missing, whole):
                if chosen and chosen[-1][1] == path:
                    chosen[-1] = (chosen[-1][0] + piece, path)
                else:
                    chosen.append((piece, path))
        return tuple(chosen)

    def _cluster_runs(self, cluster: str, missing: set[str], whole: Path | None
                      ) -> list[tuple[str, Path | None]]:
        """A letter and its marks with one font that has them all (the default where it
        does, else the font chosen for the text's missing letters, else the first), or,
        where none has them all, each character with the font that has it."""
        if not missing.intersection(cluster):
            return [(cluster, None)]
        fonts = sorted(self.fonts, key=lambda font: font.path != whole)  # (a stable sort)
        one = next((f.path for f in fonts if all(f.has(c) for c in cluster)), None)
        if one is not None:
            return [(cluster, one)]
        return [(c, None if c not in missing else whole or self._first(c)) for c in cluster]

    def _first(self, character: str) -> Path | None:
        return next((f.path for f in self.fonts if f.has(character)), None)

    def undrawable(self, text: str) -> str:
        """The characters of `text` that neither the default font nor an installed font has
        (each once, in order): drawn as boxes, which tell nobody apart."""
        text = unicodedata.normalize("NFC", text)
        lost = (c for c in text if not self.draws(c) and self._first(c) is None)
        return "".join(dict.fromkeys(lost))


INSTALLED = _Installed()


def _clusters(text: str) -> list[str]:
    """`text` cut before each character that is not a mark: a letter with the marks after it."""
    clusters: list[str] = []
    for character in text:
        if clusters and unicodedata.category(character) in ("Mn", "Mc", "Me"):
            clusters[-1] += character
        else:
            clusters.append(character)
    return clusters


def _font_files(folders: Sequence[Path]) -> list[Path]:
    """The font files under `folders`, in a steady order (the first of two alike wins)."""
    found: list[Path] = []
    for folder in folders:
        for root, dirs, files in os.walk(folder, onerror=None):
            dirs.sort()
            found.extend(Path(root) / name for name in sorted(files)
                         if name.lower().endswith(FONT_SUFFIXES))
            if len(found) >= _SEARCHED_MOST:
                return found[:_SEARCHED_MOST]
    return found


def _preference(font: FontFacts) -> tuple[bool, bool, bool, bool, bool, str]:
    """Fonts most like the default first: not serif, mono or maths, bold, named sans (Noto's
    Hebrew in Rashi script, its Arabic Kufi and its looped Thai sort before their Sans by
    name alone), upright, of normal width; then by path, the same choice every evening."""
    stem = font.path.stem.lower()
    odd = ("serif" in stem and "sans" not in stem) or "mono" in stem or "math" in stem
    return (odd, font.weight < 600, "sans" not in stem, font.italic, font.width != 5,
            str(font.path))


def undrawable(text: str) -> str:
    """The characters of `text` this machine's screen would draw as boxes."""
    return INSTALLED.undrawable(text)


def font_fix(characters: str) -> str:
    """What to do so that `characters` are drawn: the package with a font that has them
    (DejaVu's few megabytes where it has them, Noto's CJK or many-script fonts where not), or,
    for emoji, to leave them out (colour emoji fonts are not drawn at the table's sizes)."""
    packages = dict.fromkeys(_package(c) for c in characters if not _emoji(c))
    fixes = [f"sudo apt install {' '.join(packages)}"] if packages else []
    if any(_emoji(c) for c in characters):
        fixes.append("leave out the emoji")
    return " and ".join(fixes)


def undrawn_names(names: Sequence[str]) -> str:
    """One line: which characters of `names` the table's screen has no font for, in which
    names, and what to do; "" where it draws them all. (Such letters are drawn as boxes, and
    two names of boxes look alike on the scoreboard.)"""
    lost = undrawable("".join(names))
    if not lost:
        return ""
    shown = ", ".join(lost[:SHOWN_MOST]) + (", …" if len(lost) > SHOWN_MOST else "")
    who = ", ".join(name.strip() for name in names if undrawable(name))
    return (f"the table's screen has no font for {shown} (in {who}): it would draw them as "
            f"boxes, and such names look alike; {font_fix(lost)}")


SHOWN_MOST = 8  # characters a line names: a long name in another script stays one line


def _package(character: str) -> str:
    """The Debian package with a bold sans that has `character`."""
    code = ord(character)
    if _cjk(character):
        return "fonts-noto-cjk"
    if code < 0x0700 or 0x10A0 <= code <= 0x10FF or 0x1E00 <= code <= 0x1FFF:
        return "fonts-dejavu-core"  # Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, Georgian
    return "fonts-noto-core"


def _emoji(character: str) -> bool:
    """Emoji and pictographs (their planes' blocks, and the older symbols and dingbats)."""
    return 0x1F000 <= ord(character) <= 0x1FAFF or 0x2600 <= ord(character) <= 0x27BF


def _cjk(character: str) -> bool:
    """Chinese, Japanese and Korean scripts (and their punctuation and full-width forms)."""
    code = ord(character)
    return (0x1100 <= code <= 0x11FF or 0x2E80 <= code <= 0x9FFF or 0xA960 <= code <= 0xA97F
            or 0xAC00 <= code <= 0xD7FF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF or 0x20000 <= code <= 0x3FFFF)
