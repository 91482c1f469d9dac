"""Camera game stories, played straight through and again with the table restarted.

A story is what happens at a camera table: frames of the tray (dice thrown, taken out as the
keep, picked up to be thrown again) and presses (NEXT, KEEP, BANK, UNDO, taps on a die, faces
typed for a die the camera cannot read). It is made by playing it: a table in camera mode
follows the frames through the live tray of `open_live_tray`, with the fake reader of
tray_scenes (a die of the picture is a square whose colour says its face; here the blue
channel says its colour too, for portland's one-colour triples), and a seeded player looks at
its screen to choose what to do next.

`restarted(story, at)` plays the same story with the table process started again before item
`at`: a new Store on the same database file (as the straight run left it there), a new Table
that resumes the game, a new live tray, and the rest of the frames and presses as they were
(the tray does not move while the table is down). "A restart anywhere changes nothing": the
game stored at the end is the straight run's. Input held in memory only (digits typed for an
unread die, taps that made a throw score nothing, a colour question's answers, NEXT's
highlight) is lost by nature (docs/reliability.md): from such points only the stored game is
checked up to the next press.

Both runs also check that every command is on disk before the screen shows it: after each
tray event and each press the stored game is the one the table shows.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from queue import Queue

import cv2
from tray_scenes import FPS, SIDE, SIZE, FakeReader, background

from farkle_pi.config import CameraConfig
from farkle_pi.devices.frames import Frame, Image
from farkle_pi.game import GameState
from farkle_pi.rules import load_rules
from farkle_pi.store import Store
from farkle_pi.table import camera as camera_module
from farkle_pi.table.camera import LiveTray, open_live_tray
from farkle_pi.table.table import Table
from farkle_pi.table.tray_input import said, throw_in_effect
from farkle_pi.tray import TrayEvent
from farkle_pi.ui.actions import Action
from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.types import DieReading

Die = tuple[int, int, int, str]  # x, y, face (0: one the reader cannot read), colour
Shot = tuple[tuple[Die, ...], tuple[int, int] | None]  # the dice in view, a palm (its arm)
Item = Shot | Action
TRAY = ((20.0, 20.0), (500.0, 20.0), (500.0, 460.0), (20.0, 460.0))
BLUE = {"white": 230, "red": 170}  # the blue channel of a die's square says its colour
READ_AS = {"white": (235, 235, 235), "red": (40, 40, 200)}


@lru_cache(maxsize=256)
def picture(shot: Shot) -> Image:
    dice, hand = shot
    img = background()
    for x, y, face, colour in dice:
        cv2.rectangle(img, (x - SIDE // 2, y - SIDE // 2), (x + SIDE // 2, y + SIDE // 2),
                      (BLUE[colour], 35 * face, 255), -1)
    if hand is not None:  # an arm from the right edge to a palm there
        hx, hy = hand
        cv2.rectangle(img, (hx - 40, hy - 45), (SIZE[0], hy + 45), (120, 160, 180), -1)
    img.flags.writeable = False
    return img


class ColourReader(FakeReader):
    """tray_scenes' fake reader, telling a red die from a white one."""

    def __call__(self, image: Image) -> Sequence[DieReading]:
        found = []
        for die in super().__call__(image):
            blue = int(image[int(die.center[1]), int(die.center[0]), 0])
            colour = "white" if blue > 200 else "red"
            found.append(replace(die, colour_bgr=READ_AS[colour], colour_name=colour))
        return found


def write_calibration(folder: Path) -> Path:
    """A calibration of the fake tray: its empty picture, its outline, no keep zone."""
    empty = folder / "empty.png"
    cv2.imwrite(str(empty), background())
    path = folder / "tray.json"
    Calibration(empty, TRAY, (), float(SIDE)).save(path)
    return path


def reader_factory(calibration: Calibration | None) -> ColourReader:
    return ColourReader()


