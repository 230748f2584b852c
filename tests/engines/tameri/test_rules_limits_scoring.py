"""Rule cases: limits (L), game end (E), scoring (S), tiebreaks (T), variants (V).

Each ``c_<rule id>`` case applies moves to a state built from a spec or calls the rule
function the replay uses; ``test_rules.py`` checks that every rule id of the reference has one.
"""

from __future__ import annotations

import pytest

from engines.core.errors import SetupError
from engines.tameri import ENGINE, scoring
from engines.tameri.components import (
    SET_POINTS,
)
from tests.engines.tameri import test_rules_moves as moves_cases
from tests.engines.tameri import test_rules_setup_flow as setup_cases
from tests.engines.tameri.helpers import (
    P4,
    build_state,
    doc,
    fresh,
    game,
    ok,
    refused,
    turn,
)


def c_L1():
    moves_cases.c_M19()


def c_L2():
    s = turn(
        top=["merchant"],
        centre={"barley": 3},
        seats=[{}, {"merchant": 2, "res": {"papyrus": 4}}, {}, {}],
    )
    s = ok(
        s,
        {
            "type": "merchant",
            "seat": 1,
            "space": 5,
            "mode": "collect",
            "others": [{"seat": 2, "resource": "papyrus"}],
        },
    )
    assert s.players[1].res[1] == 5  # over 4 during another player's turn


def c_L3():
    s = ok(
        turn(nile=[[70, None]], seats=[{"screen": {"fruit": 6}}, {}, {}, {}]),
        {"type": "take_nile", "seat": 1, "card": 70},
    )
    assert s.players[0].screen[3] == 6


def c_L4():
    s = turn(seats=[{"available": 0, "locked": 4}, {}, {}, {}])
    assert (
        refused(s, {"type": "farmer", "seat": 1, "field": "flax_1", "space": 1})
        == "worker.none_available"
    )


def c_L5():
    s = turn(players=P4[:3], seats=[{}, {"farmers": [["flax_1", 1]]}, {}])
    assert (
        refused(s, {"type": "farmer", "seat": 1, "field": "flax_1", "space": 1})
        == "farmer.space_taken"
    )
    assert (
        refused(s, {"type": "farmer", "seat": 1, "field": "flax_1", "space": 4})
        == "farmer.space_needs_players"
    )


def c_L6():
    s = turn(top=["merchant"], seats=[{}, {"merchant": 2}, {}, {}])
    assert (
        refused(
            s,
            {
                "type": "merchant",
                "seat": 1,
                "space": 2,
                "mode": "collect",
                "others": [{"seat": 2, "resource": "fruit"}],
            },
        )
        == "merchant.space_taken"
    )


def c_L7():
    s = ok(
        turn(top=["architect"], seats=[{"architect": 5}, {}, {}, {}]),
        {"type": "architect", "seat": 1},
    )
    assert s.players[0].architect == 5


def c_L8():
    s = turn(
        top=["priest"],
        temple_lengths={"amun": 5, "ra": 5, "ptah": 5},
        seats=[{"priests": {"amun": 2}}, {"priests": {"amun": 5}}, {}, {}],
    )
    assert (
        refused(
            s, {"type": "priest", "seat": 1, "temple": "amun", "pay": ["barley", "flax", "fruit"]}
        )
        == "priest.push_beyond_top"
    )
    assert (
        ok(s, {"type": "priest", "seat": 1, "temple": "amun", "pay": ["barley", "flax"]})
        .players[0]
        .priests[0]
        == 4
    )


def c_L9():
    s = turn(top=["sphinx"], sphinx_spaces=[3], seats=[{}, {"sphinxes": [3]}, {}, {}])
    assert refused(s, {"type": "sphinx", "seat": 1, "space": 3}) == "sphinx.space_taken"


def c_L10():
    s = build_state(
        {"players": P4[:2], "phase": "play", "seats": [{"hand": [5, 6]}, {"hand": [7]}]}
    ).but(played=(None, None))
    s = ok(s, {"type": "play_card", "seat": 1, "card": 5})
    assert refused(s, {"type": "play_card", "seat": 1, "card": 6}) == "play.twice"


