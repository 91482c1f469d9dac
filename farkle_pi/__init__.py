"""farkle-pi: a Raspberry Pi companion for Farkle played with real dice."""

import os

# numpy's OpenBLAS starts a thread per core, and the products this package computes (a learned
# layer's fit, a frame's scores) are small: with the camera, the screen or a second job busy,
# those threads wait on each other. Fitting a tray's learned dice took 3.2 s with the default
# threads and 1.45 s with one, both cores busy (0.83 and 0.93 s idle). Set before numpy loads;
# a caller's own setting stands.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
