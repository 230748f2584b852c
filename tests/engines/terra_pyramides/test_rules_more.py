"""Rules the other test files did not cite by name: flow (F), placement details (M1, M2),
line resolution (M4, R), refill (M7), building (M8), the end (E), scoring (S, T3) and the
Ver2/Ver3/variant set-ups (VH, VN, VO, VS, VC). One rule per test, named after it (see
test_rule_coverage.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.options import STRATEGY_CARDS
from engines.terra_pyramides.rules_setup import draw, holder
from engines.terra_pyramides.scoring import pyramid_value
from engines.terra_pyramides.state import Site
from tests.engines.terra_pyramides.helpers import (
    END_TURN,
    LINE_X1,
    MOVES_X2,
    PLACE_X1,
    SETUP_V1,
    first_turn,
    playout,
    run,
    start,
    violations,
)

R = "terra_pyramides:"
EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "terra_pyramides" / "examples"


def score(entries, **options):
    doc = {
        "game": "terra_pyramides",
        "players": [f"P{i + 1}" for i in range(len(entries))],
        "options": options or {"version": 1},
        "sheet": {"players": entries},
    }
    return ENGINE.score_sheet(doc)


def lined(version: int = 1, **options):
    line = dict(LINE_X1, coin_symbols=0) if version >= 2 else LINE_X1
    return run(start(["Alex", "Bodo"], version=version, **options), [SETUP_V1, PLACE_X1, line])


def acting():
    """Alex after his line and moves, 3 workers on the value-3 foundation, blocks to build."""
    state = run(lined(), MOVES_X2)
    state = state.with_site((3, 3), Site(value=3, owner=0, workers=3))
    return state.with_player(0, stock=12, blocks={"red": 4, "white": 1}, coins=4)


# ---- flow --------------------------------------------------------------------------------
def test_F1_the_start_player_listed_first_places_the_first_tile():
    state = run(start(["Alex", "Bodo"]), [SETUP_V1])
    assert state.seat == 0 and state.phase == "place"


def test_F2_turns_pass_clockwise_to_the_left_neighbour():
    state = first_turn()
    assert state.seat == 1 and state.phase == "place"


def test_F5_there_is_no_passing_a_turn_places_a_tile():
    state = run(start(["Alex", "Bodo"]), [SETUP_V1])
    assert violations(state, {"type": "end_turn"})[0][0] == "out_of_order"


@pytest.mark.parametrize(("n", "turns"), [(2, 14), (3, 12), (4, 9)])
def test_F6_E4_every_player_takes_the_same_number_of_turns(n, turns):
    end, _, _ = playout({"version": 1}, n, seed=n)
    assert end.phase == "over" and end.turns_taken == (turns,) * n


def test_E1_a_stack_leaves_the_game_at_its_threshold():
    assert draw((5,) * 8, 0, 1) == ((4,) + (5,) * 7, 0)
    assert draw((2,) + (5,) * 7, 0, 1) == ((0,) + (5,) * 7, 1)  # the last tile leaves unseen


def test_E6_final_scoring_follows_the_last_turn():
    doc = json.loads((EXAMPLES / "v3-4p-log.json").read_text(encoding="utf-8"))
    report = ENGINE.replay(doc)
    assert report.game_over and report.outcome is not None
    assert [c.key for c in report.outcome.categories][0] == "horus_track"


# ---- placement ---------------------------------------------------------------------------
def test_M1_2_a_tile_needs_no_neighbouring_tile():
    state = run(start(["Alex", "Bodo"]), [SETUP_V1])
    lonely = {
        **PLACE_X1,
        "square": [2, 5],
        "facing": {"square": [0, 5], "kind": "site"},
        "foundation": None,
    }
    assert all((2 + dr, 5 + dc) not in state.tiles for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
    assert violations(state, lonely) == []


def test_M1_4_no_tile_on_a_ver3_nile_square():
    state = run(start(["Alex", "Bodo"], version=3), [SETUP_V1])
    state = replace(state, kinds={**state.kinds, (2, 4): "nile"})
    assert violations(state, PLACE_X1) == [("square_forbidden", R + "L4")]
    assert violations(run(start(["Alex", "Bodo"], version=3), [SETUP_V1]), PLACE_X1) == []


def test_M1_5_the_symbol_variant_restricts_the_square():
    state = run(start(["A", "B"], symbol_variant=True), [SETUP_V1])
    assert violations(state, {**PLACE_X1, "square_symbol": "sphinx"}) == [
        ("symbol_mismatch", R + "VS2")
    ]


def test_M2_2_one_tile_and_so_at_most_one_foundation_per_turn():
    state = run(start(["Alex", "Bodo"]), [SETUP_V1, PLACE_X1])
    again = {**PLACE_X1, "square": [2, 5], "facing": {"square": [0, 5], "kind": "site"}}
    assert violations(state, again)[0][0] == "out_of_order"


def test_M2_3_the_new_foundation_is_a_destination_this_turn_and_blocks_lines():
    state = lined()
    assert violations(state, {"type": "move_worker", "origin": [2, 4], "target": [1, 4]}) == []
    through = {
        "type": "choose_line",
        "axis": "vertical",
        "squares": [{"square": [1, 4], "kind": "tile"}, *LINE_X1["squares"]],
    }
    placed = run(start(["Alex", "Bodo"]), [SETUP_V1, PLACE_X1])
    assert ("line_crosses_site", R + "M3.2") in violations(placed, through)


# ---- line resolution ---------------------------------------------------------------------
def test_M4_1_R3_every_tile_of_the_line_gives_its_workers_and_blocks():
    state = lined()
    assert sorted(state.pending) == [(2, 4), (4, 4)]  # both worker symbols of the line
    assert dict(state.players[0].blocks) == {"blue": 1}  # R3: into the colour's storage


def test_M4_2_one_piece_per_pictured_icon():
    two = {**PLACE_X1, "tile": {"workers": 2, "blocks": ["red", "red"]}}
    line = {
        "type": "choose_line",
        "axis": "vertical",
        "squares": [{"square": [2, 4], "kind": "tile"}],
    }
    state = run(start(["Alex", "Bodo"]), [SETUP_V1, two, {**line, "axis": "horizontal"}])
    assert state.pending == ((2, 4), (2, 4)) and dict(state.players[0].blocks) == {"red": 2}


def test_M4_3_a_stock_short_of_workers_places_what_it_has_and_notes_it():
    state = run(start(["Alex", "Bodo"]), [SETUP_V1, PLACE_X1]).with_player(0, stock=1)
    after = run(state, [LINE_X1])
    assert len(after.pending) == 1 and after.players[0].stock == 0
    assert any(u.item == "G15 worker stock empty" for u in after.unchecked)


def test_R2_in_ver1_each_horus_eye_is_a_coin():
    assert lined().players[0].coins == 2  # the eyes on (3,4) and (4,4)
    assert lined(version=2).players[0].coins == 0  # VH6: the track instead


def test_R4_the_placed_workers_are_then_moved():
    state = run(lined(), MOVES_X2)
    assert state.sites[(3, 3)].workers == 2 and state.pending == ()


def test_R5_grave_goods_resolve_with_the_same_line_in_ver2():
    state = run(start(["Alex", "Bodo"], version=2), [SETUP_V1])
    tile = {**PLACE_X1, "tile": {"workers": 1, "grave_goods": 2}}
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [{"square": [2, 4], "kind": "tile"}],
        "coin_symbols": 0,
    }
    after = run(state, [tile, line])
    assert after.players[0].grave_goods == 2 and after.pending == ((2, 4),)


# ---- refill ------------------------------------------------------------------------------
def test_M7_4_the_threshold_is_applied_after_each_refill():
    state = run(lined(), MOVES_X2)
    state = replace(state, stacks=(5, 5, 5, 5, 5, 5, 2, 5))
    after = run(state, [END_TURN[0]])
    assert after.stacks[6] == 0 and after.removed == state.removed + 1


def test_M7_5_with_no_stack_left_there_is_no_refill():
    state = replace(run(lined(), MOVES_X2), stacks=(0,) * 8)
    assert violations(state, {"type": "end_turn"}) == []


# ---- building ----------------------------------------------------------------------------
def test_M8_7_a_pyramid_is_worth_its_top_level_and_hides_its_foundation():
    assert [pyramid_value(level) for level in range(1, 6)] == [5, 10, 20, 35, 60]
    out = score([{"pyramids": [{"level": 3, "foundation_value": 4}]}, {}])
    assert out.players[0].points("pyramids") == 20 and out.players[0].points("foundations") == 0


def test_M8_8_at_most_two_level_five_pyramids_per_player():
    with pytest.raises(Exception) as err:
        score([{"pyramids": [{"level": 5}] * 3}, {}])
    assert err.value.violations[0].code == "no_top_left"


def test_M8_9_after_building_one_worker_remains_so_a_second_build_needs_more():
    state = run(
        acting(), [{"type": "build", "square": [3, 3], "colour": "red", "payment": {"red": 1}}]
    )
    assert state.sites[(3, 3)].workers == 1
    again = {"type": "build", "square": [3, 3], "payment": {"red": 2}}
    assert violations(state, again) == [("build_needs_three", R + "M8.1")]


# ---- scoring -----------------------------------------------------------------------------
def test_S5_points_past_100_are_plain_numbers():
    out = score([{"horus_track": 150, "coins": 1}, {}], version=2)
    assert out.players[0].total == 151


def test_S6_ver1_total_is_foundations_pyramids_and_leftovers():
    out = score([{"foundations": [3], "pyramids": [{"level": 2}], "blocks": 2, "coins": 1}, {}])
    assert out.players[0].total == 3 + 10 + 2 + 1
    assert {k for k, v in out.players[0].breakdown if v} == {
        "foundations",
        "pyramids",
        "blocks",
        "coins",
    }


def test_S7_ver2_horus_track_points_count_and_do_not_exist_in_ver1():
    assert score([{"horus_track": 12}, {}], version=2).players[0].points("horus_track") == 12
    with pytest.raises(Exception) as err:
        score([{"horus_track": 12}, {}], version=1)
    assert err.value.violations[0].code == "needs_version_2"


def test_S13_VN15_ver3_total_adds_every_category():
    out = score(
        [
            {
                "foundations": [3],
                "pyramids": [{"level": 2}],
                "horus_track": 9,
                "grave_goods": 2,
                "oasis_track": 2,
                "palms": 1,
                "boat": {"space": 4, "arrival": 1},
                "coins": 1,
            },
            {"grave_goods": 1},
        ],
        version=3,
    )
    row = dict(out.players[0].breakdown)
    assert out.players[0].total == sum(row.values())
    assert row["oasis"] == 2 * 2 and row["nile"] == 2 * 1
    assert row["strategy_cards"] == 6 * 10  # P1 leads all six cards, owning none


def test_S14_the_replay_scores_the_same_snapshot_as_the_sheet():
    log = json.loads((EXAMPLES / "v3-4p-log.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "v3-4p-sheet.json").read_text(encoding="utf-8"))
    replayed = ENGINE.replay(log).outcome
    scored = ENGINE.score_sheet(sheet)
    assert [p.total for p in replayed.players] == [p.total for p in scored.players]


def test_T3_VC1_a_mission_succeeds_or_fails_for_everyone_together():
    doc = {
        "game": "terra_pyramides",
        "players": ["Ann", "Ben"],
        "options": {"mission": 2},
        "sheet": {"players": [{"foundations": [9], "coins": 4}]},
    }
    out = ENGINE.score_sheet(doc)
    assert any("mission 2 (failure)" in n for n in out.notes)
    assert [p.rank for p in out.players] == [1, 1] and out.players[0].total == out.players[1].total


def test_VC6_several_humans_share_one_colour_and_take_turns_in_seat_order():
    state = run(start(["Ann", "Ben"], mission=1), [SETUP_V1, PLACE_X1, LINE_X1, *MOVES_X2])
    state = run(state, END_TURN)
    assert state.seat == 1 and len(state.players) == 1 and state.colour(1) == 0


# ---- Ver2 --------------------------------------------------------------------------------
def test_VH1_VN1_the_base_rules_still_apply_in_ver2_and_ver3():
    for version in (2, 3):
        state = run(start(["Alex", "Bodo"], version=version), [SETUP_V1, PLACE_X1])
        assert violations(state, {**PLACE_X1})[0][0] == "out_of_order"
        assert ("line_crosses_site", R + "M3.2") in violations(
            state,
            {
                "type": "choose_line",
                "axis": "vertical",
                "squares": [{"square": [1, 4], "kind": "tile"}, *LINE_X1["squares"]],
            },
        )


def test_VH2_VH3_ver2_deals_56_tiles_into_8_stacks_of_7():
    assert start(["A", "B"], version=2).stacks == (7,) * 8
    assert start(["A", "B"]).stacks == (5,) * 8


def test_VH4_ver2_ignores_the_boat_money_use():
    state = run(lined(version=2), MOVES_X2).with_player(0, coins=4)
    assert violations(state, {"type": "move_boat"}) == [("needs_version_3", R + "VN5")]


def test_VH5_a_second_score_marker_takes_one_more_piece():
    assert start(["A", "B", "C"], version=1).players[0].reserve == 16 - 13 - 1
    assert start(["A", "B", "C"], version=2).players[0].reserve == 16 - 13 - 2
    assert start(["A", "B"], version=2).players[0].reserve == 0  # G10: 15 + 2 > 16


def test_VH12_oasis_squares_still_give_a_coin_in_ver2():
    state = run(start(["Alex", "Bodo"], version=2), [SETUP_V1])
    tile = {**PLACE_X1, "square": [2, 5], "tile": {}, "facing": {"square": [0, 5], "kind": "site"}}
    tile["foundation"] = None
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [{"square": [2, 5], "kind": "tile"}, {"square": [2, 6], "kind": "oasis"}],
    }
    assert run(state, [tile, line]).players[0].coins == 1


def test_VH14_ver2_total_is_horus_foundations_pyramids_grave_goods_leftovers():
    out = score(
        [{"horus_track": 5, "foundations": [2], "grave_goods": 3, "coins": 1}, {"grave_goods": 1}],
        version=2,
    )
    assert out.players[0].total == 5 + 2 + (3 + 2) + 1


# ---- Ver3 --------------------------------------------------------------------------------
def test_VN2_VN8_ver3_lays_out_the_six_strategy_cards():
    state = start(["A", "B"], version=3)
    assert state.display == STRATEGY_CARDS and len(STRATEGY_CARDS) == 6
    assert start(["A", "B"], version=2).display == ()


def test_VN3_ver3_plays_on_the_nile_side_of_the_board():
    board = json.loads((Path(__file__).parent / "fixtures" / "made_up_test_board.json").read_text())
    assert set(board["values"]["boards"]) == {"standard", "nile"}
    doc = {"game": "terra_pyramides", "players": ["A", "B"], "moves": [], "edition": board}
    for version, side in ((1, "standard"), (2, "standard"), (3, "nile")):
        state = ENGINE.setup(ENGINE.context({**doc, "options": {"version": version}}))
        assert state.board.name == side


def test_VN4_every_boat_starts_on_the_first_nile_space():
    state = start(["A", "B", "C"], version=3)
    assert [p.boat for p in state.players] == [0, 0, 0]


def test_VN6_ver3_deals_64_tiles_into_8_stacks_of_8():
    assert start(["A", "B"], version=3).stacks == (8,) * 8


# ---- variants ----------------------------------------------------------------------------
def test_VO2_VO3_the_open_stacks_are_named_at_setup_and_any_stack_may_be_drawn():
    state = run(start(["A", "B"], open_stacks=True), [{**SETUP_V1, "open_stacks": [1, 3, 5, 7]}])
    assert state.open_stacks == (1, 3, 5, 7)
    state = run(state, [PLACE_X1, LINE_X1, *MOVES_X2])
    for stack in (1, 6):  # a face-up and a face-down stack
        assert violations(state, {"type": "refill", "stack": stack}) == []


def test_VS1_stacks_0_to_3_are_the_sphinx_holder_4_to_7_the_scarab_holder():
    assert [holder(s) for s in range(8)] == ["sphinx"] * 4 + ["scarab"] * 4


def test_VS3_VS5_the_hand_tiles_holder_follows_the_stack_it_came_from():
    state = run(start(["A", "B"], symbol_variant=True), [{**SETUP_V1, "hand_stacks": [0, 5]}])
    assert state.hands == (0, 5)
    assert violations(state, {**PLACE_X1, "square_symbol": "sphinx"}) == []
    assert violations(state, {**PLACE_X1, "square_symbol": "scarab"}) == [
        ("symbol_mismatch", R + "VS2")
    ]
