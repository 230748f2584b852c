"""Seating optimiser: one round (random and standings modes), partition and byes, costs."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction as F
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating.optimiser import (
    PenaltyWeights,
    SeatingError,
    SeatingPlayer,
    bye_count,
    record_round,
    seat_round,
    table_sizes,
)


def field(n: int, **kw) -> list[SeatingPlayer]:
    return [SeatingPlayer(i, rank=i + 1, **kw) for i in range(n)]


def simulate(players, rounds, sizes, *, mode="standings", seed=0, weights=None, budget=None):
    """Seat ``rounds`` rounds with random placements; returns the seatings and players."""
    rng = random.Random(seed)
    seatings = []
    for r in range(rounds):
        seating = seat_round(
            players,
            sizes,
            mode=mode,
            seed=seed * 1000 + r,
            weights=weights,
            max_iterations=budget,
            time_budget=600,  # the iteration budget decides, not the machine's load
        )
        seatings.append(seating)
        players = record_round(players, seating.tables, seating.byes)
        gained = {}
        for table in seating.tables:
            order = list(table.players)
            rng.shuffle(order)
            for place, pid in enumerate(order):
                gained[pid] = len(order) - 1 - place
        players = [dataclasses.replace(p, points=p.points + gained.get(p.id, 0)) for p in players]
        ranking = sorted(players, key=lambda p: (-p.points, p.id))
        rank = {p.id: i + 1 for i, p in enumerate(ranking)}
        players = [dataclasses.replace(p, rank=rank[p.id]) for p in players]
    return seatings, players


def meetings(seatings) -> Counter:
    met = Counter()
    for seating in seatings:
        for table in seating.tables:
            for a, b in combinations(sorted(table.players), 2):
                met[(a, b)] += 1
    return met


def assert_valid_round(seating, ids, sizes):
    seated = [p for t in seating.tables for p in t.players]
    assert len(seated) == len(set(seated)), "a player sits twice in one round"
    assert set(seated) | set(seating.byes) == set(ids)
    assert not set(seated) & set(seating.byes)
    assert all(len(t.players) in sizes for t in seating.tables)
    assert [t.number for t in seating.tables] == list(range(1, len(seating.tables) + 1))


# -- table sizes and byes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes", "expected"),
    [
        (16, (4, 3), (4, 4, 4, 4)),
        (10, (4, 3), (4, 3, 3)),
        (10, (4, 3, 2), (4, 3, 3)),  # fewest 2-tables first, not 4+4+2
        (9, (4, 3), (3, 3, 3)),
        (6, (4, 2), (4, 2)),
        (5, (4, 3), None),
        (7, (4,), None),
        (0, (4, 3), ()),
    ],
)
def test_table_sizes_mix_by_preference(players, sizes, expected):
    assert table_sizes(players, sizes) == expected


@given(
    st.integers(min_value=0, max_value=300),
    st.sampled_from([(4, 3), (4, 3, 2), (3, 4), (4,), (2,)]),
)
@settings(max_examples=100, deadline=None)
def test_table_sizes_sum_to_players_and_use_only_allowed_sizes(players, sizes):
    result = table_sizes(players, sizes)
    if result is not None:
        assert sum(result) == players
        assert set(result) <= set(sizes)


def test_bye_count_is_the_fewest_that_fit():
    assert bye_count(17, (4,)) == 1
    assert bye_count(5, (4, 3)) == 1
    assert bye_count(18, (4, 3)) == 0
    with pytest.raises(SeatingError, match="cannot fill a single table"):
        bye_count(2, (4, 3))


def test_impossible_input_raises_before_searching():
    with pytest.raises(SeatingError):
        seat_round(field(2), (4, 3))
    with pytest.raises(SeatingError, match="byes are off"):
        seat_round(field(5), (4,), allow_byes=False)
    with pytest.raises(SeatingError, match="may receive one"):
        seat_round(field(5, bye_exempt=True), (4,))
    with pytest.raises(SeatingError, match="at least 2"):
        seat_round(field(8), (4, 1))
    with pytest.raises(SeatingError, match="unique"):
        seat_round([SeatingPlayer(1), SeatingPlayer(1), SeatingPlayer(2)], (3,))
    with pytest.raises(SeatingError, match="weight"):
        PenaltyWeights(seat=-1)


def test_bye_goes_to_the_lowest_ranked_eligible_player():
    players = field(9)  # ranks 1..9; ids 0..8
    players[8] = dataclasses.replace(players[8], bye_exempt=True)
    seating = seat_round(players, (4,), seed=3)
    assert seating.byes == (7,)


def test_no_second_bye_before_everyone_has_had_one():
    players = field(5)
    given_byes = Counter()
    for r in range(10):
        seating = seat_round(players, (4,), seed=r)
        assert len(seating.byes) == 1
        given_byes.update(seating.byes)
        assert max(given_byes.values()) - min(given_byes[p.id] for p in players) <= 1
        players = record_round(players, seating.tables, seating.byes)
    assert all(given_byes[p.id] == 2 for p in players)


# -- validity, determinism, cost transparency -----------------------------------------------


@given(
    st.integers(min_value=4, max_value=40),
    st.sampled_from([(4, 3), (4, 3, 2), (4,), (3,)]),
    st.sampled_from(["random", "standings"]),
    st.integers(min_value=0, max_value=10**6),
)
@settings(max_examples=60, deadline=None)
def test_every_round_is_a_valid_seating(n, sizes, mode, seed):
    seatings, _ = simulate(field(n), 3, sizes, mode=mode, seed=seed, budget=1000)
    for seating in seatings:
        assert_valid_round(seating, range(n), sizes)


def test_same_seed_same_seating_and_another_seed_differs():
    players = field(40)
    a = seat_round(players, (4, 3), mode="random", seed=7)
    b = seat_round(list(players), (4, 3), mode="random", seed=7)
    c = seat_round(players, (4, 3), mode="random", seed=8)
    assert a == b
    assert a.tables != c.tables


def test_cost_breakdown_matches_the_tables():
    seatings, _ = simulate(field(22, club=None), 4, (4, 3), seed=5)
    last = seatings[-1]
    assert last.total.repeats == sum(t.cost.repeats for t in last.tables)
    assert last.total.soft == pytest.approx(sum(t.cost.soft for t in last.tables))
    assert last.to_dict()["weights"]["repeat"].startswith("lexicographic")


def test_repeat_pairs_are_reported_with_earlier_meeting_count_squared():
    # 4 players, 4-tables only: the second round must repeat every pair.
    players = field(4)
    first = seat_round(players, (4,), seed=1)
    players = record_round(players, first.tables)
    second = seat_round(players, (4,), seed=1)
    assert second.total.repeats == 6  # 6 pairs, each met once before: 1**2 each
    assert len(second.total.repeat_pairs) == 6
    players = record_round(players, second.tables)
    third = seat_round(players, (4,), seed=1)
    assert third.total.repeats == 6 * 4  # met twice: 2**2


def test_a_repeat_is_never_traded_for_soft_penalties():
    # Sixteen players in four groups that already met. A repeat-free round exists (one
    # player of each group per table), while huge soft weights pull the other way:
    # group 0 leads on points (spread) and groups 2 and 3 share a club.
    players = record_round(
        field(16), [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)]
    )
    players = [
        dataclasses.replace(p, points=100 if p.id < 4 else 0, club="A" if p.id >= 8 else None)
        for p in players
    ]
    weights = PenaltyWeights(spread=1e6, club=1e6, seat=1e6)
    seating = seat_round(players, (4,), mode="standings", weights=weights, seed=2)
    assert seating.total.repeats == 0
    assert seating.total.club > 0 and seating.total.spread > 0  # the soft cost was paid
    for table in seating.tables:
        assert sorted(p // 4 for p in table.players) == [0, 1, 2, 3]


def test_same_club_is_avoided_when_free():
    players = [SeatingPlayer(i, club=f"c{i % 4}") for i in range(16)]
    seating = seat_round(players, (4,), mode="random", seed=11)
    assert seating.total.club == 0
    for table in seating.tables:
        assert len({i % 4 for i in table.players}) == 4


def second_small_tables(weights, seed) -> int:
    """19 players with (4, 3): four 4-tables and one 3-table a round, 4 rounds."""
    _, players = simulate(field(19), 4, (4, 3), mode="random", seed=seed, weights=weights)
    return sum(max(0, p.small_tables - 1) for p in players)


def test_small_tables_rotate():
    # 12 small-table seats among 19 players: nobody needs a second one, but a round-by-round
    # draw can corner itself (no repeat-free round with three fresh players may exist).
    seeds = range(6)
    weighted = [second_small_tables(PenaltyWeights(seat=0), s) for s in seeds]
    unweighted = [second_small_tables(PenaltyWeights(seat=0, small_table=0), s) for s in seeds]
    assert max(weighted) <= 1
    assert sum(weighted) < sum(unweighted)


def fewest_small_excess(players, largest_size: int, small_size: int, n_small: int) -> int:
    """Exhaustively: the least small-table excess (earlier small tables beyond the fewest
    anyone has) of any repeat-free round of full tables plus ``n_small`` small tables."""
    met = {p.id: set(p.met) for p in players}
    fewest = min(p.small_tables for p in players)
    excess = {p.id: p.small_tables - fewest for p in players}

    def free(group):
        return all(b not in met[a] for a, b in combinations(group, 2))

    def fill(rest, size):
        if not rest:
            return True
        head = rest[0]
        for others in combinations(rest[1:], size - 1):
            group = (head, *others)
            if free(group) and fill([x for x in rest if x not in group], size):
                return True
        return False

    assert n_small == 1  # enough for the 19-player case below
    options = sorted(
        (sum(excess[x] for x in g), g)
        for g in combinations([p.id for p in players], small_size)
        if free(g)
    )
    for cost, group in options:
        if fill([p.id for p in players if p.id not in group], largest_size):
            return cost
    raise AssertionError("no repeat-free round at all")


@pytest.mark.parametrize("seed", range(6))
def test_no_avoidable_second_small_table(seed):
    """Every round reaches the fewest small-table repeats any repeat-free round could have
    (checked exhaustively): nobody gets a second small table while a player who never had
    one could take the place."""
    players = field(19)
    rng = random.Random(seed)
    for r in range(4):
        best = fewest_small_excess(players, 4, 3, 1)
        seating = seat_round(
            players,
            (4, 3),
            mode="random",
            seed=seed * 1000 + r,
            weights=PenaltyWeights(seat=0),
            time_budget=600,  # the iteration budget decides, not the machine's load
        )
        assert seating.total.repeats == 0
        fewest = min(p.small_tables for p in players)
        small = next(t for t in seating.tables if len(t.players) == 3)
        before = {p.id: p.small_tables for p in players}
        assert sum(before[x] - fewest for x in small.players) == best, (r, best)
        players = record_round(players, seating.tables, seating.byes)
        rng.shuffle(players)


def test_small_tables_in_a_large_standings_event_go_to_players_who_had_none():
    # 201 players in (4, 3): 48 four-tables and 3 three-tables a round, 9 small places a
    # round, 90 in 10 rounds: nobody needs a second one (the issue saw 8 players twice and
    # 3 three times in a 1,001-player event).
    _, players = simulate(field(201), 10, (4, 3), mode="standings", seed=7)
    assert sum(p.small_tables for p in players) == 90
    assert max(p.small_tables for p in players) == 1


def seat_imbalance(players) -> int:
    """Sum over players of (most-used seat count - least-used seat count)."""
    return sum(
        max(c) - min(c) for c in (p.seat_counts + (0,) * (4 - len(p.seat_counts)) for p in players)
    )


def test_seat_balance_improves_over_rounds():
    _, players = simulate(field(32), 4, (4,), mode="random", seed=9)
    # Naive: random tables, seat order as drawn.
    naive = field(32)
    rng = random.Random(9)
    for _ in range(4):
        ids = [p.id for p in naive]
        rng.shuffle(ids)
        naive = record_round(naive, [ids[i : i + 4] for i in range(0, 32, 4)])
    assert all(p.seat_counts[0] <= 2 for p in players)  # nobody starts 3 times of 4
    assert sum(sorted(p.seat_counts) == [1, 1, 1, 1] for p in players) >= 24
    assert seat_imbalance(players) * 3 < seat_imbalance(naive)


def test_start_player_seat_is_the_least_used_one():
    players = [
        SeatingPlayer(i, seat_counts=(2, 0, 0, 0) if i == 0 else (0, 0, 0, 0)) for i in range(4)
    ]
    seating = seat_round(players, (4,), seed=0)
    assert seating.tables[0].players[0] != 0


# -- standings mode ---------------------------------------------------------------------------


def test_standings_mode_groups_by_points():
    players = [SeatingPlayer(i, rank=i + 1, points=100 - 10 * (i // 4)) for i in range(16)]
    seating = seat_round(players, (4,), mode="standings", seed=1)
    assert [sorted(t.players) for t in seating.tables] == [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
    ]
    assert seating.total.spread == 0


def assert_score_groups_kept(players, seating):
    """No swap of two players between two tables lowers (repeats, small-table excess,
    spread): seat balance and clubs never outbid keeping scores together."""
    by_id = {p.id: p for p in players}
    fewest = min(p.small_tables for p in players)
    largest = max(len(t.players) for t in seating.tables)

    def tiers(table):
        repeats = sum(by_id[a].met.get(b, 0) ** 2 for a, b in combinations(table, 2))
        small = sum(by_id[x].small_tables - fewest for x in table) if len(table) < largest else 0
        spread = sum((by_id[a].points - by_id[b].points) ** 2 for a, b in combinations(table, 2))
        return (repeats, small, spread)

    def add(*costs):
        return tuple(sum(c[k] for c in costs) for k in range(3))

    tables = [list(t.players) for t in seating.tables]
    for ta, tb in combinations(tables, 2):
        now = add(tiers(ta), tiers(tb))
        for p in ta:
            for q in tb:
                new_a = [q if x == p else x for x in ta]
                new_b = [p if x == q else x for x in tb]
                assert add(tiers(new_a), tiers(new_b)) >= now, (p, q)


def test_standings_mode_table_1_is_the_top_table_every_round():
    players = field(120)
    rng = random.Random(4)
    for r in range(7):
        seating = seat_round(players, (4, 3), mode="standings", seed=40 + r, time_budget=600)
        by_id = {p.id: p for p in players}
        means = [
            sum(F(by_id[x].points) for x in t.players) / len(t.players) for t in seating.tables
        ]
        assert means == sorted(means, reverse=True)  # numbered by strength
        assert_score_groups_kept(players, seating)
        if r < 4:
            # Until the leaders have met each other (from round 5 on here, a repeat would
            # be the price), table 1 holds the leader and the best points there are.
            top = seating.tables[0].players
            best_points = sorted((p.points for p in players), reverse=True)[: len(top)]
            assert sorted((by_id[x].points for x in top), reverse=True) == best_points
            assert min(p.rank for p in players) in {by_id[x].rank for x in top}
        players = record_round(players, seating.tables, seating.byes)
        gained = {}
        for table in seating.tables:
            order = list(table.players)
            rng.shuffle(order)
            for place, pid in enumerate(order):
                gained[pid] = F(3 * (len(order) - 1 - place), len(order) - 1)
        players = [dataclasses.replace(p, points=p.points + gained.get(p.id, 0)) for p in players]
        ranking = sorted(players, key=lambda p: (-p.points, p.id))
        rank = {p.id: i + 1 for i, p in enumerate(ranking)}
        players = [dataclasses.replace(p, rank=rank[p.id]) for p in players]


def test_64_players_5_rounds_standings_mode_without_repeats():
    seatings, _ = simulate(field(64), 5, (4, 3), mode="standings", seed=2026)
    met = meetings(seatings)
    assert max(met.values()) == 1
    assert all(s.total.repeats == 0 for s in seatings)


def test_odd_field_standings_mode_without_repeats():
    seatings, _ = simulate(field(37), 5, (4, 3), mode="standings", seed=5)
    assert max(meetings(seatings).values()) == 1


def test_same_seed_same_seating_across_processes_with_string_ids():
    """No set or hash order leaks into the result (string hashing differs per process)."""
    script = (
        "from tournaments.seating.optimiser import SeatingPlayer, record_round, seat_round\n"
        "ps = [SeatingPlayer(f'p{i}', rank=i + 1, points=i % 5, club=f'c{i % 3}') "
        "for i in range(30)]\n"
        "first = seat_round(ps, (4, 3), mode='random', seed=3, time_budget=600)\n"
        "ps = record_round(ps, first.tables, first.byes)\n"
        "print(seat_round(ps, (4, 3), mode='standings', seed=4, time_budget=600).to_dict())\n"
    )
    root = Path(__file__).resolve().parents[3]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1


def test_time_budget_is_a_safety_stop_that_still_returns_a_valid_seating():
    # 8 players who all met twice: repeats are unavoidable, so only a limit ends the search.
    players = field(8)
    for _ in range(2):
        players = record_round(players, [(0, 1, 2, 3), (4, 5, 6, 7)])
        players = record_round(players, [(0, 4, 1, 5), (2, 6, 3, 7)])
    by_time = seat_round(players, (4,), seed=1, time_budget=0, max_iterations=10**9)
    assert by_time.stats.stopped_by == "time"
    assert_valid_round(by_time, range(8), (4,))
    by_budget = seat_round(players, (4,), seed=1, max_iterations=300)
    assert by_budget.stats.stopped_by == "iterations" and by_budget.stats.iterations == 300
    assert by_budget.total.repeats > 0


def test_fractional_points_and_ranks_in_standings_mode():
    from fractions import Fraction

    players = [SeatingPlayer(i, rank=i + 1, points=Fraction(9 - i, 2)) for i in range(8)]
    seating = seat_round(players, (4,), mode="standings", seed=0)
    assert [sorted(t.players) for t in seating.tables] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert seating.to_dict()["tables"][0]["cost"]["spread"] == seating.tables[0].cost.spread


def test_players_with_history_from_past_rounds():
    from tournaments.seating.optimiser import players_with_history

    past = [
        ([(1, 2, 3, 4), (5, 6, 7)], [8]),
        ([(4, 3, 2, 1), (8, 5, 6)], [7]),
    ]
    players = {p.id: p for p in players_with_history(field(9)[1:], past)}
    assert players[1].met == {2: 2, 3: 2, 4: 2}
    assert players[1].seat_counts == (1, 0, 0, 1)
    assert players[5].small_tables == 2 and players[5].met == {6: 2, 7: 1, 8: 1}
    assert players[8].byes == 1 and players[7].byes == 1


def test_same_seed_same_seating_however_slow_the_machine(monkeypatch):
    """The search is bounded by steps: a loaded machine (here a clock that jumps half a
    second at every look, as if each 256 steps took that long) seats as an idle one."""
    import time as time_module

    players = field(120, points=0)
    for r in range(3):  # history, so the search has repeats and seat balance to work on
        ids = [p.id for p in players]
        random.Random(r).shuffle(ids)
        players = record_round(players, [ids[i : i + 4] for i in range(0, 120, 4)])
    players = [dataclasses.replace(p, points=F(p.id % 7, 2)) for p in players]

    def seat():
        seating = seat_round(players, (4, 3), mode="standings", seed=11)
        return [t.players for t in seating.tables], seating.stats

    idle_tables, idle_stats = seat()
    assert seat()[0] == idle_tables  # same seed, same seating
    clock = [time_module.monotonic()]

    def slow_monotonic():
        clock[0] += 0.5
        return clock[0]

    monkeypatch.setattr(time_module, "monotonic", slow_monotonic)
    loaded_tables, loaded_stats = seat()
    assert loaded_stats.stopped_by != "time"
    assert (loaded_tables, loaded_stats.iterations) == (idle_tables, idle_stats.iterations)
