"""Rule cases: moves (M1-M21) and game effects (FX).

Each ``c_<rule id>`` case applies moves to a state built from a spec or calls the rule
function the replay uses; ``test_rules.py`` checks that every rule id of the reference has one.
"""

from __future__ import annotations

import pytest

from engines.tameri import scoring
from engines.tameri.rules import priest_deal
from tests.engines.tameri.helpers import (
    P4,
    SETUP,
    build_state,
    drafted,
    fresh,
    ok,
    refused,
    reveal_state,
    turn,
)


def c_M1():
    s = ok(
        fresh(),
        SETUP,
        {
            "type": "draft_deal",
            "hands": [[{"number": 10 * k + j} for j in range(1, 6)] for k in range(4)],
        },
    )
    assert refused(s, {"type": "draft_pick", "seat": 1, "card": 21}) == "draft.not_in_hand"


def c_M2():
    s = drafted()
    first = s.counters[0] + 1
    s = ok(s, {"type": "first_farmer", "seat": first, "field": "fruit_1", "space": 2})
    assert s.players[first - 1].farmers == (("fruit_1", 2),)


def c_M3():
    s = build_state(
        {"players": P4[:2], "phase": "play", "seats": [{"hand": [5]}, {"hand": [6]}]}
    ).but(played=(None, None))
    s = ok(s, {"type": "play_card", "seat": 1, "card": 5})
    assert refused(s, {"type": "play_card", "seat": 1, "card": 5}) == "play.twice"


def c_M4():
    s = ok(
        reveal_state(deben=2),
        {"type": "reveal", "seat": 1, "face_down": True},
        {"type": "reveal", "seat": 2},
    )
    assert s.turn.face_down and s.turn.seat == 0


def c_M5():
    s = turn(step=1, cards=[], ramps=[["sun", 1], [None, 0], [None, 0], [None, 0]])
    s = s.but(cards={**s.cards, 50: s.cards[50].model_copy(update={"weather": ["sun"]})})
    s = ok(s, {"type": "card_weather", "seat": 1, "effect": 1, "ramp": 1})
    assert s.ramps[0] == (None, 0)
    assert (
        refused(s, {"type": "card_weather", "seat": 1, "effect": 1, "ramp": 1})
        == "weather.card_effect_twice"
    )


def c_M6a():
    s = ok(
        turn(ramps=[["sun", 2]] * 4, seats=[{"deben": 1}, {}, {}, {}]),
        {"type": "extra_weather", "seat": 1, "kind": "remove", "ramp": 3, "colour": "sun"},
    )
    assert s.ramps[2] == ("sun", 1) and s.players[0].deben == 0


def c_M6b():
    s = ok(
        turn(seats=[{"deben": 4}, {}, {}, {}]),
        {"type": "extra_weather", "seat": 1, "kind": "buy_silt", "to_board": True},
    )
    assert s.players[0].silt == 1 and s.players[0].deben == 2


def c_M6c():
    s = ok(
        turn(seats=[{"silt": 1}, {}, {}, {}], rivers=[0, 0, 0, 0]),
        {"type": "extra_weather", "seat": 1, "kind": "place_silt", "ramp": 4},
    )
    assert s.rivers == (0, 0, 0, 1) and s.players[0].silt == 0


def c_M6():
    assert (
        refused(
            turn(seats=[{"deben": 1}, {}, {}, {}]),
            {"type": "extra_weather", "seat": 1, "kind": "buy_silt", "to_board": True},
        )
        == "weather.extra_cost"
    )


def c_M7():
    s = turn(seats=[{"available": 0, "merchant": 3}, {}, {}, {}])
    assert (
        refused(s, {"type": "farmer", "seat": 1, "field": "flax_1", "space": 1})
        == "worker.none_available"
    )
    s = ok(s, {"type": "farmer", "seat": 1, "source": "merchant", "field": "flax_1", "space": 1})
    assert s.players[0].merchant is None and s.players[0].farmers == (("flax_1", 1),)


