"""One module per screen; each has `draw(painter, view) -> hits`."""