def c_L11():
    s = turn(nile=[[70, None], [71, None]])
    s = ok(s, {"type": "take_nile", "seat": 1, "card": 70})
    assert [c for c, _ in s.nile] == [71]  # no refill during the round


def c_L12():
    assert (
        refused(turn(top=["offering"]), {"type": "offering", "seat": 1, "resources": {}})
        == "offering.empty"
    )


def c_L13():
    moves_cases.c_M5()


def c_L14():
    s = turn(top=["offering"], bottom=["decorator"], seats=[{"buildings": ["C2"]}, {}, {}, {}])
    s = ok(s, {"type": "offering", "seat": 1, "resources": {"barley": 2}, "substitution": "C2"})
    s2 = s.but(turn=s.turn.__class__(**{**s.turn.__dict__, "actions": ()}))
    assert (
        refused(
            s2, {"type": "offering", "seat": 1, "resources": {"fruit": 2}, "substitution": "C2"}
        )
        == "permanent.used"
    )


def c_L15():
    setup_cases.c_F5()


def c_L16():
    # The supply is finite: with a known count, a silt that is not there cannot be taken (the
    # counts are not printed, G11: the default edition leaves them unknown and unchecked).
    s = build_state({"players": P4, "phase": "weather"})
    assert s.supply == (None, None, None)
    assert ok(s, {"type": "weather", "drops": [["silt"], [], [], []]}).rivers[0] == 3
    assert (
        refused(s.but(supply=(5, 5, 0)), {"type": "weather", "drops": [["silt"], [], [], []]})
        == "supply.empty"
    )


def c_L17():
    s = ok(
        build_state({"players": P4, "phase": "weather", "rivers": [4, 0, 0, 0]}),
        {"type": "weather", "drops": [["silt"], ["silt"], [], []]},
    )
    assert s.rivers == (4, 1, 0, 0)


def c_L18():
    s = ok(
        build_state({"players": P4, "phase": "weather", "ramps": [[None, 0]] * 4}),
        {"type": "weather", "drops": [["sun", "water", "water"], [], [], []]},
    )
    assert s.ramps[0] == ("water", 1)


def c_L19():
    s = build_state({"players": P4, "phase": "nile", "nile_expect": 4, "cards": [{"number": 5}]})
    assert (
        refused(
            s,
            {
                "type": "nile_reveal",
                "cards": [{"number": 5}, {"number": 6}, {"number": 7}, {"number": 8}],
            },
        )
        == "card.duplicate"
    )


def c_E1():
    trace = game(2, 5)
    assert trace[-1].phase == "over" and [s.phase for s in trace].count("season_end") >= 3


def c_E2():
    seats = [{"board": [[1, False]] * 4}, {"board": [[2, False]] * 4}]
    s = ok(
        build_state({"players": P4[:2], "phase": "season_end", "season": 3, "seats": seats}),
        {"type": "season_end", "building_points": [0, 0]},
    )
    assert s.phase == "game_end"
    assert ok(s, {"type": "game_end", "priest_card_points": [0, 0]}).phase == "over"


def c_E3():
    assert all(len(p.hand) >= 4 for p in game(3, 6)[-1].players)


def c_S1():
    assert scoring.offering_points(3) == 4


def c_S2():
    moves_cases.c_FX2()


def c_S3():
    assert all(p.play == 0 for p in fresh().players)


def c_S4():
    assert scoring.final_glyph_points(True) == 2 and scoring.final_glyph_points(False) == 0


def c_S5():
    seats = [{"board": [[1, False]] * 4, "buildings": ["G2"]}, {"board": [[2, False]] * 4}]
    s = build_state({"players": P4[:2], "phase": "season_end", "season": 1, "seats": seats})
    assert refused(s, {"type": "season_end", "building_points": [1, 2]}) == "season.building_points"
    assert ok(s, {"type": "season_end", "building_points": [1, 0]}).players[0].season_buildings == 1


def c_S6():
    pts, after, _ = scoring.season_majorities([{"fruit": 2}, {"fruit": 2}, {"fruit": 1}])
    assert pts == [1, 1, 0] and after[2]["fruit"] == 1


