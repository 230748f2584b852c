"""Shared helpers for the Terra Pyramides tests: documents, replays, random playouts."""

from __future__ import annotations

import random
from typing import Any

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.state import TerraState

GAME = "terra_pyramides"


def doc(players: list[str], moves: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {"game": GAME, "players": players, "options": options or {"version": 1}, "moves": moves}


def start(players: list[str], **options: Any) -> TerraState:
    return ENGINE.setup(ENGINE.context(doc(players, [], **options)))


def run(state: TerraState, records: list[dict[str, Any]]) -> TerraState:
    for i, record in enumerate(records):
        state = ENGINE.apply(state, ENGINE.parse_move(record, i), i)
    return state


def violations(state: TerraState, record: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(v.code, v.rule) for v in ENGINE.check(state, ENGINE.parse_move(record, 0))]


def playout(options: dict[str, Any], n_players: int, seed: int, cap: int = 5000):
    """A random legal game from legal_moves; returns (final state, move records, states)."""
    names = [f"P{i + 1}" for i in range(n_players)]
    state = start(names, **options)
    rng = random.Random(seed)
    records, states = [], [state]
    for _ in range(cap):
        if ENGINE.is_over(state):
            break
        move = rng.choice(list(ENGINE.legal_moves(state)))
        records.append(ENGINE.dump_move(move))
        state = ENGINE.next_state(state, move)
        states.append(state)
    return state, records, states
