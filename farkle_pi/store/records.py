"""A finished game in brief: what history, statistics and fairness need, without a replay.

A game's record is written once, in the transaction of the command that ends it (and dropped if
an undo un-ends it), so reading years of games does not mean replaying every command again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from farkle_pi.game import GameState, TurnRecord


@dataclass(frozen=True)
class GameRecord:
    id: int
    started: str
    rules: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    over: bool
    winners: tuple[str, ...]
    turns: tuple[TurnRecord, ...]
    faces: tuple[int, ...]  # how often each face was thrown, 1s first
    left: tuple[str, ...] = ()  # players who went home mid-game (none in summaries before)

    @classmethod
    def of(cls, game_id: int, started: str, state: GameState) -> GameRecord:
        faces = [0] * 6
        for roll in state.throws:
            for face in roll.faces:
                faces[face - 1] += 1
        return cls(
            id=game_id,
            started=started,
            rules=state.rules.name,
            players=tuple(p.name for p in state.players),
            scores=tuple(p.score for p in state.players),
            over=state.over,
            winners=state.winner_names(),
            turns=state.turns,
            faces=tuple(faces),
            left=tuple(p.name for p in state.players if p.left),
        )

    def to_json(self) -> str:
        body: dict[str, object] = {
            "players": self.players,
            "scores": self.scores,
            "over": self.over,
            "winners": self.winners,
            "turns": [_turn_fields(t) for t in self.turns],
            "faces": self.faces,
        }
        if self.left:  # (only then: a game nobody left is stored as before leaving was)
            body["left"] = self.left
        return json.dumps(body)

    @classmethod
    def from_json(cls, game_id: int, started: str, rules: str, text: str) -> GameRecord:
        body: dict[str, Any] = json.loads(text)
        return cls(
            id=game_id,
            started=started,
            rules=rules,
            players=tuple(body["players"]),
            scores=tuple(body["scores"]),
            over=bool(body["over"]),
            winners=tuple(body["winners"]),
            turns=tuple(TurnRecord(*fields) for fields in body["turns"]),
            faces=tuple(body["faces"]),
            left=tuple(body.get("left", ())),  # (a summary from before: nobody left)
        )

    def summary(self) -> dict[str, object]:
        """The history line of this game as plain data."""
        return {
            "id": self.id,
            "started": self.started,
            "rules": self.rules,
            "players": list(self.players),
            "scores": list(self.scores),
            "over": self.over,
            "winners": list(self.winners),
            "left": list(self.left),
        }

    @property
    def top_score(self) -> int:
        """The winners' score: a player who went home with more is not the game's best."""
        won = [s for n, s in zip(self.players, self.scores, strict=True) if n in self.winners]
        return max(won or self.scores)


def _turn_fields(turn: TurnRecord) -> list[object]:
    return [turn.player, turn.banked, turn.farkle, turn.penalty, turn.hot_dice, turn.stolen]


def face_totals(records: Iterable[GameRecord]) -> tuple[int, ...]:
    """How often each face came up over all these games, 1s first."""
    totals = [0] * 6
    for record in records:
        totals = [a + b for a, b in zip(totals, record.faces, strict=True)]
    return tuple(totals)
