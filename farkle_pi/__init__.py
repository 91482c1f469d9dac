"""farkle-pi: a Raspberry Pi companion for Farkle played with real dice."""

import os

from farkle_pi import assets

__version__ = "0.1.0"

# farkle_pi.vision.model loads its nets from $FARKLE_MODELS, else from models/ beside the source
# tree, which an installed package does not have: point it at the copy the package carries.
os.environ.setdefault("FARKLE_MODELS", str(assets.MODELS))
