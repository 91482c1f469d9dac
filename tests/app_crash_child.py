"""The table as the Pi runs it (`farkle-pi table --config CFG`), headless, with a scripted hand.

    python tests/app_crash_child.py UNITS.json table --config CFG --windowed

Only the input changes: each frame the script puts on the app's own action queue the presses of
the next unit (a unit = the presses that make one game command: the digits of a throw, KEEP,
BANK), chosen by how many commands the stored game holds, so a restarted table carries on where
the file says it is. After each frame one JSON line on stdout says what the screen shows.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_crash_harness import Unit, durable_view, position

from farkle_pi.app import App
from farkle_pi.cli import main
from farkle_pi.ui.actions import Action


def scripted(units: list[Unit]) -> None:
    step = App.step

    def frame(self: App) -> bool:
        running = step(self)
        at = position(self.table)
        line = {"played": at, "view": durable_view(self.table), "errors": self.errors,
                "error": self.table.error}
        os.write(1, (json.dumps(line) + "\n").encode())
        if at + 1 >= len(units):
            self.actions.put(Action("quit"))
        else:
            for kind, value in units[at + 1]:
                self.actions.put(Action(kind, value))
        return running

    App.step = frame  # type: ignore[method-assign]


if __name__ == "__main__":
    # the harness's units, written as JSON: each (kind, value) pair comes back as a list
    units = json.loads(Path(sys.argv[1]).read_text())
    scripted([[(kind, int(value)) for kind, value in unit] for unit in units])
    sys.exit(main(sys.argv[2:]))