class Run:
    """One table process: a Store on the file, a Table (new game or resumed), a live tray.
    `feed` gives it frames and presses as the app's loop does, and tells the tray the dice
    count the game expects (App._tell_tray)."""

    def __init__(self, db: Path, rules: str, calibration: Path, resume: bool) -> None:
        self.db = db
        self.store = Store(db)
        self.table = Table(self.store, load_rules(rules, {"target": "3000"}), ["Ann", "Bob"],
                           "camera", resume=resume, say=lambda _: None)
        if not resume:
            self.table.new_game()
        events: Queue[TrayEvent] = Queue()
        names = vars(camera_module)  # the camera's reader is the fake one
        real, names["vision_reader"] = names["vision_reader"], reader_factory
        try:
            self.live: LiveTray = open_live_tray(CameraConfig(source="opencv:0"), calibration,
                                                 events)
        finally:
            names["vision_reader"] = real
        self.expected: int | None = -1
        self.frames = 0
        self.tell()

    def close(self) -> None:
        self.store.close()

    def feed(self, item: Item, index: int, check: bool = True) -> bool:
        """One item; whether the table heard of something (an event or a press)."""
        if isinstance(item, Action):
            self.table.handle(item)
            heard = True
        else:
            frame = Frame(picture(item), index / FPS, index)
            heard = False
            for event in self.live.tray.feed(frame):
                self.table.tray(event)
                heard = True
        if heard:
            assert not self.table.error.startswith("internal error"), self.table.error
            self.tell()
            if check:
                self.durable()
        return heard

    def tell(self) -> None:
        state = self.table.state
        if state is None or state.phase == "keep":
            return
        count = None if state.over else state.dice_to_throw
        if count != self.expected:
            self.expected = count
            self.live.tray.expect(count)

    def durable(self) -> None:
        """What the screen shows now is on disk."""
        stored = stored_state(self.db)
        assert stored == self.table.state, "the screen shows a game the file does not hold"
        view = self.table.view()
        if view.screen == "throw" and stored is not None:
            assert [p.score for p in view.players] == [p.score for p in stored.players]
            assert view.turn_points == stored.turn_points


def stored_state(db: Path) -> GameState | None:
    with Store(db) as store:
        latest = store.latest()
        return latest.state if latest is not None else None


def snapshot(db: Path, to: Path) -> None:
    """The file as a process started now would find it (committed commands, WAL folded in)."""
    source = sqlite3.connect(db)
    target = sqlite3.connect(to)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


@dataclass
class Story:
    rules: str
    items: list[Item] = field(default_factory=list)
    labels: dict[int, str] = field(default_factory=dict)  # restart points: what is going on
    lossy: set[int] = field(default_factory=set)  # points with input held in memory only
    states: list[GameState | None] = field(default_factory=list)  # stored before each item
    final: GameState | None = None


