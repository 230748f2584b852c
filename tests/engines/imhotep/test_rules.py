"""Unit tests of the moves and limits (M, L, F rules), named after the rule they check."""

from dataclasses import replace

from engines.imhotep.components import CARD_INDEX

from .conftest import FOUR, codes, in_turn, new_game, play, violations, with_cargo

W, K, B, G = 0, 1, 2, 3


def quarry(n, by=None):
    return {"type": "quarry", "count": n, **({"by": by} if by else {})}


def load(ship, space):
    return {"type": "load", "ship": ship, "space": space}


def sail(ship, site):
    return {"type": "sail", "ship": ship, "site": site}


# ---- M1 Get stones --------------------------------------------------------------------


def test_M1_quarry_moves_up_to_three_own_stones_to_the_sled():
    state = in_turn(new_game())  # white: sled 2, quarry 27
    after = play(state, quarry(3))
    assert after.sled[W] == 5 and after.quarry[W] == 24
    assert codes(state, quarry(4)) == [("quarry.too_many", "imhotep:M1")]


def test_M1_G14_quarry_zero_is_illegal_by_default_and_an_option():
    assert codes(in_turn(new_game()), quarry(0)) == [("quarry.zero", "imhotep:G14")]
    allowed = in_turn(new_game(options={"allow_quarry_zero": True}))
    assert play(allowed, quarry(0)).actor == 1


# ---- M2 Load ---------------------------------------------------------------------------


def test_M2_load_any_empty_space_not_only_the_bow():
    after = play(in_turn(new_game()), load(0, 3))
    assert after.ships[0].cargo == (None, None, None, W) and after.sled[W] == 1


def test_M2_load_needs_a_stone_on_the_sled():
    state = in_turn(new_game(), sled=(0, 3, 4, 5))
    assert codes(state, load(0, 0)) == [("sled.empty", "imhotep:M2")]


# ---- M3 Sail ---------------------------------------------------------------------------


def test_M3_sail_a_ship_without_own_stones_unloading_bow_to_stern_skipping_empty():
    state = with_cargo(in_turn(new_game(), actor=W), 0, (B, None, K, G))
    after = play(state, sail(0, "burial"))
    assert after.burial == (B, K, G)
    assert after.ships[0].site == "burial" and after.actor == K


def test_M3_L16_any_site_whatever_the_stones_colours():
    state = with_cargo(in_turn(new_game(), actor=W), 1, (G, G, None))
    assert violations(state, sail(1, "obelisk")) == []
    assert play(state, sail(1, "obelisk")).obelisk == (0, 0, 0, 2)


# ---- M4 Play a blue card ---------------------------------------------------------------


def test_M4_playing_a_blue_card_needs_the_card_and_discards_it():
    chisel = {"type": "play_chisel", "loads": [{"ship": 0, "space": 0}, {"ship": 1, "space": 0}]}
    state = in_turn(new_game())
    assert codes(state, chisel) == [("card.not_held", "imhotep:M4")]
    held = in_turn(new_game(), hands={W: {"chisel": 1}})
    after = play(held, chisel)
    assert after.hands[W][CARD_INDEX["chisel"]] == 0
    assert after.discard[CARD_INDEX["chisel"]] == 1


# ---- L rules ---------------------------------------------------------------------------


def test_L1_sled_holds_at_most_five():
    state = in_turn(new_game(), actor=K)  # black: sled 3 (X2)
    assert codes(state, quarry(3)) == [("sled.full", "imhotep:L1")]
    assert play(state, quarry(2)).sled[K] == 5


def test_L2_quarry_supply_is_finite_per_colour():
    state = in_turn(new_game(), quarry=(1, 26, 25, 24))
    assert codes(state, quarry(2)) == [("quarry.empty", "imhotep:L2")]


