"""Turn step 2 effects (issue 18, item 4): permanent effects at any time of the step (M17,
H7), one immediate effect per priest card (M16), and a temple advance from an effect placing
its priest like the Priest action (M7, FX10)."""

from __future__ import annotations

from tests.engines.tameri.helpers import ok, refused, turn


def test_H7_M17_glyph_completion_after_the_top_action_allows_the_bottom():
    s = turn(
        top=["offering"],
        bottom=["offering"],
        match=False,
        step=2,
        seats=[{"buildings": ["D3"], "res": {"barley": 1, "flax": 1, "fruit": 1}}, {}, {}, {}],
    )
    s = ok(s, {"type": "offering", "seat": 1, "resources": {"barley": 1}})
    s = ok(s, {"type": "glyph_completion", "seat": 1, "building": "D3", "pay": "fruit"})
    assert s.turn.match is True
    s = ok(s, {"type": "offering", "seat": 1, "resources": {"flax": 1}})
    assert s.players[0].play == 4  # two offerings of one resource: 2 VP each


def test_H7_glyph_completion_after_the_bottom_action_adds_nothing():
    s = turn(
        top=["decorator"],
        bottom=["offering"],
        match=False,
        step=2,
        seats=[{"buildings": ["D3"], "res": {"barley": 1, "fruit": 1}}, {}, {}, {}],
    )
    s = ok(s, {"type": "offering", "seat": 1, "resources": {"barley": 1}})
    completion = {"type": "glyph_completion", "seat": 1, "building": "D3", "pay": "fruit"}
    assert refused(s, completion) == "glyph.completion_not_needed"


def test_M16_one_immediate_effect_per_priest_card():
    s = turn(seats=[{"priest_cards": 1}, {}, {}, {}])
    effect = {"type": "effect", "seat": 1, "source": "priest_card", "gains": {"vp": 2}}
    s = ok(s, effect)
    assert refused(s, effect) == "effect.no_priest_card_left"


def test_M7_FX10_an_effects_temple_advance_may_move_a_placed_worker():
    s = turn(seats=[{"pending": [], "available": 0, "farmers": [["barley_1", 1]]}, {}, {}, {}])
    s = s.but(pending=((0, "sphinx"),))
    gains = {"temple_advance": {"temple": "ptah", "steps": 1, "source": "barley_1"}}
    s = ok(s, {"type": "effect", "seat": 1, "source": "sphinx", "gains": gains})
    assert s.players[0].priests[2] == 1 and s.players[0].farmers == ()
