"""Rule cases: the weather phase (W) and hieroglyphs (H).

Each ``c_<rule id>`` case applies moves to a state built from a spec or calls the rule
function the replay uses; ``test_rules.py`` checks that every rule id of the reference has one.
"""

from __future__ import annotations

import pytest

from engines.core.errors import MalformedInput
from engines.tameri import ENGINE, scoring
from engines.tameri.components import (
    productive,
)
from engines.tameri.turns import glyph_match, reference_glyphs
from engines.tameri.weather import resolve_ramp
from tests.engines.tameri.helpers import (
    P4,
    build_state,
    notes,
    ok,
    refused,
    turn,
)


def c_W1():
    assert (
        ENGINE.parse_move({"type": "weather", "tile": "tile 4", "drops": [[], [], [], []]}, 0).tile
        == "tile 4"
    )


def c_W2():
    # The season's spheres (G7) are part of what the judge records as dropped.
    s = ok(
        build_state({"players": P4, "phase": "weather", "ramps": [[None, 0]] * 4}),
        {"type": "weather", "drops": [["water"], ["water", "water"], [], []]},
    )
    assert s.ramps[:2] == (("water", 1), ("water", 2))


def c_W3():
    s = ok(
        build_state({"players": P4, "phase": "weather", "ramps": [["sun", 2]] * 4}),
        {"type": "weather", "drops": [["sun"], [], [], []]},
    )
    assert s.ramps[0] == ("sun", 3)


def c_W4():
    assert resolve_ramp(("sun", 4), ["sun", "sun"], 0)[0] == ("sun", 4)


def c_W5():
    assert resolve_ramp((None, 0), ["silt", "silt"], 3) == ((None, 0), 4, 1)


def c_W6():
    assert resolve_ramp(("sun", 3), ["water", "water"], 0)[0] == ("sun", 1)


def c_W7():
    assert productive("papyrus", "water", 3) and not productive("papyrus", "sun", 1)


def c_W8():
    for drops in (["sun", "water", "sun", "water", "water"], ["silt", "sun", "water"]):
        colour, count = resolve_ramp((None, 0), drops, 0)[0]
        assert count <= 4 and (colour is None) == (count == 0)


def c_H1():
    with pytest.raises(MalformedInput):
        ENGINE.parse_move(
            {"type": "nile_reveal", "cards": [{"number": 5, "weather": ["sun", "sun", "silt"]}]}, 0
        )


def c_H2():
    assert glyph_match(["eye"], reference_glyphs(0, None, "eye")) is True
    assert glyph_match(["eye"], reference_glyphs(1, (["reed"], False), "eye")) is False


def c_H3():
    s = ok(
        turn(top=["decorator"], bottom=["offering"]),
        {"type": "decorator", "seat": 1, "space": 1},
        {"type": "offering", "seat": 1, "resources": {"fruit": 1}},
    )
    assert s.players[0].play == 2


def c_H4():
    s = turn(top=["decorator"], bottom=["offering"], match=False)
    assert (
        refused(
            s,
            {"type": "decorator", "seat": 1, "space": 1},
            {"type": "offering", "seat": 1, "resources": {"fruit": 1}},
        )
        == "action.not_granted"
    )


def c_H5():
    s = turn(top=["decorator"], bottom=["offering"], face_down=True, match=None)
    s = ok(s, {"type": "priest", "seat": 1, "temple": "ra", "pay": ["barley"]})
    assert refused(s, {"type": "decorator", "seat": 1, "space": 1}) == "action.not_granted"


def c_H6():
    assert glyph_match([], ["*"]) is False


def c_H7():
    s = turn(
        top=["decorator"],
        bottom=["offering"],
        match=False,
        step=1,
        seats=[{"buildings": ["D3"]}, {}, {}, {}],
    )
    s = ok(s, {"type": "glyph_completion", "seat": 1, "building": "D3", "pay": "flax"})
    assert s.turn.match is True and s.players[0].res[2] == 1


def c_H8():
    assert scoring.final_glyph_matches(["reed", "eye"], False, "eye") is True
    assert scoring.final_glyph_matches(["reed"], False, "eye") is False


def c_H9():
    s = turn(nile=[[70, None]])
    assert ok(s, {"type": "take_nile", "seat": 1, "card": 70}).players[0].hand[-1] == 70


def test_W1_a_weather_tile_is_revealed_once_per_season():
    s = ok(
        build_state({"players": P4, "phase": "weather"}),
        {"type": "weather", "tile": "4", "drops": [[], [], [], []]},
    )
    s = s.but(phase="weather")
    assert (
        refused(s, {"type": "weather", "tile": "4", "drops": [[], [], [], []]})
        == "weather.tile_repeated"
    )
    assert "G7" in notes(s)


def test_W2_W3_drops_are_checked_against_supplied_tile_and_season_spheres():
    edition = {
        "base": "default",
        "values": {
            "weather_tiles": {"T1": {"sun": 1, "water": 1}},
            "board": {"season_spheres": [{"silt": 1}, {"water": 1}, {"sun": 2}]},
        },
    }
    ctx = ENGINE.context({"game": "tameri", "players": P4, "moves": [], "edition": edition})
    s = build_state({"players": P4, "phase": "weather"}).but(ctx=ctx)
    too_many = {"type": "weather", "tile": "T1", "drops": [["sun", "sun"], ["water"], ["silt"], []]}
    assert refused(s, too_many) == "weather.too_many_spheres"
    exact = ok(s, {"type": "weather", "tile": "T1", "drops": [["sun"], ["water"], ["silt"], []]})
    assert not any(u.rule == "tameri:W3" for u in exact.unchecked)
    short = ok(s, {"type": "weather", "tile": "T1", "drops": [["sun"], [], ["silt"], []]})
    assert any(u.rule == "tameri:W3" for u in short.unchecked)


CASES = {name[2:]: fn for name, fn in dict(globals()).items() if name.startswith("c_")}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule(rule):
    CASES[rule]()


def test_H3_with_unknown_glyphs_an_action_not_on_the_card_is_still_refused():
    s = turn(top=["decorator"], bottom=["offering"], match=None)
    assert refused(s, {"type": "sphinx", "seat": 1, "space": 1}) == "action.not_granted"
    s = ok(
        s,
        {"type": "decorator", "seat": 1, "space": 1},
        {"type": "offering", "seat": 1, "resources": {"fruit": 1}},
    )
    assert any(u.rule == "tameri:H3" for u in s.unchecked)
