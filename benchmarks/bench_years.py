"""Years of game nights in one database: is the table still quick, and its figures still right?

Builds (reproducibly, from `--seed`) the database of a household that plays about five games a
week for three years: ~800 games, 8 players in rotation, the standard, portland and tyler
presets mixed, some games abandoned mid-turn, undos and corrections now and then, a late
player sometimes. The games are played through the store's own API (`Store.new_game`,
`StoredGame.apply`) with scripted throws from the seed, at game-night times (the store's clock
is set to the night's). Then it prints what the players wait for over that file: the table's
start (`Table(...)` with resume), opening and drawing the history screen, each report command,
one game command at the end of the years; the same again after the finished games' summaries
(a cache of their logs) are dropped, as in a file from before summaries were kept. A Pi 4 is
taken to be about 5x slower than this machine: the Pi column is this machine's times 5.

Last, it checks what the history screen and the reports show (games, wins, average banked
turn, Farkle share, best turn per player; the night's games) against figures recomputed here
from the stored events alone (the events table read with sqlite3, undos and corrections undone
by hand, keeps scored from the chart), not through the store's records or `player_stats`.

    .venv/bin/python benchmarks/bench_years.py [--games 800] [--seed 1] [--dir /path]
        [--repeat 5] [--no-processes] [--copy farkle.db]

Building 800 games takes about a minute here (each command is its own transaction, as at the
table; the build alone turns `synchronous` off: the file is the same); the whole run about two.
`--copy` measures a copy of a database of your own instead. Exit code 1 if a figure shown
differs from the recomputation.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

import farkle_pi.store.db as store_db
from farkle_pi.cli import main as cli_main
from farkle_pi.clock import Moment
from farkle_pi.game import AddPlayer, Bank, Command, Correct, GameState, Keep, Steal, Throw, Undo
from farkle_pi.rules import Die, Roll, RuleSet, chart, load_rules
from farkle_pi.store import Store, StoredGame
from farkle_pi.table.adapter import NIGHT
from farkle_pi.table.autoplay import next_press
from farkle_pi.table.fairdice import FairDice
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import offscreen
from farkle_pi.ui.render import render
from farkle_pi.ui.theme import DARK

PI = 5  # a Pi 4 is about this many times slower than the machine the figures come from
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal")
PRESET_WEIGHTS = (("standard", 5), ("portland", 2), ("tyler", 3))
TARGETS = (10_000, 10_000, 5_000, 5_000, 3_000)
COLOURS = ("red", "blue")
ABANDON = 0.05  # games left mid-turn (a new game starts over them)
UNDO = 0.01  # after any command
CORRECT = 0.01  # after a throw
LATE = 0.03  # games a late player joins
FIRST_NIGHT = datetime(2023, 1, 4, 19, 0, tzinfo=UTC)


# -- building -----------------------------------------------------------------------------------

class Clock:
    """The store's clock, moved on by the builder: game nights, a few seconds per command.
    Each night is a boot of the Pi (plugged in for the evening), its clock set by the network."""

    def __init__(self) -> None:
        self.now = FIRST_NIGHT
        self.booted = FIRST_NIGHT - timedelta(minutes=1)

    def iso(self) -> str:
        return self.now.isoformat(timespec="seconds")

    def moment(self) -> Moment:
        return Moment(f"boot of {self.booted.isoformat()}",
                      (self.now - self.booted).total_seconds(), True)

    def next_night(self, night: datetime) -> None:
        self.now, self.booted = night, night - timedelta(minutes=1)

    def tick(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@contextlib.contextmanager
def store_clock(clock: Clock) -> Iterator[None]:
    """Games and events stamped at the simulated times (the store reads `_now` for both, and
    `_moment` for the games' boots)."""
    real, real_moment = store_db._now, store_db._moment
    store_db._now, store_db._moment = clock.iso, clock.moment
    try:
        yield
    finally:
        store_db._now, store_db._moment = real, real_moment


@dataclass
class Built:
    games: int = 0
    abandoned: int = 0
    undos: int = 0
    corrections: int = 0
    late: int = 0
    commands: int = 0
    seconds: float = 0.0
    presets: dict[str, int] = field(default_factory=dict)


def throw_dice(rng: random.Random, count: int, rules: RuleSet) -> Roll:
    if rules.colour_triples:
        return Roll(Die(rng.randint(1, 6), rng.choice(COLOURS)) for _ in range(count))
    return Roll.of(*(rng.randint(1, 6) for _ in range(count)))


def next_command(state: GameState, rng: random.Random, nerve: dict[str, int]) -> Command:
    """What the player whose turn it is does: keep the best (sometimes another) scoring dice,
    bank at their own threshold, steal now and then where the rules allow."""
    player = state.player
    if state.phase == "keep":
        options = state.options
        return Keep((options[0] if rng.random() < 0.8 else rng.choice(options)).keep)
    if state.phase == "start" and state.steal is not None and player.on_board \
            and rng.random() < 0.3:
        return Steal()
    if state.can_bank and (state.turn_points >= nerve[player.name]
                           or (state.dice_to_throw <= 2 and state.turn_points >= 300)):
        return Bank()
    return Throw(throw_dice(rng, state.dice_to_throw, state.rules))


def play_game(table: StoredGame, rng: random.Random, clock: Clock, built: Built,
              abandon_after: int | None) -> None:
    nerve = {name: rng.choice((300, 350, 400, 500, 600, 800, 1000)) for name in NAMES}
    late_at = rng.randrange(4, 20) if rng.random() < LATE else None
    played = 0
    while not table.state.over and played < 20_000:
        state = table.state
        if abandon_after is not None and played >= abandon_after and state.turn_points:
            built.abandoned += 1
            return
        seated = [p.name for p in state.players]
        if late_at is not None and played == late_at and len(seated) < len(NAMES) \
                and not state.final_round:
            command: Command = AddPlayer(next(n for n in NAMES if n not in seated))
            built.late += 1
        elif table.game.commands and rng.random() < UNDO:
            command = Undo()
            built.undos += 1
        elif state.last_throw is not None and state.phase == "keep" and rng.random() < CORRECT:
            command = Correct(throw_dice(rng, len(state.last_throw), state.rules))
            built.corrections += 1
        else:
            command = next_command(state, rng, nerve)
        clock.tick(rng.uniform(5, 40))
        table.apply(command)
        played += 1
    built.commands += played


def build(path: Path, games: int, seed: int) -> Built:
    """`games` games over about three years of game nights, two or three a night."""
    rng = random.Random(seed)
    clock = Clock()
    built = Built()
    start = time.perf_counter()
    with store_clock(clock), Store(path) as store:
        store._db.execute("PRAGMA synchronous=OFF")  # the build only: the file is the same
        night_left = 0
        for _ in range(games):
            if night_left == 0:  # the next game night: Wednesday or Saturday, at seven or so
                days = 3 if clock.now.weekday() == 2 else 4
                clock.next_night((clock.now + timedelta(days=days)).replace(
                    hour=19, minute=rng.randrange(0, 45), second=0))
                night_left = rng.choice((2, 2, 3, 3, 3))
            night_left -= 1
            preset = rng.choices([p for p, _ in PRESET_WEIGHTS],
                                 [w for _, w in PRESET_WEIGHTS])[0]
            rules = load_rules(preset, {"target": str(rng.choice(TARGETS))})
            players = rng.sample(NAMES, rng.choice((2, 3, 3, 4, 4, 5, 6)))
            table = store.new_game(players, rules)
            built.presets[preset] = built.presets.get(preset, 0) + 1
            abandon = rng.randrange(5, 150) if rng.random() < ABANDON else None
            play_game(table, rng, clock, built, abandon)
            built.games += 1
            clock.tick(rng.uniform(120, 600))
        store._db.execute("PRAGMA synchronous=FULL")
        store.fold_in()
    built.seconds = time.perf_counter() - start
    return built


# -- measuring ----------------------------------------------------------------------------------

def timed(work: Callable[[], object], repeat: int) -> float:
    """The median seconds of `repeat` runs of `work`."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def line(what: str, seconds: float, note: str = "") -> None:
    ms = seconds * 1000
    print(f"  {what:<44} {ms:9.1f} ms  Pi ~{ms * PI:8.0f} ms  {note}")


def quiet_cli(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli_main(argv)
    if code != 0:
        raise SystemExit(f"farkle-pi {' '.join(argv)} failed ({code})")
    return out.getvalue()


def cli_process(argv: list[str]) -> float:
    """Wall seconds of `python -m farkle_pi ARGV` as a process (the interpreter's start
    and the imports included)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "farkle_pi", *argv], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def boot(path: Path) -> Table:
    """What the table pays on start: open the store, `Table(...)` resuming the last game."""
    store = Store(path)
    return Table(store, load_rules("standard"), ["Ann", "Bob"], "virtual", say=lambda _: None)


