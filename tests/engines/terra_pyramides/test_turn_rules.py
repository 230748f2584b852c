"""Placement, line, worker and refill rules (M1-M7, L3-L6, L11, C21, F3), one rule per test."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from engines.core.errors import MalformedInput
from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.state import Site
from tests.engines.terra_pyramides.helpers import (
    END_TURN,
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


@pytest.fixture
def placed():
    return run(start(["Alex", "Bodo"]), [SETUP_V1, PLACE_X1])


@pytest.fixture
def lined(placed):
    return run(placed, [LINE_X1])


def setup_state(**options):
    return run(start(["Alex", "Bodo"], **options), [SETUP_V1])


def place(**changes):
    return {**PLACE_X1, **changes}


def test_C21_setup_needs_three_foundations_in_ver1():
    bad = copy.deepcopy(SETUP_V1)
    bad["foundations"] = bad["foundations"][:2]
    assert ("setup_foundations", R + "C21") in violations(start(["A", "B"]), bad)


def test_C21_first_record_must_be_setup():
    assert violations(start(["A", "B"]), PLACE_X1) == [("setup_first", R + "C21")]


def test_F3_line_before_tile_is_out_of_order():
    assert violations(setup_state(), LINE_X1) == [("out_of_order", R + "M3.1")]


def test_M1_1_no_tile_on_a_tile():
    got = violations(
        setup_state(),
        place(
            square=[3, 4],
            stairs="left",
            facing={"square": [3, 3], "kind": "foundation"},
            foundation=None,
        ),
    )
    assert ("square_taken", R + "M1.1") in got


def test_L4_no_tile_on_a_building_site():
    got = violations(
        setup_state(),
        place(
            square=[3, 3], stairs="down", facing={"square": [5, 3], "kind": "site"}, foundation=None
        ),
    )
    assert ("square_forbidden", R + "L4") in got


def test_M1_3_stairs_must_point_at_the_faced_site():
    got = violations(setup_state(), place(stairs="down"))
    assert ("stairs_not_facing", R + "M1.3") in got


def test_M1_3_facing_kind_must_match_the_board_state():
    got = violations(
        setup_state(),
        place(
            square=[3, 2],
            stairs="right",
            facing={"square": [3, 3], "kind": "site"},
            foundation=None,
        ),
    )
    assert ("facing_mismatch", R + "M1.3") in got


def test_M1_3_A1_distant_site_along_the_stairs_only_under_preferred_reading():
    move = place(
        square=[2, 5], stairs="up", facing={"square": [0, 5], "kind": "site"}, foundation=None
    )
    assert violations(setup_state(), move) == []
    strict = setup_state(a1_stair_facing="adjacent_only")
    assert ("stairs_not_facing", R + "M1.3") in violations(strict, move)


def test_M2_1_foundation_only_on_the_directly_faced_empty_site():
    move = place(
        square=[2, 5],
        stairs="up",
        facing={"square": [0, 5], "kind": "site"},
        foundation={"square": [0, 5], "value": 2},
    )
    assert ("foundation_not_allowed", R + "M2.1") in violations(setup_state(), move)


def test_M2_1_A2_any_adjacent_site_reading():
    move = place(
        square=[2, 5],
        stairs="up",
        facing={"square": [0, 5], "kind": "site"},
        foundation={"square": [2, 6], "value": 2},
    )
    assert ("foundation_not_allowed", R + "M2.1") in violations(setup_state(), move)
    assert violations(setup_state(a2_foundation_trigger="any_adjacent_site"), move) == []


def test_M2_4_empty_foundation_stack():
    state = replace(setup_state(), foundations_left=0)
    assert ("no_foundations_left", R + "M2.4") in violations(state, PLACE_X1)
    assert violations(state, place(foundation=None)) == []  # G15: nothing to place


def test_L5_one_foundation_per_turn_is_one_field():
    with pytest.raises(MalformedInput):
        ENGINE.parse_move(place(foundation=[PLACE_X1["foundation"], PLACE_X1["foundation"]]), 0)


def test_L6_no_hand_tile_no_placement():
    state = setup_state()
    state = replace(state, hands=(None, state.hands[1]))
    assert violations(state, PLACE_X1) == [("no_hand_tile", R + "L6")]


def test_M3_1_line_must_contain_the_placed_tile(placed):
    line = {**LINE_X1, "squares": LINE_X1["squares"][1:]}
    assert violations(placed, line) == [("line_misses_tile", R + "M3.1")]


def test_M3_1_line_must_be_straight(placed):
    line = {**LINE_X1, "axis": "horizontal"}
    assert violations(placed, line) == [("line_not_straight", R + "M3.1")]


def test_M3_2_building_sites_cut_the_line(placed):
    line = {**LINE_X1, "squares": [{"square": [1, 4], "kind": "empty"}, *LINE_X1["squares"]]}
    assert ("line_crosses_site", R + "M3.2") in violations(placed, line)


def test_M3_3_recorded_square_must_match_what_lies_there(placed):
    line = copy.deepcopy(LINE_X1)
    line["squares"][1]["kind"] = "empty"
    assert ("line_square_mismatch", R + "M3.3") in violations(placed, line)


def test_M3_4_at_most_max_tiles():
    state = run(start(["A", "B"], max_tile_line=2), [SETUP_V1, PLACE_X1])
    assert ("line_too_long", R + "M3.4") in violations(state, LINE_X1)


def test_M3_5_A3_whole_run_versus_sub_segment():
    short = {**LINE_X1, "squares": LINE_X1["squares"][:2]}
    state = run(start(["A", "B"]), [SETUP_V1, PLACE_X1])
    assert ("line_cut_short", R + "M3.5") in violations(state, short)
    loose = run(start(["A", "B"], a3_line_extent="sub_segment"), [SETUP_V1, PLACE_X1])
    assert violations(loose, short) == []


def test_M5_R1_oasis_square_gives_a_coin_in_ver1():
    state = run(
        setup_state(),
        [
            place(
                square=[2, 5],
                stairs="up",
                facing={"square": [0, 5], "kind": "site"},
                foundation=None,
            )
        ],
    )
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [{"square": [2, 5], "kind": "tile"}, {"square": [2, 6], "kind": "oasis"}],
    }
    state = run(state, [line])
    assert state.players[0].coins == 1
    assert state.kinds[(2, 6)] == "oasis"  # learnt: a later tile there breaks L4


def test_M4_workers_placed_on_each_worker_symbol(lined):
    assert sorted(lined.pending) == [(2, 4), (4, 4)]
    assert lined.players[0].stock == 13


def test_M6_1_only_placed_workers_move(lined):
    move = {"type": "move_worker", "origin": [3, 4], "target": [3, 3]}
    assert violations(lined, move) == [("no_worker_there", R + "M6.1")]


def test_M6_1_straight_lines_only(lined):
    move = {"type": "move_worker", "origin": [2, 4], "target": [5, 3]}
    assert ("not_straight", R + "M6.1") in violations(lined, move)


def test_M6_2_destination_must_be_a_foundation(lined):
    move = {"type": "move_worker", "origin": [2, 4], "target": [2, 6]}
    assert ("not_a_foundation", R + "M6.2") in violations(lined, move)


def test_M6_3_workers_cross_tiles_but_not_foundations():
    setup = copy.deepcopy(SETUP_V1)
    setup["foundations"][2] = {"square": [2, 2], "value": 4}
    state = run(start(["A", "B"]), [setup, PLACE_X1, LINE_X1])
    over_tiles = {"type": "move_worker", "origin": [2, 4], "target": [5, 4]}
    assert violations(state, over_tiles) == []
    over_site = {"type": "move_worker", "origin": [4, 4], "target": [2, 2]}
    assert ("path_blocked", R + "M6.3") in violations(state, over_site)


def test_M6_4_L3_three_workers_per_site(lined):
    full = lined.with_site((3, 3), Site(value=3, owner=0, workers=3))
    assert ("site_full", R + "L3") in violations(full, MOVES_X2[0])


def test_L3_never_share_a_site_with_another_player(lined):
    taken = lined.with_site((3, 3), Site(value=3, owner=1, workers=1))
    assert ("site_taken", R + "L3") in violations(taken, MOVES_X2[0])


def test_M6_5_L11_A4_only_the_game_first_turn_under_the_other_reading():
    state = run(
        start(["A", "B"], a4_first_turn="game_first_turn_only"),
        [SETUP_V1, PLACE_X1, LINE_X1, MOVES_X2[0]],
    )
    assert violations(state, {"type": "move_worker", "origin": [4, 4], "target": [5, 4]}) != []
    later = replace(state, turn=2)
    assert violations(later, {"type": "move_worker", "origin": [4, 4], "target": [5, 4]}) == []


def test_M6_6_unmovable_worker_returns_to_stock(lined):
    state = run(lined, [{"type": "return_worker", "square": [2, 4]}])
    assert state.players[0].stock == 14 and state.pending == ((4, 4),)


def test_M7_1_refill_before_ending_the_turn(lined):
    state = run(lined, MOVES_X2)
    assert violations(state, {"type": "end_turn"}) == [("refill_missing", R + "M7.1")]


def test_M7_3_searching_a_stack_costs_one_coin(lined):
    state = run(lined, MOVES_X2).with_player(0, coins=0)
    assert violations(state, {"type": "refill", "stack": 6, "search": True}) == [
        ("not_enough_coins", R + "M7.3")
    ]
    paid = run(lined, [*MOVES_X2, {"type": "refill", "stack": 6, "search": True}])
    assert paid.players[0].coins == 1


def test_M7_2_no_draw_from_an_empty_stack(lined):
    state = run(lined, MOVES_X2)
    state = replace(state, stacks=(0,) * 8)
    assert violations(state, {"type": "refill", "stack": 3}) == [("stack_empty", R + "M7.2")]


def test_M11_A22_returning_workers_only_in_own_turn():
    state = first_turn()
    assert state.seat == 1
    move = {"type": "return_worker", "square": [3, 3], "player": 0}
    assert violations(state, move) == [("not_your_turn", R + "M11")]
    loose = first_turn(a22_return_workers="any_time")
    after = run(loose, [move])
    assert after.sites[(3, 3)].workers == 1 and after.players[0].stock == 14


def test_L1_at_most_four_coins_at_end_of_turn(lined):
    state = run(lined, [*MOVES_X2, END_TURN[0]]).with_player(0, coins=5)
    assert violations(state, {"type": "end_turn"}) == [("coin_cap", R + "L1")]


def test_L2_at_most_seven_blocks_at_end_of_turn(lined):
    state = run(lined, [*MOVES_X2, END_TURN[0]]).with_player(0, blocks={"red": 8})
    assert violations(state, {"type": "end_turn"}) == [("block_cap", R + "L2")]
    fixed = run(state, [{"type": "convert", "payment": {"red": 2}}])
    assert violations(fixed, {"type": "end_turn"}) == []
