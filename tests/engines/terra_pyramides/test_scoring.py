"""Final scoring through the score-sheet path (S2-S13), ties (T1/T2) and sheet checks."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMove
from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.scoring import boat_leader, highest_pyramid_leader, pyramid_value


def score(entries, players=None, **options):
    players = players or [f"P{i + 1}" for i in range(len(entries))]
    doc = {
        "game": "terra_pyramides",
        "players": players,
        "options": options or {"version": 1},
        "sheet": {"players": entries},
    }
    return ENGINE.score_sheet(doc)


def points(outcome, seat, category):
    return outcome.players[seat].points(category)


def test_S2_each_occupied_foundation_counts_once():
    out = score([{"foundations": [3, 4]}, {"foundations": [2]}])
    assert points(out, 0, "foundations") == 7 and points(out, 1, "foundations") == 2


def test_S3_pyramids_score_their_top_level():
    out = score([{"pyramids": [{"level": 4}]}, {"pyramids": [{"level": 1}, {"level": 2}]}])
    assert points(out, 0, "pyramids") == 35 and points(out, 1, "pyramids") == 15


def test_S3_A10_sum_of_levels_reading():
    assert pyramid_value(3, "sum_of_levels") == 35
    out = score([{"pyramids": [{"level": 3}]}, {}], version=1, a10_pyramid_value="sum_of_levels")
    assert points(out, 0, "pyramids") == 35


def test_S2_A11_foundation_under_pyramid_reading():
    entry = {"pyramids": [{"level": 2, "foundation_value": 4}]}
    assert points(score([entry, {}]), 0, "foundations") == 0
    assert (
        points(
            score([entry, {}], version=1, a11_foundation_under_pyramid_scores=True),
            0,
            "foundations",
        )
        == 4
    )
    unknown = score(
        [{"pyramids": [{"level": 2}]}, {}], version=1, a11_foundation_under_pyramid_scores=True
    )
    assert points(unknown, 0, "foundations") is None and unknown.unchecked


def test_S4_one_point_per_block_and_coin():
    out = score([{"blocks": 7, "coins": 4}, {"blocks": 0, "coins": 1}])
    assert [p.total for p in out.players] == [11, 1]


def test_S1_S9_horus_track_counts_from_ver2_only():
    with pytest.raises(IllegalMove) as err:
        score([{"horus_track": 5}, {}])
    assert err.value.violations[0].path == "$.sheet.players[0].horus_track"
    out = score([{"horus_track": 17}, {}], version=2)
    assert points(out, 0, "horus_track") == 17


def test_S8_grave_goods_difference_formula():
    out = score([{"grave_goods": 5}, {"grave_goods": 3}, {"grave_goods": 3}], version=2)
    assert [points(out, i, "grave_goods") for i in range(3)] == [9, 3, 3]


def test_S10_oasis_without_pyramid_is_zero():
    out = score([{"oasis_track": 6}, {"oasis_track": 2, "pyramids": [{"level": 2}]}], version=3)
    assert points(out, 0, "oasis") == 0 and points(out, 1, "oasis") == 4


def test_S11_A17_nile_site_count_readings():
    entry = {"foundations": [2], "pyramids": [{"level": 1}], "palms": 3, "sites_claimed": 4}
    assert points(score([entry, {}], version=3), 0, "nile") == 6
    claimed = score([entry, {}], version=3, a17_sites_count="ever_claimed")
    assert points(claimed, 0, "nile") == 12


def test_S11_unknown_palms_are_unchecked_not_guessed():
    out = score([{"palms": None, "foundations": [2]}, {}], version=3)
    assert points(out, 0, "nile") is None and not out.players[0].complete
    assert any("Nile" in u.item for u in out.unchecked)


def test_S12_card_ties_score_nothing_and_ownership_doubles():
    out = score(
        [
            {"grave_goods": 3, "horus_track": 6, "cards": ["grave_goods", "horus_eyes"]},
            {"grave_goods": 3, "horus_track": 2},
        ],
        version=3,
    )
    # grave goods tied 3-3: nobody, even the owner; Horus eyes 6 vs 2, owned: 20
    assert points(out, 0, "strategy_cards") == 20
    assert points(out, 1, "strategy_cards") == 0


def test_S12_A18_horus_card_measure():
    entries = [{"horus_track": 6}, {"horus_track": 5, "foundations": [9]}]
    assert points(score(entries, version=3), 0, "strategy_cards") == 10
    final = score(entries, version=3, a18_horus_card_measure="final_track")
    # final track 14 vs 6 gives seat 2 the Horus card (10), plus most sites 1 vs 0 (10)
    assert points(final, 1, "strategy_cards") == 20


def test_S12_nile_card_arrival_order_and_first_space_tie():
    assert boat_leader([(4, 2), (4, 1), (2, 1)]) == (1, True)
    assert boat_leader([(0, 0), (0, 0)]) == (None, True)
    assert boat_leader([(3, None), (3, None)]) == (None, False)


def test_S12_A19_highest_pyramid_comparison():
    assert highest_pyramid_leader([[4, 2], [4, 3]]) == 1
    assert highest_pyramid_leader([[4, 2, 1], [4, 2, 1]]) is None
    assert highest_pyramid_leader([[4, 2], [4]]) == 0
    assert highest_pyramid_leader([[4, 2], [4]], "compare_shorter_list") is None
    assert highest_pyramid_leader([[], []]) is None


def test_T1_T2_highest_total_wins_and_ties_share():
    out = score([{"coins": 3}, {"blocks": 3}, {"coins": 1}])
    assert [p.rank for p in out.players] == [1, 1, 3]


def test_sheet_L1_L2_caps_are_checked_with_paths():
    with pytest.raises(IllegalMove) as err:
        score([{"coins": 5}, {"blocks": 8}])
    paths = {v.path for v in err.value.violations}
    assert paths == {"$.sheet.players[0].coins", "$.sheet.players[1].blocks"}


def test_sheet_L8_two_level_five_pyramids_per_player():
    with pytest.raises(IllegalMove) as err:
        score([{"pyramids": [{"level": 5}] * 3}, {}])
    assert err.value.violations[0].code == "no_top_left"


def test_sheet_VN13_a_card_has_one_owner():
    with pytest.raises(IllegalMove) as err:
        score(
            [{"cards": ["nile"], "horus_track": 5}, {"cards": ["nile"], "horus_track": 5}],
            version=3,
        )
    assert err.value.violations[0].code == "card_twice"


def test_sheet_players_must_match_the_table():
    with pytest.raises(IllegalMove):
        score([{}], players=["A", "B"])


def test_outcome_shows_the_chosen_readings():
    out = score([{}, {}], version=1, a12_end_trigger="stacks_empty")
    assert "a12_end_trigger=stacks_empty" in out.notes
    assert out.options["a12_end_trigger"] == "stacks_empty"


def test_S8_X5_A20_rulebook_prints_56_but_the_formula_gives_55():
    """Decision: the seed prints 20+5+12+18=56 for Alex; the terms add to 55 and S8 gives 55."""
    assert 20 + 5 + 12 + 18 == 55
    out = score(
        [{"grave_goods": 20}, {"grave_goods": 15}, {"grave_goods": 8}, {"grave_goods": 2}],
        version=2,
    )
    assert points(out, 0, "grave_goods") == 55
    assert [points(out, i, "grave_goods") for i in (1, 2, 3)] == [35, 14, 2]  # printed and right