def test_L3_ship_capacity_and_taken_spaces():
    state = with_cargo(in_turn(new_game()), 3, (K,))
    assert codes(state, load(3, 0)) == [("ship.space_taken", "imhotep:L3")]
    assert codes(state, load(2, 2)) == [("ship.no_such_space", "imhotep:L3")]


def test_L4_minimum_load_is_checked_when_sailing():
    state = with_cargo(in_turn(new_game()), 0, (K, G, None, None))  # capacity 4, minimum 3
    assert codes(state, sail(0, "temple")) == [("ship.below_min_load", "imhotep:L4")]
    assert violations(with_cargo(state, 0, (K, G, B, None)), sail(0, "temple")) == []


def test_L5_one_ship_per_site_per_round():
    state = with_cargo(with_cargo(in_turn(new_game()), 2, (K, None)), 3, (G,))
    state = play(state, sail(2, "temple"))  # white sails; black to move
    assert codes(state, sail(3, "temple")) == [("dock.taken", "imhotep:L5")]


def test_L6_a_sailed_ship_cannot_be_loaded_or_sailed_again():
    state = play(with_cargo(in_turn(new_game()), 3, (G,)), sail(3, "burial"))
    assert codes(state, load(3, 0)) == [("ship.sailed", "imhotep:L6")]
    assert codes(state, sail(3, "temple")) == [("ship.sailed", "imhotep:L6")]


def test_L7_one_action_per_turn_and_the_card_is_the_action():
    chisel = {"type": "play_chisel", "loads": [{"ship": 0, "space": 0}, {"ship": 0, "space": 1}]}
    state = play(in_turn(new_game(), hands={W: {"chisel": 1, "hammer": 1}}), chisel)
    assert state.actor == K
    hammer = {"type": "play_hammer", "take": 1, "ship": 1, "space": 0, "by": "white"}
    assert codes(state, hammer) == [("sequence.wrong_player", "imhotep:F4")]


def test_L8_market_is_not_refilled_and_leftovers_are_discarded_at_round_end():
    state = with_cargo(in_turn(new_game()), 0, (W, K, B, G))
    state = play(
        state,
        sail(0, "market"),
        *[
            {"type": "take", "card": c}
            for c in ("statue", "lever", "entrance", "temple_decoration")
        ],
    )
    assert state.market == ()
    one = with_cargo(in_turn(new_game()), 3, (G,))
    assert play(one, sail(3, "market"), {"type": "take", "card": "lever"}).market == (
        "statue",
        "entrance",
        "temple_decoration",
    )


def test_L9_temple_is_four_columns_wide_with_two_players():
    from engines.imhotep.effects import temple_tops

    assert temple_tops((0, 1, 0, 1, 1), 2) == [(0, 1), (1, 1), (2, 0), (3, 1)]
    assert temple_tops((0, 1, 0, 1, 1), 4) == [(0, 0), (1, 1), (2, 0), (3, 1), (4, 1)]


def test_L10_pyramid_A_holds_14_then_overflow_scores_1():
    state = replace(with_cargo(in_turn(new_game()), 1, (W, K, None)), pyramid=(G,) * 13)
    after = play(state, sail(1, "pyramid"))
    assert after.score[W] == 4 and after.score[K] == 1  # space 14 is worth 4; overflow 1


def test_L11_burial_chamber_has_no_stone_limit():
    state = replace(with_cargo(in_turn(new_game()), 0, (W, K, B, G)), burial=(K,) * 60)
    assert len(play(state, sail(0, "burial")).burial) == 64


def test_L12_obelisk_A_has_no_height_limit():
    state = replace(with_cargo(in_turn(new_game()), 2, (W, W)), obelisk=(20, 0, 0, 0))
    assert play(state, sail(2, "obelisk")).obelisk[W] == 22


def test_L13_players_load_only_their_own_colour():
    state = play(in_turn(new_game(), actor=B), load(1, 1))
    assert state.ships[1].cargo[1] == B and state.sled[B] == 3


