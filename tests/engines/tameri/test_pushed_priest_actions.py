"""M11: "the owner of a pushed priest immediately gets the effect of the space it lands on".

When that space grants an action (EX10: a Ptah space gives a farmer action), its owner
performs it at once, during the turn player's turn. The log records the action with the
owner's seat; the engine checks it like any action and keeps it off the turn player's card.
"""

from __future__ import annotations

from tests.engines.tameri.helpers import notes, ok, refused, turn


def pushed():
    """Seat 1 places a priest in Ptah with 2 steps and lands on seat 2's priest (space 2),
    pushing it to space 3; seat 2 records its space effect: a farmer action (EX10)."""
    s = turn(
        top=["priest"],
        bottom=["harvest"],
        seats=[{}, {"priests": {"ptah": 2}, "available": 2}, {}, {}],
        nile=[[70, None]],
    )
    s = ok(s, {"type": "priest", "seat": 1, "temple": "ptah", "pay": ["barley", "flax"]})
    assert s.players[1].priests == (None, None, 3)
    assert sorted(s.pending) == [(0, "temple"), (0, "temple"), (1, "temple")]
    return ok(
        s,
        {
            "type": "effect",
            "seat": 2,
            "source": "temple",
            "ref": "ptah:3",
            "gains": {"extra_action": "farmer"},
        },
    )


def test_M11_EX10_a_pushed_priests_owner_performs_the_spaces_farmer_action_at_once():
    s = pushed()
    assert s.owed_actions == ((1, "farmer"),) and s.turn.seat == 0
    s = ok(s, {"type": "farmer", "seat": 2, "field": "flax_1", "space": 1})
    p = s.players[1]
    assert p.farmers == (("flax_1", 1),) and p.available == 1  # M7: a worker from the supply
    assert s.owed_actions == () and s.turn.seat == 0 and s.turn.actions == ("priest",)
    assert "push" not in notes(s)  # replayed, not merely noted


def test_M11_the_owed_action_is_performed_once_and_only_as_granted():
    s = pushed()
    assert refused(s, {"type": "decorator", "seat": 2, "space": 1}) == "turn.not_your_turn"
    s = ok(s, {"type": "farmer", "seat": 2, "field": "flax_1", "space": 1})
    assert (
        refused(s, {"type": "farmer", "seat": 2, "field": "flax_2", "space": 1})
        == "turn.not_your_turn"
    )


def test_M11_L5_the_off_turn_farmer_action_keeps_every_field_limit():
    s = pushed()
    s = s.with_player(1, s.players[1].but(farmers=(("flax_1", 2),)))
    assert (
        refused(s, {"type": "farmer", "seat": 2, "field": "flax_1", "space": 1})
        == "farmer.field_twice"
    )


def test_M11_H3_the_turn_player_keeps_its_own_card_and_does_not_get_the_owed_action():
    s = pushed()
    s = ok(s, {"type": "farmer", "seat": 2, "field": "flax_1", "space": 1})
    # seat 1's card: priest (done) then harvest; a farmer action is not on it.
    assert (
        refused(s, {"type": "farmer", "seat": 1, "field": "fruit_1", "space": 1})
        == "action.not_granted"
    )
    ok(s, {"type": "harvest", "seat": 1, "fields": []})


def test_M11_F6_an_off_turn_action_uses_no_permanent_building_effect():
    s = turn(seats=[{}, {"buildings": ["C2"]}, {}, {}], pending=[[2, "temple"]])
    s = ok(
        s,
        {"type": "effect", "seat": 2, "source": "temple", "gains": {"extra_action": "offering"}},
    )
    move = {
        "type": "offering",
        "seat": 2,
        "resources": {"barley": 2},
        "substitution": "C2",
    }
    assert refused(s, move) == "permanent.not_own_turn"
    s = ok(s, {"type": "offering", "seat": 2, "resources": {"barley": 1, "fruit": 1}})
    assert s.players[1].play == 3 and s.players[1].screen == (1, 0, 0, 1)


def test_M11_an_off_turn_priest_action_owes_the_effects_of_its_own_spaces():
    s = turn(pending=[[3, "temple"]], seats=[{}, {}, {"priests": {"amun": 1}}, {}])
    s = ok(
        s, {"type": "effect", "seat": 3, "source": "temple", "gains": {"extra_action": "priest"}}
    )
    s = ok(s, {"type": "priest", "seat": 3, "temple": "amun", "pay": ["fruit"]})
    assert s.players[2].priests == (2, None, None) and s.pending == ((2, "temple"),)
    s = ok(s, {"type": "effect", "seat": 3, "source": "temple", "gains": {"vp": 1}})
    assert s.players[2].play == 1


def test_M11_an_owed_action_not_recorded_in_the_turn_lapses_with_the_turn():
    s = pushed()
    s = ok(s, {"type": "take_nile", "seat": 1, "card": 70})
    assert s.owed_actions == () and s.turn.seat == 1
