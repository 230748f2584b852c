"""Setup (U), flow (F), side-A site placement (P) and the end (E), each named after the
rule it exercises (see test_rule_coverage.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engines.core.errors import SetupError
from engines.imhotep import ENGINE
from engines.imhotep.components import CARD_INDEX
from engines.imhotep.examples.make_example import weighted_game

from .conftest import FOUR, codes, in_turn, new_game, play, with_cargo

W, K, B, G = 0, 1, 2, 3
EXAMPLE = Path(__file__).resolve().parents[3] / "engines" / "imhotep" / "examples"


def sail(ship, site):
    return {"type": "sail", "ship": ship, "site": site}


def last_ship_to(state, site, cargo, docked=("market", "burial", "obelisk")):
    """Ships 0-2 already docked at ``docked``; ship 3 (capacity 1) holds ``cargo``."""
    ships = tuple(s._replace(site=d) for s, d in zip(state.ships[:3], docked, strict=True))
    return replace(state, ships=ships + (state.ships[3]._replace(cargo=cargo),)), site


# ---- setup -------------------------------------------------------------------------------
def test_U1_a_first_game_uses_every_A_side():
    sides = new_game().ctx.options.sides
    assert {getattr(sides, s) for s in ("market", "pyramid", "temple", "burial", "obelisk")} == {
        "A"
    }


def test_U2_U10_every_score_marker_starts_on_0_and_is_one_of_the_colours_stones():
    state = new_game()
    assert state.score == (0, 0, 0, 0)
    assert [q + s for q, s in zip(state.quarry, state.sled, strict=True)] == [29] * 4


def test_U3_the_round_ships_come_from_the_eight_in_the_box():
    state = new_game()
    assert codes(state, {"type": "round", "ships": [4, 4, 4, 1]}) == [
        ("round.ships_not_in_box", "imhotep:F2")
    ]
    assert codes(state, {"type": "round", "ships": [4, 4, 1, 3]}) == []


def test_U4_U5_the_market_deck_holds_the_34_market_cards_face_down():
    state = new_game()
    assert sum(state.deck) == 34 and state.market == () and not any(state.discard)


@pytest.mark.parametrize("players", [["a"], ["a", "b", "c", "d", "e"]])
def test_U7_two_to_four_colours(players):
    with pytest.raises(SetupError):
        new_game(players=players)


def test_U8_U9_only_the_players_colours_are_in_the_quarry():
    state = new_game(players=["a", "b", "c"])
    assert state.quarry == (27, 26, 25)  # 30 - marker - starting stones, three colours


def test_U11_the_start_player_listed_first_takes_the_first_turn():
    state = play(new_game(), {"type": "round", "ships": [4, 3, 2, 1]})
    for card in ("statue", "lever", "hammer", "sail"):
        state = play(state, {"type": "reveal", "card": card})
    assert state.phase == "turn" and state.actor == 0
    assert codes(state, {"type": "quarry", "count": 1, "by": FOUR[1]}) == [
        ("sequence.wrong_player", "imhotep:F4")
    ]


@pytest.mark.parametrize(("n", "sleds"), [(2, (2, 3)), (3, (2, 3, 4)), (4, (2, 3, 4, 5))])
def test_U12_starting_stones_2_3_4_5_clockwise(n, sleds):
    assert new_game(players=FOUR[:n]).sled == sleds


# ---- flow --------------------------------------------------------------------------------
def test_F1_E1_the_game_lasts_exactly_six_rounds():
    doc = json.loads((EXAMPLE / "imhotep-4p-log.json").read_text(encoding="utf-8"))
    report = ENGINE.replay(doc)
    assert report.game_over and sum(1 for m in doc["moves"] if m["type"] == "round") == 6
    _, end = weighted_game(seed=3)
    assert end.phase == "over" and end.round == 6


def test_F5_F8_the_round_ends_when_the_fourth_ship_is_unloaded_with_one_site_empty():
    state, site = last_ship_to(in_turn(new_game()), "temple", (K,))
    after = play(state, sail(3, site))
    assert after.phase == "ships" and after.round == 1  # waiting for the next round card
    assert after.ships == ()  # F8: nothing stays on a ship; F6.1 ships go back
    docked = {"market", "burial", "obelisk", "temple"}
    assert {"market", "pyramid", "temple", "burial", "obelisk"} - docked == {"pyramid"}


def test_F6_next_round_start_player_sits_left_of_the_last_sailer_and_sleds_stay():
    state, site = last_ship_to(in_turn(new_game(), actor=B), "temple", (K,))
    after = play(state, sail(3, site))
    assert after.start_seat == G and after.market == ()  # F6.2 leftovers discarded
    assert after.sled == state.sled  # F6.3 stones on sleds stay


def test_F7_round_six_ends_with_temple_scoring_then_final_scoring():
    state, site = last_ship_to(in_turn(new_game(), temple=(W, K)), "pyramid", (K,))
    after = play(replace(state, round=6), sail(3, site))
    assert after.phase == "over"
    assert after.score[W] == 1 and after.score[K] == 1 + 2  # temple 1 each; pyramid space 2
    assert ENGINE.is_over(after) and ENGINE.score_state(after).breakdown


# ---- side A sites ------------------------------------------------------------------------
def test_P1_a_market_stone_takes_one_card_and_returns_to_the_quarry():
    state = with_cargo(in_turn(new_game()), 3, (G,))
    after = play(state, sail(3, "market"), {"type": "take", "card": "lever"})
    assert after.hands[G][CARD_INDEX["lever"]] == 1 and after.quarry[G] == state.quarry[G] + 1


def test_P2_the_pyramid_fills_the_next_empty_space_in_its_fixed_order():
    state = with_cargo(in_turn(new_game(), pyramid=(K, K)), 1, (W, B, None))
    after = play(state, sail(1, "pyramid"))
    assert after.pyramid == (K, K, W, B) and after.score[W] == 3 and after.score[B] == 2


def test_P3_the_temple_fills_left_to_right_then_the_next_level():
    state = with_cargo(in_turn(new_game(), temple=(G,) * 4), 1, (W, K, None))
    assert play(state, sail(1, "temple")).temple == (G, G, G, G, W, K)


def test_P4_the_burial_chamber_fills_column_by_column_top_to_bottom():
    state = with_cargo(in_turn(new_game(), burial=(G, G)), 0, (W, K, B, None))
    assert play(state, sail(0, "burial")).burial == (G, G, W, K, B)


def test_P5_each_obelisk_stone_goes_on_its_own_colours_stack():
    state = with_cargo(in_turn(new_game()), 1, (W, K, W))
    assert play(state, sail(1, "obelisk")).obelisk == (2, 1, 0, 0)


# ---- the end -----------------------------------------------------------------------------
def test_E2_final_scoring_order_burial_obelisk_cards_then_wrath():
    keys = [c.key for c in ENGINE.categories]
    assert keys == ["track", "burial", "obelisk", "green", "purple", "blue", "wrath"]


def test_E3_the_winner_follows_T1_to_T3():
    doc = {
        "game": "imhotep",
        "players": ["a", "b", "c"],
        "sheet": {
            "players": [
                {"track": 20, "sled": 1},
                {"track": 20, "sled": 3},
                {"track": 25, "sled": 0},
            ]
        },
    }
    assert [p.rank for p in ENGINE.score_sheet(doc).players] == [3, 2, 1]
