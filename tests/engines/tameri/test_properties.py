"""Property tests: scoring against brute force, and invariants of random legal games."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.tameri import ENGINE
from engines.tameri.components import SET_POINTS, WAREHOUSE_CAP
from engines.tameri.scoring import (
    building_set_points,
    hand_glyph_points,
    majority_awards,
    season_majorities,
)
from engines.tameri.turns import advance_priest, turn_order
from engines.tameri.weather import resolve_ramp

SYMBOLS = [f"s{i}" for i in range(1, 8)]


@cache
def best_partition(counts: tuple[int, ...]) -> int:
    """Brute force over every way to split the buildings into sets of distinct symbols."""
    held = [i for i, c in enumerate(counts) if c]
    if not held:
        return 0
    best = 0
    for mask in range(1, 1 << len(held)):
        chosen = [held[k] for k in range(len(held)) if mask >> k & 1]
        rest = list(counts)
        for i in chosen:
            rest[i] -= 1
        best = max(best, SET_POINTS[len(chosen)] + best_partition(tuple(rest)))
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(SYMBOLS), max_size=10))
def test_S8_set_scoring_equals_the_best_partition_by_brute_force(symbols):
    counts = tuple(symbols.count(s) for s in SYMBOLS)
    assert building_set_points(symbols) == best_partition(counts)


GLYPH_NAMES = ["ankh", "eye", "reed", "sun", "*"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from(GLYPH_NAMES), max_size=3),
            st.lists(st.sampled_from(GLYPH_NAMES), max_size=4),
        ),
        max_size=8,
    )
)
def test_S10_hand_glyph_points_equal_the_most_common_glyph_counted_the_long_way(hand):
    every = [g for left, right in hand for g in left + right if g != "*"]
    want = max((every.count(g) for g in set(every)), default=0)
    assert hand_glyph_points(hand) == want


def reference_awards(amounts: list[int]) -> list[int]:
    """S6/S7 written the long way: compare every player with every other."""
    out = []
    for a in amounts:
        beaten_by = sum(1 for b in amounts if b > a)
        tied = sum(1 for b in amounts if b == a)
        if a <= 0 or beaten_by:
            out.append(0)
        else:
            out.append(2 if tied == 1 else 1)
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=2, max_size=4))
def test_S6_S7_majorities_and_ties_match_a_brute_force_reference(amounts):
    assert majority_awards(amounts) == reference_awards(amounts)


screens = st.lists(
    st.fixed_dictionaries({r: st.integers(0, 4) for r in ("barley", "papyrus", "flax", "fruit")}),
    min_size=2,
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(screens, st.randoms(use_true_random=False))
def test_S6_scorers_discard_their_type_and_the_others_keep_it(screens, rnd):
    points, after, per_type = season_majorities(screens)
    for res in ("barley", "papyrus", "flax", "fruit"):
        awards = reference_awards([s[res] for s in screens])
        for seat, award in enumerate(awards):
            assert per_type[seat][res] == award
            assert after[seat][res] == (0 if award else screens[seat][res])
    assert points == [sum(t.values()) for t in per_type]
    order = list(range(len(screens)))
    rnd.shuffle(order)
    shuffled, _, _ = season_majorities([screens[i] for i in order])
    assert shuffled == [points[i] for i in order]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([(None, 0), ("sun", 1), ("sun", 3), ("water", 2), ("water", 4)]),
    st.lists(st.sampled_from(["sun", "water", "silt"]), max_size=8),
    st.integers(0, 4),
)
def test_W8_L18_a_ramp_ends_phase_1_with_0_to_4_spheres_of_one_colour(before, drops, river):
    (colour, count), river_after, back = resolve_ramp(before, drops, river)
    assert 0 <= count <= 4
    assert (colour is None) == (count == 0)
    assert river <= river_after <= 4
    assert back >= 0 and river_after - river + back <= drops.count("silt")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 120), min_size=2, max_size=4, unique=True),
    st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_F5_face_down_cards_play_first_then_by_number(cards, downs):
    downs = downs[: len(cards)]
    order = turn_order(cards, downs)
    keys = [(0 if downs[s] else 1, cards[s]) for s in order]
    assert keys == sorted(keys)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.integers(1, 3), st.integers(1, 8), max_size=3),
    st.integers(0, 8),
    st.integers(1, 4),
)
def test_L8_a_push_chain_never_shares_a_space_nor_passes_the_top(others, start, steps):
    spaces = list(others.values())
    if len(set(spaces)) != len(spaces) or start in spaces:
        return
    got = advance_priest(others, start, steps, 8)
    if isinstance(got, str):
        return
    end, pushes = got
    moved = {**others, **dict(pushes), 0: end}
    assert len(set(moved.values())) == len(moved)
    assert max(moved.values()) <= 8
    if end not in spaces:
        assert pushes == []


@cache
def random_game(n: int, seed: int):
    rng = random.Random(seed)
    ctx = ENGINE.context({"game": "tameri", "players": [f"P{i}" for i in range(n)], "moves": []})
    state = ENGINE.setup(ctx)
    trace = [state]
    while not ENGINE.is_over(state):
        state = ENGINE.apply(state, rng.choice(list(ENGINE.legal_moves(state))))
        trace.append(state)
    return trace


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000))
def test_L1_the_warehouse_check_leaves_at_most_4_of_anything_at_the_end_of_a_turn(n, seed):
    trace = random_game(n, seed)
    checked = 0
    for before, after in zip(trace, trace[1:], strict=False):
        if (
            before.phase == "turn"
            and before.turn is not None
            and (after.turn is None or after.turn.seat != before.turn.seat)
        ):
            p = after.players[before.turn.seat]
            assert (
                max(p.res) <= WAREHOUSE_CAP and p.deben <= WAREHOUSE_CAP and p.silt <= WAREHOUSE_CAP
            )
            checked += 1
    assert checked == 12 * n  # one warehouse check per player per round


@settings(max_examples=8, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000))
def test_L4_workers_are_conserved_and_L18_ramps_stay_single_coloured(n, seed):
    for state in random_game(n, seed):
        for p in state.players:
            placed = len(p.farmers) + (p.merchant is not None) + (p.architect is not None)
            placed += sum(x is not None for x in p.priests)
            assert p.available + p.locked + placed == 8
            assert min(p.res) >= 0 and p.deben >= 0 and p.silt >= 0
        for colour, count in state.ramps:
            assert 0 <= count <= 4 and (colour is None) == (count == 0)
        assert all(0 <= r <= 4 for r in state.rivers)
    final = random_game(n, seed)[-1]
    assert all(len(p.hand) >= 4 for p in final.players)  # T3
