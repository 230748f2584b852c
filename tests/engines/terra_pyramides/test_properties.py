"""Property tests: scoring formulas against brute force, and replay invariants on playouts."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.options import MISSION_WORKERS, WORKERS_BY_PLAYERS
from engines.terra_pyramides.scoring import (
    card_points,
    grave_goods_points,
    highest_pyramid_leader,
    unique_leader,
)
from tests.engines.terra_pyramides.helpers import playout

counts = st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=4)


def brute_force_grave_goods(goods):
    """S8 pair by pair: each player scores their own count, and for every other player
    with fewer grave goods, the difference."""
    points = []
    for p, mine in enumerate(goods):
        total = mine
        for q, theirs in enumerate(goods):
            if q != p and theirs < mine:
                total += mine - theirs
        points.append(total)
    return points


@given(counts)
def test_S8_grave_goods_matches_pairwise_brute_force(goods):
    assert grave_goods_points(goods) == brute_force_grave_goods(goods)


@given(counts)
def test_S8_grave_goods_keeps_order_and_equal_counts_score_equal(goods):
    pts = grave_goods_points(goods)
    for a, b in permutations(range(len(goods)), 2):
        if goods[a] > goods[b]:
            assert pts[a] > pts[b]
        if goods[a] == goods[b]:
            assert pts[a] == pts[b]
        assert pts[a] >= goods[a]


@given(counts, st.integers(min_value=0, max_value=4))
def test_S12_card_ties_score_nothing(values, owner_seat):
    leader = unique_leader(values)
    best = max(values)
    assert (leader is None) == (values.count(best) > 1)
    owner = owner_seat if owner_seat < len(values) else None
    pts = card_points(leader, owner, len(values))
    if leader is None:
        assert pts == [0] * len(values)
    else:
        assert values[leader] == best
        assert pts[leader] == (20 if owner == leader else 10) and sum(pts) == pts[leader]


pyramids = st.lists(
    st.lists(st.integers(min_value=1, max_value=5), max_size=4), min_size=2, max_size=4
)


@given(pyramids, st.sampled_from(["lower_than_any", "compare_shorter_list"]))
def test_S12_highest_pyramid_is_unique_and_order_free(levels, reading):
    leader = highest_pyramid_leader(levels, reading)
    order = list(reversed(range(len(levels))))
    moved = highest_pyramid_leader([levels[i] for i in order], reading)
    assert (leader is None) == (moved is None)
    if leader is not None:
        assert order[moved] == leader
        top = _top3(levels[leader])
        assert all(_top3(other) < top for i, other in enumerate(levels) if i != leader)


def _top3(levels):
    return (sorted(levels, reverse=True) + [0, 0, 0])[:3]


games = st.tuples(
    st.sampled_from(
        [
            {"version": 1},
            {"version": 2},
            {"version": 3},
            {"mission": 3},
            {"version": 1, "a8_bought_worker": "new_piece"},
        ]
    ),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=10_000),
)


@settings(max_examples=25, deadline=None)
@given(games)
def test_replay_invariants_on_random_games(game):
    options, n, seed = game
    final, records, states = playout(options, n, seed)
    assert final.phase == "over"
    workers = MISSION_WORKERS if "mission" in options else WORKERS_BY_PLAYERS[n]
    initial_reserve = states[0].players[0].reserve
    for before, record, after in zip(states[:-1], records, states[1:], strict=True):
        for colour, p in enumerate(after.players):
            on_sites = sum(s.workers for s in after.sites.values() if s.owner == colour)
            waiting = len(after.pending) if colour == after.colour() else 0
            bought_new = initial_reserve - p.reserve  # A8 "new_piece": pieces from outside
            assert p.stock + on_sites + waiting == workers + bought_new  # worker conservation
        for site in after.sites.values():
            assert 0 <= site.workers <= 3  # L3
            assert (site.owner is None) == (site.workers == 0)
        if record["type"] == "end_turn":
            ender = before.players[before.colour()]
            assert ender.coins <= 4 and ender.block_count <= 7  # L1/L2
    replayed = ENGINE.replay(
        {
            "game": "terra_pyramides",
            "players": [f"P{i + 1}" for i in range(n)],
            "options": options,
            "moves": records,
        }
    )
    assert replayed.ok and replayed.game_over
    assert replayed.final_state.players == final.players
