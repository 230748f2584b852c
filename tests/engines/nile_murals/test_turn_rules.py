"""Turn rules M1-M12, F2/F5, SU6, E1/E2 and limits L1-L12, each test named by its rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core.errors import MalformedInput, SetupError
from engines.nile_murals import ENGINE
from engines.nile_murals.moves import Place, Stop
from tests.engines.nile_murals.helpers import MADE_UP_EDITION, Log, hand_of

X3 = json.loads((Path(__file__).parent / "vectors" / "x3_example_2.json").read_text())
X3_START = 142  # first move of 例2 proper; the moves before it set up the position


def x3_prefix() -> Log:
    """A 3-player game (seats C, A, B) with deck 90-95, A holding 96, 97, B 89, 98, 99."""
    log = Log(*X3["doc"]["players"])
    log.moves = [dict(m) for m in X3["doc"]["moves"][:X3_START]]
    return log


def rule(violation) -> tuple[str, str]:
    return violation.code, violation.rule


# ---- setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_SU6_each_player_takes_one_starting_card(n):
    log = Log(*"ABCD"[:n]).deal(*range(10, 10 + n))
    state = log.state()
    assert [hand_of(state, s) for s in range(n)] == [[10 + s] for s in range(n)]
    assert state.deck.bit_count() == 100 - n
    assert state.phase == "turn" and state.seat == 0  # the start player is listed first (F1)


def test_SU6_play_before_every_starting_card_is_dealt_is_rejected():
    assert rule(Log("A", "B", "C").deal(10, 11).deck(5).violation()) == (
        "deal_pending",
        "nile_murals:SU6",
    )


def test_SU6_a_fourth_deal_in_a_three_player_game_is_rejected():
    assert rule(Log("A", "B", "C").deal(10, 11, 12, 13).violation())[0] == "deal_after_setup"


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"]])
def test_I3_two_to_four_players(players):
    with pytest.raises(SetupError):
        ENGINE.replay({"game": "nile_murals", "players": players, "moves": []})


# ---- placements and sources (M1-M5) -----------------------------------------------------
def test_M1_any_face_up_discard_card_may_be_taken_not_only_the_newest():
    log = Log("A", "B").deal(10, 11)
    log.deck(30).deck(41, miss=True)  # A misses 41
    log.deck(50).deck(62, miss=True)  # B misses 62: the discard is 41, 62
    state = log.discard(41).state()  # A takes the older one
    assert state.sheet >> 41 & 1 and state.discard == 1 << 62


def test_M1_hand_play_of_a_card_not_held_is_rejected():
    v = Log("A", "B").deal(10, 11).hand(11).violation()
    assert rule(v) == ("card_not_in_hand", "nile_murals:M1")
    assert "B's hand" in v.text


def test_M1_taking_from_an_empty_discard_is_rejected():
    assert rule(Log("A", "B").deal(10, 11).discard(30).violation()) == (
        "empty_source",
        "nile_murals:M1",
    )


def test_M1_drawing_a_discard_card_into_the_hand_mid_turn_is_rejected():
    # B's ankh draw after 22 is taken; a second draw is not due (an unknown card would
    # leave the ankh draw open, see M7).
    log = Log("A", "B").deal(10, 11).deck(30).deck(41, miss=True).deck(22).draw(60)
    assert rule(log.draw(41, source="discard").violation()) == ("draw_not_due", "nile_murals:M1")


def test_M2_first_card_of_a_turn_ignores_the_previous_players_last_card():
    state = Log("A", "B").deal(10, 11).deck(0).stop().draw(5).deck(99, miss=False).state()
    assert state.sheet >> 99 & 1 and state.miss == (0, 0)


def test_M3_L3_a_deck_card_cannot_be_taken_into_the_hand():
    v = Log("A", "B").deal(10, 11).deck(22).draw(60).draw(31).violation()
    assert rule(v) == ("deck_card_must_be_placed", "nile_murals:L3")


def test_M4_a_shadowed_card_from_hand_is_an_illegal_move():
    v = Log("A", "B").deal(46, 11).deck(25).hand(46).violation()
    assert rule(v) == ("shadowed_card", "nile_murals:M4")


def test_M4_a_shadowed_card_from_the_discard_is_an_illegal_move():
    log = Log("A", "B").deal(10, 11).deck(30).deck(41, miss=True).deck(20).discard(41)
    assert rule(log.violation()) == ("shadowed_card", "nile_murals:M4")


def test_M4_G7_option_scores_a_shadowed_hand_card_as_a_miss():
    log = Log("A", "B", shadowed_hand_or_discard="miss").deal(46, 11).deck(25).hand(46, miss=True)
    state = log.state()
    assert state.miss == (-1, 0) and state.discard == 1 << 46 and state.seat == 1
    assert hand_of(state, 0) == []


def test_M4_legal_moves_never_offer_a_shadowed_hand_card():
    state = Log("A", "B").deal(46, 11).deck(25).state()
    hand_moves = [m for m in ENGINE.legal_moves(state) if getattr(m, "source", "") == "hand"]
    assert hand_moves == []


def test_M5_miss_puts_the_card_face_up_in_the_discard_and_ends_the_turn_without_bonus():
    log = Log("A", "B").deal(10, 11).deck(0).deck(1).deck(2).deck(3).deck(45, miss=True)
    state = log.state()
    assert state.discard == 1 << 45 and state.miss == (-1, 0)
    assert state.combo == (0, 0) and state.seat == 1 and state.k == 0  # k=4 bonus lost
    v = log.draw(50).violation()  # no bonus card after a miss
    assert rule(v) == ("no_bonus_after_miss", "nile_murals:M5")


def test_M5_a_bonus_draw_from_the_discard_after_a_miss_cites_the_miss():
    log = Log("A", "B").deal(10, 11).deck(25).deck(37, miss=True).draw(37, source="discard")
    assert rule(log.violation()) == ("no_bonus_after_miss", "nile_murals:M5")


def test_L2_a_stop_after_a_miss_is_the_next_players_pass():
    log = Log("A", "B").deal(10, 11).deck(25).deck(37, miss=True).stop()
    assert rule(log.violation()) == ("stop_after_miss", "nile_murals:L2")


def test_M5_a_miss_the_judge_did_not_note_is_still_a_miss_but_a_wrong_note_is_flagged():
    assert rule(Log("A", "B").deal(10, 11).deck(25).deck(37, miss=False).violation()) == (
        "miss_fact_mismatch",
        "nile_murals:M5",
    )


def test_M5_after_a_miss_the_same_player_cannot_continue():
    log = Log("A", "B").deal(10, 11).deck(25).deck(37, miss=True).deck(5, player="A")
    assert rule(log.violation()) == ("turn_already_ended", "nile_murals:M5")


def test_L9_a_first_deck_card_is_never_a_miss():
    assert rule(Log("A", "B").deal(10, 11).deck(99, miss=True).violation())[0] == (
        "miss_fact_mismatch"
    )


# ---- area completion (M6, S2) ------------------------------------------------------------
def test_M6_area_completion_with_a_recorded_value_moves_the_area_track():
    log = Log("A", "B").deal(10, 11).deck(64, area="III")
    assert log.state().area == (3, 0)


def test_M6_area_value_contradicting_the_rulebook_is_flagged():
    v = Log("A", "B").deal(10, 11).deck(64, area="II").violation()
    assert rule(v) == ("area_fact_mismatch", "nile_murals:M6")


def test_M6_S2_area_from_the_edition_map_and_kept_after_a_miss():
    # Made-up map: area 0 is rows 0-2 x columns 0-3 (12 squares) worth I; 13, 22 are ankhs.
    log = Log("A", "B", edition=MADE_UP_EDITION).deal(50, 51)
    for card in (0, 1, 2, 3, 10, 11, 12, 13):
        log.deck(card)
    log.draw(60)  # 13 is an ankh card in the made-up edition
    log.deck(20).deck(21)  # 10th card: the turn ends, 10 cards -> +5 and 1 card (made up)
    log.draw(61)
    log.deck(22).draw(62).deck(23)  # B completes area 0 (value I) ...
    log.deck(34, miss=True)  # ... then misses: the Area point stays
    state = log.state()
    assert state.area == (0, 1) and state.miss == (0, -1) and state.combo == (5, 0)
    assert state.unchecked == ()


def test_M6_a_recorded_completion_the_map_contradicts_is_flagged():
    v = Log("A", "B", edition=MADE_UP_EDITION).deal(50, 51).deck(0, area="I").violation()
    assert rule(v) == ("area_fact_mismatch", "nile_murals:M6")


def test_M6_a_missed_card_completes_no_area():
    v = Log("A", "B").deal(10, 11).deck(25).deck(37, area="I").violation()
    assert rule(v) == ("area_fact_mismatch", "nile_murals:M6")


def test_M6_C8_a_thirteenth_completion_is_rejected():
    log = Log("A", "B").deal(98, 99)
    for card in range(12):
        log.deck(card, area="I").stop().draw(50 + card)
    assert rule(log.deck(20, area="I").violation()) == (
        "too_many_area_completions",
        "nile_murals:M6",
    )


# ---- ankh cards (M7) ---------------------------------------------------------------------
def test_M7_the_ankh_draw_is_compulsory():
    v = Log("A", "B").deal(10, 11).deck(22).deck(30).violation()
    assert rule(v) == ("ankh_draw_missing", "nile_murals:M7")


def test_M7_the_ankh_draw_comes_before_stopping():
    assert Log("A", "B").deal(10, 11).deck(22).stop().violation().code == "ankh_draw_missing"


def test_M7_the_drawn_card_may_be_placed_at_once_from_the_discard_draw():
    log = Log("A", "B").deal(10, 11).deck(30).deck(41, miss=True)  # 41 in the discard
    state = log.deck(22).draw(41, source="discard").hand(41).state()
    assert state.k == 2 and state.discard == 0


def test_M7_G10_an_ankh_card_as_the_tenth_card_still_draws_then_the_turn_ends():
    log = Log("A", "B").deal(98, 99)
    for card in (13, 14, 15, 16, 17, 18, 19, 20, 21, 22):
        log.deck(card)
    # k=10: ankh draw (1) + Combo Bonus for 10 (count unknown in the default edition).
    state = log.state()
    assert state.phase == "draw" and state.draw_min >= 1 and state.combo == (5, 0)
    state = log.draw(50).deck(0).state()  # B's turn begins
    assert state.seat == 1 and hand_of(state, 0) == [50, 98]
    assert any(u.item == "combo bonus cards" for u in state.unchecked)


def test_M7_a_missed_ankh_card_has_no_effect():
    state = Log("A", "B").deal(10, 11).deck(0).deck(22, miss=True).state()
    assert state.seat == 1 and state.discard == 1 << 22 and state.draw_max == 0


def test_M7_recording_22_as_not_an_ankh_card_contradicts_the_rulebook():
    v = Log("A", "B").deal(10, 11).deck(22, ankh=False).violation()
    assert rule(v) == ("ankh_fact_mismatch", "nile_murals:M7")


def test_M7_C5_a_fourteenth_ankh_card_is_rejected():
    log = Log("A", "B").deal(98, 99)
    ankhs = [c for c in range(40) if c != 22][:12]
    spare = iter(range(50, 99))
    for card in ankhs:
        log.deck(card, ankh=True).draw(next(spare)).stop().draw(next(spare))
    state = log.state()
    assert state.ankh_yes.bit_count() == 13 and state.ankh_status(45) is False
    assert rule(log.deck(45, ankh=True).violation())[0] == "ankh_fact_mismatch"


def test_M7_unknown_ankh_status_accepts_a_draw_and_lists_it_unchecked():
    state = Log("A", "B").deal(10, 11).deck(37).draw(50).stop().draw(51).state()
    items = {u.item: u.reason for u in state.unchecked}
    assert "ankh cards" in items and "accepted as ankh draws" in items["ankh cards"]


def test_M7_a_recorded_ankh_fact_makes_the_draw_compulsory():
    v = Log("A", "B").deal(10, 11).deck(37, ankh=True).stop().violation()
    assert rule(v) == ("ankh_draw_missing", "nile_murals:M7")


# ---- stop, combo bonus, draws (M8-M10) ---------------------------------------------------
def test_M8_L2_stopping_before_the_first_placement_is_rejected():
    assert rule(Log("A", "B").deal(10, 11).stop().violation()) == (
        "stop_before_placing",
        "nile_murals:L2",
    )


def test_M8_a_turn_with_no_card_left_to_take_ends_by_itself_and_a_stop_records_it():
    log = x3_prefix()
    for card in (90, 91, 92, 93, 94, 95):
        log.deck(card)
    state = log.hand(96).hand(97).state()  # 例2 A: deck, discard and hand now empty
    assert state.seat == 2 and state.k == 0 and state.combo[1] == 3  # 8 cards: +3
    assert Stop(player="A") not in list(ENGINE.legal_moves(state))
    # The judge's "A stopped" (as 例2 words it) is accepted as the record of that end ...
    stopped = log.stop(player="A").state()
    assert (stopped.seat, stopped.combo) == (state.seat, state.combo)
    # ... once: a second stop is the next player's pass.
    assert rule(log.stop().violation()) == ("stop_before_placing", "nile_murals:L2")


def test_M9_four_cards_give_one_point_and_one_card():
    log = Log("A", "B").deal(10, 11).deck(0).deck(1).deck(2).deck(3).stop()
    state = log.state()
    assert state.combo == (1, 0) and state.phase == "draw" and state.draw_min == 1
    assert rule(log.deck(50).violation()) == ("bonus_draws_missing", "nile_murals:M9")


def test_M9_two_cards_give_nothing_so_a_bonus_draw_is_rejected():
    log = Log("A", "B").deal(10, 11).deck(0).deck(1).stop().draw(50)
    assert rule(log.violation()) == ("too_many_bonus_draws", "nile_murals:M9")


def test_M9_a_second_bonus_card_for_three_cards_is_rejected():
    log = Log("A", "B").deal(10, 11).deck(0).deck(1).deck(2).stop().draw(50).draw(51)
    assert rule(log.violation()) == ("too_many_bonus_draws", "nile_murals:M9")


def test_M9_eight_cards_give_three_points():
    log = Log("A", "B").deal(98, 99)
    for card in range(30, 38):
        log.deck(card)
    assert log.stop().state().combo == (3, 0)


def test_M10_bonus_draws_take_only_what_the_deck_and_discard_hold():
    log = x3_prefix()
    for card in (90, 91, 92, 93, 94, 95):
        log.deck(card)
    state = log.hand(96).hand(97).stop().state()  # +3 & 1 card, nothing to draw
    assert state.combo[1] == 3 and state.seat == 2 and hand_of(state, 1) == []


# ---- hand-only stage, skipping, last player (M11, M12, F5, E1) ---------------------------
def test_M11_F5_a_player_without_cards_is_skipped_once_deck_and_discard_are_empty():
    log = x3_prefix()
    for card in (90, 91, 92, 93, 94, 95):
        log.deck(card)
    log.hand(96).hand(97).stop().hand(98).stop()
    state = log.state()
    assert state.seat == 2  # C (seat 0) and A (seat 1) were skipped: B again
    assert rule(log.hand(99, player="C").violation()) == ("player_skipped", "nile_murals:F5")


def test_M11_nobody_is_skipped_while_the_deck_has_cards():
    log = x3_prefix().deck(90, player="A").stop().draw(91)
    state = log.deck(92, player="B").stop().draw(93).state()
    assert hand_of(state, 0) == [] and state.seat == 0  # C holds nothing, plays from the deck


def test_M12_the_last_player_with_cards_spreads_them_over_turns():
    log = Log(*X3["doc"]["players"])
    log.moves = [dict(m) for m in X3["doc"]["moves"]]
    report = log.replay()
    assert report.ok and report.game_over
    assert [m.get("player") for m in log.moves[-4:]] == ["B", "B", "B", "B"]


def test_E1_the_game_ends_when_every_card_is_on_the_sheet_and_no_move_follows():
    log = Log(*X3["doc"]["players"])
    log.moves = [dict(m) for m in X3["doc"]["moves"]]
    state = log.state()
    assert ENGINE.is_over(state) and state.sheet == (1 << 100) - 1
    assert rule(log.deck(0).violation()) == ("game_over", "nile_murals:E1")
    log.moves.pop()
    assert log.stop().state().phase == "over"  # the last turn's stop, as a judge writes it
    assert rule(log.stop().violation()) == ("game_over", "nile_murals:E1")


@pytest.mark.parametrize("takes", [True, False])
def test_E2_G8_the_game_ending_turn_takes_its_combo_points_by_option(takes):
    log = x3_prefix()
    log.options = {"combo_on_final_turn": takes}
    log.deck(90).deck(91).deck(92).stop().draw(93)  # A: k=3 -> 1 card
    log.deck(94).stop().draw(95)  # B: k=1 -> 1 card; deck and discard now empty
    log.hand(93).hand(96).hand(97).stop()  # C is skipped; A: k=3, nothing to draw
    log.hand(95).hand(98).hand(99).hand(89)  # B: the last 4 cards end the game
    state = log.state()
    assert state.phase == "over"
    assert state.combo[2] == (1 if takes else 0)
    outcome = log.replay().outcome
    assert any(("takes" if takes else "does not take") in note for note in outcome.notes)


def test_L1_a_turn_ends_after_the_tenth_card():
    log = Log("A", "B").deal(98, 99)
    for card in range(30, 40):
        log.deck(card)
    state = log.state()
    assert state.k == 10 and state.phase == "draw"
    assert rule(log.deck(40, player="A").violation()) == ("turn_already_ended", "nile_murals:L1")


def test_L1_a_stop_after_the_tenth_card_records_the_end_before_or_after_the_draws():
    log = Log("A", "B", edition=MADE_UP_EDITION).deal(98, 97)
    for card in (30, 32, 33, 34, 35, 36, 37, 38, 39, 41):  # no made-up ankh among them
        log.deck(card)
    before = Log("A", "B", edition=MADE_UP_EDITION)
    before.moves = [*log.moves, {"type": "stop"}, {"type": "draw", "source": "deck", "card": 50}]
    log.draw(50)  # 10 cards -> 1 card in the made-up edition; the window closes
    after = log.stop().state()
    assert before.state().hands == after.hands and after.seat == 1 and after.combo == (5, 0)
    # A second stop is B's pass; B's own cards are then due.
    assert rule(log.stop().violation()) == ("stop_before_placing", "nile_murals:L2")
    # Recorded before the draws, the end is recorded: a stop after them is B's pass too.
    before.moves.append({"type": "stop"})
    assert rule(before.violation()) == ("stop_before_placing", "nile_murals:L2")


def test_L4_hands_have_no_size_limit():
    log = Log("A", "B").deal(98, 99)
    for turn in range(12):
        log.deck(turn).stop().draw(50 + turn)  # 1 card -> 1 bonus card, every turn
    state = log.state()
    assert len(hand_of(state, 0)) == 7 and len(hand_of(state, 1)) == 7


def test_L5_a_card_already_on_the_sheet_cannot_be_placed_again():
    v = Log("A", "B").deal(10, 11).deck(30).stop().draw(31).deck(30).violation()
    assert rule(v) == ("card_already_placed", "nile_murals:L5")


def test_L7_a_deck_draw_of_a_card_held_by_a_player_is_rejected():
    v = Log("A", "B").deal(10, 11).deck(11).violation()
    assert rule(v) == ("card_not_in_deck", "nile_murals:L7")
    assert "B's hand" in v.text


def test_L12_legal_moves_offer_only_the_acting_players_own_hand():
    state = Log("A", "B").deal(10, 11).state()
    hand_cards = {
        m.card for m in ENGINE.legal_moves(state) if isinstance(m, Place) and m.source == "hand"
    }
    assert hand_cards == {10}


def test_F2_a_record_naming_the_wrong_player_is_rejected():
    v = Log("A", "B").deal(10, 11).deck(30, player="B").violation()
    assert rule(v) == ("not_your_turn", "nile_murals:F2")


def test_V3_the_pawn_memory_aid_is_not_a_move():
    with pytest.raises(MalformedInput):
        ENGINE.replay(Log("A", "B").deal(10, 11).add(type="pawn", card=10).doc())


@pytest.mark.parametrize(
    ("k", "points", "cards"), [(1, 0, 1), (2, 0, 0), (3, 0, 1), (4, 1, 1), (8, 3, 1)]
)
def test_S1_L10_the_bonus_is_exactly_the_chart_entry_for_the_cards_placed(k, points, cards):
    log = Log("A", "B").deal(98, 99)
    for card in range(30, 30 + k):
        log.deck(card)
    state = log.stop().state()
    assert state.combo == (points, 0)
    if cards:
        assert state.phase == "draw" and (state.draw_min, state.draw_max) == (cards, cards)
    else:
        assert state.phase == "turn" and state.seat == 1  # nothing to draw: B's turn


def test_L10_a_turn_that_ends_in_a_miss_takes_no_bonus_even_after_eight_cards():
    log = Log("A", "B").deal(98, 99)
    for card in range(30, 38):
        log.deck(card)
    state = log.deck(49, miss=True).state()  # 37 -> 49: both digits greater
    assert state.combo == (0, 0) and state.seat == 1 and state.phase == "turn"


def test_S3_each_miss_moves_the_miss_track_one_step_down():
    log = Log("A", "B").deal(98, 99).deck(0).deck(11, miss=True)
    log.deck(50).stop().draw(51)  # B
    state = log.deck(20).deck(33, miss=True).state()  # A misses again
    assert state.miss == (-2, 0) and state.discard == (1 << 11) | (1 << 33)


def test_L8_only_a_miss_adds_to_the_discard_and_taking_removes_it():
    log = Log("A", "B").deal(98, 99).deck(0).stop().draw(5)
    assert log.state().discard == 0  # placements and draws never add to the discard
    state = log.deck(10).deck(21, miss=True).discard(21).state()
    assert state.discard == 0 and state.sheet >> 21 & 1


def test_M10_a_bonus_draw_from_an_empty_discard_is_rejected():
    log = Log("A", "B").deal(98, 99).deck(0).stop().draw(5, source="discard")
    assert rule(log.violation()) == ("empty_source", "nile_murals:M1")


def test_M10_a_bonus_draw_of_a_card_not_in_the_deck_is_rejected():
    v = Log("A", "B").deal(98, 99).deck(0).stop().draw(99).violation()
    assert rule(v) == ("card_not_in_deck", "nile_murals:L7")


def test_F2_a_record_naming_someone_outside_the_game_is_rejected():
    assert Log("A", "B").deal(10, 11).deck(30, player="Zed").violation().code == "unknown_player"


def test_messages_have_japanese_templates():
    v = Log("A", "B").deal(46, 11).deck(25).hand(46).violation()
    assert ENGINE.localize(v, "ja") == "カード46は25の右下（影）なので、手札・場札から選べません"


def test_M7_C5_draws_after_unknown_cards_count_towards_the_13_ankh_cards():
    log = Log("A", "B").deal(98, 99)
    spare = iter(range(60, 98))
    for card in range(12):  # 22 plus 12 unknown cards whose draws are taken as ankh draws
        log.deck(card).draw(next(spare)).stop().draw(next(spare))
    state = log.state()
    assert state.ankh_unknown_drawn.bit_count() == 12
    assert rule(log.deck(12).draw(next(spare)).violation()) == (
        "too_many_ankh_cards",
        "nile_murals:C5",
    )


def test_a_malformed_record_is_named_by_its_path():
    doc = Log("A", "B").deal(10, 11).deck(30).doc()
    doc["moves"][2]["card"] = 100
    with pytest.raises(MalformedInput) as err:
        ENGINE.replay(doc)
    assert [v.path for v in err.value.violations] == ["$.moves[2].card"]


def test_M7_a_second_draw_after_one_ankh_card_is_not_due():
    v = Log("A", "B").deal(10, 11).deck(37).draw(50).draw(51, source="deck").violation()
    assert rule(v) == ("deck_card_must_be_placed", "nile_murals:L3")


def test_M9_unknown_bonus_counts_are_listed_per_card_count_and_differences_flagged():
    log = Log("A", "B").deal(98, 99)
    log.deck(0).deck(1).deck(2).deck(3).deck(4).stop().draw(50).draw(51)  # A: 5 -> 2 cards
    log.deck(10).deck(11).deck(12).deck(13).deck(14).stop().draw(52).draw(53).draw(54)
    state = log.deck(20).state()  # A's turn closes B's draws
    (item,) = [u for u in state.unchecked if u.item == "combo bonus cards"]
    assert "after placing 5 cards the players drew: A 2, B 3" in item.reason
    assert "these differ" in item.reason and item.rule == "nile_murals:M9"


def test_M11_an_ankh_card_draws_nothing_once_deck_and_discard_are_empty():
    log = x3_prefix()
    for card in (90, 91, 92, 93, 94, 95):
        log.deck(card)
    log.hand(96).hand(97).stop()
    state = log.hand(98).hand(99, ankh=True).stop().state()  # no ankh draw is owed
    assert state.seat == 2 and hand_of(state, 2) == [89] and state.k == 0


# ---- messages state no Combo-Bonus count the rulebook lost (issue 18, item 3) ------------
def test_M9_a_missing_draw_for_a_lost_count_says_the_count_is_lost():
    log = Log("A", "B").deal(98, 99).deck(0).deck(1).deck(2).deck(3).deck(4).stop()
    v = log.deck(50).violation()  # 5 cards: a card icon of lost count, at least 1 due
    assert rule(v) == ("bonus_draws_missing_lost_count", "nile_murals:M9")
    assert "lost" in v.text and "失われ" in ENGINE.localize(v, "ja")


def test_M9_a_draw_beyond_the_rulebooks_range_for_a_lost_count_says_the_count_is_lost():
    log = Log("A", "B").deal(98, 99).deck(0).deck(1).deck(2).deck(3).deck(4).stop()
    log.draw(50).draw(51).draw(52).draw(53)  # 1-4 cards: the window closes at 4
    v = log.draw(54).violation()
    assert rule(v) == ("too_many_bonus_draws_lost_count", "nile_murals:M9")
    assert "lost" in v.text and "失われ" in ENGINE.localize(v, "ja")


def test_M9_a_printed_count_is_still_stated_as_printed():
    v = Log("A", "B").deal(10, 11).deck(0).deck(1).deck(2).stop().draw(50).draw(51).violation()
    assert rule(v) == ("too_many_bonus_draws", "nile_murals:M9")


@pytest.mark.parametrize(("field", "bad"), [("card", True), ("card", "30"), ("miss", 1)])
def test_records_are_parsed_strictly(field, bad):
    doc = Log("A", "B").deal(10, 11).deck(30, miss=False).doc()
    doc["moves"][2][field] = bad
    with pytest.raises(MalformedInput) as err:
        ENGINE.replay(doc)
    assert [v.path for v in err.value.violations] == [f"$.moves[2].{field}"]
