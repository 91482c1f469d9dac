"""farkle-pi: a Raspberry Pi companion for Farkle played with real dice."""

__version__ = "0.1.0"