def measure(path: Path, repeat: int, title: str, processes: bool) -> dict[str, float]:
    print(title)
    figures: dict[str, float] = {}

    def booted() -> None:
        boot(path).store.close()

    figures["boot"] = timed(booted, repeat)
    line("store open + Table(...) with resume", figures["boot"])
    table = boot(path)
    try:
        def history() -> None:
            table.screen = "throw" if table.game is not None else "setup"
            table.handle(Action("show", text="history"))
            assert table.view().screen == "history" and not table.error, table.error

        figures["history"] = timed(history, repeat)
        line("open the history screen (show history)", figures["history"])
        surface = offscreen((800, 480))
        view = table.view()
        render(surface, view, DARK)  # fonts loaded once, as in the app
        figures["draw"] = timed(lambda: render(surface, view, DARK), repeat)
        line("draw the history screen (800x480)", figures["draw"])
    finally:
        table.store.close()
    for report in ("history", "stats", "fairness"):
        figures[report] = timed(functools.partial(quiet_cli, [report, "--db", str(path)]),
                                repeat)
        line(f"farkle-pi {report} (in process)", figures[report])
    figures["show"] = timed(lambda: quiet_cli(["game", "show", "--db", str(path)]), repeat)
    line("farkle-pi game show (in process)", figures["show"])
    if processes:
        for report in ("history", "stats"):
            took = statistics.median(cli_process([report, "--db", str(path)])
                                     for _ in range(3))
            line(f"farkle-pi {report} (a process)", took, "(Python's start included)")
    return figures


