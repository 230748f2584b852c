"""Planned schedules (all rounds in advance) and fixed schedules loaded from files."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from tournaments.seating.optimiser import (
    ScheduleFileError,
    SeatingError,
    SeatingPlayer,
    load_fixed_schedule,
    plan_schedule,
)


def pair_counts(schedule) -> Counter:
    met = Counter()
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for a, b in combinations(sorted(table.players), 2):
                met[(a, b)] += 1
    return met


def assert_rounds_valid(schedule, ids, sizes):
    for rnd in schedule.rounds:
        seated = [p for t in rnd.tables for p in t.players]
        assert len(seated) == len(set(seated))
        assert set(seated) | set(rnd.byes) == set(ids)
        assert all(len(t.players) in sizes for t in rnd.tables)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_social_golfer_16_players_5_rounds_without_repeats(seed):
    """16 players, 5 rounds of four 4-tables: every pair meets exactly once (the affine
    plane AG(2, 4); the tabu search alone finds it too, see the next test)."""
    players = [SeatingPlayer(i) for i in range(16)]
    schedule = plan_schedule(players, 5, (4,), seed=seed)
    assert_rounds_valid(schedule, range(16), (4,))
    met = pair_counts(schedule)
    assert schedule.repeat_meetings == 0
    assert len(met) == 120 and set(met.values()) == {1}
    assert all(r.total.repeats == 0 for r in schedule.rounds)
    assert schedule.stats.stopped_by == "optimal"


@pytest.mark.parametrize("seed", [0, 1])
def test_tabu_search_alone_finds_16_players_5_rounds(seed):
    import random
    import time

    from tournaments.seating.optimiser.schedule import plan_groups

    groups, objective, _, stopped_by = plan_groups(
        16, [list(range(16))] * 5, (4, 4, 4, 4), random.Random(seed),
        max_iterations=20_000, deadline=time.monotonic() + 60,
    )  # fmt: skip
    assert objective == 0 and stopped_by == "optimal"
    met = Counter(p for rnd in groups for t in rnd for p in combinations(sorted(t), 2))
    assert set(met.values()) == {1} and len(met) == 120


def test_planned_schedule_is_deterministic_for_a_seed():
    players = [SeatingPlayer(i) for i in range(20)]
    a = plan_schedule(players, 4, (4, 3), seed=5, max_iterations=500)
    b = plan_schedule(players, 4, (4, 3), seed=5, max_iterations=500)
    assert a == b


def test_planned_schedule_with_byes_rotates_them():
    players = [SeatingPlayer(i, rank=i + 1) for i in range(9)]  # 4-tables only: 1 bye a round
    schedule = plan_schedule(players, 9, (4,), seed=1, max_iterations=2000)
    assert_rounds_valid(schedule, range(9), (4,))
    byes = Counter(p for r in schedule.rounds for p in r.byes)
    assert sorted(byes.values()) == [1] * 9  # nobody twice before everyone once


def test_planned_schedule_balances_seats():
    # Seat order is chosen round by round after the grouping, so perfect rotation is not
    # guaranteed; most players start exactly once and nobody more than twice.
    players = [SeatingPlayer(i) for i in range(16)]
    schedule = plan_schedule(players, 4, (4,), seed=3)
    starts = Counter(r.tables[t].players[0] for r in schedule.rounds for t in range(4))
    assert max(starts.values()) <= 2
    assert sum(1 for v in starts.values() if v == 1) >= 12
    seats = Counter(
        (p, k) for r in schedule.rounds for t in r.tables for k, p in enumerate(t.players)
    )
    assert max(seats.values()) <= 2


def test_planned_schedule_counts_earlier_meetings():
    players = [SeatingPlayer(i, met={1 - i: 1}) if i < 2 else SeatingPlayer(i) for i in range(4)]
    schedule = plan_schedule(players, 1, (4,), seed=0)
    assert schedule.repeat_meetings == 1
    assert schedule.rounds[0].total.repeat_pairs in (((0, 1, 1),), ((1, 0, 1),))


def test_planned_schedule_rejects_impossible_input():
    with pytest.raises(SeatingError):
        plan_schedule([SeatingPlayer(i) for i in range(3)], 2, (4,))
    with pytest.raises(SeatingError):
        plan_schedule([SeatingPlayer(i) for i in range(8)], 0, (4,))


# -- fixed schedules from files ------------------------------------------------------------

PLAYERS = [SeatingPlayer(i) for i in range(1, 8)]  # ids 1..7


def test_fixed_schedule_from_csv_keeps_seat_order_and_costs_repeats():
    text = "round,table,seat,player\n" + "\n".join(
        [
            "1,1,1,1",
            "1,1,2,2",
            "1,1,3,3",
            "1,1,4,4",
            "1,2,1,5",
            "1,2,2,6",
            "1,2,3,7",
            "2,1,1,4",
            "2,1,2,1",
            "2,1,3,5",
            "2,2,1,2",
            "2,2,2,6",
            "2,2,3,3",
            "2,,,7",
        ]
    )
    schedule = load_fixed_schedule(text, "csv", PLAYERS, (4, 3))
    assert schedule.rounds[0].tables[0].players == (1, 2, 3, 4)
    assert schedule.rounds[1].tables[0].players == (4, 1, 5)
    assert schedule.rounds[1].byes == (7,)
    # Round 2 repeats 1-4 and 2-3: one earlier meeting each.
    assert schedule.rounds[1].total.repeats == 2
    assert schedule.repeat_meetings == 2
    assert schedule.stats.stopped_by == "fixed"


def test_fixed_schedule_from_json():
    doc = {"rounds": [[[1, 2, 3, 4], [5, 6, 7]], {"tables": [[1, 5, 6, 2], [3, 4, 7]]}]}
    schedule = load_fixed_schedule(json.dumps(doc), "json", PLAYERS, (4, 3))
    assert [t.players for t in schedule.rounds[1].tables] == [(1, 5, 6, 2), (3, 4, 7)]
    assert schedule.repeat_meetings == 3  # 1-2, 5-6 and 3-4 meet again


def test_fixed_schedule_reports_every_problem_at_once():
    doc = {"rounds": [[[1, 2, 3, 4, 5], [6, 6]], [[1, 2], [3, 4, 99]]]}
    with pytest.raises(ScheduleFileError) as err:
        load_fixed_schedule(json.dumps(doc), "json", PLAYERS, (4, 3))
    problems = "\n".join(err.value.problems)
    assert "round 1 table 1: 5 players" in problems
    assert "player '6' appears twice" in problems
    assert "round 1: neither seated nor given a bye: 7" in problems
    assert "unknown player '99'" in problems
    assert "round 2 table 1: 2 players" in problems


def test_fixed_schedule_csv_format_errors():
    with pytest.raises(ScheduleFileError, match="header"):
        load_fixed_schedule("a,b\n1,2\n", "csv", PLAYERS, (4, 3))
    bad_seats = "round,table,seat,player\n1,1,1,1\n1,1,3,2\n1,1,1,3\n"
    with pytest.raises(ScheduleFileError) as err:
        load_fixed_schedule(bad_seats, "csv", PLAYERS, (4, 3))
    assert any("given twice" in p for p in err.value.problems)
    assert any("seats must be 1..2" in p for p in err.value.problems)
    with pytest.raises(ScheduleFileError, match="not JSON"):
        load_fixed_schedule("{", "json", PLAYERS, (4, 3))
    with pytest.raises(ScheduleFileError, match="unknown schedule format"):
        load_fixed_schedule("", "xml", PLAYERS, (4, 3))