class Director:
    """Plays a story at a straight table, choosing what to do by what its screen shows."""

    def __init__(self, seed: int, rules: str, folder: Path, calibration: Path) -> None:
        self.rng = random.Random(seed)
        self.folder = folder
        self.story = Story(rules)
        self.run = Run(folder / "straight.db", rules, calibration, resume=False)
        self.lying: list[Die] = []
        self.truth: dict[tuple[int, int], int] = {}  # the face of each die the camera cannot read
        # taps on a die under way: the dice are drawn as tapped, and drawn in order after a
        # restart, so the next tap lands on another die (the players would tap theirs)
        self.tapping = False

    # -- recording ----------------------------------------------------------------------------

    def mark(self, label: str) -> None:
        """A restart point before the next item: the file as it is now is kept for it."""
        at = len(self.story.items)
        if at in self.story.labels:
            return
        self.story.labels[at] = label
        table = self.run.table
        if (table.entry.dice or table.unread is not None or table.asking is not None
                or table.stepping is not None or table.correcting is not None or table.selected
                or self.tapping):  # (an unread throw: its dice's colours, none of them read)
            self.story.lossy.add(at)
        snapshot(self.run.db, self.folder / f"at-{at}.db")

    def add(self, item: Item) -> None:
        at = len(self.story.items)
        self.story.states.append(self.run.table.state)
        self.story.items.append(item)
        if self.run.feed(item, at):
            self.mark("after an event" if not isinstance(item, Action) else f"after {item.kind}")

    def shots(self, shot: Shot, seconds: float) -> None:
        for _ in range(max(1, round(seconds * FPS))):
            self.add(shot)

    def press(self, kind: str, value: int = 0) -> None:
        self.mark(f"before {kind}")
        self.add(Action(kind, value))  # type: ignore[arg-type]

    def still(self, seconds: float = 0.9) -> None:
        self.shots((tuple(self.lying), None), seconds)

    def hand(self, seconds: float, dice: list[Die], start: tuple[int, int],
             end: tuple[int, int]) -> None:
        count = max(2, round(seconds * FPS))
        for k in range(count):
            u = k / (count - 1)
            at = (round(start[0] + (end[0] - start[0]) * u), round(start[1] + (end[1] - start[1])
                                                                   * u))
            self.add((tuple(dice), at))

    # -- the tray -----------------------------------------------------------------------------

    def places(self, count: int, was: Sequence[Die] = ()) -> list[Die]:
        """`count` dice thrown, none where a die of `was` (the dice lying before, perhaps still
        the tray's last report: it was not seen empty) lay with the same face."""
        colours = ["white", "red"] if self.story.rules == "portland" else ["white"]
        dice: list[Die] = []
        while len(dice) < count:
            x, y = self.rng.randint(60, 470), self.rng.randint(60, 430)
            if all(abs(x - a) > 45 or abs(y - b) > 45 for a, b, _, _ in dice):
                face = self.rng.randint(1, 6)
                if any(abs(x - a) <= SIDE // 2 + 1 and abs(y - b) <= SIDE // 2 + 1 and f == face
                       for a, b, f, _ in was):
                    face = face % 6 + 1  # (not landed on a lying die's place with its face)
                dice.append((x, y, face, self.rng.choice(colours)))
        return dice

    def throw(self, count: int) -> None:
        """The dice lying picked up (or swept up and thrown at once), `count` thrown."""
        was = self.lying
        if self.lying:
            x, y = self.lying[0][:2]
            self.hand(0.4, self.lying, (640, y), (x + 30, y))
            self.hand(0.4, [], (x + 30, y), (700, y))
            self.lying = []
            if self.rng.random() < 0.5:  # the tray seen empty before the throw
                self.still(0.7)
        new = self.places(count, was)
        last = self.run.table.state.last_throw if self.run.table.state else None
        while last is not None and not Counter(d[2] for d in new) - Counter(last.faces):
            # dice of the faces of the last throw's, thrown while the table was down, cannot
            # be told from that throw's left lying (docs/tray.md): not in these stories
            new = self.places(count, was)
        if self.rng.random() < 0.07:  # a die the camera cannot read
            k = self.rng.randrange(count)
            x, y, face, colour = new[k]
            read = Counter(d[2] for j, d in enumerate(new) if j != k)
            game = self.run.table.game
            stored = throw_in_effect(game.game.events) if game is not None else None
            entered = stored is None or not said(stored) or bool(stored.entered)
            if last is None or read - Counter(last.faces) or not entered:  # (else the others
                # are such dice, and the one unread may be the die of it whose face was
                # entered: not told apart)
                self.truth[(x, y)] = face
                new[k] = (x, y, 0, colour)
        frames = round(0.6 * FPS)
        for k in range(frames):
            u = (frames - k) / frames
            if k == frames // 2:
                self.mark("dice rolling")
            self.add((tuple((round(x - 100 * u) if x > 130 else round(x + 100 * u), y, f, c)
                            for x, y, f, c in new), None))
        self.lying = new
        self.still(0.9)

    def take_out(self, dice: list[Die]) -> None:
        rest = [die for die in self.lying if die not in dice]
        x, y = dice[0][:2]
        self.hand(0.4, self.lying, (640, y), (x + 30, y))
        self.hand(0.4, rest, (x + 30, y), (700, y))
        self.lying = rest
        self.still(0.9)

    # -- the game -----------------------------------------------------------------------------

    def play(self, turns: int) -> Story:
        table = self.run.table
        steps = 0
        while steps < 12 * turns:
            steps += 1
            state = table.state
            assert state is not None
            if state.over or len(state.turns) >= turns:
                break
            if table.unread is not None:
                self.type_unread()
            elif state.phase == "start" and state.steal is not None and self.rng.random() < 0.6:
                self.press("next")  # the steal
            elif state.phase in ("start", "steal"):
                self.throw(state.dice_to_throw)
            elif state.phase == "keep":
                self.keep(state)
            elif state.can_bank and self.rng.random() < 0.45:
                self.press("bank")
            else:
                self.throw(state.dice_to_throw)
        self.mark("the end")
        self.story.states.append(table.state)
        self.story.final = stored_state(self.run.db)
        assert self.story.final == table.state
        self.run.close()
        return self.story

    def type_unread(self) -> None:
        unread = self.run.table.unread
        assert unread is not None
        for (x, y), face in zip(unread.centres, unread.faces, strict=True):
            if face is None:
                near = min(self.truth, key=lambda p: abs(p[0] - x) + abs(p[1] - y))
                self.press("digit", self.truth[near])

    def keep(self, state: GameState) -> None:
        table = self.run.table
        if self.rng.random() < 0.12 and table.mode == "camera":
            place = self.rng.randrange(len(table.view().dice))
            for k in range(6):  # a die stepped round to its own face again
                self.tapping = k > 0
                self.mark("before die")
                self.tapping = True
                self.add(Action("die", place))
            self.tapping = False
            if table.state is None or table.state.phase != "keep":
                return
        options = table.view().options
        if not options:
            return
        pick = 0 if self.rng.random() < 0.5 else self.rng.randrange(len(options))
        faces = list(options[pick].keep)
        how = self.rng.choice(["tray", "tray", "tray", "buttons", "bank"])
        if how == "tray":
            chosen: list[Die] = []
            pool = list(self.lying)
            for face in faces:
                die = next((d for d in pool if d[2] == face), None)
                if die is None:  # (a face typed for a die the camera could not read)
                    die = next(d for d in pool if d[2] == 0)
                pool.remove(die)
                chosen.append(die)
            if len(chosen) > 1 and self.rng.random() < 0.4:  # in two grabs
                cut = self.rng.randrange(1, len(chosen))
                self.take_out(chosen[:cut])
                self.take_out(chosen[cut:])
            else:
                self.take_out(chosen)
            after = table.state
            if after is not None and after.phase == "choose" and self.rng.random() < 0.15:
                self.press("undo")  # and the keep chosen with the buttons instead
            else:
                return
        for _ in range(pick):
            self.press("next")
        self.press("bank" if how == "bank" else "keep")
        after = table.state
        if after is not None and after.phase == "keep":  # (not enough to bank)
            self.press("keep")


