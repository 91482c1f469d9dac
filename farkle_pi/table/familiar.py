"""Whether the reader knows tonight's tray and dice: the share of the dice thrown it reads unsure.

On the dice and tables its nets learned from, 7-10 % of the dice found are read unsure (no
face, a face under UNSURE, or one a second reader settled); on felt trays and dice no net saw,
47 % (docs/vision-log.md, 24th session). One photo has too few dice to tell the two apart; an
evening's throws tell them clearly. So once enough dice are thrown and a quarter of them were
unsure, the players are told, once, how to teach the tray their dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from farkle_pi.table.tray_input import TrayDie, read_unsure

ENOUGH_DICE = 30  # dice thrown before the share says anything (five or so throws)
TEACH_FROM = 0.25  # share of dice read unsure from which the tray is new to the reader
TEACH_HINT = "many dice read unsure here - teach me your dice: farkle-pi dice-check --learn"


class UnsureShare:
    """The dice thrown since the table started, and how many of them were read unsure."""

    def __init__(self) -> None:
        self.dice = 0
        self.unsure = 0
        self.told = False

    def add(self, thrown: Sequence[TrayDie]) -> None:
        self.dice += len(thrown)
        self.unsure += sum(1 for die in thrown if read_unsure(die))

    def hint(self) -> str:
        """TEACH_HINT the first time the share calls for it, else ''."""
        if self.told or self.dice < ENOUGH_DICE or self.unsure < TEACH_FROM * self.dice:
            return ""
        self.told = True
        return TEACH_HINT