@dataclass
class Latency:
    median: float
    worst: float
    commands: int
    ending: float  # the press that ends a game (the log is folded into the file then)
    copy: float  # the copy of the games made beside the table after a game's end


def command_latency(path: Path, repeat_games: int, seed: int) -> Latency:
    """A virtual-dice game or two at the table after all the others: median and worst
    seconds of one button press that plays a command (throw, keep, bank)."""
    store = Store(path)
    times: list[float] = []
    endings: list[float] = []
    copies: list[float] = []
    try:
        table = Table(store, load_rules("standard", {"target": "2000"}), ["Ann", "Bob", "Cy"],
                      "virtual", resume=False, say=lambda _: None,
                      fair_dice=lambda game: _seeded(game, seed))
        for _ in range(repeat_games):
            table.new_game()
            presses = 0
            while not (table.state is not None and table.state.over) and presses < 2000:
                table.banners.clear()
                press = next_press(table.view())
                if press is None:
                    break
                before = len(table.game.game.events) if table.game else 0
                start = time.perf_counter()
                table.handle(press)
                took = time.perf_counter() - start
                assert not table.error, table.error
                if table.game is not None and len(table.game.game.events) > before:
                    times.append(took)
                    if table.game.state.over:
                        endings.append(took)
                presses += 1
            store.finish_backup()  # (a game lasts minutes: its copy is made before the next)
            start = time.perf_counter()
            store.back_up()  # what the copy beside the table takes, timed here on its own
            copies.append(time.perf_counter() - start)
    finally:
        store.close()
    times.sort()
    return Latency(statistics.median(times), times[-1], len(times), max(endings),
                   statistics.median(copies))


