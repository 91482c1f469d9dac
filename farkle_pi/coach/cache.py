"""The solved turn on disk, keyed by the rules, so a Pi solves a rule set once and then loads it.

Files live in `$FARKLE_PI_CACHE` (set it to `off` to disable), else
`$XDG_CACHE_HOME/farkle-pi/coach/`, as `<sha256 of the rules>.npz`. A missing, corrupt or
unwritable cache only costs a fresh solve: it never stops the coach.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import zipfile
from dataclasses import fields
from pathlib import Path

import numpy as np

from farkle_pi.coach.solve import TurnValues, solve_turn
from farkle_pi.coach.throws import ThrowTable, build_table
from farkle_pi.rules import RuleSet

FORMAT = 1  # bump when the arrays or their meaning change
_UNREADABLE = (OSError, ValueError, KeyError, TypeError, IndexError, EOFError, zipfile.BadZipFile)


def cache_dir() -> Path | None:
    override = os.environ.get("FARKLE_PI_CACHE")
    if override is not None:
        return None if override.strip().lower() in ("", "off", "none") else Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "farkle-pi" / "coach"


def cache_key(rules: RuleSet, bank_min: int, farkle_loss: int) -> str:
    """Same scoring and turn rules give the same key, whatever the rule set is called."""
    values = {f.name: getattr(rules, f.name) for f in fields(rules) if f.name != "name"}
    text = json.dumps([FORMAT, values, bank_min, farkle_loss], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def load_or_solve(rules: RuleSet, bank_min: int, farkle_loss: int) -> tuple[ThrowTable, TurnValues]:
    folder = cache_dir()
    path = None if folder is None else folder / f"{cache_key(rules, bank_min, farkle_loss)}.npz"
    hot_dice_bank = not rules.must_throw_hot_dice  # (in the key: every rule is)
    if path is not None and os.path.exists(path):  # (False, not an error, in a closed home)
        loaded = _load(path, rules.dice, hot_dice_bank)
        if loaded is not None:
            return loaded
    table = build_table(rules)
    values = solve_turn(table, bank_min, farkle_loss, hot_dice_bank)
    if path is not None:
        _save(path, table, values)
    return table, values


def _save(path: Path, table: ThrowTable, values: TurnValues) -> None:
    """Write atomically (temp file + rename) so a cut power never leaves half a file."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                np.savez(
                    out,
                    step=table.step,
                    owner=table.owner,
                    weight=table.weight,
                    next_dice=table.next_dice,
                    gain=table.gain,
                    farkle_counts=table.farkle_counts,
                    bank_min=values.bank_min,
                    roll=values.roll,
                    slope=values.slope,
                    offset=values.offset,
                )
            os.replace(temp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _load(path: Path, dice: int, hot_dice_bank: bool) -> tuple[ThrowTable, TurnValues] | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            step = int(data["step"])
            table = ThrowTable(
                dice=dice,
                step=step,
                owner=data["owner"].astype(np.int64),
                weight=data["weight"].astype(np.float64),
                next_dice=data["next_dice"].astype(np.int64),
                gain=data["gain"].astype(np.int64),
                farkle_counts=data["farkle_counts"].astype(np.int64),
            )
            values = TurnValues(
                step=step,
                bank_min=int(data["bank_min"]),
                roll=data["roll"].astype(np.float64),
                slope=data["slope"].astype(np.float64),
                offset=data["offset"].astype(np.float64),
                hot_dice_bank=hot_dice_bank,
            )
    except _UNREADABLE:
        return None
    return (table, values) if _consistent(table, values) else None


def _consistent(table: ThrowTable, values: TurnValues) -> bool:
    rows = table.owner.size
    return bool(
        table.step > 0
        and table.farkle_counts.shape == (table.dice + 1,)
        and table.weight.shape == (rows,)
        and table.next_dice.shape == table.gain.shape
        and table.next_dice.shape[0] == rows
        and values.roll.ndim == 2
        and values.roll.shape[0] == table.dice + 1
        and values.slope.shape == values.offset.shape == (table.dice + 1,)
        and rows > 0
        and table.next_dice.min() >= 1
        and table.next_dice.max() <= table.dice
        and table.gain.min() >= 1
        and np.isfinite(values.roll).all()
    )
