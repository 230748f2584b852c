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


SEATS = [{"priest_cards": 1, "res": {"barley": 2, "flax": 2}}, {}, {}, {}]
GRANT = {
    "type": "effect",
    "seat": 1,
    "source": "priest_card",
    "gains": {"extra_action": "decorator"},
}
DECORATE = {"type": "decorator", "seat": 1, "space": 1}
OFFER = {"type": "offering", "seat": 1, "resources": {"barley": 1}}


def test_F6_H3_a_granted_action_may_come_after_both_actions_of_the_card():
    # Step 2, "at any time and in any order" (seed: いつでも、どの順序でも): the player does
    # the card's decorator and offering (H3: top, then bottom), then the granted decorator.
    s = turn(top=["decorator"], bottom=["offering"], match=True, seats=SEATS)
    s = ok(s, GRANT, DECORATE, OFFER, {**DECORATE, "space": 2})
    assert s.turn.bonus == () and s.turn.actions == ("decorator", "offering")


def test_F6_H4_on_an_unmatched_card_the_first_action_may_be_the_granted_one():
    s = turn(top=["decorator"], bottom=["offering"], match=False, seats=SEATS)
    s = ok(s, GRANT, DECORATE, OFFER)  # the granted decorator, then the card's bottom half
    assert s.turn.actions == ("offering",)


def test_F6_H4_an_action_before_the_grant_is_the_cards_and_the_other_half_stays_closed():
    s = turn(top=["decorator"], bottom=["offering"], match=False, seats=SEATS)
    s = ok(s, DECORATE, GRANT)  # the decorator came before anything was granted
    assert refused(s, OFFER) == "action.not_granted"
    s = ok(s, {**DECORATE, "space": 2})  # the grant still allows its own decorator
    assert s.turn.bonus == ()


def test_F6_M16_M17_legal_moves_offer_priest_card_and_building_effects_in_step_2():
    from engines.tameri.legal import legal_moves

    seats = [{"priest_cards": 1, "buildings": ["C2"], "res": {"barley": 1}}, {}, {}, {}]
    s = turn(top=["decorator"], bottom=["offering"], match=None, seats=seats)
    sources = {(m.source, m.ref) for m in legal_moves(s) if m.type == "effect"}
    assert {("priest_card", None), ("building", "C2")} <= sources
    # H7 while the glyphs are unknown: completing them is still possible
    assert any(m.type == "glyph_completion" for m in legal_moves(s))
