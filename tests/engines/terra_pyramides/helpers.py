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


# A hand-recorded Ver1 layout (no map): the judge's facts only. See vectors/X1_*.json.
SETUP_V1: dict[str, Any] = {
    "type": "setup",
    "start_tiles": [
        {"square": [3, 4], "tile": {"eyes": 1}, "stairs": "left", "stack": 0},
        {
            "square": [4, 4],
            "tile": {"workers": 1, "blocks": ["blue"], "eyes": 1},
            "stairs": "down",
            "stack": 1,
        },
        {"square": [6, 6], "tile": {"blocks": ["red"]}, "stairs": "right", "stack": 2},
        {"square": [7, 7], "tile": {"workers": 1}, "stairs": "down", "stack": 3},
    ],
    "foundations": [
        {"square": [3, 3], "value": 3},
        {"square": [5, 4], "value": 2},
        {"square": [6, 7], "value": 4},
    ],
    "hand_stacks": [4, 5],
}
PLACE_X1: dict[str, Any] = {
    "type": "place_tile",
    "square": [2, 4],
    "tile": {"workers": 1},
    "stairs": "up",
    "facing": {"square": [1, 4], "kind": "site"},
    "foundation": {"square": [1, 4], "value": 1},
}
LINE_X1: dict[str, Any] = {
    "type": "choose_line",
    "axis": "vertical",
    "squares": [
        {"square": [2, 4], "kind": "tile"},
        {"square": [3, 4], "kind": "tile"},
        {"square": [4, 4], "kind": "tile"},
    ],
}
MOVES_X2 = [
    {"type": "move_worker", "origin": [2, 4], "target": [3, 3]},
    {"type": "move_worker", "origin": [4, 4], "target": [3, 3]},
]
END_TURN = [{"type": "refill", "stack": 6}, {"type": "end_turn"}]


def first_turn(version: int = 1, **options: Any) -> TerraState:
    """Alex's first turn of the X1/X2 layout, played through to the end of the turn."""
    line = dict(LINE_X1, coin_symbols=0) if version >= 2 else LINE_X1
    return run(
        start(["Alex", "Bodo"], version=version, **options),
        [SETUP_V1, PLACE_X1, line, *MOVES_X2, *END_TURN],
    )


def with_player(state: TerraState, colour: int = 0, **changes: Any) -> TerraState:
    """A test shortcut: give a player resources directly (not a game move)."""
    return state.with_player(colour, **changes)
