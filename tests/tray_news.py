"""Tray events as the table gets them (farkle_pi.tray's TrayEvent fits the same shape), made by
hand for the table's tests: no camera, no reader."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TrayDie:
    value: int | None
    colour_bgr: tuple[int, int, int] = (235, 235, 235)  # white
    center: tuple[float, float] = (0.0, 0.0)
    flat: bool = True
    confidence: float = 0.97  # a sure reading, as most are
    settled: bool = False  # read sure by the first reader itself


@dataclass(frozen=True)
class TrayNews:
    kind: str
    dice: tuple[TrayDie, ...] = ()
    reason: str | None = None
    lying: int = 0  # of `dice`, how many lay where they lay at the tray's last report
    resumed: bool = False  # the first dice seen after the camera was away


def dice(faces: str) -> tuple[TrayDie, ...]:
    """Faces as the tray reads them: `?` a flat die it cannot read, `c` a cocked one."""
    return tuple(TrayDie(None, flat=f != "c") if f in "?c" else TrayDie(int(f)) for f in faces)
