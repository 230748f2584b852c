"""Property tests: random legal games replay cleanly; L6, L7, L8 hold at every step; the
shadow rule (M2) agrees with a brute-force check over all 100 x 100 pairs."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.nile_murals import ENGINE
from engines.nile_murals.moves import Place
from engines.nile_murals.rules import check
from engines.nile_murals.shadow import SHADOW, forbidden
from engines.nile_murals.state import ALL_CARDS
from tests.engines.nile_murals.helpers import MADE_UP_EDITION, Log

PLAYERS = ["Aki", "Ben", "Chie", "Dai"]


def brute_force_forbidden(prev: int | None, card: int) -> bool:
    """The rulebook's words, with digits read as text: both digits strictly greater."""
    if prev is None:
        return False
    p, n = f"{prev:02d}", f"{card:02d}"
    return n[0] > p[0] and n[1] > p[1]


def test_M2_shadow_rule_agrees_with_brute_force_over_all_pairs():
    for prev in [None, *range(100)]:
        for card in range(100):
            assert forbidden(prev, card) is brute_force_forbidden(prev, card), (prev, card)
            if prev is not None:
                assert bool(SHADOW[prev] >> card & 1) is brute_force_forbidden(prev, card)


def test_M2_engine_check_agrees_with_brute_force_for_every_hand_card_after_every_card():
    # One position per previous card p: A placed p first; then every other card n is put
    # in A's hand and checked as the next (hand) placement.
    for prev in range(100):
        spare = [c for c in range(100) if c != prev][:2]
        log = Log("A", "B").deal(*spare).deck(prev)
        if prev == 22:
            log.draw(next(c for c in range(100) if c not in (prev, *spare)))
        base = log.state()
        for card in range(100):
            if base.sheet >> card & 1:
                continue
            hands = (base.hands[0] | 1 << card, base.hands[1] & ~(1 << card))
            state = base.with_(
                hands=hands, deck=base.deck & ~(1 << card), discard=base.discard & ~(1 << card)
            )
            codes = [v.code for v in check(state, Place(source="hand", card=card))]
            assert ("shadowed_card" in codes) is brute_force_forbidden(prev, card), (prev, card)


def conservation_ok(state) -> bool:
    """L7: deck, discard, hands and sheet are disjoint and hold all 100 cards."""
    parts = [state.deck, state.discard, state.sheet, *state.hands]
    union = 0
    for part in parts:
        if union & part:
            return False
        union |= part
    return union == ALL_CARDS


def play_random(seed: int, n_players: int, edition=None, cap: int = 5000, **options):
    rng = random.Random(seed)
    doc = {"game": "nile_murals", "players": PLAYERS[:n_players], "moves": []}
    if edition is not None:
        doc["edition"] = edition
    if options:
        doc["options"] = options
    state = ENGINE.setup(ENGINE.context(doc))
    moves = []
    for _ in range(cap):
        if ENGINE.is_over(state):
            break
        options = list(ENGINE.legal_moves(state))
        assert options, "a live game always has a legal move"
        move = rng.choice(options)
        before = state
        state = ENGINE.apply(state, move)  # raises if legal_moves yielded an illegal move
        moves.append(ENGINE.dump_move(move))
        assert conservation_ok(state)  # L7
        for seat in range(n_players):  # L6: tracks only move in their direction
            assert state.combo[seat] >= before.combo[seat]
            assert state.area[seat] >= before.area[seat]
            assert state.miss[seat] in (before.miss[seat], before.miss[seat] - 1)
        grew = state.discard & ~before.discard
        if grew:  # L8: only a miss adds to the discard, one card, and ends the turn
            assert grew.bit_count() == 1 and sum(state.miss) == sum(before.miss) - 1
        assert state.deck & ~before.deck == 0  # L8: the deck is never refilled
    return doc, moves, state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n_players=st.sampled_from([2, 3, 4]))
def test_random_legal_games_replay_cleanly_and_keep_L6_L7_L8(seed, n_players):
    doc, moves, state = play_random(seed, n_players)
    assert ENGINE.is_over(state)
    report = ENGINE.replay({**doc, "moves": moves})
    assert report.ok and report.game_over
    assert report.final_state.sheet == ALL_CARDS  # E1
    assert report.final_state.combo == state.combo and report.final_state.miss == state.miss


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), n_players=st.sampled_from([2, 3, 4]))
def test_L11_with_a_full_edition_every_area_is_completed_once_and_nothing_is_unchecked(
    seed, n_players
):
    doc, moves, state = play_random(seed, n_players, edition=MADE_UP_EDITION)
    assert state.areas_done == 12 and sum(state.area) == 24  # made-up areas total 24
    assert state.unchecked == ()
    outcome = ENGINE.replay({**doc, "moves": moves}).outcome
    assert outcome.unchecked == () and all(p.complete for p in outcome.players)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), n_players=st.sampled_from([2, 3, 4]))
def test_G7_miss_option_random_games_replay_cleanly(seed, n_players):
    doc, moves, state = play_random(seed, n_players, shadowed_hand_or_discard="miss")
    report = ENGINE.replay({**doc, "moves": moves})
    assert report.ok and report.game_over and report.final_state.miss == state.miss
