"""Every game on disk: SQLite event logs that survive a power cut, history, statistics, fairness.

>>> from farkle_pi.store import Store
>>> from farkle_pi.game import Throw
>>> from farkle_pi.rules import Roll, load_rules
>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "farkle.db"
>>> with Store(path) as store:
...     table = store.new_game(["Ann", "Bob"], load_rules("standard"))
...     _ = table.apply(Throw(Roll.parse("111234")))  # on disk before apply returns
>>> with Store(path) as store:
...     store.resume().state.turn_points, store.resume().state.phase
(0, 'keep')

The public API:

- `Store(path=None)` opens (creating if needed) the database; the default path is the one
  every farkle-pi command uses: `$FARKLE_PI_DB`, else the config's `[store] database` (systemd's
  `$STATE_DIRECTORY/farkle.db`, the installed table's `/var/lib/farkle-pi/farkle.db` under
  its system-wide config, else `~/.local/share/farkle-pi/farkle.db`). `default_path()` says
  which. A store is a context manager; `close()` it when done.
- `store.new_game(players, rules) -> StoredGame` (`starting_game(players, rules)` checks one
  before any file is opened); `store.resume() -> StoredGame | None` (the
  latest game exactly as it was, unless it has finished; starting a new game abandons an
  unfinished one to the history); `store.latest()` (finished or not); `store.game(id)`.
- A store may be used from several threads (e.g. gpiozero's callback thread): one lock
  serialises commands and reads.
- `StoredGame.apply(command) -> list[Event]` plays the command and commits its events durably
  (WAL, `synchronous=FULL`, one transaction per command) before returning; `.state`, `.game`,
  `.id`. `Refused` or a storage error (a one-line `FarkleError`) leave game and file unchanged.
- `store.records() -> list[GameRecord]`: every game in brief (players, scores, winners, turn
  records, face counts), oldest first; finished games are read from a record written when they
  end (a game that has none is replayed once, and its record kept), so the history does not
  replay every game (`history()` / `GameSummary` are the same
  under their first names). `store.games()` replays each game in full.
- `player_stats(records) -> list[PlayerStats]` and `fairness(face_counts) -> Fairness`
  (Pearson's chi-square of every die value thrown, its p-value, and the dice values it needs)
  are pure: `player_stats(store.records())`, `fairness(face_totals(store.records()))`.
"""

from farkle_pi.config import ENV_DB
from farkle_pi.store.db import ChangedElsewhere, Store, StoredGame, default_path, starting_game
from farkle_pi.store.fairness import Fairness, chi_square_sf, dice_needed, fairness
from farkle_pi.store.records import GameRecord, face_totals
from farkle_pi.store.stats import PlayerStats, player_stats

GameSummary = GameRecord  # the first API's name, kept for callers that use it

__all__ = [
    "ENV_DB",
    "ChangedElsewhere",
    "Fairness",
    "GameRecord",
    "GameSummary",
    "PlayerStats",
    "Store",
    "StoredGame",
    "chi_square_sf",
    "default_path",
    "dice_needed",
    "face_totals",
    "fairness",
    "player_stats",
    "starting_game",
]