def straight(seed: int, rules: str, folder: Path, calibration: Path, turns: int) -> Story:
    return Director(seed, rules, folder, calibration).play(turns)


@dataclass
class Outcome:
    at: int
    label: str
    lossy: bool
    ok: bool
    note: str = ""


def restarted(story: Story, at: int, folder: Path, calibration: Path,
              check: Callable[[Run], None] | None = None) -> Outcome:
    """The story with the table started again before item `at` (on the file as it was then)."""
    db = folder / f"restart-{at}.db"
    shutil.copy(folder / f"at-{at}.db", db)
    label, lossy = story.labels[at], at in story.lossy
    run = Run(db, story.rules, calibration, resume=True)
    try:
        for index in range(at, len(story.items)):
            item = story.items[index]
            if lossy and isinstance(item, Action):
                stored = stored_state(db)
                ok = stored == story.states[index]
                return Outcome(at, label, lossy, ok, "" if ok else
                               f"stored game changed by the restart before item {index}")
            run.feed(item, index)
            if check is not None:
                check(run)
        final = stored_state(db)
    finally:
        run.close()
    if final == story.final:
        return Outcome(at, label, lossy, True)
    return Outcome(at, label, lossy, lossy, describe(story.final, final))


def describe(want: GameState | None, got: GameState | None) -> str:
    if want is None or got is None:
        return f"want {want}, got {got}"
    parts = []
    if want.throws != got.throws:
        parts.append(f"throws {[str(t) for t in want.throws]} != {[str(t) for t in got.throws]}")
    if want.turns != got.turns:
        parts.append(f"turns {want.turns} != {got.turns}")
    if want.kept != got.kept or want.phase != got.phase:
        parts.append(f"{want.phase} kept {want.kept} != {got.phase} kept {got.kept}")
    return "; ".join(parts) or "states differ"


def all_restarts(story: Story, folder: Path, calibration: Path,
                 every: int = 1) -> list[Outcome]:
    points = sorted(story.labels)[::every]
    return [restarted(story, at, folder, calibration) for at in points]


def items_between(story: Story, start: int, end: int) -> list[str]:
    """The story's items from `start` to `end`, readable (for a failure's message)."""
    out: list[str] = []
    for item in story.items[start:end]:
        text = (f"{item.kind} {item.value}" if isinstance(item, Action)
                else " ".join(str(f) for _, _, f, _ in item[0]) + (" hand" if item[1] else ""))
        if not out or out[-1] != text:
            out.append(text)
    return out


__all__ = ["Director", "Outcome", "Story", "all_restarts", "items_between", "restarted",
           "straight", "write_calibration"]
