"""Issue 18: the sheet accepts exactly what a replay of the same game could reach, the
rules accept legal play (conversion any time, a surround's oasis items), and an unknown
arrival order never decides the Nile card or a rank."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMove, MalformedInput
from engines.terra_pyramides import ENGINE
from tests.engines.terra_pyramides.helpers import (
    LINE_X1,
    PLACE_X1,
    SETUP_V1,
    first_turn,
    run,
    start,
    violations,
)
from tests.engines.terra_pyramides.test_versions_variants import BODO_PLACE

R = "terra_pyramides:"


def score(entries, **options):
    doc = {
        "game": "terra_pyramides",
        "players": [f"P{i + 1}" for i in range(len(entries))],
        "options": options or {"version": 1},
        "sheet": {"players": entries},
    }
    return ENGINE.score_sheet(doc)


def sheet_codes(entries, **options):
    with pytest.raises(IllegalMove) as err:
        score(entries, **options)
    return [(v.code, v.rule, v.path) for v in err.value.violations]


# ---- boats: a missing arrival is unknown, not "never moved" (S12) -------------------------
def test_S12_a_boat_that_moved_has_an_arrival_order_of_at_least_one():
    entries = [{"boat": {"space": 5, "arrival": 0}}, {}]
    assert sheet_codes(entries, version=3) == [
        ("boat_arrival_zero", R + "S12", "$.sheet.players[0].boat.arrival")
    ]
    assert sheet_codes([{"boat": {"space": 0, "arrival": 1}}, {}], version=3)[0][0] == (
        "boat_arrival_unmoved"
    )


def test_S12_boats_sharing_the_lead_without_arrivals_leave_the_nile_card_unknown():
    out = score([{"boat": {"space": 5}}, {"boat": {"space": 5}}, {"boat": {"space": 2}}], version=3)
    cards = [p.points("strategy_cards") for p in out.players]
    assert cards == [None, None, 0]  # one of the first two takes 10 points: nobody knows who
    assert "Nile card" in {u.item for u in out.unchecked}
    assert not out.players[0].complete and out.players[2].complete
    # The order of seats 1 and 2 (and whether either passes seat 3) depends on who takes
    # the card: nobody is ranked on the partial totals.
    assert [p.rank for p in out.players] == [1, 1, 1]


def test_S12_recorded_arrivals_decide_the_nile_card():
    out = score(
        [{"boat": {"space": 5, "arrival": 2}}, {"boat": {"space": 5, "arrival": 1}}], version=3
    )
    assert [p.points("strategy_cards") for p in out.players] == [0, 10]
    assert [p.rank for p in out.players] == [2, 1]


def test_S12_strategy_card_notes_and_late_caps_name_players_not_seats():
    out = score([{"boat": {"space": 5}}, {"boat": {"space": 5}}, {"boat": {"space": 2}}], version=3)
    assert "card nile: unknown (P1 or P2)" in out.notes
    out = score(
        [{"boat": {"space": 5, "arrival": 2}}, {"boat": {"space": 5, "arrival": 1}}], version=3
    )
    assert "card nile: P2 +10" in out.notes
    (late,) = [u for u in score([{}, {"coins": 5}], version=2).unchecked if "coins" in u.item]
    assert late.item == "P2: 5 coins at the end"
    assert not any("seat" in text for text in (*out.notes, late.item))


def test_T1_an_unknown_category_never_ranks_on_partial_totals():
    # A11 "scores too" without the value under the pyramid: seat 1's foundations unknown.
    out = score(
        [{"pyramids": [{"level": 1}], "coins": 1}, {"foundations": [9]}],
        version=1,
        a11_foundation_under_pyramid_scores=True,
    )
    assert out.players[0].points("foundations") is None
    assert [p.rank for p in out.players] == [1, 1]


# ---- caps at the end: G15 lets a surround bonus after the last turn exceed L1/L2 ------------
def test_L1_G15_a_sheet_may_end_above_four_coins_after_a_late_surround_bonus():
    out = score([{"coins": 5}, {}], version=2)  # default g15_surround_cap="own_next_turn"
    (late,) = [u for u in out.unchecked if u.path == "$.sheet.players[0]"]
    assert late.rule == R + "L1" and "5 coins" in late.item
    # The replay accepts the same: a non-active player holds 6 coins at another's turn end
    # (test_readings.py: test_G15_*); with no own turn left, nothing caps them.
    assert sheet_codes([{"coins": 5}, {}], version=1)[0][:2] == ("coin_cap", R + "L1")
    assert sheet_codes([{"coins": 5}, {}], version=2, g15_surround_cap="current_turn")[0][:2] == (
        "coin_cap",
        R + "L1",
    )


def test_L2_G15_ver3_oasis_items_from_a_late_surround_may_exceed_seven_blocks():
    score([{"blocks": 8}, {}], version=3)
    assert sheet_codes([{"blocks": 8}, {}], version=2)[0][:2] == ("block_cap", R + "L2")


# ---- the worker limit follows A8 ---------------------------------------------------------
def test_L7_A8_new_piece_workers_add_the_colours_unused_pieces():
    sites = {"foundations": [1] * 14}
    assert sheet_codes([sites, {}, {}], version=1)[0][:2] == ("too_many_sites", R + "L7")
    # 3 players: 13 workers + 2 unused pieces (16 - 13 - 1 score marker) = 15 sites at most.
    score([sites, {}, {}], version=1, a8_bought_worker="new_piece")
    over = {"foundations": [1] * 16}
    codes = sheet_codes([over, {}, {}], version=1, a8_bought_worker="new_piece")
    assert codes[0][:2] == ("too_many_sites", R + "L7")


@pytest.mark.parametrize(("field", "bad"), [("coins", True), ("coins", "3"), ("blocks", 2.0)])
def test_sheet_numbers_are_parsed_strictly(field, bad):
    with pytest.raises(MalformedInput) as err:
        score([{field: bad}, {}])
    assert err.value.violations[0].path == f"$.sheet.players[0].{field}"


# ---- legal play the rules refused ---------------------------------------------------------
def test_M10_conversion_is_allowed_between_placing_the_tile_and_choosing_the_line():
    state = run(start(["Alex", "Bodo"]), [SETUP_V1, PLACE_X1])
    state = state.with_player(0, blocks={"red": 2})
    convert = {"type": "convert", "payment": {"red": 2}}
    assert violations(state, convert) == []
    after = run(state, [convert, LINE_X1])
    assert after.players[0].blocks.get("white") == 1


def test_VN9_VN10_a_ver3_surround_records_the_oasis_items_gained():
    state = run(first_turn(version=3), [BODO_PLACE])
    before = state.players[0]
    bonus = {
        "type": "surround_bonus",
        "site": [3, 3],
        "coins": 1,
        "oases": 1,
        "coin_symbols": 0,
        "oasis_items": [{"blocks": ["red"], "coins": 1}],
    }
    after = run(state, [bonus]).players[0]
    # +1 coin shown, +1 for the oasis square (A16: the item comes in addition), +1 item coin.
    assert after.coins == before.coins + 3 and after.blocks.get("red", 0) == 1
    too_many = {**bonus, "oasis_items": [{"coins": 1}, {"coins": 1}]}
    assert ("surround_oasis_items", R + "VN10") in violations(state, too_many)
    v2 = run(first_turn(version=2), [BODO_PLACE])
    v2_bonus = {"type": "surround_bonus", "site": [3, 3], "oasis_items": [{"coins": 1}]}
    assert ("surround_oasis_items", R + "VN10") in violations(v2, v2_bonus)


def test_S11_palms_reached_cannot_outnumber_the_spaces_the_boat_moved():
    codes = sheet_codes([{"boat": {"space": 2, "arrival": 1}, "palms": 3}, {}], version=3)
    assert codes[0][:2] == ("track_fact_impossible", R + "S11")
    score([{"boat": {"space": 3, "arrival": 1}, "palms": 3}, {}], version=3)


def test_S11_A17_sites_ever_claimed_cover_the_sites_held_now():
    entries = [{"foundations": [2, 3], "sites_claimed": 1}, {"sites_claimed": 0}]
    codes = sheet_codes(entries, version=3, a17_sites_count="ever_claimed")
    assert codes[0][:2] == ("sites_claimed_low", R + "S11")


def test_S11_L12_with_the_editions_nile_track_the_sheet_is_checked_against_it():
    edition = {"values": {"nile_track": {"goal_space": 10, "palm_spaces": [2, 5, 8]}}}

    def codes(boat, palms):
        doc = {
            "game": "terra_pyramides",
            "players": ["A", "B"],
            "options": {"version": 3},
            "edition": edition,
            "sheet": {"players": [{"boat": boat, "palms": palms}, {}]},
        }
        try:
            ENGINE.score_sheet(doc)
        except IllegalMove as err:
            return [(v.code, v.rule) for v in err.violations]
        return []

    assert codes({"space": 6, "arrival": 1}, 2) == []
    assert codes({"space": 6, "arrival": 1}, 1) == [("palms_mismatch", R + "S11")]
    assert codes({"space": 11, "arrival": 1}, 3) == [("boat_past_goal", R + "L12")]
