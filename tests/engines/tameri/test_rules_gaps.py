"""Rule cases: gaps (G) and ambiguity readings (A), with edition data and the CLI.

Each ``c_<rule id>`` case applies moves to a state built from a spec or calls the rule
function the replay uses; ``test_rules.py`` checks that every rule id of the reference has one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core.errors import SetupError
from engines.tameri import ENGINE, scoring
from engines.tameri.rules import priest_deal
from engines.tameri.turns import glyph_match, reference_glyphs
from engines.tameri.weather import resolve_ramp
from tests.engines.tameri import test_rules_limits_scoring as limits_cases
from tests.engines.tameri import test_rules_moves as moves_cases
from tests.engines.tameri import test_rules_setup_flow as setup_cases
from tests.engines.tameri import test_rules_weather_glyphs as weather_cases
from tests.engines.tameri.helpers import (
    P4,
    build_state,
    drafted,
    game,
    notes,
    ok,
    refused,
    turn,
)


def c_G1():
    limits_cases.c_V3()


def c_G2():
    s = turn(
        top=["architect"], row=["B1", "B2", "B3", "B4", "B5"], seats=[{"architect": 5}, {}, {}, {}]
    )
    s = ok(
        s,
        {
            "type": "architect",
            "seat": 1,
            "buy": {"position": 1, "pay": {"fruit": 2}, "new_card": {"id": "B6"}},
        },
    )
    assert "G2" in notes(s)


def c_G3():
    s = turn(top=["priest"], temple_lengths={})
    assert "G3" in notes(ok(s, {"type": "priest", "seat": 1, "temple": "ra", "pay": ["barley"]}))


def c_G4():
    s = ok(
        turn(top=["decorator"]),
        {"type": "decorator", "seat": 1, "space": 2},
        {"type": "effect", "seat": 1, "source": "sphinx", "gains": {"vp": 1}},
    )
    assert "G2-G5" in notes(s)


def c_G5():
    s = build_state(
        {"players": P4[:2], "phase": "game_end", "season": 3, "seats": [{"priest_cards": 1}, {}]}
    )
    s = ok(s, {"type": "game_end", "priest_card_points": [None, 0]})
    assert any(u.rule == "tameri:S9" for u in ENGINE.score_state(s).unchecked)


def c_G6():
    s = turn(top=None, bottom=None, cards=[])
    s = s.but(cards={})
    assert "G6" in notes(ok(s, {"type": "decorator", "seat": 1, "space": 1}))


def c_G7():
    weather_cases.c_W2()


def c_G8():
    weather_cases.c_W3()


def c_G9():
    s = turn(top=["merchant"])
    s = ok(
        s,
        {
            "type": "merchant",
            "seat": 1,
            "space": 3,
            "mode": "trade",
            "pay": "fruit",
            "stalls": ["barley", "flax"],
        },
    )
    assert s.market_stalls[3] == ("barley", "flax")
    s2 = turn(top=["merchant"], market_stalls={"3": ["fruit", "papyrus"]})
    assert (
        refused(
            s2,
            {
                "type": "merchant",
                "seat": 1,
                "space": 3,
                "mode": "trade",
                "pay": "fruit",
                "stalls": ["barley", "flax"],
            },
        )
        == "merchant.stalls_conflict"
    )


def c_G10():
    seats = [{"board": [[1, False]] * 4}, {"board": [[2, False]] * 4}]
    s = build_state({"players": P4[:2], "phase": "season_end", "season": 1, "seats": seats})
    assert "S4" in " ".join(
        u.rule for u in ok(s, {"type": "season_end", "building_points": [0, 0]}).unchecked
    )


def c_G11():
    limits_cases.c_L16()


def c_G12():
    setup_cases.c_F9()
    seats = [{"board": [[1, False]] * 4}, {"board": [[2, False]] * 4}]
    s = build_state({"players": P4[:2], "phase": "season_end", "season": 2, "seats": seats})
    assert (
        ok(s, {"type": "season_end", "building_points": [0, 0], "new_building": {"id": "N"}}).season
        == 3
    )


def c_G13():
    s = turn(
        top=["architect"], row=["B1", "B2", "B3", "B4", "B5"], seats=[{"architect": 5}, {}, {}, {}]
    )
    s = ok(s, {"type": "architect", "seat": 1, "buy": {"position": 1, "pay": {"fruit": 2}}})
    assert s.row[-1] is None and "G13" in " ".join(u.rule for u in s.unchecked)


def c_G14():
    final = game(2, 7)[-1]
    assert all(isinstance(p.play, int) for p in final.players)


def c_A1():
    assert resolve_ramp((None, 0), ["water", "sun", "sun", "sun", "sun", "sun"], 0)[0] == ("sun", 4)
    assert resolve_ramp(
        (None, 0), ["water", "sun", "sun", "sun", "sun", "sun"], 0, "bottom_of_colour"
    )[0] == ("sun", 3)


def c_A2():
    # Mid-turn removals never reveal hidden spheres in the engine: a removal only lowers a count.
    s = ok(
        turn(pending=[[1, "temple"]], ramps=[["sun", 3]] * 4),
        {
            "type": "effect",
            "seat": 1,
            "source": "temple",
            "gains": {"remove_spheres": [{"ramp": 1, "colour": "sun"}]},
        },
    )
    assert s.rivers == (2, 2, 2, 2)


def c_A3():
    assert (
        glyph_match(["eye"], reference_glyphs(2, (["reed"], False), "eye", every_card=True)) is True
    )
    assert glyph_match(["eye"], reference_glyphs(2, (["reed"], False), "eye")) is False


def c_A4():
    s = turn(step=1, face_down=True, match=None)
    assert refused(s, {"type": "card_weather", "seat": 1, "effect": 1}) == "weather.face_down"


def c_A5():
    s = turn(
        top=["offering"],
        seats=[
            {"buildings": ["C2"], "res": {"barley": 2, "papyrus": 1, "flax": 1, "fruit": 1}},
            {},
            {},
            {},
        ],
    )
    move = {
        "type": "offering",
        "seat": 1,
        "resources": {"barley": 2, "papyrus": 1, "flax": 1, "fruit": 1},
        "substitution": "C2",
    }
    assert ok(s, move).players[0].play == 5
    count = build_state({"players": P4, "options": {"offering_points": "count"}})
    s2 = s.but(ctx=count.ctx)
    assert ok(s2, move).players[0].play == 6


def c_A6():
    s = drafted()
    other = s.counters[1] + 1
    s = ok(s, {"type": "first_farmer", "seat": s.counters[0] + 1, "field": "flax_1", "space": 1})
    assert (
        ok(s, {"type": "first_farmer", "seat": other, "field": "flax_1", "space": 2})
        .players[other - 1]
        .farmers
    )


def c_A7():
    moves_cases.c_FX10()


def c_A8():
    s = turn(top=["architect"], seats=[{}, {"architect": 1}, {}, {}])
    assert ok(s, {"type": "architect", "seat": 1}).players[0].architect == 1


def c_A9():
    weather_cases.c_H7()


def c_A10():
    s = build_state(
        {
            "players": P4[:2],
            "phase": "over",
            "cards": [
                {"number": 205, "left": ["a"], "right": ["a"]},
                {"number": 3, "left": [], "right": ["a"]},
            ],
            "seats": [{"hand": [205, 3]}, {"hand": [4]}],
        }
    )
    scored = ENGINE.score_state(s)
    assert scored.tiebreak[0] == [205] and scored.breakdown[0]["hand_glyphs"] == 3


def c_A11():
    out = ENGINE.score_sheet(
        {
            "game": "tameri",
            "players": P4[:2],
            "sheet": {
                "players": [
                    {
                        "play_points": 0,
                        "seasons": [{"revealed": {}, "final_glyph": False}] * 3,
                        "building_symbols": ["a", "a", "b", "c"],
                        "priest_card_points": 0,
                        "hand_glyph_points": 0,
                        "highest_card": 9,
                        "leftovers": {"resources": 0, "deben": 0, "silt": 0},
                    },
                    {
                        "play_points": 0,
                        "seasons": [{"revealed": {}, "final_glyph": False}] * 3,
                        "building_symbols": [],
                        "priest_card_points": 0,
                        "hand_glyph_points": 0,
                        "highest_card": 8,
                        "leftovers": {"resources": 0, "deben": 0, "silt": 0},
                    },
                ]
            },
        }
    )
    assert out.players[0].points("building_sets") == 5 and any("A11" in n for n in out.notes)


def c_A12():
    moves_cases.c_M16()


def c_A13():
    s = turn(
        top=["harvest"],
        rivers=[4, 4, 4, 4],
        ramps=[[None, 0]] * 4,
        seats=[{"farmers": [["barley_1", 1]], "res": {}}, {}, {}, {}],
    )
    assert ok(s, {"type": "harvest", "seat": 1, "fields": ["barley_1"]}).players[0].res[0] == 3


def c_A14():
    s = turn(
        top=["merchant"],
        market_stalls={"2": ["barley", "flax"]},
        seats=[{}, {"merchant": 2}, {}, {}],
    )
    move = {
        "type": "merchant",
        "seat": 1,
        "space": 3,
        "mode": "trade",
        "pay": "fruit",
        "stalls": ["flax", "fruit"],
        "others": [{"seat": 2, "resource": "fruit"}],
    }
    assert refused(s, move) == "merchant.stall_not_adjacent"


def c_A15():
    s = turn(top=["sphinx"])
    assert refused(s, {"type": "sphinx", "seat": 1}) == "sphinx.must_place"
    s = ok(
        turn(top=["sphinx"], seats=[{"sphinxes": [1, 2, 3]}, {}, {}, {}], sphinx_spaces=[1, 2, 3]),
        {"type": "sphinx", "seat": 1},
    )
    assert s.pending.count((0, "sphinx")) == 3


def c_A16():
    assert scoring.majority_awards([0, 0, 0]) == [0, 0, 0]


def c_A17():
    assert priest_deal([(None, 5, None), (None, None, 2)]) == [1, 1]


def test_G6_edition_card_lists_supply_the_facts_a_log_leaves_out():
    edition = {
        "base": "default",
        "values": {
            "cards": {
                "action": [{"number": 50, "left": [], "top": ["decorator"], "bottom": ["offering"]}]
            }
        },
    }
    ctx = ENGINE.context({"game": "tameri", "players": P4, "moves": [], "edition": edition})
    s = ENGINE.setup(ctx)
    assert s.cards[50].top == ["decorator"]
    s = build_state({"players": P4, "phase": "nile", "nile_expect": 4}).but(cards=s.cards)
    conflict = {
        "type": "nile_reveal",
        "cards": [{"number": 50, "top": ["farmer"]}] + [{"number": x} for x in (1, 2, 3)],
    }
    assert refused(s, conflict) == "card.facts_conflict"
    s = ok(s, {"type": "nile_reveal", "cards": [{"number": x} for x in (50, 1, 2, 3)]})
    assert s.cards[50].bottom == ["offering"]


def test_G6_a_malformed_edition_card_list_is_a_setup_error():
    edition = {"base": "default", "values": {"cards": {"action": [{"number": "fifty"}]}}}
    with pytest.raises(SetupError):
        ENGINE.context({"game": "tameri", "players": P4, "moves": [], "edition": edition})


def test_cli_replays_the_example_log():
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-m", "engines", "replay", "engines/tameri/examples/4p-log.json"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(out.stdout)
    assert report["ok"] and report["game_over"] and len(report["outcome"]["players"]) == 4


CASES = {name[2:]: fn for name, fn in dict(globals()).items() if name.startswith("c_")}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule(rule):
    CASES[rule]()


def test_japanese_messages_use_only_the_params_each_violation_carries():
    import ast
    import string

    from engines.tameri.messages_ja import MESSAGES_JA

    root = Path(__file__).resolve().parents[3] / "engines" / "tameri"
    checked = 0
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("V", "_v")):
                continue
            if not isinstance(node.args[0], ast.Constant):
                continue  # e.g. the push-chain codes, checked through their cases
            code = node.args[0].value
            params = {k.arg for k in node.keywords}
            # The core names the player of each seat param (GameEngine.name_players).
            params |= {"player"} if "seat" in params else set()
            params |= {f"{p}_player" for p in params}
            fields = {f for _, f, _, _ in string.Formatter().parse(MESSAGES_JA[code]) if f}
            assert fields <= params, (path.name, code, fields - params)
            checked += 1
    assert checked > 60


def test_G13_an_exhausted_season_deck_reveals_fewer_cards_when_recorded():
    s = build_state({"players": P4, "phase": "nile", "nile_expect": 4})
    assert refused(s, {"type": "nile_reveal", "cards": [{"number": 1}]}) == "nile.count"
    s = ok(s, {"type": "nile_reveal", "cards": [{"number": 1}], "deck_empty": True})
    assert s.phase == "weather" and "G13" in " ".join(u.rule for u in s.unchecked)


def test_M17_a_permanent_building_effect_is_recorded_once_per_turn():
    s = turn(seats=[{"buildings": ["E1"]}, {}, {}, {}])
    move = {
        "type": "effect",
        "seat": 1,
        "source": "building",
        "ref": "E1",
        "gains": {"resources": {"flax": 1}},
    }
    s = ok(s, move)
    assert s.players[0].res[2] == 3
    assert refused(s, move) == "permanent.used"
    other = {"type": "effect", "seat": 1, "source": "building", "ref": "E2", "gains": {"vp": 1}}
    assert refused(s, other) == "effect.no_source"


def test_G1_a_solo_game_is_refused_with_the_reason():
    with pytest.raises(SetupError) as err:
        ENGINE.context({"game": "tameri", "players": ["Solo"], "moves": []})
    v = err.value.violations[0]
    assert (v.code, v.rule, v.path) == ("setup.no_solo_rules", "tameri:G1", "$.players")
