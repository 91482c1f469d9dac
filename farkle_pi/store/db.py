"""The SQLite file: one game's events per row, each command committed before it returns.

WAL mode with `synchronous=FULL` makes every commit durable on disk (power cut included) before
`StoredGame.apply` hands control back, so a screen never shows a score the file does not hold.
The events of one command go in one transaction: after a crash the log holds a command whole or
not at all. The log is append-only; undo is itself an event.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from farkle_pi import clock
from farkle_pi.clock import Moment
from farkle_pi.config import ENV_DB, load_config
from farkle_pi.errors import TABLE_USER, FarkleError, no_permission
from farkle_pi.files import give_to_folder_owner, sqlite_name
from farkle_pi.game import (
    AddPlayer,
    Command,
    Event,
    Game,
    GameState,
    event_from_json,
    event_to_json,
)
from farkle_pi.game.seating import check_seating
from farkle_pi.game.turns import returning_seat
from farkle_pi.mounts import READ_ONLY_FIX, read_only
from farkle_pi.rules import PRESETS, RuleSet, preset
from farkle_pi.rules.ruleset import STORED
from farkle_pi.store.backup import back_up, backup_note
from farkle_pi.store.records import GameRecord

# Each schema version as the step from the one before (0: an empty file); never edit a step.
_MIGRATIONS = {
    1: """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            started TEXT NOT NULL,
            rules TEXT NOT NULL,
            players TEXT NOT NULL,
            over INTEGER NOT NULL DEFAULT 0,
            winners TEXT NOT NULL DEFAULT '[]'
        );
        CREATE TABLE events (
            game INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            command INTEGER NOT NULL,
            at TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (game, seq)
        );
    """,
    # A finished game's GameRecord as JSON (NULL while it is played), so reading the history
    # does not replay every game. (`records()` also keeps those it had to rebuild, an
    # unfinished game's included: the next command played on that game clears it.)
    2: "ALTER TABLE games ADD COLUMN summary TEXT;",
    # When the game started by the clocks that do not jump (clock.py): a Pi's wall clock jumps
    # when the network sets it, and the history screen's night went by it
    3: """
        ALTER TABLE games ADD COLUMN boot TEXT;
        ALTER TABLE games ADD COLUMN uptime REAL;
        ALTER TABLE games ADD COLUMN synced INTEGER;
    """,
}
SCHEMA_VERSION = max(_MIGRATIONS)

log = logging.getLogger(__name__)
# Summaries rebuilt by `records()` are stored this many at a time: rebuilding years of games
# (a file from before summaries were kept) takes a minute on a Pi, and a start unplugged
# halfway must not lose all of it
KEEP_EVERY = 100


def default_path() -> Path:
    """The database every farkle-pi command uses: `$FARKLE_PI_DB`, else the config's
    `[store] database` (whose default is the table's folder, or the XDG data folder)."""
    return load_config().store.database


class Store:
    """The database of every game; `resume()` the unfinished one or start a `new_game`."""

    def __init__(self, path: Path | str | None = None, timeout: float = 5.0,
                 kept: bool = True, read_only: bool = False) -> None:
        """`kept`: False for a database thrown away afterwards (the demo's), so nothing
        points the players to it. `read_only`: for a report, which must change nothing in the
        file (not its journal mode, not an empty file); a file whose schema is older is
        still brought up to date first, as any farkle-pi does when it opens it. In a folder it
        may not write to, or on a full disk, with no write-ahead log to fold in, it reads the
        file as it is then: a snapshot, for one report."""
        self.path = Path(path) if path is not None else default_path()
        self.kept = kept
        self._timeout = timeout  # how long to wait for another writer before giving up
        self.lock = threading.RLock()  # one command at a time, from any thread (GPIO callbacks)
        self.left_out: list[str] = []  # why the last `records()` left games out
        # each game's summary as last parsed, by game: (started, rules, summary) and its record
        self._parsed: dict[int, tuple[tuple[Any, ...], GameRecord]] = {}
        self._rules_names: dict[int, str] = {}  # a preset-named game's honest name, by game
        self._rules_named_upto = 0  # the last game `_learn_rules_names` named
        self._copying: threading.Thread | None = None  # the backup being made (`start_backup`)
        self._copying_lock = threading.Lock()  # (a game can end from a GPIO callback's thread)
        self._empty = False  # a read-only look at an empty file: no games, no tables
        if self.path.is_dir():  # else SQLite's "disk I/O error" or "unable to open", and a
            # fix about disks or folders
            raise FarkleError(f"cannot open {self.path}: it is a folder, not a database file: "
                              f"name the file, e.g. {self.path / 'farkle.db'}, {ANOTHER}")
        self._writes = not read_only  # a report writes nothing, not even a cache
        self._db = (read_only and self._open_to_read()) or self._open()

    def _open_to_read(self) -> sqlite3.Connection | None:
        """A connection that cannot write, or None where the schema needs bringing up to date
        (a writer's job)."""
        uri = f"{self.path.resolve().as_uri()}?mode=ro"
        try:
            return self._read_only_connection(uri)
        except FarkleError:
            if not self._sealed():
                raise
        # SQLite cannot make the -shm file a WAL database needs in a folder it may not write
        # to, or on a full disk; with no log to fold in, the file alone holds every game.
        return self._read_only_connection(f"{uri}&immutable=1")

    def _sealed(self) -> bool:
        """True when the folder cannot be written to (or the disk is full) and no write-ahead
        log holds anything: a log with moves in it would be read past, so that stays an
        error."""
        real = self.path.resolve()  # (a link: SQLite keeps the -wal beside the file it names)
        try:
            logged = Path(f"{real}-wal").stat().st_size
        except FileNotFoundError:  # (none, or removed just now by the last farkle-pi closing)
            logged = 0
        return (not _may(real.parent, os.W_OK) or _disk_full(real)) and logged == 0

    def _read_only_connection(self, uri: str) -> sqlite3.Connection | None:
        with self._connected(uri, uri=True) as db:
            self._refuse_foreign(db)
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            self._refuse_newer(version)
            if 0 < version < SCHEMA_VERSION:
                db.close()
                return None
            self._empty = version == 0  # and no tables: _refuse_foreign checked
            db.execute("PRAGMA query_only=ON")
        return db

    def _open(self) -> sqlite3.Connection:
        with self._errors("open"):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            made = not self.path.exists()
        with self._connected(sqlite_name(self.path), uri=False) as db:
            self._refuse_foreign(db)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            self._migrate(db)
            if made:  # (its journals too: SQLite gave them the new file's owner, root)
                for name in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
                    if name.exists():
                        give_to_folder_owner(name)
        return db

    @contextmanager
    def _connected(self, target: str, uri: bool) -> Iterator[sqlite3.Connection]:
        """A connection to set up (to a path, or a `file:` URI), closed again if that fails;
        its errors one line, as every other."""
        with self._errors("open"):
            db = sqlite3.connect(target, uri=uri, timeout=self._timeout, isolation_level=None,
                                 check_same_thread=False)
            try:
                yield db
            except BaseException:
                db.close()
                raise

    def fold_in(self) -> None:
        """Fold the write-ahead log into the file (after a game ends): the night's games then
        live in farkle.db alone, so a copy of that one file (a backup, a file moved aside)
        holds them. Best effort: a reader holding the log only delays it."""
        try:
            with self.lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass

    def back_up(self) -> bool:
        """A copy of the games beside the file (backup.py), by a store that writes and whose
        file is kept (not a report's, not the demo's); False where none was made."""
        if not (self.kept and self._writes):
            return False
        return back_up(self.path)  # (SQLite's copy reads the log too: nothing need be folded)

    def start_backup(self) -> None:
        """`back_up` in a thread of its own: years of games take a second or more to check and
        copy on a Pi's card, and the winner's banner (or the table's first screen) must not wait
        for them. One copy at a time; `finish_backup` (and `close`) wait for it, and so does
        Python before it exits (a stop or a pulled plug mid-copy leaves the old copy whole)."""
        if not (self.kept and self._writes):
            return
        with self._copying_lock:
            self._join_copy()
            self._copying = threading.Thread(target=_back_up_logged, args=(self.path,),
                                             name="farkle-pi backup")
            self._copying.start()

    def finish_backup(self) -> None:
        """Wait for the copy `start_backup` began, if any."""
        with self._copying_lock:
            self._join_copy()

    def _join_copy(self) -> None:
        if self._copying is not None:
            self._copying.join()
            self._copying = None

    def _refuse_foreign(self, db: sqlite3.Connection) -> None:
        """Another program's database (tables, but never migrated by farkle-pi) is left as it
        is: adding ours to it, or switching it to WAL, would spoil it for its owner."""
        if int(db.execute("PRAGMA user_version").fetchone()[0]) != 0:
            return
        tables = sorted(name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"))
        if tables:
            raise FarkleError(f"{self.path} is not a farkle-pi database (it holds "
                              f"{', '.join(tables[:3])}): pass --db PATH of a farkle-pi database")

    def _refuse_newer(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise FarkleError(
                f"{self.path}: written by a newer farkle-pi (schema {version}): upgrade farkle-pi"
            )

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        self._refuse_newer(version)
        if version < SCHEMA_VERSION:
            steps = " ".join(_MIGRATIONS[v] for v in range(version + 1, SCHEMA_VERSION + 1))
            try:
                db.executescript(
                    f"BEGIN IMMEDIATE; {steps} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
                )
            except BaseException:
                if db.in_transaction:
                    db.rollback()
                raise

    def close(self) -> None:
        try:
            self.finish_backup()
        finally:  # (a Ctrl-C while the copy is made still closes the file)
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def new_game(self, players: Sequence[str], rules: RuleSet,
                 also: Callable[[sqlite3.Connection, int], None] | None = None) -> StoredGame:
        """Start and durably record a game (an unfinished earlier game stays in the history);
        `also(db, game_id)` writes what belongs to the game from its start (a virtual-dice
        seed) in the same transaction: the game is stored with it or not at all."""
        game = starting_game(players, rules)
        names = [p.name for p in game.state.players]
        moment = _moment()
        with self._errors("start a game in"), _transaction(self._db):
            cursor = self._db.execute(
                "INSERT INTO games (started, rules, players, boot, uptime, synced) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (_now(), rules.name, json.dumps(names), moment.boot, moment.uptime,
                 None if moment.synced is None else int(moment.synced)),
            )
            game_id = int(cursor.lastrowid or 0)
            self._insert(game_id, 0, 0, game.events)
            if also is not None:
                also(self._db, game_id)
        return StoredGame(self, game_id, game)

    def resume(self) -> StoredGame | None:
        """The latest game exactly as it was left, unless it has finished (then None); a tie
        still to be rolled off for is not finished: who won it is yet to be recorded."""
        latest = self.latest()
        if latest is None or (latest.state.over and not latest.state.roll_off):
            return None
        return latest

    def latest(self) -> StoredGame | None:
        """The most recent game, finished or not (what `game show` shows)."""
        row = self._query("SELECT max(id) FROM games")
        return None if not row or row[0][0] is None else self.game(int(row[0][0]))

    def game(self, game_id: int) -> StoredGame:
        rows = self._query("SELECT body FROM events WHERE game = ? ORDER BY seq", (game_id,))
        if not rows:
            raise FarkleError(f"{self.path}: there is no game {game_id}")
        try:
            game = Game.replay(event_from_json(json.loads(body)) for (body,) in rows)
        except (ValueError, FarkleError) as error:
            raise FarkleError(f"{self.path}: game {game_id} cannot be replayed: {error}") from None
        return StoredGame(self, game_id, game)

    def games(self) -> Iterator[StoredGame]:
        """Every game, oldest first (replayed one at a time)."""
        for (game_id,) in self._query("SELECT id FROM games ORDER BY id"):
            yield self.game(int(game_id))

    def records(self) -> list[GameRecord]:
        """Every game in brief, oldest first: from their stored summaries; a game without
        one (unfinished, or from before summaries were kept) or with a damaged one is replayed,
        and its summary kept for the next time (not by a read-only store).

        An unfinished game that cannot be replayed (a hand-edited file, a log an older
        farkle-pi accepted) is left out, its reason in `left_out`: one bad game must not hide
        the whole night's history."""
        rows = self._query("SELECT id, started, rules, summary FROM games ORDER BY id")
        records = []
        rebuilt: list[tuple[GameRecord, int]] = []
        self.left_out = []
        newest = rows[-1][0] if rows else None  # the game in play, if it is unfinished
        with self.lock:
            self._learn_rules_names()
        for game_id, started, rules, summary in rows:
            rules = self._rules_names.get(int(game_id), rules)
            record = self._summary(int(game_id), started, rules, summary)
            if record is None:  # unfinished, or its cached summary missing or damaged: from
                try:  # its log
                    stored = self.game(int(game_id))
                except FarkleError as error:
                    self.left_out.append(f"{error} (left out)")
                    continue
                record = GameRecord.of(int(game_id), str(started), stored.state)
                if record.over or game_id != newest:  # (the game in play changes at each
                    rebuilt.append((record, len(stored.game.events)))  # command)
                if len(rebuilt) >= KEEP_EVERY:  # a start cut short keeps what it did
                    self._keep_summaries(rebuilt)
                    rebuilt = []
            records.append(record)
        self._keep_summaries(rebuilt)
        return records

    def moments(self) -> dict[int, Moment]:
        """Each game's start by the clocks that do not jump, by game (none for games stored
        before farkle-pi kept them)."""
        rows = self._query("SELECT id, boot, uptime, synced FROM games")
        return {int(game_id): Moment(
                    boot if isinstance(boot, str) else None,
                    float(uptime) if isinstance(uptime, int | float) else None,
                    None if synced is None else bool(synced))
                for game_id, boot, uptime, synced in rows}

    def _learn_rules_names(self) -> None:
        """The honest rules name of each game stored under a preset's name since last asked: a
        game stored before names were honest may say "standard" of rules it changed (`game new
        --set entry=500`); they are named from its first event's fields, as its replay names
        them (once per game: a game's start never changes)."""
        marks = ", ".join("?" * len(PRESETS))
        rows = self._query("SELECT e.game, g.rules, e.body FROM events AS e JOIN games AS g ON "
                           f"g.id = e.game WHERE e.seq = 0 AND e.game > ? AND g.rules IN ({marks})",
                           (self._rules_named_upto, *PRESETS))
        for game_id, stored, body in rows:
            try:  # (the preset as it is, as stored since it was: no need to read it all)
                name = stored if _as_stored(stored) in body else RuleSet().with_changes(
                    json.loads(body)["rules"], STORED).name
            except (ValueError, KeyError, TypeError, AttributeError, FarkleError):
                continue  # (its replay says what is wrong with it, where one is needed)
            self._rules_names[int(game_id)] = name
            self._rules_named_upto = max(self._rules_named_upto, int(game_id))

    def _summary(self, game_id: int, started: Any, rules: Any, summary: Any
                 ) -> GameRecord | None:
        """`_cached`, parsed once per summary as stored: reading every game's turns again at
        each look at the history took longer than the rest of it (~0.3 s on a Pi 4 after
        three years of game nights)."""
        row = (started, rules, summary)
        with self.lock:  # (the dict is shared by the threads that use this store)
            known = self._parsed.get(game_id)
            if known is not None and known[0] == row:
                return known[1]
            record = _cached(game_id, started, rules, summary)
            if record is not None:
                self._parsed[game_id] = (row, record)
            return record

    def _keep_summaries(self, rebuilt: Sequence[tuple[GameRecord, int]]) -> None:
        """Store the summaries just rebuilt from their logs, so the next reading does not
        replay those games again (a game abandoned mid-turn, a file from before summaries
        were kept, a damaged one): each only if its game still has the events it was rebuilt
        from (the next command played on an unfinished game clears its summary again, in
        `_append`). Best effort, and never by a report's read-only store: it is only a cache,
        so it does not wait for another writer either (the next reading tries again)."""
        if not rebuilt or not self._writes:
            return
        try:
            with self.lock:
                self._db.execute("PRAGMA busy_timeout = 0")
                try:
                    with _transaction(self._db):
                        self._db.executemany(
                            "UPDATE games SET summary = ? WHERE id = ? "
                            "AND (SELECT count(*) FROM events WHERE game = ?) = ?",
                            [(record.to_json(), record.id, record.id, events)
                             for record, events in rebuilt],
                        )
                finally:
                    self._db.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
        except sqlite3.Error as error:  # (a full disk, another writer holding the file)
            log.warning("summaries not kept: %s", error)

    def history(self) -> list[GameRecord]:
        """The first API's name for `records()`, kept for callers that use it."""
        return self.records()

    def _append(self, game_id: int, game: Game, played: Sequence[tuple[int, Sequence[Event]]],
                stored: int) -> None:
        """Write commands' events (each with its command's number) and `game`'s state after
        them in one transaction, if the file still holds the `stored` events they were decided
        on: a command decided on a game another farkle-pi has played on since would make a log
        that cannot be replayed."""
        state = game.state
        with self._errors("save to"), _transaction(self._db):
            (seq,) = self._db.execute(
                "SELECT count(*) FROM events WHERE game = ?", (game_id,)
            ).fetchone()
            if int(seq) != stored:
                raise ChangedElsewhere(
                    f"game {game_id} was played on by another farkle-pi (a `farkle-pi game` "
                    "command?) since this one read it: showing it as stored now, nothing lost")
            for command, events in played:
                self._insert(game_id, int(seq), command, events)
                seq += len(events)
            (started,) = self._db.execute(
                "SELECT started FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            record = GameRecord.of(game_id, started, state) if state.over else None
            self._db.execute(
                "UPDATE games SET over = ?, winners = ?, players = ?, summary = ? WHERE id = ?",
                (
                    int(state.over),
                    json.dumps(state.winner_names()),
                    json.dumps([p.name for p in state.players]),
                    None if record is None else record.to_json(),
                    game_id,
                ),
            )

    def _insert(self, game_id: int, seq: int, command: int, events: Sequence[Event]) -> None:
        at = _now()
        self._db.executemany(
            "INSERT INTO events (game, seq, command, at, body) VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, seq + i, command, at, json.dumps(event_to_json(event)))
                for i, event in enumerate(events)
            ],
        )

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        if self._empty:
            return []
        with self._errors("read"):
            return list(self._db.execute(sql, params).fetchall())

    @contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """sqlite3's and the OS's errors as one line naming the file and the fix."""
        try:
            with self.lock:
                yield
        except sqlite3.Error as error:
            raise FarkleError(f"cannot {doing} {self.path}: {error} ({_fix(error, self.path)})"
                             ) from None
        except PermissionError as error:  # (its folder, or the file: the path says which)
            raise no_permission(error) from None
        except OSError as error:
            reason = error.strerror or str(error)
            raise FarkleError(
                f"cannot {doing} {self.path}: {reason} (pass --db PATH or set {ENV_DB} "
                "to a writable place)"
            ) from None


class StoredGame:
    """A `Game` bound to its rows: `apply` returns only after the events are on disk."""

    def __init__(self, store: Store, game_id: int, game: Game) -> None:
        self.store = store
        self.id = game_id
        self.game = game

    @property
    def state(self) -> GameState:
        return self.game.state

    def apply(self, command: Command) -> list[Event]:
        """Play and durably record `command`; `Refused` or a storage error change nothing."""
        return self.apply_all([command])[0]

    def apply_all(self, commands: Sequence[Command]) -> list[list[Event]]:
        """Play and durably record `commands` in one transaction, each command's events: all of
        them or none (BANK pressed on a highlighted keep is a keep and a bank; cut between the
        two, the turn would come back unbanked)."""
        with self.store.lock:
            after = self.game.copy()
            played: list[tuple[int, list[Event]]] = []
            for command in commands:
                if isinstance(command, AddPlayer) and returning_seat(after.state,
                                                                     command.name) is None:
                    check_seating([command.name], [p.name for p in after.state.players],
                                  [p.name for p in after.state.players if p.left])
                events = after.decide(command)
                after.record(events)
                played.append((after.played, events))
            try:
                self.store._append(self.id, after, played, stored=len(self.game.events))
            except ChangedElsewhere:
                self.game = self.store.game(self.id).game
                raise
            ended = after.state.over and not self.game.state.over
            self.game = after
        if ended:  # (the night's games in farkle.db alone, and copied beside it)
            self.store.fold_in()
            self.store.start_backup()
        return [events for _, events in played]


class ChangedElsewhere(FarkleError):
    """The stored game moved on under this one (another process played on it)."""


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    if not db.in_transaction:
        db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if db.in_transaction:
            db.rollback()
        raise
    if db.in_transaction:
        db.execute("COMMIT")


def _may(path: Path, mode: int) -> bool:
    """os.access for this process's user, as SQLite's opens are (not the login's)."""
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)


# Where another database is named: the commands' --db, the table's config (it has no --db)
ANOTHER = "or give another database (--db PATH; the table: [store] database)"


def _fix(error: sqlite3.Error, path: Path) -> str:
    text = str(error).lower()
    if "full" in text or ("disk i/o" in text and _disk_full(path)):  # opening a full disk: I/O
        return "free some disk space and try again; nothing stored was lost"
    if "locked" in text or "busy" in text:
        return "another farkle-pi is using it: close it and try again"
    if (any(word in text for word in ("disk i/o", "readonly", "read-only", "unable to open"))
            and read_only(path)):  # (a write to it is "disk I/O error": "check the file")
        return f"the disk it is on is read-only: {READ_ONLY_FIX}, {ANOTHER}"
    if "readonly" in text or "read-only" in text:
        return f"make the file and its folder writable, {ANOTHER}"
    damaged = (f"move it aside with its -wal and -shm files and "
               f"{backup_note(path) or 'restore a backup'}, {ANOTHER}")
    if "not a database" in text and not has_sqlite_header(path):  # a calibration, a README...
        return ("it is not a SQLite file: check the name; if it is the games' file, it is "
                f"damaged: {damaged}")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"the file is damaged: {damaged}"
    if "unable to open" in text:
        if path.exists() and not _may(path, os.R_OK):
            return f"this user may not read it: {TABLE_USER}"
        return f"check the folder exists and is writable, {ANOTHER}"
    return f"check the file, {ANOTHER}"


def has_sqlite_header(path: Path) -> bool:
    """Whether the file starts as every SQLite database does (unreadable: say it does)."""
    try:
        with path.open("rb") as file:
            return file.read(16) == b"SQLite format 3\x00"
    except OSError:
        return True


def starting_game(players: Sequence[str], rules: RuleSet) -> Game:
    """The game `Store.new_game` would store, or `Refused` saying why: a command checks it
    before it opens (or makes) a file, so a refused game leaves none behind."""
    check_seating(players)
    return Game(players, rules)


@functools.cache
def _as_stored(name: str) -> str:
    """The preset `name`'s rules as a game's first event stores them (`_insert`)."""
    return '"rules": ' + json.dumps(dataclasses.asdict(preset(name)))


def _cached(game_id: int, started: Any, rules: Any, summary: Any) -> GameRecord | None:
    """A finished game's stored summary; None if there is none or it does not read (it is
    only a cache of the log, and SQLite keeps no checksums)."""
    if summary is None:
        return None
    try:
        record = GameRecord.from_json(game_id, started, rules, summary)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    sound = (all(isinstance(name, str) for name in record.players)
             and all(isinstance(n, int) for n in (*record.scores, *record.faces))
             and len(record.faces) == 6 and len(record.scores) == len(record.players)
             and set(record.left) <= set(record.players))
    return record if sound else None


def _disk_full(path: Path) -> bool:
    """Under a megabyte free where the database lives: SQLite cannot even make its -wal file,
    and says "disk I/O error"."""
    try:  # (the disk of the file a link names: SQLite writes its journals beside that)
        return shutil.disk_usage(path.resolve().parent).free < 1 << 20
    except (OSError, RuntimeError):  # (RuntimeError: a symlink loop, on Python 3.11)
        return False


def _back_up_logged(path: Path) -> None:
    """`back_up` as a thread runs it: whatever goes wrong is a line in the journal."""
    try:
        back_up(path)
    except Exception:  # (back_up reports what it expects; this is for what it does not)
        log.warning("no backup of %s made", path, exc_info=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _moment() -> Moment:
    """Read apart from `_now` so that tests and benchmarks can set each."""
    return clock.now()



