"""When to read: rolling while frames change, settled after ~0.3 s still with no hand in view.

The reads for the vote are taken during the last frames of the still window, so
the settled event comes one window after the dice stop, not one window plus the
vote. Any motion, or a hand in view, throws the collected reads away.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(Enum):
    ROLLING = "rolling"  # something moves (or a hand is in view)
    STILL = "settling"  # still, not yet long enough: maybe read for the vote
    READ = "read"  # this stillness has been read; wait for the next motion


@dataclass(frozen=True)
class SettleConfig:
    settle_s: float = 0.3
    votes: int = 3
    # While the reads are split (tray.matching.in_doubt: a die missed or misread in one of
    # three), more frames are read, up to this many: a die the reader misses now and then is
    # voted in, not left out of a throw to come back later as a throw nobody made
    most_votes: int = 7


class SettleClock:
    """Tracks how long the picture has been still; says when to read and when to decide."""

    def __init__(self, config: SettleConfig | None = None) -> None:
        self.config = config or SettleConfig()
        self.phase = Phase.ROLLING
        self._still_since: float | None = None
        self._last_t: float | None = None
        self._frame_s = 1 / 15

    def step(self, t: float, still: bool) -> None:
        """Account for one frame at time t."""
        if self._last_t is not None and t > self._last_t:
            self._frame_s = 0.8 * self._frame_s + 0.2 * (t - self._last_t)
        self._last_t = t
        if not still:
            self.phase = Phase.ROLLING
            self._still_since = None
            return
        if self._still_since is None:
            self._still_since = t
        if self.phase is Phase.ROLLING:
            self.phase = Phase.STILL

    def restart(self, t: float) -> None:
        """Start the still window again from t (a hand was in view)."""
        self._still_since = t
        self.phase = Phase.STILL

    def wants_read(self, t: float) -> bool:
        """True in the last `votes` frames of the still window (and after it, until decided)."""
        if self.phase is not Phase.STILL or self._still_since is None:
            return False
        start = self.config.settle_s - (self.config.votes - 0.75) * self._frame_s
        return t - self._still_since >= start

    def ready(self, t: float, reads: int) -> bool:
        """True when the window is over and enough frames were read to vote."""
        if self.phase is not Phase.STILL or self._still_since is None:
            return False
        return t - self._still_since >= self.config.settle_s - 1e-9 and reads >= self.config.votes

    def done(self) -> None:
        self.phase = Phase.READ
