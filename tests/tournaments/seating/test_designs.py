"""Constructed repeat-free schedules and the lower bound on repeat meetings."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.seating.optimiser import SeatingPlayer, load_fixed_schedule, plan_schedule
from tournaments.seating.optimiser.designs import designs, known_design, repeat_lower_bound


def pair_counts(rounds) -> Counter:
    met = Counter()
    for rnd in rounds:
        for table in rnd:
            for a, b in combinations(sorted(table), 2):
                met[(a, b)] += 1
    return met


@pytest.mark.parametrize("design", designs(), ids=lambda d: f"{d.players}x{len(d.rounds)}")
def test_every_design_seats_everyone_once_a_round_and_no_pair_twice(design):
    for rnd in design.rounds:
        seated = [p for table in rnd for p in table]
        assert sorted(seated) == list(range(design.players))  # everyone, exactly once
        assert {len(table) for table in rnd} == {design.table_size}
    met = pair_counts(design.rounds)
    assert max(met.values()) == 1
    # every player meets (table size - 1) new players a round
    partners = Counter(p for pair in met for p in pair)
    assert set(partners.values()) == {len(design.rounds) * (design.table_size - 1)}


def test_affine_planes_and_the_28_player_design_are_complete():
    """AG(2, q) and the 28 x 9 design: every pair meets exactly once (a complete design)."""
    for design in designs():
        n = design.players
        if design.name.startswith("affine") or n == 28:
            assert len(pair_counts(design.rounds)) == n * (n - 1) // 2


def planned(n, rounds, sizes=(4,), seed=0):
    schedule = plan_schedule([SeatingPlayer(i) for i in range(n)], rounds, sizes, seed=seed)
    for rnd in schedule.rounds:
        seated = [p for t in rnd.tables for p in t.players]
        assert sorted(seated) == list(range(n))
    return schedule


@pytest.mark.parametrize(
    ("n", "rounds"), [(16, 5), (28, 9), (32, 10), (16, 3), (28, 7), (32, 6), (9, 4)]
)
@pytest.mark.parametrize("seed", [0, 1])
def test_planned_schedules_without_a_repeat_where_a_design_is_known(n, rounds, seed):
    sizes = (3,) if n == 9 else (4, 3)
    schedule = planned(n, rounds, sizes, seed)
    met = pair_counts([[t.players for t in r.tables] for r in schedule.rounds])
    assert schedule.repeat_meetings == 0 and max(met.values()) == 1
    assert schedule.lower_bound == 0
    assert schedule.method.startswith("construction:")
    assert schedule.stats.stopped_by == "optimal"
    assert all(r.total.repeats == 0 for r in schedule.rounds)


def test_the_seed_changes_who_meets_whom_not_the_quality():
    a, b = planned(16, 5, seed=0), planned(16, 5, seed=1)
    assert [t.players for t in a.rounds[0].tables] != [t.players for t in b.rounds[0].tables]
    assert a.repeat_meetings == b.repeat_meetings == 0


def test_no_design_means_the_search_and_its_bound():
    schedule = planned(20, 4, (4, 3))
    assert schedule.method == "search"
    assert schedule.lower_bound == 0 <= schedule.repeat_meetings
    # 16 players, 6 rounds of fours: each meets 18 others in 15 places -> 3 repeats each.
    six = planned(16, 6)
    assert six.lower_bound == 16 * 3 // 2 == 24
    assert six.repeat_meetings >= six.lower_bound
    assert six.method == "search"  # AG(2,4) has only 5 rounds


def test_repeat_lower_bound_counts():
    assert repeat_lower_bound(4, [[4], [4]]) == 6  # every pair again
    assert repeat_lower_bound(16, [[4] * 4] * 5) == 0
    # 8 players, 3 rounds of fours: 9 meetings each among 7 partners: 2 beyond, halved.
    assert repeat_lower_bound(8, [[4, 4]] * 3) == 8 * 2 // 2
    # Earlier meetings count: 0 and 1 met twice before and share the only table again.
    assert repeat_lower_bound(4, [[4]], {(0, 1): 2}) == 2
    # Mixed sizes / byes: only the global count (meetings beyond the pairs there are).
    assert repeat_lower_bound(5, [[3, 2]] * 4) == max(0, 4 * 4 - 10)


def test_the_32_player_ten_round_design_pair_by_pair():
    """The 8-4-10 social golfer schedule: every player at one table every round, and
    each of the 480 pairs that meet meets exactly once (32 x 3 x 10 / 2 meetings)."""
    design = known_design(32, 4, 10)
    assert design is not None and len(design.rounds) == 10
    for rnd in design.rounds:
        assert len(rnd) == 8
        assert sorted(p for table in rnd for p in table) == list(range(32))
    met = pair_counts(design.rounds)
    assert len(met) == 32 * 3 * 10 // 2 and set(met.values()) == {1}
    assert known_design(32, 4, 11) is None  # 11 rounds would need 33 partners of 31


def test_known_design_gives_a_prefix_and_refuses_what_it_cannot():
    assert len(known_design(16, 4, 3).rounds) == 3
    assert known_design(16, 4, 6) is None
    assert known_design(20, 4, 2) is None


def test_fixed_schedule_reports_the_bound_too():
    players = [SeatingPlayer(i) for i in range(1, 5)]
    doc = '{"rounds": [[[1, 2, 3, 4]], [[4, 3, 2, 1]]]}'
    schedule = load_fixed_schedule(doc, "json", players, (4,))
    assert schedule.repeat_meetings == 6 == schedule.lower_bound
    assert schedule.method == "fixed"


def test_schedule_json_for_the_console():
    import json

    doc = json.loads(json.dumps(planned(16, 5).to_dict()))
    assert doc["repeat_meetings"] == 0 == doc["lower_bound"]
    assert doc["method"] == "construction: affine plane AG(2, 4)"
    assert len(doc["rounds"]) == 5 and len(doc["rounds"][0]["tables"]) == 4