def c_S7():
    assert scoring.remaining_offerings([0, 0]) == [0, 0] and scoring.remaining_offerings(
        [3, 1]
    ) == [2, 0]


def c_S8():
    assert SET_POINTS[1:] == (1, 2, 4, 7, 11, 15, 20)
    assert scoring.building_set_points(["a", "b", "c", "d", "e", "f", "g"]) == 20


def c_S9():
    seats = [{"board": [[1, False]] * 4}, {"board": [[2, False]] * 4, "priest_cards": 2}]
    s = build_state({"players": P4[:2], "phase": "game_end", "season": 3, "seats": seats})
    assert refused(s, {"type": "game_end", "priest_card_points": [3, 5]}) == "game.priest_points"
    s = ok(s, {"type": "game_end", "priest_card_points": [0, 5]})
    assert ENGINE.score_state(s).breakdown[1]["priest_cards"] == 5


def c_S10():
    assert scoring.hand_glyph_points([(["a"], ["b"]), (["a", "b"], ["a"])]) == 3


def c_S11():
    assert scoring.leftover_points(4, 2, 2) == 2


def c_S12():
    setup_cases.c_I5()


def c_T1():
    setup_cases.c_I5()


def _tied_sheet(hands):
    players = []
    for hand in hands:
        players.append(
            {
                "play_points": 0,
                "seasons": [{"revealed": {}, "final_glyph": False}] * 3,
                "building_symbols": [],
                "priest_card_points": 0,
                "hand": [{"number": n} for n in hand],
                "leftovers": {"resources": 0, "deben": 0, "silt": 0},
            }
        )
    return {"game": "tameri", "players": P4[: len(hands)], "sheet": {"players": players}}


def c_T2():
    out = ENGINE.score_sheet(_tied_sheet([[1, 2, 3, 90], [4, 5, 6, 91]]))
    assert [p.rank for p in out.players] == [2, 1]


def c_T3():
    with pytest.raises(Exception) as err:
        ENGINE.score_sheet(_tied_sheet([[1, 2, 3, 90], [4, 5, 6, 90]]))
    assert err.value.violations[0].code == "sheet.duplicate_card"


def c_V1():
    setup_cases.c_I6()


def c_V2():
    s = turn(players=P4[:2])
    assert (
        refused(s, {"type": "farmer", "seat": 1, "field": "flax_1", "space": 3})
        == "farmer.space_needs_players"
    )
    s = build_state({"players": P4[:2], "phase": "nile", "nile_expect": 4})
    assert (
        ok(s, {"type": "nile_reveal", "cards": [{"number": x} for x in (1, 2, 3, 4)]}).phase
        == "weather"
    )


def c_V3():
    with pytest.raises(SetupError):
        ENGINE.context(doc(players=["Solo"]))


CASES = {name[2:]: fn for name, fn in dict(globals()).items() if name.startswith("c_")}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule(rule):
    CASES[rule]()


def test_F9_a_building_revealed_at_season_end_must_be_new():
    seats = [{"board": [[1, False]] * 4, "buildings": ["B9"]}, {"board": [[2, False]] * 4}]
    s = build_state(
        {
            "players": P4[:2],
            "phase": "season_end",
            "season": 1,
            "seats": seats,
            "row": ["B1", "B2", "B3", "B4", "B5"],
        }
    )
    assert (
        refused(s, {"type": "season_end", "building_points": [0, 0], "new_building": {"id": "B9"}})
        == "season.duplicate_building"
    )
    assert (
        refused(s, {"type": "season_end", "building_points": [0, 0], "new_building": {"id": "B3"}})
        == "season.duplicate_building"
    )
    s = ok(s, {"type": "season_end", "building_points": [0, 0], "new_building": {"id": "B6"}})
    assert s.row == ("B2", "B3", "B4", "B5", "B6")


def test_M10_the_card_revealed_after_a_purchase_must_be_new():
    s = turn(
        top=["architect"], row=["B1", "B2", "B3", "B4", "B5"], seats=[{"architect": 5}, {}, {}, {}]
    )
    move = {
        "type": "architect",
        "seat": 1,
        "buy": {"position": 2, "pay": {}, "new_card": {"id": "B4"}},
    }
    assert refused(s, move) == "architect.duplicate_card"
