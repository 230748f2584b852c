"""Rule cases: identity (I), components (C), setup (U), game flow (F).

Each ``c_<rule id>`` case applies moves to a state built from a spec or calls the rule
function the replay uses; ``test_rules.py`` checks that every rule id of the reference has one.
"""

from __future__ import annotations

import pytest

from engines.core.errors import MalformedInput, SetupError
from engines.tameri import ENGINE
from engines.tameri.components import (
    FIELDS,
    RESOURCES,
    SPHINX_SPACES,
    SPHINXES,
)
from tests.engines.tameri.helpers import (
    P4,
    SETUP,
    build_state,
    doc,
    drafted,
    fresh,
    game,
    ok,
    refused,
    reveal_state,
    turn,
)


def c_I1():
    assert ENGINE.meta.name_ja == "タメリ" and ENGINE.meta.key == "tameri"


def c_I2():
    assert "designer" not in ENGINE.setup(ENGINE.context(doc())).ctx.edition.values


def c_I3():
    for n in (1, 5):
        with pytest.raises(SetupError):
            ENGINE.context(doc(players=[f"P{i}" for i in range(n)]))
    for n in (2, 3, 4):
        ENGINE.context(doc(players=P4[:n]))


def c_I4():
    final = game(2, 1)[-1]
    assert (final.season, final.round) == (3, 12)


def c_I5():
    trace = game(3, 2)
    out = ENGINE.outcome(trace[-1].ctx, ENGINE.score_state(trace[-1]))
    best = max(p.total for p in out.players)
    assert all(p.rank == 1 for p in out.players if p.total == best and p.rank == 1)
    assert min(p.rank for p in out.players if p.total == best) == 1


def c_I6():
    assert "obelisk" not in str(ENGINE.options_model.model_json_schema())


def c_C1():
    assert len(FIELDS) == 8 and all(sum(f.startswith(r) for f in FIELDS) == 2 for r in RESOURCES)


def c_C2():
    bad = dict(
        SETUP,
        ramps=[
            ["barley_1", "barley_1"],
            ["barley_2", "fruit_1"],
            ["flax_1", "fruit_2"],
            ["flax_2", "papyrus_2"],
        ],
    )
    assert refused(fresh(), bad) == "setup.ramps"


def c_C3():
    with pytest.raises(MalformedInput):
        ENGINE.parse_move({"type": "weather", "drops": [["red"], [], [], []]}, 0)


def c_C4():
    final = game(2, 4)[-1]
    assert final.season == 3


def c_C5():
    move = ENGINE.parse_move({"type": "weather", "tile": "T3", "drops": [[], [], [], []]}, 0)
    assert move.tile == "T3"


def c_C6():
    with pytest.raises(MalformedInput):
        ENGINE.parse_move(dict(SETUP, buildings=[{"id": "B1", "colour": "red"}] * 5), 0)


def c_C7():
    assert SPHINX_SPACES == 10
    with pytest.raises(MalformedInput):
        ENGINE.parse_move({"type": "decorator", "seat": 1, "space": 11}, 0)


def c_C8():
    hands = [[{"number": 10 * k + j} for j in range(1, 5)] for k in range(4)]
    with pytest.raises(MalformedInput):
        ENGINE.parse_move({"type": "draft_deal", "hands": hands}, 0)


def c_C9():
    s = drafted()
    for k, f in zip(s.counters, ("barley_1", "barley_2", "flax_1", "flax_2"), strict=True):
        s = ok(s, {"type": "first_farmer", "seat": k + 1, "field": f, "space": 1})
    assert s.nile_expect == 6  # deck B: players + 2


def c_C10():
    s = turn(pending=[[1, "temple"]])
    s = ok(
        s,
        {
            "type": "effect",
            "seat": 1,
            "source": "temple",
            "gains": {
                "temple_cards": [
                    {"number": 202, "top": ["farmer", "priest"], "bottom": ["harvest"]}
                ]
            },
        },
    )
    assert 202 in s.players[0].hand


def c_C11():
    s = ok(
        turn(pending=[[1, "temple"]]),
        {"type": "effect", "seat": 1, "source": "temple", "gains": {"priest_cards": 1}},
    )
    assert s.players[0].priest_cards == 1


def c_C12():
    assert RESOURCES == ("barley", "papyrus", "flax", "fruit")


def c_C13():
    p = fresh().players[0]
    assert (p.available, p.locked, SPHINXES) == (4, 4, 3)


def c_U1():
    assert ok(fresh(), SETUP).phase == "draft_deal"


def c_U2():
    assert ok(fresh(), SETUP).ramp_fields[0] == ("barley_1", "papyrus_1")


def c_U3():
    s = fresh()
    assert s.ramps == (("sun", 2),) * 4 and s.rivers == (2, 2, 2, 2)


def c_U4():
    s = drafted()
    for k, f in zip(s.counters, ("barley_1", "barley_2", "flax_1", "flax_2"), strict=True):
        s = ok(s, {"type": "first_farmer", "seat": k + 1, "field": f, "space": 1})
    assert s.season == 1


def c_U5():
    s = build_state({"players": P4, "phase": "weather"})
    assert ok(s, {"type": "weather", "drops": [[], [], [], []]}).phase == "play"


