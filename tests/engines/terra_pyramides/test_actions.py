"""Optional actions: building (M8, L8, L10), money uses (M9), conversion (M10), pieces (L7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.terra_pyramides.state import Site
from tests.engines.terra_pyramides.helpers import (
    LINE_X1,
    MOVES_X2,
    PLACE_X1,
    SETUP_V1,
    run,
    start,
    violations,
)

R = "terra_pyramides:"
SITE = (3, 3)


@pytest.fixture
def acting():
    """Alex after resolving his line: 3 of his workers on the value-3 foundation."""
    state = run(start(["Alex", "Bodo"]), [SETUP_V1, PLACE_X1, LINE_X1, *MOVES_X2])
    state = state.with_site(SITE, Site(value=3, owner=0, workers=3))
    return state.with_player(0, stock=12, blocks={"red": 2, "white": 1, "blue": 1}, coins=4)


def build(payment, colour=None):
    move = {"type": "build", "square": list(SITE), "payment": payment}
    if colour:
        move["colour"] = colour
    return move


def test_M8_1_building_needs_three_own_workers(acting):
    two = acting.with_site(SITE, Site(value=3, owner=0, workers=2))
    assert violations(two, build({"red": 1}, "red")) == [("build_needs_three", R + "M8.1")]


def test_M8_2_level_one_returns_two_workers_and_keeps_one(acting):
    after = run(acting, [build({"red": 1}, "red")])
    site = after.sites[SITE]
    assert (site.level, site.colour, site.workers, site.owner) == (1, "red", 1, 0)
    assert after.players[0].stock == 14 and after.players[0].blocks == {
        "red": 1,
        "white": 1,
        "blue": 1,
    }


def test_M8_3_level_one_needs_a_colour(acting):
    assert ("colour_required", R + "M8.3") in violations(acting, build({"red": 1}))


def test_M8_4_white_is_a_joker_other_colours_are_not(acting):
    pyramid = acting.with_site(SITE, Site(value=3, level=1, colour="red", owner=0, workers=3))
    assert violations(pyramid, build({"red": 1, "white": 1})) == []
    assert ("wrong_block_colour", R + "M8.4") in violations(pyramid, build({"red": 1, "blue": 1}))


def test_M8_3_A9_level_one_payment_any_colour_reading():
    state = run(
        start(["A", "B"], a9_level1_payment="any_colour"), [SETUP_V1, PLACE_X1, LINE_X1, *MOVES_X2]
    )
    state = state.with_site(SITE, Site(value=3, owner=0, workers=3))
    assert violations(state, build({"blue": 1}, "red")) == []


def test_M8_6_level_n_costs_n_blocks(acting):
    pyramid = acting.with_site(SITE, Site(value=3, level=1, colour="red", owner=0, workers=3))
    assert ("wrong_block_count", R + "M8.6") in violations(pyramid, build({"red": 1}))
    assert ("wrong_block_count", R + "M8.6") in violations(pyramid, build({"red": 2, "white": 1}))


def test_M8_5_cannot_build_without_the_blocks(acting):
    pyramid = acting.with_site(SITE, Site(value=3, level=3, colour="red", owner=0, workers=3))
    assert ("not_enough_blocks", R + "M8.5") in violations(pyramid, build({"red": 4}))


def test_L10_pyramid_colour_is_fixed(acting):
    pyramid = acting.with_site(SITE, Site(value=3, level=1, colour="red", owner=0, workers=3))
    assert ("colour_fixed", R + "L10") in violations(pyramid, build({"red": 2}, "blue"))


def test_L8_only_two_tops_per_player(acting):
    pyramid = acting.with_site(SITE, Site(value=3, level=4, colour="red", owner=0, workers=3))
    rich = pyramid.with_player(0, blocks={"red": 5}, tops_used=2)
    assert ("no_top_left", R + "L8") in violations(rich, build({"red": 5}))
    assert violations(rich.with_player(0, tops_used=1), build({"red": 5})) == []


def test_M8_6_level_five_is_the_last(acting):
    top = acting.with_site(SITE, Site(value=3, level=5, colour="red", owner=0, workers=3))
    assert ("pyramid_complete", R + "M8.6") in violations(top, build({"red": 5}))


def test_M9_2_buy_worker_onto_own_foundation(acting):
    state = acting.with_site(SITE, Site(value=3, owner=0, workers=2))
    after = run(state, [{"type": "buy_worker", "target": list(SITE)}])
    assert (
        after.sites[SITE].workers == 3
        and after.players[0].coins == 1
        and after.players[0].stock == 11
    )


def test_M9_2_bought_worker_not_onto_others(acting):
    state = acting.with_site((5, 4), Site(value=2, owner=1, workers=1))
    assert ("site_taken", R + "L3") in violations(state, {"type": "buy_worker", "target": [5, 4]})
    poor = acting.with_player(0, coins=2)
    assert ("not_enough_coins", R + "M9.2") in violations(
        poor, {"type": "buy_worker", "target": [5, 4]}
    )


def test_L7_A8_bought_worker_comes_from_the_stock(acting):
    empty = acting.with_site((5, 4), Site(value=2)).with_player(0, stock=0)
    assert ("no_worker_piece", R + "L7") in violations(
        empty, {"type": "buy_worker", "target": [5, 4]}
    )
    other = run(
        start(["A", "B"], a8_bought_worker="new_piece"), [SETUP_V1, PLACE_X1, LINE_X1, *MOVES_X2]
    )
    other = other.with_player(0, stock=0, coins=3)
    # 2 players: 15 workers + 1 marker of 16 pieces leaves 0 unused pieces (G10)
    assert ("no_worker_piece", R + "L7") in violations(
        other, {"type": "buy_worker", "target": [5, 4]}
    )
    spare = other.with_player(0, reserve=1)
    assert violations(spare, {"type": "buy_worker", "target": [5, 4]}) == []


def test_M9_3_bought_block_is_white(acting):
    after = run(acting, [{"type": "buy_block"}])
    assert after.players[0].blocks["white"] == 2 and after.players[0].coins == 1


def test_M9_1_looking_through_a_stack_costs_one_coin(acting):
    after = run(acting, [{"type": "reorder_stack", "stack": 5}])
    assert after.players[0].coins == 3
    gone = replace(acting, stacks=(0,) * 8)
    assert ("stack_empty", R + "M9.1") in violations(gone, {"type": "reorder_stack", "stack": 5})


def test_M10_A5_conversion_colours(acting):
    mixed = {"type": "convert", "payment": {"red": 1, "blue": 1}}
    after = run(acting, [mixed])
    assert after.players[0].blocks == {"red": 1, "white": 2}
    strict = run(
        start(["A", "B"], a5_conversion="same_colour"), [SETUP_V1, PLACE_X1, LINE_X1, *MOVES_X2]
    )
    strict = strict.with_player(0, blocks={"red": 1, "blue": 1})
    assert ("convert_same_colour", R + "M10") in violations(strict, mixed)


def test_M10_conversion_is_exactly_two_blocks(acting):
    assert ("convert_two", R + "M10") in violations(
        acting, {"type": "convert", "payment": {"red": 1}}
    )


def test_F4_no_actions_while_workers_wait():
    state = run(start(["A", "B"]), [SETUP_V1, PLACE_X1, LINE_X1])
    assert violations(state, {"type": "buy_block"})[0][0] == "out_of_order"
