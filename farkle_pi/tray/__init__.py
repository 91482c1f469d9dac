"""The live tray: follow throws from video alone and say what happened.

    from farkle_pi.devices import open_source
    from farkle_pi.tray import Tray

    tray = Tray(reader, calibration, expect_full=6)   # reader(image) -> [DieReading]
    with open_source("picamera2") as source:
        for event in tray.run(source):
            event.kind, event.t, event.dice, event.reason

Events (`TrayEvent`, frozen; `to_json()` is the `farkle-pi replay --json` line):
  settled  a throw came to rest and was read (vote over several still frames);
           `dice` = the dice in the tray, not the keep zone.
  removed  dice read before left the tray or moved into the keep zone (matched by
           position); the game takes them as the keep when they form a legal one.
  empty    no dice in the tray (at start, and after the last dice left).
  prompt   `reason`: cocked (a die leans), outside (a die left the tray or is cut by
           the picture's edge), unreadable (a flat die the reader cannot tell),
           count (more or fewer dice than expected; `expected` says how many).
Prompts come right after the settled event of the same throw, same `t`.

Settle: motion is the share of changed pixels on a 160 px grey copy of each frame
(~0.25 ms per 640x480 frame); the throw is read once the picture has been still
for `SettleConfig.settle_s` (0.3 s) with no hand in view (a blob much larger than
a die, or one reaching over the tray's rim, against the calibrated empty tray).
"""

from farkle_pi.tray.events import EventKind, PromptReason, TrayEvent
from farkle_pi.tray.motion import MotionConfig, MotionMeter
from farkle_pi.tray.settle import SettleConfig
from farkle_pi.tray.tray import DiceReader, Tray

__all__ = [
    "DiceReader",
    "EventKind",
    "MotionConfig",
    "MotionMeter",
    "PromptReason",
    "SettleConfig",
    "Tray",
    "TrayEvent",
]
