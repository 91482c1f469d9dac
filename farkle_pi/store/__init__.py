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

- `Store(path=None)` opens (creating if needed) the database; the default path is
  `$FARKLE_PI_DB`, else systemd's `$STATE_DIRECTORY/farkle.db`, else
  `$XDG_DATA_HOME/farkle-pi/farkle.db` (`~/.local/share/farkle-pi/farkle.db`). `default_path()`
  says which. A store is a context manager; `close()` it when done.
- `store.new_game(players, rules) -> StoredGame`; `store.resume() -> StoredGame | None` (the
  latest unfinished game, exactly as it was); `store.latest()`; `store.game(id)`.
- `StoredGame.apply(command) -> list[Event]` plays the command and commits its events durably
  (WAL, `synchronous=FULL`, one transaction per command) before returning; `.state`, `.game`,
  `.id`. `Refused` or a storage error (a one-line `FarkleError`) leave game and file unchanged.
- `store.history() -> list[GameSummary]`, `player_stats(store) -> list[PlayerStats]`,
  `fairness(store) -> Fairness` (chi-square test of every die value thrown).
"""

from farkle_pi.store.db import ENV_DB, GameSummary, Store, StoredGame, default_path

__all__ = ["ENV_DB", "GameSummary", "Store", "StoredGame", "default_path"]
