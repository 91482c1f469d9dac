"""What the tray tells the game: plain frozen events with a JSON form (`farkle-pi replay`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from farkle_pi.vision.types import DieReading

EventKind = Literal["settled", "removed", "empty", "prompt"]
PromptReason = Literal["cocked", "outside", "unreadable", "count"]


@dataclass(frozen=True)
class TrayEvent:
    """One thing that happened in the tray at video time `t` (seconds).

    settled: a throw came to rest; `dice` are the dice read in the tray (not the keep zone), of
             which `lying` lay where they lay at the last report (a die moved or put back
             among dice that were not thrown is no throw; the table decides); `resumed`: the
             first dice seen after the camera was away, thrown then or left lying.
    removed: dice that were read before left the tray or moved into the keep zone.
    empty:   the tray holds no dice any more.
    prompt:  the throw needs a re-throw or a correction; `reason` says why and `dice`
             are the dice concerned (for "count": `expected` and the dice found).
    """

    t: float
    kind: EventKind
    dice: tuple[DieReading, ...] = ()
    reason: PromptReason | None = None
    expected: int | None = None
    lying: int = 0
    resumed: bool = False

    @property
    def values(self) -> tuple[int | None, ...]:
        """The faces of `dice`, sorted (None = unreadable last)."""
        return tuple(sorted((d.value for d in self.dice), key=lambda v: (v is None, v or 0)))

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"t": round(self.t, 2), "event": self.kind}
        if self.reason is not None:
            out["reason"] = self.reason
        if self.expected is not None:
            out["expected"] = self.expected
            out["found"] = len(self.dice)
        if self.lying:
            out["lying"] = self.lying
        if self.resumed:
            out["resumed"] = True
        out["dice"] = [die.to_json() for die in self.dice]
        return out
