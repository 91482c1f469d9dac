"""Two-colour dice (portland) as a review found them: a virtual game stored before the Pi's dice
had colours, a question nobody could see, and dice taken out of the tray after a typed throw."""

from __future__ import annotations

from farkle_pi.rules import Roll
from farkle_pi.table.fairdice import EVEN_MIX, coloured_throw


def test_keeps_stored_without_colours_throw_an_even_mix_not_an_internal_error() -> None:
    """A virtual portland game begun before its dice had colours and resumed mid-turn: its
    keeps have no colours, so which of the set's dice are aside is not known."""
    roll = coloured_throw((2, 3, 4, 6), (Roll.of(1, 5),))
    assert sorted(die.colour or "" for die in roll) == sorted(EVEN_MIX[:4])