def test_L14_stones_leave_a_site_only_from_the_market():
    state = with_cargo(in_turn(new_game()), 1, (K, B, None))
    to_market = play(
        state,
        sail(1, "market"),
        {"type": "take", "card": "statue"},
        {"type": "take", "card": "lever"},
    )
    assert to_market.quarry[K] == state.quarry[K] + 1 and to_market.quarry[B] == state.quarry[B] + 1
    assert play(state, sail(1, "temple")).temple == (K, B)


def test_L15_six_round_cards_then_the_game_is_over():
    from engines.imhotep.examples.make_example import weighted_game

    doc, end = weighted_game(seed=7)
    assert end.phase == "over" and end.round == 6
    assert sum(1 for r in doc["moves"] if r["type"] == "round") == 6
    assert codes(end, {"type": "round", "ships": [4, 3, 2, 1]}) == [("game.over", "imhotep:E1")]


# ---- F rules: flow -----------------------------------------------------------------------


def test_F2_ship_records_only_when_a_round_starts():
    state = new_game()
    assert codes(state, quarry(1)) == [("sequence.unexpected", "imhotep:F2")]


def test_F3_reveal_only_cards_left_in_the_deck_and_reshuffle_when_empty():
    state = play(new_game(), {"type": "round", "ships": [4, 3, 2, 1]})
    assert codes(
        replace(state, deck=(0,) * 12, discard=(0,) * 12), {"type": "reveal", "card": "statue"}
    ) == [("reveal.not_in_deck", "imhotep:F3")]
    discard = tuple(1 if i == CARD_INDEX["hammer"] else 0 for i in range(12))
    reshuffled = play(
        replace(state, deck=(0,) * 12, discard=discard), {"type": "reveal", "card": "hammer"}
    )
    assert (
        reshuffled.market == ("hammer",)
        and not any(reshuffled.deck)
        and not any(reshuffled.discard)
    )


def test_F4_named_player_must_be_the_one_to_move():
    assert codes(in_turn(new_game()), quarry(1, by="black")) == [
        ("sequence.wrong_player", "imhotep:F4")
    ]
    assert violations(in_turn(new_game()), quarry(1, by="white")) == []


def test_G15_pass_only_when_nothing_else_is_legal():
    state = in_turn(new_game())
    assert codes(state, {"type": "pass"}) == [("pass.not_allowed", "imhotep:G15")]
    stuck = replace(state, sled=(0, 3, 4, 5), quarry=(0, 26, 25, 24))
    assert play(stuck, {"type": "pass"}).actor == K


def test_sequence_decisions_come_before_other_moves():
    state = play(with_cargo(in_turn(new_game()), 3, (G,)), sail(3, "market"))
    assert state.phase == "decide" and state.current_seat() == G
    assert codes(state, quarry(1)) == [("sequence.unexpected", "imhotep:P1")]


def test_players_are_seated_in_the_given_order():
    assert new_game().ctx.players == tuple(FOUR)


def test_G1_recorded_minimum_loads_must_agree_with_the_edition():
    state = new_game()
    good = {"type": "round", "ships": [4, 3, 2, 1], "min_loads": [3, 2, 1, 1]}
    assert violations(state, good) == []
    assert codes(state, dict(good, min_loads=[2, 2, 1, 1])) == [
        ("round.min_load_contradicts_edition", "imhotep:G1")
    ]
    assert codes(state, dict(good, min_loads=[3, 4, 1, 1])) == [
        ("round.min_load_above_capacity", "imhotep:G1")
    ]


def test_G1_unknown_minimum_load_lets_the_ship_sail_and_is_unchecked():
    state = with_cargo(
        in_turn(new_game(), ships=((4, None), (3, 2), (2, 1), (1, 1))), 0, (K,) + (None,) * 3
    )
    after = play(state, sail(0, "burial"))
    assert after.burial == (K,)
    assert [u.rule for u in after.unchecked] == ["imhotep:G1"]
