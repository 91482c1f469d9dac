"""Frames -> dice: read every die in a still photo taken from above. Knows nothing of Farkle.

Public API::

    from farkle_pi.vision import read_dice, DieReading, Calibration
    dice: list[DieReading] = read_dice(image_bgr)            # or read_dice(img, calibration)

Each ``DieReading`` (frozen) holds ``value`` (1..6, or None = unreadable: ask
for a re-throw or a correction, never guess), ``confidence``, ``center``,
``box`` (rotated: centre, size, angle), ``bbox`` (x, y, w, h), ``colour_name``
and ``colour_bgr`` (mean body colour), and the flags ``flat`` (False = cocked),
``at_edge`` (cut by the image or tray edge) and ``touching`` (another die).
Coordinates are the input image's pixels.

How: a tiny ONNX net (find.py) marks die centres on a shrunken copy of the
photo; each candidate is cut out and read by a second tiny net (read.py) whose
class 0 means "not a die"; a reading below MIN_CONFIDENCE is read again in three more
quarter turns (averaged), then goes to two more readers trained differently
(reader.SECOND_OPINIONS) and becomes None unless one of them is sure of the same face.
A ``Calibration`` (empty-tray reference image, tray polygon, keep zone, die
size) narrows the search to the tray and sets the scale. Only numpy + OpenCV
run here (cv2.dnn); the nets are made by scripts/train_dice_reader.py.
"""

from farkle_pi.vision.calibration import Calibration
from farkle_pi.vision.reader import read_dice
from farkle_pi.vision.types import DieReading, RotatedBox

__all__ = ["Calibration", "DieReading", "RotatedBox", "read_dice"]
