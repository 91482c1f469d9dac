"""The table's screens, drawn with pygame from a `TableView`."""