def c_M8():
    s = turn(seats=[{"farmers": [["fruit_1", 1]]}, {}, {}, {}])
    s = ok(
        s,
        {
            "type": "farmer",
            "seat": 1,
            "field": "flax_1",
            "space": 1,
            "relocate": [{"field": "fruit_1", "to": "papyrus_2", "space": 2}],
        },
    )
    assert sorted(s.players[0].farmers) == [("flax_1", 1), ("papyrus_2", 2)]


def c_M9():
    s = turn(top=["merchant"], seats=[{}, {"merchant": 2}, {}, {}])
    assert (
        refused(s, {"type": "merchant", "seat": 1, "space": 3, "mode": "collect"})
        == "merchant.collect_others"
    )


def c_M10():
    s = turn(
        top=["architect"],
        row=["B1", "B2", "B3", "B4", "B5"],
        seats=[{"architect": 2, "res": {"papyrus": 1}}, {}, {}, {}],
    )
    s = ok(
        s,
        {
            "type": "architect",
            "seat": 1,
            "buy": {"position": 4, "pay": {"papyrus": 1}, "new_card": {"id": "B6"}},
        },
    )
    assert (
        s.players[0].architect == 3
        and s.players[0].buildings == ("B4",)
        and s.row == ("B1", "B2", "B3", "B5", "B6")
    )


def c_M11():
    s = turn(top=["priest"], seats=[{"priests": {"ra": 2}}, {}, {}, {}])
    assert (
        refused(s, {"type": "priest", "seat": 1, "temple": "ra", "pay": ["barley", "barley"]})
        == "priest.same_resource"
    )
    s = ok(s, {"type": "priest", "seat": 1, "temple": "ra", "pay": ["barley", "flax"]})
    assert s.players[0].priests == (None, 4, None) and s.players[0].available == 4


def c_M12():
    s = turn(
        top=["harvest"],
        ramp_fields=[
            ["flax_1", "fruit_1"],
            ["barley_1", "barley_2"],
            ["fruit_2", "papyrus_1"],
            ["flax_2", "papyrus_2"],
        ],
        ramps=[["sun", 1], [None, 0], [None, 0], [None, 0]],
        rivers=[4, 2, 2, 2],
        seats=[
            {"farmers": [["flax_1", 1], ["fruit_1", 1]], "res": {}},
            {"farmers": [["fruit_1", 2]]},
            {},
            {},
        ],
    )
    s = ok(s, {"type": "harvest", "seat": 1, "fields": ["flax_1", "fruit_1"]})
    assert (
        s.players[0].res == (0, 0, 3, 3) and s.rivers[0] == 3 and s.players[1].res == (2, 2, 2, 2)
    )


def c_M13():
    s = turn(top=["sphinx"], seats=[{"res": {"fruit": 0}}, {}, {}, {}])
    assert refused(s, {"type": "sphinx", "seat": 1, "space": 1}) == "sphinx.no_fruit"


def c_M14():
    s = ok(
        turn(top=["decorator"], sphinx_spaces=[4], seats=[{}, {"sphinxes": [4]}, {}, {}]),
        {"type": "decorator", "seat": 1, "space": 4},
    )
    assert s.pending == ((0, "sphinx"),) and s.players[0].res == (2, 2, 2, 2)


def c_M15():
    s = turn(top=["offering"])
    assert (
        refused(s, {"type": "offering", "seat": 1, "resources": {"barley": 2}})
        == "offering.not_different"
    )
    assert (
        ok(
            s,
            {
                "type": "offering",
                "seat": 1,
                "resources": {"barley": 1, "papyrus": 1, "flax": 1, "fruit": 1},
            },
        )
        .players[0]
        .play
        == 5
    )