CLI_GAME = (["new", "--players", "Ann", "Bob"], ["throw", "111234"], ["keep", "111"],
            ["bank"], ["throw", "223456"], ["keep", "5"], ["bank"])


def cli_game_latency(path: Path) -> float:
    """Median seconds of a `farkle-pi game` command in process (open the file, replay the
    game in progress, play the command), a short game after all the others."""
    times = []
    for argv in CLI_GAME:
        start = time.perf_counter()
        quiet_cli(["game", *argv, "--db", str(path)])
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def _seeded(game: int, seed: int) -> FairDice:
    return FairDice(game, random.Random(seed * 1000 + game).randbytes(32))


def drop_summaries(path: Path) -> int:
    """The finished games' summaries gone (as in a file from before they were kept)."""
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        dropped = db.execute("UPDATE games SET summary = NULL WHERE summary IS NOT NULL")
        return dropped.rowcount


def cached(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        (n,) = db.execute("SELECT count(*) FROM games WHERE summary IS NOT NULL").fetchone()
        return int(n)


# -- recomputing from the events alone ----------------------------------------------------------

@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    turns: int = 0
    farkles: int = 0
    banked: list[int] = field(default_factory=list)


@dataclass
class Recount:
    players: dict[str, Tally]
    games: list[dict[str, Any]]  # per game: id, started, over, winners, scores (as history)


def recount(path: Path) -> Recount:
    """Per-player figures and per-game results from the events table, read with sqlite3.

    Each command's events share its number; an undo takes the last standing command (with its
    outcomes) away, a correction stands in for the throw before it. Farkles are the `farkled`
    outcomes; a bank's points are the turn's keeps scored from the chart (plus stolen points,
    plus the six-1s prize where the rules pay it); winners are the `game_over` outcome's, or
    the roll-off's."""
    players: dict[str, Tally] = {}
    games: list[dict[str, Any]] = []
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        started = dict(db.execute("SELECT id, started FROM games").fetchall())
        rows = db.execute("SELECT game, command, body FROM events ORDER BY game, seq")
        current: int | None = None
        groups: list[list[dict[str, Any]]] = []
        for game_id, command, body in rows:
            if game_id != current:
                if current is not None:
                    games.append(_fold(current, started[current], groups, players))
                current, groups, number = game_id, [], -1
            event = json.loads(body)
            if command != number:
                groups.append([event])
                number = command
            else:
                groups[-1].append(event)
        if current is not None:
            games.append(_fold(current, started[current], groups, players))
    return Recount(players, games)


def _standing(groups: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """The commands that stand after the undos, each correction in place of its throw."""
    stack: list[list[dict[str, Any]]] = []
    for group in groups[1:]:
        if group[0]["type"] == "undo":
            stack.pop()
        else:
            stack.append(group)
    standing: list[list[dict[str, Any]]] = []
    for group in stack:
        if group[0]["type"] == "correct":
            standing[-1] = group
        else:
            standing.append(group)
    return standing


def _dice(tokens: list[str]) -> Roll:
    return Roll.parse([str(t) for t in tokens])


def _fold(game_id: int, started: str, groups: list[list[dict[str, Any]]],
          players: dict[str, Tally]) -> dict[str, Any]:
    new = groups[0][0]
    assert new["type"] == "new_game"
    rules = RuleSet(**{**new["rules"]})
    table = chart(rules)
    seated = list(new["players"])
    scores = dict.fromkeys(seated, 0)
    seat = 0
    turn = 0
    ones = ones_points = 0
    paid = False
    last: Roll | None = None
    last_bank = 0
    winners: list[str] = []
    over = False
    for name in seated:
        players.setdefault(name, Tally()).games += 1
    for group in _standing(groups):
        head, outcomes = group[0], group[1:]
        kind = head["type"]
        name = seated[seat]
        if kind == "add_player":
            seated.append(head["name"])
            scores[head["name"]] = 0
            players.setdefault(head["name"], Tally()).games += 1
        elif kind in ("throw", "correct"):
            last = _dice(head["roll"])
        elif kind == "keep":
            assert last is not None
            option = table.score(last).find(_dice(head["roll"]))
            if option is None:  # plain faces for a coloured throw: the best colouring
                faces = _dice(head["roll"]).faces
                option = next(o for o in table.score(last).options if o.keep.faces == faces)
            turn += option.points
            for combination in option.combinations:
                if set(combination.faces) == {1}:
                    ones += len(combination.faces)
                    ones_points += combination.points
            if rules.six_ones_turn and not paid and ones >= 6 \
                    and rules.six_ones_turn > ones_points:
                turn += rules.six_ones_turn - ones_points
                paid = True
        elif kind == "steal":
            turn = last_bank
        elif kind == "roll_off":
            winners = [head["winner"]]
        if kind == "bank":
            players[name].turns += 1
            players[name].banked.append(turn)
            scores[name] += turn
            last_bank = turn
        for outcome in outcomes:
            if outcome["type"] == "farkled":
                players[outcome["player"]].turns += 1
                players[outcome["player"]].farkles += 1
                scores[outcome["player"]] -= outcome["penalty"]
            elif outcome["type"] == "game_over":
                over = True
                winners = list(outcome["winners"])
        ended = kind == "bank" or any(o["type"] == "farkled" for o in outcomes)
        if ended:
            turn = ones = ones_points = 0
            paid = False
            seat = _next_seat(seated, seat)
    if over:
        for name in winners:
            players[name].wins += 1
    return {"id": game_id, "started": started, "over": over, "winners": winners,
            "top": max(scores.values())}


def _next_seat(seated: list[str], seat: int) -> int:
    """Whose turn is next: round the table (a late player sits last). In the final round
    the seats still owed a turn follow the one who passed the target in the same order,
    and the game ends after them."""
    return (seat + 1) % len(seated)


def compare(path: Path) -> list[str]:
    """What the table's history screen and the reports show, against the recount."""
    problems: list[str] = []
    truth = recount(path)
    stats = json.loads(quiet_cli(["stats", "--json", "--db", str(path)]))["players"]
    shown = {row["name"]: row for row in stats}
    if set(shown) != set(truth.players):
        problems.append(f"stats players {sorted(shown)} != {sorted(truth.players)}")
    store = Store(path, read_only=True)
    try:
        table = Table(store, load_rules("standard"), [], "virtual", resume=False,
                      say=lambda _: None)
        table.handle(Action("show", text="history"))
        screen = table.view()
    finally:
        store.close()
    on_screen = {row.name: row for row in screen.stats}
    for name, tally in truth.players.items():
        banked = tally.banked
        want = {
            "games": tally.games, "wins": tally.wins,
            "average_banked": sum(banked) / len(banked) if banked else 0.0,
            "farkle_rate": tally.farkles / tally.turns if tally.turns else 0.0,
            "best_turn": max(banked, default=0),
        }
        got = shown.get(name, {})
        for key, value in want.items():
            if abs(float(got.get(key, -1)) - value) > 1e-9:
                problems.append(f"stats {name} {key}: shown {got.get(key)}, recounted {value}")
        row = on_screen.get(name)
        if row is None:
            problems.append(f"history screen: no row for {name}")
            continue
        screen_values = {"games": row.games, "wins": row.wins, "average_banked": row.average_turn,
                         "farkle_rate": row.farkle_rate, "best_turn": row.best_turn}
        for key, value in want.items():
            if abs(float(screen_values[key]) - value) > 1e-9:
                problems.append(f"screen {name} {key}: shown {screen_values[key]}, "
                                f"recounted {value}")
    history = json.loads(quiet_cli(["history", "--json", "--db", str(path)]))["games"]
    by_id = {g["id"]: g for g in history}
    for game in truth.games:
        listed = by_id.get(game["id"])
        if listed is None:
            problems.append(f"history: game {game['id']} missing")
            continue
        if listed["over"] != game["over"] or (game["over"] and (
                sorted(listed["winners"]) != sorted(game["winners"])
                or max(listed["scores"]) != game["top"])):
            problems.append(f"history: game {game['id']} shown {listed}, recounted {game}")
    newest = max(truth.games, key=lambda g: g["id"])
    night = [g for g in sorted(truth.games, key=lambda g: -g["id"]) if g["over"]
             and abs(datetime.fromisoformat(newest["started"])
                     - datetime.fromisoformat(g["started"])) <= NIGHT]
    rows = [(r.winner, r.score) for r in screen.history]
    want_rows = [(" & ".join(g["winners"]), g["top"]) for g in night]
    if rows != want_rows:
        problems.append(f"history screen's night: {rows} != {want_rows}")
    return problems[:20]


# -- main ---------------------------------------------------------------------------------------

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None, help="where the database is built")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (median)")
    parser.add_argument("--no-processes", action="store_true",
                        help="skip the reports timed as processes")
    parser.add_argument("--copy", type=Path, default=None, metavar="DB",
                        help="measure a copy of this database instead of building one")
    args = parser.parse_args()
    if args.dir is not None and not args.dir.is_dir():
        parser.error(f"--dir {args.dir}: no such folder (make it, or leave --dir out)")
    if args.copy is not None and not args.copy.is_file():
        parser.error(f"--copy {args.copy}: no such file (name a farkle-pi database)")
    os.environ.setdefault("FARKLE_PI_CACHE", tempfile.mkdtemp(prefix="farkle-coach-"))
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "farkle.db"
        if args.copy is not None:
            shutil.copy(args.copy, path)
            print(f"a copy of {args.copy}")
        else:
            built = build(path, args.games, args.seed)
            print(f"built {built.games} games ({built.abandoned} abandoned, {built.undos} "
                  f"undos, {built.corrections} corrections, {built.late} late players; "
                  f"{', '.join(f'{k} {v}' for k, v in sorted(built.presets.items()))}) "
                  f"in {built.seconds:.0f} s: {built.commands} commands")
        size = path.stat().st_size
        with contextlib.closing(sqlite3.connect(path)) as db:
            (events,) = db.execute("SELECT count(*) FROM events").fetchone()
            (games,) = db.execute("SELECT count(*) FROM games").fetchone()
        print(f"database {size / 1e6:.1f} MB, {events} events, {cached(path)} summaries\n"
              f"times: median of {args.repeat}; Pi = this machine x {PI} (an estimate)")
        small = Path(folder) / "small.db"
        build(small, 3, args.seed)
        measure(small, args.repeat, "\n3 games (for comparison):", processes=not args.no_processes)
        measure(path, args.repeat, f"\n{games} games:", processes=not args.no_processes)
        copy = Path(folder) / "latency.db"
        for name, db_path in (("3 games", small), (f"{games} games", path)):
            shutil.copy(db_path, copy)
            took = command_latency(copy, 2, args.seed)
            print(f"  a press at the table after {name:<10} median {took.median * 1000:5.1f} "
                  f"ms (Pi ~{took.median * 1000 * PI:.0f}), worst {took.worst * 1000:5.1f} ms "
                  f"(Pi ~{took.worst * 1000 * PI:.0f}), a game's last "
                  f"{took.ending * 1000:5.1f} ms; {took.commands} commands")
            line(f"the copy made beside the table then, {name}", took.copy, "(not waited for)")
            line(f"farkle-pi game throw/keep/bank after {name}", cli_game_latency(copy),
                 "(in process)")
            for leftover in Path(folder).glob("latency.db*"):
                leftover.unlink()
        problems = compare(path)
        print(f"\nchecked against the events: {'right' if not problems else 'WRONG'}")
        for problem in problems:
            print(f"  {problem}")
        dropped = drop_summaries(path)
        measure(path, 1, f"\nsummaries dropped ({dropped}), first start:", processes=False)
        print(f"  summaries in the file after that start and the reports: {cached(path)}")
        measure(path, 1, "summaries dropped, later starts:", processes=False)
        again = compare(path)
        print(f"\nchecked again against the events: {'right' if not again else 'WRONG'}")
        for problem in again:
            print(f"  {problem}")
        problems += again
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
