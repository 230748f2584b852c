"""Ver2 (VH), Ver3 (VN), symbol (VS), open-stacks (VO) and mission (VC) rules; the end (E)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from engines.core.errors import SetupError
from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.rules_setup import draw
from engines.terra_pyramides.state import Site
from tests.engines.terra_pyramides.helpers import (
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
BODO_PLACE = {
    "type": "place_tile",
    "square": [6, 8],
    "tile": {"grave_goods": 1, "blocks": ["grey"]},
    "stairs": "left",
    "facing": {"square": [6, 7], "kind": "foundation"},
}
BODO_LINE = {
    "type": "choose_line",
    "axis": "horizontal",
    "squares": [{"square": [6, 8], "kind": "tile"}],
}


def with_edition(values, players=("Alex", "Bodo"), **options):
    env = {
        "game": "terra_pyramides",
        "players": list(players),
        "options": options,
        "moves": [],
        "edition": {"base": "default", "name": "test-fixture", "values": values},
    }
    return ENGINE.setup(ENGINE.context(env))


# ---- Ver2 ---------------------------------------------------------------------------------
def test_VH6_eyes_move_the_score_marker_not_coins():
    state = first_turn(version=2)
    assert (state.players[0].horus, state.players[0].coins) == (2, 0)


def test_VH7_coin_symbols_must_be_recorded_without_a_track_map():
    state = run(start(["A", "B"], version=2), [SETUP_V1, PLACE_X1])
    assert violations(state, LINE_X1) == [("coin_symbols_unrecorded", R + "VH7")]


def test_VH7_edition_coin_symbols_pay_two_coins_each():
    state = run(
        with_edition({"horus_track": {"coin_spaces": [1, 2, 10]}}, version=2), [SETUP_V1, PLACE_X1]
    )
    assert violations(state, {**LINE_X1, "coin_symbols": 1}) == [
        ("coin_symbols_mismatch", R + "VH7")
    ]
    after = run(state, [LINE_X1])
    assert (after.players[0].symbols, after.players[0].coins) == (2, 4)


def test_VH8_VH9_A14_grave_good_tile_gives_a_white_block():
    state = run(first_turn(version=2), [BODO_PLACE, BODO_LINE])
    assert state.players[1].grave_goods == 1 and dict(state.players[1].blocks) == {"white": 1}
    choice = run(
        first_turn(version=2, a14_grave_good_block="player_choice"), [BODO_PLACE, BODO_LINE]
    )
    assert dict(choice.players[1].blocks) == {"grey": 1}
    line = copy.deepcopy(BODO_LINE)
    line["squares"][0]["take_white"] = True
    took = run(first_turn(version=2, a14_grave_good_block="player_choice"), [BODO_PLACE, line])
    assert dict(took.players[1].blocks) == {"white": 1}


def test_VH10_one_coin_buys_a_grave_good():
    state = run(first_turn(version=2), [BODO_PLACE, BODO_LINE])
    assert violations(state, {"type": "buy_grave_good"}) == [("not_enough_coins", R + "VH10")]
    rich = state.with_player(1, coins=1)
    assert run(rich, [{"type": "buy_grave_good"}]).players[1].grave_goods == 2
    v1 = first_turn(version=1).with_player(1, coins=3)
    assert violations(replace(v1, phase="act"), {"type": "buy_grave_good"}) == [
        ("needs_version_2", R + "VH10")
    ]


def test_VH11_surround_bonus_needs_an_occupied_site_and_happens_once():
    state = run(first_turn(version=2), [BODO_PLACE])
    empty = {"type": "surround_bonus", "site": [5, 4], "eyes": 1, "coin_symbols": 0}
    assert violations(state, empty) == [("surround_no_owner", R + "VH11")]
    bonus = {"type": "surround_bonus", "site": [3, 3], "eyes": 3, "coins": 1, "coin_symbols": 0}
    after = run(state, [bonus])
    assert (after.players[0].horus, after.players[0].coins) == (5, 1)
    assert violations(after, bonus) == [("surround_twice", R + "VH11")]
    assert any(u.item.startswith("VH11") for u in after.unchecked)


def test_VN9_A15_grave_goods_in_surround_only_from_ver3_by_default():
    state = run(first_turn(version=2), [BODO_PLACE])
    bonus = {"type": "surround_bonus", "site": [3, 3], "grave_goods": 2}
    assert violations(state, bonus) == [("surround_v3_only", R + "VN9")]
    loose = run(first_turn(version=2, a15_surround_grave_goods_in_v2=True), [BODO_PLACE])
    assert violations(loose, bonus) == []


# ---- Ver3 ---------------------------------------------------------------------------------
V3_SETUP = copy.deepcopy(SETUP_V1)
V3_SETUP["foundations"].append({"square": [0, 9], "value": 2})


def v3_placed(**options):
    return run(start(["Alex", "Bodo"], version=3, **options), [V3_SETUP, PLACE_X1])


def test_VN11_nile_squares_only_on_the_ver3_side():
    state = run(start(["A", "B"], version=2), [SETUP_V1, PLACE_X1])
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [{"square": [2, 4], "kind": "tile"}, {"square": [2, 5], "kind": "nile"}],
    }
    assert ("nile_before_v3", R + "VN11") in violations(state, line)


def test_VN12_each_nile_square_moves_the_boat():
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [
            {"square": [2, 4], "kind": "tile"},
            {"square": [2, 5], "kind": "nile"},
            {"square": [2, 6], "kind": "nile"},
        ],
        "palms_reached": 1,
    }
    after = run(v3_placed(), [line])
    assert (after.players[0].boat, after.players[0].palms, after.players[0].boat_arrival) == (
        2,
        1,
        1,
    )


def test_VN10_A16_oasis_moves_the_oasis_track_and_gives_its_item():
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "coin_symbols": 0,
        "squares": [
            {"square": [2, 4], "kind": "tile"},
            {"square": [2, 5], "kind": "oasis", "oasis_item": {"coins": 1, "eyes": 1}},
        ],
    }
    after = run(v3_placed(), [line])
    assert (after.players[0].oasis, after.players[0].coins, after.players[0].horus) == (1, 2, 1)
    replaced = run(v3_placed(a16_oasis_item_replaces_coin=True), [line])
    assert replaced.players[0].coins == 1


def test_VN5_L12_boat_moves_cost_two_and_stop_at_the_goal():
    state = run(
        with_edition({"nile_track": {"goal_space": 1, "palm_spaces": [1]}}, version=3), [V3_SETUP]
    )
    state = state.with_player(0, coins=4)
    after = run(state, [{"type": "move_boat"}])
    assert (after.players[0].boat, after.players[0].coins, after.players[0].palms) == (1, 2, 1)
    assert violations(after, {"type": "move_boat"}) == [("boat_at_goal", R + "L12")]
    assert violations(state, {"type": "move_boat", "palms_reached": 0})[0][0] == "palms_mismatch"


def test_VN13_strategy_card_costs_the_coin_symbols_reached():
    state = run(start(["A", "B"], version=3), [V3_SETUP]).with_player(
        0, horus=5, symbols=1, coins=0
    )
    assert violations(state, {"type": "buy_card", "card": "nile"}) == [
        ("not_enough_coins", R + "VN13")
    ]
    after = run(state.with_player(0, coins=1), [{"type": "buy_card", "card": "nile"}])
    assert after.players[0].cards == ("nile",) and "nile" not in after.display
    assert violations(
        after.with_player(1, horus=9, coins=4), {"type": "buy_card", "card": "nile"}
    ) == [("card_gone", R + "VN13")]


# ---- variants -------------------------------------------------------------------------------
def test_VS2_VS4_symbol_variant_square_and_paid_exception():
    state = run(start(["A", "B"], symbol_variant=True), [SETUP_V1])
    # Alex's hand came from stack 4: the scarab holder (VS1)
    assert violations(state, {**PLACE_X1, "square_symbol": "sphinx"}) == [
        ("symbol_mismatch", R + "VS2")
    ]
    assert violations(state, {**PLACE_X1, "square_symbol": "scarab"}) == []
    assert violations(state, {**PLACE_X1, "ignore_symbol": True}) == [
        ("not_enough_coins", R + "VS4")
    ]
    paid = run(
        state.with_player(0, coins=1),
        [{**PLACE_X1, "square_symbol": "sphinx", "ignore_symbol": True}],
    )
    assert paid.players[0].coins == 0


def test_VO1_open_stacks_variant_turns_four_stacks_up():
    state = start(["A", "B"], open_stacks=True)
    assert ("setup_open_stacks", R + "VO1") in violations(state, SETUP_V1)
    after = run(state, [{**SETUP_V1, "open_stacks": [0, 2, 4, 6]}])
    assert after.open_stacks == (0, 2, 4, 6)
    assert ("setup_open_stacks", R + "VO1") in violations(
        start(["A", "B"]), {**SETUP_V1, "open_stacks": [0, 1, 2, 3]}
    )


def test_VC2_missions_use_version_1_and_twelve_shared_workers():
    with pytest.raises(SetupError):
        start(["Solo"], version=2, mission=1)
    with pytest.raises(SetupError):
        start(["Solo"])  # a competitive game needs 2-4 players
    state = run(start(["Ann", "Ben"], mission=1), [SETUP_V1])
    assert len(state.players) == 1 and state.players[0].stock == 12
    assert state.colour(1) == 0


def test_VC5_mission_3_level_four_keeps_no_worker_and_stops():
    state = run(
        start(["Solo"], mission=3), [{**SETUP_V1, "hand_stacks": [4]}, PLACE_X1, LINE_X1, *MOVES_X2]
    )
    state = state.with_site((3, 3), Site(value=3, level=3, colour="red", owner=0, workers=3))
    state = state.with_player(0, blocks={"red": 5})
    after = run(state, [{"type": "build", "square": [3, 3], "payment": {"red": 4}}])
    site = after.sites[(3, 3)]
    assert (site.level, site.workers, site.owner, site.builder) == (4, 0, None, 0)
    done = after.with_site((3, 3), replace(site, owner=0, workers=3))
    assert violations(done, {"type": "build", "square": [3, 3], "payment": {"red": 5}}) == [
        ("pyramid_complete", R + "VC5")
    ]


def test_VC3_VC4_mission_results_from_a_sheet():
    sheet = {
        "game": "terra_pyramides",
        "players": ["Solo"],
        "options": {"mission": 1},
        "sheet": {"players": [{"built": [{"level": 5}] * 4, "pyramids": [{"level": 5}] * 4}]},
    }
    assert any("mission 1 (success)" in n for n in ENGINE.score_sheet(sheet).notes)
    sheet["sheet"]["players"][0]["built"] = [{"level": 5}] * 3
    assert any("mission 1 (failure)" in n for n in ENGINE.score_sheet(sheet).notes)


# ---- end of game --------------------------------------------------------------------------
def test_E2_stack_leaves_the_game_at_the_threshold():
    assert draw((2, 5), 0, 1) == ((0, 5), 1)
    assert draw((3, 5), 0, 1) == ((2, 5), 0)
    assert draw((1, 5), 0, 0) == ((0, 5), 0)
    state = run(start(["A", "B", "C"], version=2), [{**SETUP_V1, "hand_stacks": [4, 5, 6]}])
    assert state.stacks == (6, 6, 6, 6, 6, 6, 6, 7)  # 3 players: removal at 2 left


def test_E3_game_ends_when_the_last_tile_is_placed_and_no_move_follows():
    state, records, _ = playout({"version": 1}, 2, seed=7)
    assert state.phase == "over" and all(h is None for h in state.hands) and sum(state.stacks) == 0
    assert violations(state, {"type": "end_turn"}) == [("game_over", R + "E3")]
    report = ENGINE.replay(
        {
            "game": "terra_pyramides",
            "players": ["P1", "P2"],
            "options": {"version": 1},
            "moves": records,
        }
    )
    assert report.game_over and report.outcome is not None


def test_E5_A12_stacks_empty_reading_ends_with_tiles_in_hand():
    state, _, _ = playout({"version": 2, "a12_end_trigger": "stacks_empty"}, 3, seed=3)
    assert state.phase == "over" and sum(state.stacks) == 0
    assert any(h is not None for h in state.hands)


def test_VH13_VN14_removal_thresholds_by_version():
    for version, size, kept in ((2, 7, 5), (3, 8, 5)):
        state, _, _ = playout({"version": version}, 4, seed=1)
        assert state.removed == 8 * (size - kept)