def c_M16():
    assert (
        refused(turn(), {"type": "effect", "seat": 1, "source": "priest_card", "gains": {"vp": 2}})
        == "effect.no_source"
    )
    s = ok(
        turn(seats=[{"priest_cards": 1}, {}, {}, {}]),
        {"type": "effect", "seat": 1, "source": "priest_card", "gains": {"vp": 2}},
    )
    assert s.players[0].play == 2


def c_M17():
    s = turn(top=["offering"], seats=[{"buildings": ["C2"]}, {}, {}, {}])
    s = ok(s, {"type": "offering", "seat": 1, "resources": {"barley": 2}, "substitution": "C2"})
    assert s.players[0].play == 3 and "C2" in s.turn.permanents_used


def c_M18():
    s = turn(nile=[[70, {"flax": 2}]])
    assert refused(s, {"type": "take_nile", "seat": 1, "card": 71}) == "nile.not_available"
    assert ok(s, {"type": "take_nile", "seat": 1, "card": 70}).players[0].res[2] == 4


def c_M19():
    s = ok(
        turn(nile=[[70, {"flax": 3}]], seats=[{"deben": 6, "silt": 5}, {}, {}, {}]),
        {"type": "take_nile", "seat": 1, "card": 70},
    )
    p = s.players[0]
    assert (p.res[2], p.deben, p.silt) == (4, 4, 4)


def c_M20():
    assert priest_deal([(3, 1, None), (4, None, None)]) == [2, 1]


def c_M21():
    assert scoring.building_set_points(["a", "b", "a"]) == 3


def c_FX1():
    s = ok(
        turn(pending=[[1, "building"]]),
        {"type": "effect", "seat": 1, "source": "building", "gains": {"resources": {"papyrus": 1}}},
    )
    assert s.players[0].res == (2, 3, 2, 2)


def c_FX2():
    assert (
        ok(
            turn(pending=[[1, "temple"]]),
            {"type": "effect", "seat": 1, "source": "temple", "gains": {"vp": 3}},
        )
        .players[0]
        .play
        == 3
    )


def c_FX3():
    assert (
        ok(
            turn(pending=[[1, "temple"]]),
            {"type": "effect", "seat": 1, "source": "temple", "gains": {"deben": 1}},
        )
        .players[0]
        .deben
        == 2
    )


def c_FX4():
    assert (
        ok(
            turn(pending=[[1, "temple"]]),
            {"type": "effect", "seat": 1, "source": "temple", "gains": {"silt": 1}},
        )
        .players[0]
        .silt
        == 1
    )


def c_FX5():
    s = ok(
        turn(pending=[[1, "sphinx"]]),
        {"type": "effect", "seat": 1, "source": "sphinx", "gains": {"resources": {"fruit": 1}}},
    )
    assert s.players[0].res[3] == 3


def c_FX6():
    assert (
        ok(
            turn(pending=[[1, "temple"]]),
            {"type": "effect", "seat": 1, "source": "temple", "gains": {"priest_cards": 1}},
        )
        .players[0]
        .priest_cards
        == 1
    )


def c_FX7():
    s = ok(
        turn(pending=[[1, "temple"]], seats=[{"hand": [1, 2, 3]}, {}, {}, {}]),
        {
            "type": "effect",
            "seat": 1,
            "source": "temple",
            "gains": {"temple_cards": [{"number": 205}]},
        },
    )
    assert s.players[0].hand == (1, 2, 3, 205)


def c_FX8():
    s = ok(
        turn(pending=[[1, "temple"]], ramps=[["water", 2]] * 4),
        {
            "type": "effect",
            "seat": 1,
            "source": "temple",
            "gains": {"remove_spheres": [{"ramp": 2, "colour": "water"}]},
        },
    )
    assert s.ramps[1] == ("water", 1)


def c_FX9():
    s = ok(
        turn(pending=[[1, "temple"]]),
        {"type": "effect", "seat": 1, "source": "temple", "gains": {"unlock": True}},
    )
    assert (s.players[0].locked, s.players[0].available) == (3, 5)


