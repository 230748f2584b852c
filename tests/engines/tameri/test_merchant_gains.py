"""M9: every gain of a merchant action, with and without the market layout (G9).

The trade's own gains (II), the resource into the centre (I) and the collect gains (I, II)
are checked in every game. Which other merchants border the activated stalls (III) needs the
layout, which the text lost (G9): with an edition layout the gains are checked in full, no
more and no less; without it the recorded gains are applied and the check is unchecked. The
layouts here are test layouts, not the printed market.
"""

from __future__ import annotations

import pytest

from engines.core.errors import SetupError
from engines.tameri import ENGINE
from tests.engines.tameri.helpers import P4, build_state, notes, ok, refused

RING = {
    "stalls": {"S1": "barley", "S2": "flax", "S3": "fruit", "S4": "papyrus"},
    "spaces": [["S4", "S1"], ["S1", "S2"], ["S2", "S3"], ["S3", "S4"]],
}


def market(layout=RING, seats=None, centre=None):
    spec = {
        "players": P4,
        "order": [4, 1, 2, 3],
        "turn": {"seat": 4, "card": 12, "match": True, "step": 2},
        "cards": [{"number": 12, "top": ["merchant"], "bottom": ["harvest"]}],
        "seats": seats or [{"merchant": 4}, {}, {"merchant": 2}, {"board": [[12, False]]}],
        "centre": centre or {},
    }
    if layout is not None:
        spec["edition"] = {"base": "default", "values": {"board": {"market_stalls": layout}}}
    return build_state(spec)


def trade(space=3, stalls=("flax", "fruit"), others=(), pay="fruit"):
    return {
        "type": "merchant",
        "seat": 4,
        "space": space,
        "mode": "trade",
        "pay": pay,
        "stalls": list(stalls),
        "others": [{"seat": k, "resource": r} for k, r in others],
    }


def test_M9_trade_I_II_the_trader_pays_1_into_the_centre_and_gains_1_per_activated_stall():
    s = ok(market(), trade(others=[(3, "flax"), (1, "fruit")], pay="fruit"))
    # I: even though the fruit stall gives fruit, 1 fruit goes into the centre first.
    assert s.players[3].res == (2, 2, 3, 2) and s.centre == (0, 0, 0, 1)


def test_M9_trade_II_the_activated_stalls_are_those_beside_the_space():
    assert (
        refused(market(), trade(stalls=("barley", "fruit"), others=[(3, "flax"), (1, "fruit")]))
        == "merchant.stalls_conflict"
    )


def test_M9_trade_III_every_merchant_beside_an_activated_stall_gains_it():
    assert refused(market(), trade(others=[(1, "fruit")])) == "merchant.trade_gains"
    assert refused(market(), trade(others=[])) == "merchant.trade_gains"


def test_M9_trade_III_no_other_gain_than_the_bordered_stalls():
    wrong = trade(others=[(3, "fruit"), (1, "fruit")])  # Paul borders flax, not fruit
    assert refused(market(), wrong) == "merchant.trade_gains"
    twice = trade(others=[(3, "flax"), (3, "flax"), (1, "fruit")])
    assert refused(market(), twice) == "merchant.trade_gains"
    # George's merchant on space 1 borders neither activated stall: he gains nothing.
    seats = [{"merchant": 4}, {"merchant": 1}, {"merchant": 2}, {"board": [[12, False]]}]
    george = trade(others=[(3, "flax"), (1, "fruit"), (2, "barley")])
    assert refused(market(seats=seats), george) == "merchant.trade_gains"
    ok(market(seats=seats), trade(others=[(3, "flax"), (1, "fruit")]))


def test_M9_A14_a_merchant_beside_both_activated_stalls_gains_one_of_each():
    two = {"stalls": {"A": "barley", "B": "flax"}, "spaces": [["A", "B"], ["B", "A"]]}
    seats = [{"merchant": 2}, {}, {}, {"board": [[12, False]]}]
    s = market(layout=two, seats=seats)
    move = {**trade(space=1, stalls=("barley", "flax"), pay="papyrus")}
    assert refused(s, {**move, "others": [{"seat": 1, "resource": "flax"}]}) == (
        "merchant.trade_gains"
    )
    s = ok(
        s,
        {
            **move,
            "others": [{"seat": 1, "resource": "flax"}, {"seat": 1, "resource": "barley"}],
        },
    )
    assert s.players[0].res == (3, 2, 3, 2)


def test_M9_the_layout_bounds_the_market_spaces():
    assert refused(market(), trade(space=5, others=[])) == "merchant.no_space"


def test_M9_collect_I_II_the_centre_to_the_collector_and_1_chosen_to_each_other_merchant():
    s = market(centre={"barley": 2, "fruit": 1})
    collect = {"type": "merchant", "seat": 4, "space": 3, "mode": "collect"}
    assert refused(s, {**collect, "others": [{"seat": 3, "resource": "fruit"}]}) == (
        "merchant.collect_others"
    )
    s = ok(
        s,
        {
            **collect,
            "others": [{"seat": 3, "resource": "papyrus"}, {"seat": 1, "resource": "flax"}],
        },
    )
    assert s.players[3].res == (4, 2, 2, 3) and s.centre == (0, 0, 0, 0)
    assert s.players[2].res == (2, 3, 2, 2) and s.players[0].res == (2, 2, 3, 2)


def test_G9_M9_without_the_layout_recorded_gains_are_applied_and_completeness_is_unchecked():
    s = ok(market(layout=None), trade(others=[(1, "fruit")]))  # Paul's flax not recorded
    assert s.players[2].res == (2, 2, 2, 2) and "cannot be checked" in notes(s)


@pytest.mark.parametrize(
    "layout",
    [
        {"stalls": {"A": "barley"}, "spaces": [["A", "B"]]},
        {"stalls": {"A": "barley", "B": "flax"}, "spaces": [["A", "A"]]},
        {"stalls": {"A": "gold"}, "spaces": [["A", "A"]]},
        {"stalls": {"A": "barley", "B": "flax"}, "spaces": [["A"]]},
    ],
)
def test_G9_a_malformed_market_layout_is_a_setup_error(layout):
    edition = {"base": "default", "values": {"board": {"market_stalls": layout}}}
    with pytest.raises(SetupError):
        ENGINE.context({"game": "tameri", "players": P4, "moves": [], "edition": edition})
