"""The season leaderboard's rules (``tournaments.ratings.season``, pure): best N results
(with fewer than N events), points per placement (ties share a placement and its
points), the rating, and unknowns that never decide a rank."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.ratings.season import (
    BEST_N,
    PLACEMENT_POINTS,
    RATING,
    EventResult,
    SeasonRule,
    placement_points,
    season_table,
)


def ranks(rows):
    return [(r.player_id, r.rank, r.value, r.tied) for r in rows]


def test_best_n_sums_the_n_best_tournament_points_and_counts_fewer_when_fewer_events():
    rule = SeasonRule(BEST_N, best_n=2)
    results = {
        1: [EventResult(10, 1, 9), EventResult(11, 3, 4), EventResult(12, 2, 6)],  # 9 + 6
        2: [EventResult(10, 2, 7)],  # one event of two: 7 counts, alone
        3: [EventResult(11, 1, Fraction(15, 2)), EventResult(12, 1, Fraction(15, 2))],  # 15
    }
    rows = season_table(rule, results)
    assert ranks(rows) == [(1, 1, 15, True), (3, 1, 15, True), (2, 3, 7, False)]
    by_player = {r.player_id: r for r in rows}
    assert by_player[1].counted == (10, 12)  # the 4 of event 11 is not among the best 2
    assert by_player[2].counted == (10,) and by_player[2].events == 1


def test_best_n_with_n_larger_than_every_players_events_counts_them_all():
    rule = SeasonRule(BEST_N, best_n=5)
    results = {1: [EventResult(10, 1, 3), EventResult(11, 2, 2)], 2: [EventResult(10, 2, 4)]}
    assert ranks(season_table(rule, results)) == [(1, 1, 5, False), (2, 2, 4, False)]


def test_points_per_placement_ties_share_the_placement_and_its_points():
    rule = SeasonRule(PLACEMENT_POINTS, points=(10, 7, 5, 3))
    results = {
        1: [EventResult(10, 1, None), EventResult(11, 2, None)],  # 10 + 7
        2: [EventResult(10, 2, None), EventResult(11, 1, None)],  # 7 + 10
        3: [EventResult(10, 2, None), EventResult(11, 4, None)],  # tied 2nd: 7, then 3
        4: [EventResult(10, 5, None), EventResult(11, 3, None)],  # beyond the table: 0, then 5
    }
    assert ranks(season_table(rule, results)) == [
        (1, 1, 17, True),
        (2, 1, 17, True),
        (3, 3, 10, False),
        (4, 4, 5, False),
    ]
    assert placement_points(2, rule.points) == 7
    assert placement_points(5, rule.points) == 0  # the café's table: no points after 4th


def test_an_unknown_placement_is_never_zero_and_never_decides_a_rank():
    rule = SeasonRule(PLACEMENT_POINTS, points=(10, 7, 5, 3))
    results = {
        1: [EventResult(10, None, None)],  # in the event, no placement known
        2: [EventResult(10, 4, None)],
        3: [EventResult(10, None, None), EventResult(11, 4, None)],  # the unknown is skipped
    }
    rows = season_table(rule, results, listing={1: "a", 2: "b", 3: "c"})
    assert ranks(rows) == [(2, 1, 3, True), (3, 1, 3, True), (1, None, None, False)]
    assert rows[1].counted == (11,)
    assert placement_points(None, rule.points) is None


def test_rating_rule_orders_by_rating_and_lists_the_unrated_without_a_rank():
    rule = SeasonRule(RATING)
    results = {1: [EventResult(10, 1, 9)], 2: [EventResult(10, 2, 7)], 3: [EventResult(10, 3, 5)]}
    ratings = {1: 4.5, 2: 12.0, 4: 4.5}  # 3 has no rating yet; 4 is rated elsewhere
    rows = season_table(rule, results, ratings, listing={1: "b", 4: "a"})
    assert ranks(rows) == [(2, 1, 12.0, False), (4, 2, 4.5, True), (1, 2, 4.5, True),
                           (3, None, None, False)]  # fmt: skip


def test_best_n_needs_n():
    with pytest.raises(ValueError, match="best_n"):
        season_table(SeasonRule(BEST_N, best_n=None), {})


def test_rating_change_per_event_is_each_events_move_of_the_ordinal():
    from tournaments.ratings.services import RatedTable, compute_ratings, rating_changes_by_event

    first = [RatedTable(1, 10, (1, 2, 3), (1, 2, 3)), RatedTable(2, 10, (1, 3, 2), (2, 1, 3))]
    second = [RatedTable(3, 11, (2, 3, 4), (1, 2, 3))]  # player 1 skips it, 4 is new
    changes = rating_changes_by_event(first + second)
    after_first = compute_ratings(first)
    after_both = compute_ratings(first + second)
    from openskill.models import PlackettLuce

    default = PlackettLuce().rating()
    start = default.mu - 3 * default.sigma  # a player's first event counts from here
    assert set(changes) == {10, 11} and set(changes[10]) == {1, 2, 3}
    assert set(changes[11]) == {2, 3, 4}
    for pid in (1, 2, 3):
        assert changes[10][pid] == pytest.approx(after_first[pid].ordinal - start)
    for pid in (2, 3):
        assert changes[11][pid] == pytest.approx(after_both[pid].ordinal - after_first[pid].ordinal)
    assert changes[11][4] == pytest.approx(after_both[4].ordinal - start)
    assert changes[10][1] > changes[10][2]  # 1 won and came second; 2 came 2nd and 3rd