def c_U6():
    with pytest.raises(MalformedInput):
        ENGINE.parse_move(dict(SETUP, buildings=SETUP["buildings"][:4]), 0)


def c_U7():
    s = ok(turn(top=["decorator"]), {"type": "decorator", "seat": 1, "space": 5})
    s = ok(s, {"type": "effect", "seat": 1, "source": "sphinx", "ref": "5A", "gains": {"vp": 2}})
    assert s.players[0].play == 2


def c_U8():
    s = build_state(
        {
            "players": P4,
            "phase": "nile",
            "nile_expect": 6,
            "seen": [],
            "cards": [
                {"number": 3, "resources": {"fruit": 1}},
                {"number": 5, "resources": {"flax": 2}},
            ],
        }
    )
    s = ok(s, {"type": "nile_reveal", "cards": [{"number": x} for x in (40, 3, 9, 5, 77, 60)]})
    assert (
        dict(s.nile)[3] == (0, 0, 0, 1)
        and dict(s.nile)[5] == (0, 0, 2, 0)
        and dict(s.nile)[9] is None
    )


def c_U9():
    p = fresh().players[0]
    assert (p.res, p.deben, p.screen, p.play) == ((2, 2, 2, 2), 1, (0, 0, 0, 0), 0)


def c_F1():
    assert refused(fresh(), {"type": "weather", "drops": [[], [], [], []]}) == "phase.out_of_order"


def c_F2():
    s = drafted()
    wrong = next(k for k in range(4) if k != s.counters[0])
    assert (
        refused(s, {"type": "first_farmer", "seat": wrong + 1, "field": "barley_1", "space": 1})
        == "turn.not_your_turn"
    )


def c_F3():
    s = ok(
        build_state({"players": P4, "phase": "weather"}),
        {"type": "weather", "drops": [[], [], [], []]},
    )
    assert (s.phase, s.round) == ("play", 2)


def c_F4():
    s = build_state({"players": P4, "phase": "play", "seats": [{"hand": [5, 6]}, {}, {}, {}]}).but(
        played=(None,) * 4
    )
    assert refused(s, {"type": "play_card", "seat": 1, "card": 7}) == "play.not_in_hand"
    s = ok(s, {"type": "play_card", "seat": 1, "card": 6})
    assert s.players[0].board == ((6, False),)


def c_F5():
    assert (
        refused(reveal_state(deben=1), {"type": "reveal", "seat": 1, "face_down": True})
        == "reveal.face_down_cost"
    )
    s = ok(
        reveal_state(deben=2),
        {"type": "reveal", "seat": 1, "face_down": True},
        {"type": "reveal", "seat": 2},
    )
    assert s.players[0].deben == 0 and s.order == (0, 1)


def c_F6():
    s = turn(top=["harvest"], step=1, cards=[], seats=[{"farmers": []}, {}, {}, {}])
    s = ok(s, {"type": "harvest", "seat": 1, "fields": []})
    assert (
        refused(s, {"type": "card_weather", "seat": 1, "effect": 1}) == "weather.card_effect_late"
    )


def c_F7():
    seats = [
        {"board": [[1, False], [2, False], [3, False], [4, False]]},
        {"board": [[5, False], [6, False], [7, False], [8, False]]},
    ]
    s = turn(
        players=P4[:2],
        card=4,
        seats=seats,
        nile=[[90, None], [91, None], [92, None]],
        turn_index=1,
        order=[2, 1],
    )
    s = ok(s, {"type": "take_nile", "seat": 1, "card": 90})
    assert s.phase == "season_end"


def c_F8():
    s = build_state({"players": P4, "phase": "nile", "nile_expect": 4})
    assert (
        refused(s, {"type": "nile_reveal", "cards": [{"number": 1}, {"number": 2}]}) == "nile.count"
    )


def c_F9():
    seats = [
        {"board": [[1, False]] * 4, "screen": {"barley": 2}},
        {"board": [[2, False]] * 4, "screen": {"barley": 1}},
    ]
    s = build_state({"players": P4[:2], "phase": "season_end", "season": 1, "seats": seats})
    s = ok(s, {"type": "season_end", "building_points": [0, 0], "new_building": {"id": "N1"}})
    assert [p.pharaoh for p in s.players] == [2, 0] and s.players[1].screen == (1, 0, 0, 0)
    assert all(p.board == () for p in s.players)


CASES = {name[2:]: fn for name, fn in dict(globals()).items() if name.startswith("c_")}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule(rule):
    CASES[rule]()


def test_F2_the_card_left_after_the_4th_pick_stays_and_sets_the_turn_counters():
    s = ok(
        fresh(P4[:2]),
        SETUP,
        {
            "type": "draft_deal",
            "hands": [[{"number": x} for x in range(1, 6)], [{"number": x} for x in range(6, 11)]],
        },
    )
    for a, b in ((1, 6), (7, 2), (3, 8), (9, 4)):  # each keeps one, the rest passes left
        s = ok(
            s,
            {"type": "draft_pick", "seat": 1, "card": a},
            {"type": "draft_pick", "seat": 2, "card": b},
        )
    assert [p.hand for p in s.players] == [(1, 7, 3, 9), (6, 2, 8, 4)]
    assert s.counters == (1, 0)  # leftovers: John 10, George 5 -> George's counter on top
    assert s.phase == "first_farmer"
