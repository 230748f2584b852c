"""Ranks in the core: competition ranking, and ranks no unknown decides (issue 18, item 2)."""

from engines.core.ranking import (
    competition_ranks,
    ranks_with_unknowns,
    undecided_pairs,
    undecided_ranks,
)


def test_competition_ranks_share_rank_on_full_ties():
    assert competition_ranks([(10,), (8,), (8,), (5,)]) == [1, 2, 2, 4]


def test_competition_ranks_use_tiebreak_values_in_order():
    assert competition_ranks([(8, 1), (8, 3), (8, 3), (9, 0)]) == [4, 2, 2, 1]


def test_competition_ranks_never_decide_an_order_by_an_unknown():
    # An unknown never decides: it ties with what it is compared to, at the position it
    # would decide (issue 18, item 2).
    assert competition_ranks([(None,), (0,), (-3,)]) == [1, 1, 2]
    assert competition_ranks([(5, None), (5, 0)]) == [1, 1]
    assert competition_ranks([(6, None), (5, 0), (5, None)]) == [1, 2, 2]


def test_competition_ranks_all_equal_share_first():
    assert competition_ranks([(1,), (1,), (1,)]) == [1, 1, 1]


def test_ranks_with_unknowns_is_none_when_nothing_is_unknown():
    # The base class then ranks with competition_ranks.
    assert ranks_with_unknowns([{"a": 3}, {"a": 5}], [[1], [2]]) is None


def test_different_unknowns_never_decide_an_order():
    # A's unknown category could be worth anything: A is neither ahead of B nor behind it.
    breakdown = [{"a": 3, "b": None}, {"a": 9, "b": 1}, {"a": 1, "b": 1}]
    assert ranks_with_unknowns(breakdown, [[], [], []]) == [1, 1, 2]


def test_the_same_unknown_amounts_cancel_and_the_known_part_decides():
    breakdown = [{"a": 3, "b": None}, {"a": 9, "b": None}, {"a": 5, "b": None}]
    same = [["b rank 2"], ["b rank 2"], ["b rank 3"]]
    # A and B hold the same unknown amount: B's known 9 beats A's 3; C's is another one.
    assert ranks_with_unknowns(breakdown, [[], [], []], same) == [2, 1, 1]
    # By default each player's unknown category is its own unknown: nobody is ordered.
    assert ranks_with_unknowns(breakdown, [[], [], []]) == [1, 1, 1]


def test_an_unknown_tiebreak_decides_nothing_but_a_known_total_still_does():
    assert undecided_ranks([9, 9, 5], [()] * 3, [[None], [12], [3]]) == [1, 1, 3]
    assert undecided_ranks([9, 9], [()] * 2, [[13], [12]]) == [1, 2]
    assert ranks_with_unknowns([{"a": 9}, {"a": 9}, {"a": 10}], [[None], [4], [None]]) == [
        2,
        2,
        1,
    ]


def test_undecided_pairs_name_the_position_of_the_unknown():
    assert undecided_pairs([(7, 2, None), (7, 2, 3), (6, None, 1)]) == [(0, 1, 2)]
    assert undecided_pairs([(7, None), (7, 1), (7, None)]) == [(0, 1, 1), (0, 2, 1), (1, 2, 1)]
