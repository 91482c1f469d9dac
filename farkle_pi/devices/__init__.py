"""Hardware seams: buttons (and, from the tray work, camera frame sources)."""