def c_FX10():
    s = ok(
        turn(pending=[[1, "temple"]], seats=[{"priests": {"amun": 2}}, {}, {}, {}]),
        {
            "type": "effect",
            "seat": 1,
            "source": "temple",
            "gains": {"temple_advance": {"temple": "amun", "steps": 2}},
        },
    )
    assert s.players[0].priests[0] == 4 and s.pending.count((0, "temple")) == 2


def test_M17_two_for_one_pays_a_priest_step():
    s = turn(
        top=["priest"],
        seats=[
            {"buildings": ["K1"], "res": {"barley": 0, "papyrus": 1, "flax": 1, "fruit": 1}},
            {},
            {},
            {},
        ],
    )
    sub = {"building": "K1", "instead_of": "barley", "paid": {"papyrus": 1, "fruit": 1}}
    s = ok(
        s,
        {
            "type": "priest",
            "seat": 1,
            "temple": "amun",
            "pay": ["barley", "flax"],
            "substitution": sub,
        },
    )
    assert s.players[0].priests[0] == 2 and s.players[0].res == (0, 0, 0, 0)
    assert "K1" in s.turn.permanents_used


def test_M17_a_swap_pays_the_sphinx_fruit_and_L14_only_once_per_turn():
    s = turn(
        top=["sphinx"],
        bottom=["priest"],
        seats=[{"buildings": ["C2"], "res": {"barley": 2, "fruit": 0}}, {}, {}, {}],
    )
    swap = {"building": "C2", "instead_of": "fruit", "paid": {"barley": 1}}
    s = ok(s, {"type": "sphinx", "seat": 1, "space": 1, "substitution": swap})
    assert s.players[0].res[0] == 1 and s.players[0].sphinxes == (1,)
    again = {"building": "C2", "instead_of": "papyrus", "paid": {"barley": 1}}
    move = {"type": "priest", "seat": 1, "temple": "ra", "pay": ["papyrus"], "substitution": again}
    assert refused(s, move) == "permanent.used"


def test_M17_a_substitution_must_replace_something_due():
    s = turn(top=["sphinx"], seats=[{"buildings": ["C2"]}, {}, {}, {}])
    bad = {"building": "C2", "instead_of": "papyrus", "paid": {"barley": 1}}
    assert (
        refused(s, {"type": "sphinx", "seat": 1, "space": 1, "substitution": bad})
        == "permanent.bad_substitution"
    )


def test_M17_architect_cost_checked_on_what_the_card_asks_and_paid_physically():
    s = turn(
        top=["architect"],
        row=["G3", "B2", "B3", "B4", "B5"],
        buildings=[{"id": "G3", "cost": {"papyrus": 1}, "cost_any": 1}],
        seats=[
            {
                "architect": 1,
                "buildings": ["C2"],
                "res": {"barley": 2, "papyrus": 0, "flax": 1, "fruit": 0},
            },
            {},
            {},
            {},
        ],
    )
    sub = {"building": "C2", "instead_of": "papyrus", "paid": {"barley": 1}}
    buy = {
        "position": 1,
        "pay": {"papyrus": 1, "flax": 1},
        "new_card": {"id": "B6"},
        "substitution": sub,
    }
    s = ok(s, {"type": "architect", "seat": 1, "buy": buy})
    assert s.players[0].res == (1, 0, 0, 0) and "G3" in s.players[0].buildings


CASES = {name[2:]: fn for name, fn in dict(globals()).items() if name.startswith("c_")}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule(rule):
    CASES[rule]()


def test_M11_an_action_gained_by_a_pushed_priest_is_not_given_to_the_turn_player():
    s = turn(pending=[[2, "temple"]])
    s = ok(
        s, {"type": "effect", "seat": 2, "source": "temple", "gains": {"extra_action": "farmer"}}
    )
    assert s.turn.bonus == () and s.owed_actions == ((1, "farmer"),)
