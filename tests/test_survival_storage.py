"""The database cannot be written mid-game (the SD card is full, or it went read-only): the
table says so in one line, keeps showing the last stored state, loses nothing stored, and plays
on once the disk has room again. A database that cannot be opened stops `farkle-pi table` with
one line, and on the screen (where it waits for a press before it stops)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from fuzzing import assert_clean, run_cli
from screen_notes import words_drawn
from table_games import table_in_play

from farkle_pi.app import App
from farkle_pi.store import Store
from farkle_pi.table import trouble
from farkle_pi.ui.actions import Action
from farkle_pi.ui.display import open_surface
from farkle_pi.ui.theme import DARK


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    with table_in_play(tmp_path / "farkle.db", "manual") as table:
        yield App(table, open_surface((480, 320), headless=True), DARK)


def type_dice(app: App, faces: str) -> None:
    for face in faces:
        app.actions.put(Action("digit", int(face)))
    app.step()


def press(app: App, kind: str) -> None:
    app.actions.put(Action(kind))  # type: ignore[arg-type]
    app.step()


def stored(app: App) -> object:
    with Store(app.table.store.path) as other:
        latest = other.latest()
        assert latest is not None
        return latest.state


def test_a_full_disk_mid_game_is_one_line_on_screen_and_nothing_is_lost(app: App) -> None:
    type_dice(app, "115234")
    press(app, "keep")
    saved = app.table.state
    db = app.table.store._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # the SD card is full
    for _ in range(40):  # throws and banks until a write needs a new page
        before = app.table.state
        if before is not None and before.phase == "choose" and before.can_bank:
            press(app, "bank")
        else:
            type_dice(app, "234662"[: before.dice_to_throw if before else 6])
        if app.table.error:
            break
        saved = app.table.state
    view = app.view
    assert view is not None and "disk is full" in view.error
    assert "free some disk space" in view.error and "\n" not in view.error
    assert app.table.state == saved and app.errors == 0
    assert stored(app) == saved  # what the screen shows is what is on disk

    db.execute("PRAGMA max_page_count = 1000000")  # room again: the same input now works
    state = app.table.state
    assert state is not None
    if state.phase == "keep":
        press(app, "keep")
    else:  # a throw typed is kept but its last die: that die again stores it
        throw = "234662"[: state.dice_to_throw]
        assert app.table.entry.text == throw[:-1]
        type_dice(app, throw[-1])
        assert app.table.state is not None and app.table.state.throws[-1].faces == tuple(
            sorted(int(face) for face in throw))
    assert app.table.error == "" and app.table.state != saved
    assert stored(app) == app.table.state


def test_a_read_only_database_mid_game_is_one_line_and_changes_nothing(app: App) -> None:
    type_dice(app, "115234")
    saved = app.table.state
    app.table.store._db.execute("PRAGMA query_only = 1")  # as if remounted read-only
    press(app, "keep")
    view = app.view
    assert view is not None and "readonly" in view.error and "writable" in view.error
    assert app.table.state == saved and app.errors == 0
    assert stored(app) == saved
    app.table.store._db.execute("PRAGMA query_only = 0")
    press(app, "keep")
    assert app.table.error == "" and stored(app) == app.table.state != saved


@pytest.fixture
def screen_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn on the screen; the trouble screen waits a moment, not ten minutes."""
    monkeypatch.setattr(trouble, "WAIT_SECONDS", 0.3)
    return words_drawn(monkeypatch)


def test_the_table_with_an_unusable_database_stops_in_one_line(
    tmp_path: Path, screen_words: list[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    outcome = run_cli(["table", "--config", str(config_with(tmp_path, blocker / "farkle.db"))])
    assert_clean(outcome)
    assert outcome.code == 2 and "cannot open" in outcome.err and "writable" in outcome.err
    pygame.display.quit()
    assert screen_words[0] == "THE TABLE CANNOT START"  # and why, on the screen: under
    assert "writable" in " ".join(screen_words)  # systemd nobody reads the journal


def test_the_table_with_a_damaged_database_stops_in_one_line_and_leaves_it(
    tmp_path: Path, screen_words: list[str]
) -> None:
    database = tmp_path / "farkle.db"
    damaged = b"SQLite format 3\x00" + b"\x13" * 3000
    database.write_bytes(damaged)
    outcome = run_cli(["table", "--config", str(config_with(tmp_path, database))])
    assert_clean(outcome)
    assert outcome.code == 2 and "damaged" in outcome.err and "backup" in outcome.err
    assert database.read_bytes() == damaged  # left for the owner to rescue
    pygame.display.quit()
    assert "damaged" in " ".join(screen_words) and "press any button" in screen_words[-1]


def config_with(folder: Path, database: Path) -> Path:
    config = folder / "config.toml"
    config.write_text(f'[table]\ndice = "manual"\n[screen]\nsize = "480x320"\n'
                      f'fullscreen = false\n[store]\ndatabase = "{database}"\n')
    return config


def test_a_throw_another_writer_kept_from_the_disk_is_stored_with_its_last_die_again(
    tmp_path: Path
) -> None:
    """A `farkle-pi game` command holding the database's lock: the throw typed is not stored
    (said in one line), and only its last die needs typing again, not all six."""
    import sqlite3

    from farkle_pi.rules import load_rules
    from farkle_pi.table.table import Table

    with Store(tmp_path / "farkle.db", timeout=0.05) as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", resume=False,
                      say=lambda _: None)
        table.new_game()
        app = App(table, open_surface((480, 320), headless=True), DARK)
        other = sqlite3.connect(tmp_path / "farkle.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # the other writer's transaction
        type_dice(app, "115234")
        assert app.view is not None and "locked" in app.view.error
        assert table.state is not None and table.state.throws == ()
        assert table.entry.text == "11523" and app.view.typed == "11523"
        other.execute("COMMIT")
        other.close()
        type_dice(app, "4")
        state = table.state
        assert table.error == "" and [t.faces for t in state.throws] == [(1, 1, 2, 3, 4, 5)]
        assert stored(app) == state
