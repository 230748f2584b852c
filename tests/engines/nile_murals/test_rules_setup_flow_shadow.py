"""Setup (SU), game flow (F), the end (E3) and the shadow rule's parts (M2.1-M2.5), each
named after the rule it exercises (see test_rule_coverage.py)."""

from __future__ import annotations

import pytest

from engines.core.errors import MalformedInput, SetupError
from engines.nile_murals import ENGINE
from engines.nile_murals.playout import play
from engines.nile_murals.shadow import forbidden
from engines.nile_murals.state import ALL_CARDS
from tests.engines.nile_murals.helpers import Log


def rule(violation) -> tuple[str, str]:
    return violation.code, violation.rule


def new_state(*players: str):
    return ENGINE.setup(ENGINE.context(Log(*players).doc()))


# ---- setup -------------------------------------------------------------------------------
def test_SU1_SU3_the_sheet_starts_empty_and_the_pawn_is_no_record():
    state = new_state("A", "B", "C")
    assert state.sheet == 0
    doc = Log("A", "B").deal(10, 11).add(type="pawn", card=10).doc()  # F7/SU3: no rule effect
    with pytest.raises(MalformedInput):
        ENGINE.replay(doc)


def test_SU2_all_100_cards_start_in_the_deck():
    state = new_state("A", "B")
    assert state.deck == ALL_CARDS and state.deck.bit_count() == 100
    assert not any(state.hands)


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"]])
def test_SU4_one_card_stand_per_player_of_four_colours(players):
    with pytest.raises(SetupError):
        ENGINE.replay(Log(*players).doc())
    assert len(new_state("A", "B", "C", "D").hands) == 4


def test_SU5_every_marker_starts_on_zero():
    state = new_state("A", "B", "C", "D")
    assert state.combo == state.area == state.miss == (0, 0, 0, 0)


def test_SU7_the_discard_starts_empty_and_fills_only_by_misses():
    state = new_state("A", "B")
    assert state.discard == 0
    after = Log("A", "B").deal(10, 11).deck(25).deck(37, miss=True).state()
    assert after.discard == 1 << 37


# ---- flow --------------------------------------------------------------------------------
def test_F1_the_first_player_listed_starts():
    for players in (["A", "B", "C"], ["C", "A", "B"]):
        state = Log(*players).deal(10, 11, 12).state()
        assert state.phase == "turn" and state.seat == 0
        first = Log(*players).deal(10, 11, 12).deck(30, player=players[0]).state()
        assert first.k == 1


def test_F2_F4_after_the_combo_bonus_play_passes_clockwise():
    log = Log("A", "B", "C").deal(10, 11, 12)
    state = log.deck(0).deck(1).deck(2).deck(3).stop().state()  # 4 cards: +1 and a card
    assert state.combo == (1, 0, 0) and state.phase == "draw"
    state = log.draw(50).state()
    assert state.seat == 1 and state.phase == "turn"
    state = log.deck(60).stop().draw(51).state()
    assert state.seat == 2


def test_F3_a_turn_ends_by_stop_by_the_tenth_card_or_by_a_miss():
    stopped = Log("A", "B").deal(98, 99).deck(0).stop().draw(50).state()
    assert stopped.seat == 1
    ten = Log("A", "B").deal(98, 99)
    for card in range(30, 40):
        ten.deck(card)
    assert ten.state().phase == "draw" and ten.state().k == 10
    missed = Log("A", "B").deal(98, 99).deck(25).deck(37, miss=True).state()
    assert missed.seat == 1 and missed.k == 0


def test_F5_F6_once_deck_and_discard_are_empty_no_card_can_be_drawn_again():
    doc = {"game": "nile_murals", "players": ["A", "B"], "moves": []}
    moves = play(ENGINE, doc, seed=1)
    state = ENGINE.setup(ENGINE.context(doc))
    empty_seen = False
    for i, move in enumerate(ENGINE.parse_moves(moves)):
        if empty_seen:
            assert not state.deck and not state.discard  # F6: the stage is permanent
        state = ENGINE.apply(state, move, i)
        empty_seen = empty_seen or (not state.deck and not state.discard)
    assert empty_seen and ENGINE.is_over(state)


def test_F7_the_engine_keeps_the_previous_card_and_the_count_itself():
    state = Log("A", "B").deal(98, 99).deck(25).deck(8).state()
    assert (state.prev, state.k) == (8, 2)  # what the pawn and the fingers remember


def test_E3_the_game_ends_only_when_every_card_is_placed():
    doc = {"game": "nile_murals", "players": ["A", "B", "C"], "moves": []}
    moves = play(ENGINE, doc, seed=7)
    state = ENGINE.setup(ENGINE.context(doc))
    for i, move in enumerate(ENGINE.parse_moves(moves)):
        assert not ENGINE.is_over(state)  # no turn limit, no score threshold
        state = ENGINE.apply(state, move, i)
    assert ENGINE.is_over(state) and state.sheet == ALL_CARDS
    assert len(moves) > 100


# ---- the shadow rule, part by part ---------------------------------------------------------
def test_M2_1_the_first_card_of_every_turn_is_legal():
    for prev in range(100):
        assert not forbidden(None, prev)
    state = Log("A", "B").deal(10, 11).deck(0).stop().draw(5).deck(99, miss=False).state()
    assert state.sheet >> 99 & 1


@pytest.mark.parametrize(
    ("prev", "card", "shadowed"),
    [(25, 37, True), (0, 11, True), (88, 99, True), (18, 29, True), (25, 8, False)],
)
def test_M2_2_a_card_is_shadowed_only_if_both_digits_are_greater(prev, card, shadowed):
    assert forbidden(prev, card) is shadowed
    log = Log("A", "B").deal(98, 97).deck(prev).deck(card)
    assert log.state().miss == ((-1, 0) if shadowed else (0, 0))


def test_M2_3_only_the_immediately_preceding_card_counts():
    # 25 then 08: 37 lies in 25's shadow but not in 08's, so it is legal.
    state = Log("A", "B").deal(98, 99).deck(25).deck(8).deck(37, miss=False).state()
    assert state.k == 3 and state.miss == (0, 0)


@pytest.mark.parametrize("card", [82, 25, 92, 29])
def test_M2_4_same_row_or_column_is_never_shadowed(card):
    assert not forbidden(22, card)
    assert Log("A", "B").deal(98, 97).deck(22).draw(60).deck(card).state().miss == (0, 0)


@pytest.mark.parametrize("prev", [95, 69, 99, 90, 9])
def test_M2_5_after_a_card_in_the_bottom_row_or_right_column_nothing_is_shadowed(prev):
    assert not any(forbidden(prev, card) for card in range(100))
