"""Virtual dice: committed before the game, every throw recomputable, tampering detected."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from farkle_pi.cli import main
from farkle_pi.rules import RuleSet, load_rules
from farkle_pi.store import Store
from farkle_pi.table.autoplay import next_press
from farkle_pi.table.fairdice import FairDice, SeedBook, commitment, record_seed, throw_faces
from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

TO_1500 = load_rules("standard", {"target": "1500"})


def play_virtual_game(db: Path, say: Callable[[str], None] = lambda _: None,
                      rules: RuleSet = TO_1500,
                      fair_dice: Callable[[int], FairDice] = FairDice.fresh) -> int:
    """A whole game with virtual dice, pressed through by the coached robot; its id."""
    now = [0.0]
    with Store(db) as store:
        table = Table(store, rules, ["Ann", "Bob"], "virtual", clock=lambda: now[0],
                      resume=False, say=say, fair_dice=fair_dice)
        table.new_game()
        for _ in range(2000):
            if table.state is not None and table.state.over:
                break
            press = next_press(table.view())
            if press is not None:
                table.handle(press)
            now[0] += 2.0
        assert table.game is not None and table.game.state.over
        return table.game.id


def test_throws_are_a_pure_function_of_seed_game_and_number() -> None:
    seed = bytes(range(32))
    assert throw_faces(seed, 3, 1, 6) == throw_faces(seed, 3, 1, 6)
    assert throw_faces(seed, 3, 1, 6) != throw_faces(seed, 3, 2, 6)
    assert throw_faces(seed, 3, 1, 6) != throw_faces(seed, 4, 1, 6)
    assert throw_faces(seed, 3, 1, 4) == throw_faces(seed, 3, 1, 6)[:4]
    assert commitment(seed) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_faces_are_uniform() -> None:
    counts = Counter(f for n in range(1, 3001) for f in throw_faces(b"k" * 32, 1, n, 6))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    expected = 18000 / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 20.5  # p ~ 0.001 for 5 degrees of freedom


def test_verify_says_ok_for_an_honest_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "farkle.db"
    game = play_virtual_game(db)
    assert main(["verify", "--db", str(db), str(game)]) == 0
    out = capsys.readouterr().out
    assert f"game {game}: OK" in out
    committed, dice = SeedBook(db).load(game) or ("", FairDice(0, b""))
    assert committed in out and dice.seed.hex() in out


def test_verify_names_a_tampered_throw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "farkle.db"
    game = play_virtual_game(db)
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT seq, body FROM events WHERE game = ? ORDER BY seq", (game,)
        ).fetchall()
        throws = [(seq, json.loads(body)) for seq, body in rows if '"throw"' in body]
        seq, body = throws[2]  # the third throw: change one die
        text = json.dumps(body)
        first_die = next(ch for ch in text if ch in "123456")
        changed = text.replace(first_die, "6" if first_die != "6" else "5", 1)
        assert changed != text
        conn.execute("UPDATE events SET body = ? WHERE game = ? AND seq = ?", (changed, game, seq))
    code = main(["verify", "--db", str(db), str(game)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAILED: throw 3 was" in out


def test_verify_refuses_games_without_a_seed_or_not_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "farkle.db"
    with Store(db) as store:
        manual = store.new_game(["Ann"], load_rules("standard"))
        running = store.new_game(["Ann"], load_rules("standard"), also=lambda db, game: (
            record_seed(db, FairDice(game, b"s" * 32))))
    assert main(["verify", "--db", str(db), str(manual.id)]) == 2
    assert "not played with virtual dice" in capsys.readouterr().err
    assert main(["verify", "--db", str(db), str(running.id)]) == 2
    assert "is not over" in capsys.readouterr().err


def test_a_virtual_game_is_stored_with_its_seed_or_not_at_all(tmp_path: Path) -> None:
    """A game whose seed could not be stored would come back after a restart with no virtual
    dice (entered by hand): the seed goes in the game's own transaction."""
    def no_seed(game_id: int) -> FairDice:
        raise sqlite3.OperationalError("database or disk is full")

    with Store(tmp_path / "farkle.db") as store:
        table = Table(store, load_rules("standard"), ["Ann", "Bob"], "virtual", resume=False,
                      say=lambda _: None, fair_dice=no_seed)
        table.handle(Action("bank"))  # start from the setup screen
        assert "disk is full" in table.view().error and table.view().screen == "setup"
        assert store.latest() is None
        table.fair_dice = FairDice.fresh
        table.handle(Action("bank"))
        assert table.game is not None and table.fair is not None
    with Store(tmp_path / "farkle.db") as store:
        again = Table(store, load_rules("standard"), ["Ann", "Bob"], "manual", say=lambda _: None)
        assert again.mode == "virtual" and again.fair == table.fair


def test_the_seed_revealed_names_the_command_that_checks_it(tmp_path: Path) -> None:
    said: list[str] = []
    game = play_virtual_game(tmp_path / "farkle.db", said.append)
    assert said[-1].endswith(f"(check every throw: farkle-pi verify {game})")


def test_a_db_named_file_colon_keeps_its_seeds_in_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite takes a name that starts with "file:" as a URI: the seeds went to g.db, the game
    resumed with manual dice, and verify was a traceback."""
    monkeypatch.chdir(tmp_path)
    game = play_virtual_game(Path("file:g.db"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file:g.db", "file:g.db.backup"]
    assert main(["verify", "--db", "file:g.db", str(game)]) == 0
    assert f"game {game}: OK" in capsys.readouterr().out
