"""A toy engine for framework-only behaviour, kept out of the global registry.

"Count to ten": players take turns adding 1-3 to a shared counter; each player scores the
sum they added; the game ends when the counter reaches the target. Small enough that every
framework path (checks, folds, ranks, sheets, schemas) is visible in one screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

import pytest
from pydantic import Field, TypeAdapter

from engines.core.engine import EngineMeta, GameContext, GameEngine, Scored
from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Category, Tiebreak, Unchecked, Violation


class ToyOptions(Model):
    target: int = Field(10, ge=1)


class Add(Model):
    type: Literal["add"]
    n: int = Field(ge=1, le=9)


class Skip(Model):
    type: Literal["skip"]


ToyMove = Annotated[Add | Skip, Field(discriminator="type")]


class ToySheet(Model):
    points: list[int | None]
    bonus: list[int] = Field(default_factory=list)


@dataclass(frozen=True)
class ToyState:
    ctx: GameContext
    total: int
    turn: int
    points: tuple[int, ...]


class ToyEngine(GameEngine):
    meta = EngineMeta(
        key="toy",
        name_en="Toy",
        name_ja="トイ",
        min_players=2,
        max_players=3,
        version="0.1",
        rules_reference="tests",
        presets={"standard": {}, "short": {"target": 4}},
    )
    options_model = ToyOptions
    sheet_model = ToySheet
    move_adapter = TypeAdapter(ToyMove)
    categories = (
        Category("added", "Added", "加算", "toy:S1"),
        Category("bonus", "Bonus", "ボーナス"),
    )
    tiebreaks = (Tiebreak("seat", "Later seat", "後手"),)
    messages_ja = {"toy.too_big": "{n}は大きすぎます"}

    def setup(self, ctx):
        return ToyState(ctx, 0, 0, (0,) * ctx.n_players)

    def check(self, state, move):
        if isinstance(move, Skip):
            return [Violation("toy.no_skip", "toy:M2", "skipping is never allowed")]
        if move.n > 3:
            return [Violation("toy.too_big", "toy:L1", "add at most 3, not {n}", {"n": move.n})]
        return []

    def next_state(self, state, move):
        points = list(state.points)
        points[state.turn] += move.n
        return ToyState(
            state.ctx, state.total + move.n, (state.turn + 1) % len(points), tuple(points)
        )

    def legal_moves(self, state):
        for n in (1, 2, 3):
            yield Add(type="add", n=n)

    def is_over(self, state):
        return state.total >= state.ctx.options.target

    def score_state(self, state):
        return Scored(
            breakdown=[{"added": p, "bonus": 0} for p in state.points],
            tiebreak=[[seat] for seat in range(len(state.points))],
        )

    def score_sheet_model(self, ctx, sheet):
        if len(sheet.points) != ctx.n_players:
            raise IllegalMove(
                [
                    Violation(
                        "toy.sheet_size", "toy:S1", "one entry per player", path="$.sheet.points"
                    )
                ]
            )
        bonus = sheet.bonus or [0] * ctx.n_players
        unchecked = [
            Unchecked(f"seat {i + 1}", "not recorded")
            for i, p in enumerate(sheet.points)
            if p is None
        ]
        return Scored(
            breakdown=[{"added": p, "bonus": b} for p, b in zip(sheet.points, bonus, strict=True)],
            tiebreak=[[0] for _ in sheet.points],
            unchecked=unchecked,
        )


@pytest.fixture
def toy() -> ToyEngine:
    return ToyEngine()


def log(*moves, players=("ann", "bob"), **extra):
    return {"game": "toy", "players": list(players), "moves": list(moves), **extra}


def add(n):
    return {"type": "add", "n": n}
