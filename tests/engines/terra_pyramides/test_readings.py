"""Ambiguity options not covered elsewhere: A16 tile icons, A25, G15 surround cap, VS map."""

from __future__ import annotations

import json
from pathlib import Path

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.state import evolve
from tests.engines.terra_pyramides.helpers import (
    LINE_X1,
    MOVES_X2,
    PLACE_X1,
    SETUP_V1,
    first_turn,
    run,
    start,
    violations,
)

R = "terra_pyramides:"


def test_VN10_A16_oasis_icons_on_tiles_count_under_the_tile_icons_reading():
    setup = json.loads(json.dumps(SETUP_V1))
    setup["start_tiles"][0]["tile"] = {"eyes": 1, "oases": 2}
    setup["foundations"].append({"square": [0, 9], "value": 1})
    for reading, expected in (("board_squares", 0), ("tile_icons", 2), ("both", 2)):
        state = run(
            start(["A", "B"], version=3, a16_oasis_source=reading),
            [setup, PLACE_X1, {**LINE_X1, "coin_symbols": 0}],
        )
        assert state.players[0].oasis == expected, reading


def test_M6_2_A25_literal_reading_allows_only_empty_or_new_foundations():
    state = run(
        start(["A", "B"], a25_own_foundation_destination=False), [SETUP_V1, PLACE_X1, LINE_X1]
    )
    # the same turn's workers may still join each other (the seed allows several to one site)
    state = run(state, MOVES_X2[:1])
    assert violations(state, MOVES_X2[1]) == []
    later = evolve(state, arrived=frozenset(), turn=3, turns_taken=(2, 2))
    assert violations(later, MOVES_X2[1]) == [("foundation_not_empty", R + "M6.2")]
    default = run(start(["A", "B"]), [SETUP_V1, PLACE_X1, LINE_X1, MOVES_X2[0]])
    default = evolve(default, arrived=frozenset(), turn=3, turns_taken=(2, 2))
    assert violations(default, MOVES_X2[1]) == []


def test_L1_G15_surround_coins_of_a_non_active_player():
    bodo = run(
        first_turn(version=2),
        [
            {
                "type": "place_tile",
                "square": [6, 8],
                "tile": {},
                "stairs": "left",
                "facing": {"square": [6, 7], "kind": "foundation"},
            },
            {
                "type": "choose_line",
                "axis": "horizontal",
                "squares": [{"square": [6, 8], "kind": "tile"}],
            },
            {"type": "refill", "stack": 7},
        ],
    )
    rich = bodo.with_player(0, coins=6)  # Alex received surround coins in Bodo's turn
    assert violations(rich, {"type": "end_turn"}) == []
    strict = run(
        first_turn(version=2, g15_surround_cap="current_turn"),
        [
            {
                "type": "place_tile",
                "square": [6, 8],
                "tile": {},
                "stairs": "left",
                "facing": {"square": [6, 7], "kind": "foundation"},
            },
            {
                "type": "choose_line",
                "axis": "horizontal",
                "squares": [{"square": [6, 8], "kind": "tile"}],
            },
            {"type": "refill", "stack": 7},
        ],
    ).with_player(0, coins=6)
    assert violations(strict, {"type": "end_turn"}) == [("coin_cap", R + "L1")]


def test_VS2_the_map_symbol_wins_over_the_record():
    fixture = json.loads(
        (Path(__file__).parent / "fixtures" / "made_up_test_board.json").read_text()
    )
    board = {**fixture["values"]["boards"]["standard"], "sphinx": [[2, 6]], "scarab": [[2, 5]]}
    edition = {
        "base": "default",
        "name": "made-up-symbols",
        "values": {"boards": {"standard": board}},
    }
    doc = {
        "game": "terra_pyramides",
        "players": ["A", "B"],
        "options": {"symbol_variant": True},
        "edition": edition,
        "moves": [],
    }
    setup = {
        "type": "setup",
        "start_tiles": [
            {"square": [4, 4], "tile": {}, "stairs": "left", "stack": 0},
            {"square": [5, 4], "tile": {}, "stairs": "right", "stack": 1},
            {"square": [3, 5], "tile": {}, "stairs": "right", "stack": 2},
            {"square": [6, 6], "tile": {}, "stairs": "right", "stack": 3},
        ],
        "foundations": [
            {"square": [4, 3], "value": 3},
            {"square": [5, 5], "value": 2},
            {"square": [3, 6], "value": 4},
        ],
        "hand_stacks": [4, 5],
    }
    state = run(ENGINE.setup(ENGINE.context(doc)), [setup])
    place = {
        "type": "place_tile",
        "square": [2, 6],
        "tile": {},
        "stairs": "right",
        "facing": {"square": [2, 9], "kind": "site"},
    }
    # (2, 6) shows a sphinx on the map; Alex's tile came from the scarab holder (stack 4)
    got = violations(state, {**place, "square_symbol": "scarab"})
    assert got == [("symbol_mismatch", R + "VS2")]
    assert violations(state, {**place, "square": [2, 5]}) == []
