"""The table for a game night: setup, games played from buttons, keys, taps and the tray."""
