"""End scoring through the score-sheet path: S4-S6, T1-T3, V1, V2, L6, L11."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMove
from engines.nile_murals import ENGINE
from tests.engines.nile_murals.helpers import MADE_UP_EDITION, sheet_doc


def score(rows, edition=MADE_UP_EDITION, **options):
    return ENGINE.score_sheet(sheet_doc(rows, edition=edition, **options))


def points(outcome, category):
    return [p.points(category) for p in outcome.players]


def test_S4_S5_each_track_ranks_players_and_shares_ranks():
    outcome = score([(10, 8, -2), (9, 10, 0), (9, 6, -1)])  # areas add up to 24 (L11)
    # Made-up points: combo 6/4/2, area 5/3/1, miss 4/2/0.
    assert points(outcome, "combo") == [6, 4, 4]
    assert points(outcome, "area") == [3, 5, 1]
    assert points(outcome, "miss") == [0, 4, 2]
    assert outcome.unchecked == ()


def test_S4_G6_true_values_with_laps_are_compared_not_printed_squares():
    # 33 (square 3, second lap of a 30-square track) beats 3: they are not tied.
    outcome = score([(33, 12, 0), (3, 12, 0)])
    assert points(outcome, "combo") == [6, 4]


def test_S4_the_miss_track_ranks_the_value_nearest_zero_first():
    outcome = score([(5, 8, -3), (5, 8, 0), (5, 8, -1)])
    assert points(outcome, "miss") == [0, 4, 2]


def test_S5_unknown_printed_rank_points_are_unchecked_not_guessed():
    outcome = score([(10, 6, -2), (9, 8, 0), (8, 5, -1)], edition=None)
    assert points(outcome, "combo") == [6, 4, None]
    assert points(outcome, "area") == [None, None, None]
    items = {u.item for u in outcome.unchecked}
    assert items == {"combo rank points", "area rank points", "miss rank points"}
    assert not outcome.players[2].complete and outcome.players[0].total == 6


def test_S6_T1_total_is_the_sum_of_rank_points_and_the_highest_wins():
    outcome = score([(10, 8, -2), (9, 10, 0), (8, 6, -1)])
    assert [p.total for p in outcome.players] == [6 + 3 + 0, 4 + 5 + 4, 2 + 1 + 2]
    assert [p.rank for p in outcome.players] == [2, 1, 3]


def test_T2_equal_totals_are_separated_by_the_sum_of_track_values():
    # A: combo 1st (6) + area 3rd (1) + miss 2nd (2) = 9; B: 2nd (4) + 2nd (3) + 2nd (2) = 9.
    outcome = score([(10, 4, -1), (8, 8, -1), (5, 12, 0)])
    a, b, _ = outcome.players
    assert a.total == b.total == 9
    assert (a.tiebreak, b.tiebreak) == ((13,), (15,))
    assert (a.rank, b.rank) == (3, 2)  # C wins with 11; B ahead of A on T2


def test_T3_still_tied_players_share_the_rank():
    outcome = score([(10, 12, -2), (10, 12, -2)])
    assert [p.rank for p in outcome.players] == [1, 1]


def test_T2_only_separates_players_tied_on_total():
    # C has the largest track sum (18) but the lowest total (7): T2 never lifts it.
    outcome = score([(10, 2, 0), (9, 3, -1), (1, 19, -2)])
    assert [p.total for p in outcome.players] == [11, 9, 7]
    assert outcome.players[2].tiebreak == (18,) and outcome.players[2].rank == 3


def test_V1_two_players_never_score_third_place_and_a_tie_is_first():
    outcome = score([(5, 12, -1), (5, 12, -1)])
    assert points(outcome, "combo") == [6, 6] and points(outcome, "miss") == [4, 4]


def test_V2_fourth_place_scores_zero_with_four_players():
    outcome = score([(10, 6, 0), (9, 6, -1), (9, 7, -1), (8, 5, -3)], edition=None)
    assert points(outcome, "combo") == [6, 4, 4, 0]
    assert points(outcome, "miss") == [None, None, None, 0]


@pytest.mark.parametrize(
    ("row", "path"),
    [
        ((-1, 6, 0), "$.sheet.players[0].combo"),
        ((1, -2, 0), "$.sheet.players[0].area"),
        ((1, 6, 1), "$.sheet.players[0].miss"),
    ],
)
def test_L6_track_values_outside_their_direction_are_rejected(row, path):
    with pytest.raises(IllegalMove) as err:
        score([row, (0, 6, 0)], edition=None)
    assert err.value.violations[0].path == path
    assert err.value.violations[0].rule == "nile_murals:L6"


def test_L11_area_values_add_up_to_the_areas_total_with_a_known_map():
    score([(3, 10, 0), (4, 14, 0)])  # made-up areas total 24
    with pytest.raises(IllegalMove) as err:
        score([(3, 10, 0), (4, 13, 0)])
    assert err.value.violations[0].code == "sheet.area_sum"


def test_L11_area_values_lie_between_12_and_36_without_a_map():
    score([(3, 10, 0), (4, 2, 0)], edition=None)
    with pytest.raises(IllegalMove):
        score([(3, 30, 0), (4, 7, 0)], edition=None)


def test_sheet_rows_must_match_the_players():
    doc = sheet_doc([(1, 12, 0)], players=["A", "B"])
    with pytest.raises(IllegalMove):
        ENGINE.score_sheet(doc)


def test_notes_name_each_tracks_ranks():
    outcome = score([(10, 6, -2), (9, 18, 0)])
    assert "Combo: 1st A (10), 2nd B (9)" in outcome.notes


# ---- the sheet checks what a replay of the same game would refuse (issue 18, item 1) ----
def sheet_violation(rows, edition=None, **options):
    with pytest.raises(IllegalMove) as err:
        score(rows, edition=edition, **options)
    (first, *_) = err.value.violations
    return first.code, first.rule


def test_L11_combo_tracks_cannot_exceed_what_100_cards_give():
    score([(30, 12, 0), (20, 12, 0)], edition=None)  # ten 10-card turns: 10 x +5 = 50
    assert sheet_violation([(30, 12, 0), (21, 12, 0)]) == (
        "sheet.combo_too_high",
        "nile_murals:L11",
    )


def test_L11_every_miss_uses_up_a_placed_card_the_combo_points_could_have_used():
    # Two missed turns each placed a card first: 98 cards left for Combo turns, at most 48.
    assert sheet_violation([(30, 12, -2), (19, 12, 0)]) == (
        "sheet.combo_too_high",
        "nile_murals:L11",
    )
    score([(30, 12, -2), (18, 12, 0)], edition=None)


def test_L9_misses_are_bounded_by_the_deck_cards():
    assert sheet_violation([(0, 12, -500), (0, 12, 0)]) == (
        "sheet.too_many_misses",
        "nile_murals:L9",
    )
    # 100 cards, 2 starting cards never in the deck: at most 98 misses.
    assert sheet_violation([(0, 12, -50), (0, 12, -49)])[0] == "sheet.too_many_misses"
    score([(0, 12, -49), (0, 12, -49)], edition=None)


def test_L9_G7_miss_reading_lets_a_shadowed_hand_card_miss_too():
    score([(0, 12, -50), (0, 12, -50)], edition=None, shadowed_hand_or_discard="miss")


@pytest.mark.parametrize("bad", [True, "3", 3.0])
def test_sheet_values_are_parsed_strictly(bad):
    from engines.core.errors import MalformedInput

    doc = sheet_doc([(3, 12, 0), (1, 12, 0)])
    doc["sheet"]["players"][0]["combo"] = bad
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert err.value.violations[0].path == "$.sheet.players[0].combo"


# ---- unknown points never decide a rank (issue 18, item 2) -------------------------------
def test_T1_players_whose_order_depends_on_lost_points_share_the_rank():
    # Default edition: Area and Miss points are lost. A leads Combo (6 vs 4) but B leads
    # Area, so who wins depends on numbers nobody supplied.
    outcome = score([(10, 6, 0), (9, 8, 0)], edition=None)
    assert [p.total for p in outcome.players] == [6, 4]
    assert [p.rank for p in outcome.players] == [1, 1]
    assert not any(p.complete for p in outcome.players)


def test_T1_equal_unknown_points_cancel_and_the_known_part_decides():
    # B and C hold the same Area and Miss ranks (the same unknown points); C is 4th on
    # Combo (0) behind B (4): C is decided behind B, while A (other unknowns) is undecided.
    outcome = score([(10, 12, 0), (9, 3, -1), (8, 3, -1), (9, 6, -2)], edition=None)
    ranks = [p.rank for p in outcome.players]
    assert ranks[1] < ranks[2]
    assert ranks[0] == 1


def test_T2_an_unknown_tiebreak_does_not_separate_equal_totals():
    from engines.core.ranking import undecided_ranks

    assert undecided_ranks([9, 9, 5], [()] * 3, [[None], [12], [3]]) == [1, 1, 3]
    assert undecided_ranks([9, 9], [()] * 2, [[13], [12]]) == [1, 2]


def test_T1_replay_with_the_default_edition_ranks_no_one_on_partial_totals():
    from engines.nile_murals.playout import play

    doc = {"game": "nile_murals", "players": ["A", "B", "C"], "moves": []}
    doc["moves"] = play(ENGINE, {**doc, "edition": MADE_UP_EDITION}, seed=3)
    outcome = ENGINE.replay(doc).outcome
    assert outcome is not None and not any(p.complete for p in outcome.players)
    assert [p.rank for p in outcome.players] == [1, 1, 1]  # area values unknown
