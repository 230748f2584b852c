"""The general sphere supply (C3, G11) and spheres hidden in the Great Pyramid (W6 note, A2).

The box's sphere counts are not printed (G11; rules/component-data.md §3: not found), so the
supply is tracked only when an edition gives them; then a take from an empty supply is
refused with the rule that takes (W3, M5, M6, FX4). The counts used here are test values,
not printed numbers.
"""

from __future__ import annotations

import random

import pytest

from engines.core.errors import SetupError
from engines.tameri import ENGINE
from engines.tameri.components import SPHERES
from tests.engines.tameri.helpers import P4, build_state, notes, ok, turn

TOTALS = {"sun": 20, "water": 12, "silt": 16}  # test values (a judge's count of a box)


def edition(**values):
    return {"base": "default", "values": {"sphere_supply": TOTALS, **values}}


def ctx_with(**values):
    return ENGINE.context(
        {"game": "tameri", "players": P4, "moves": [], "edition": edition(**values)}
    )


def violation(state, *records):
    """The first violation of the records (code, rule), or None."""
    for i, record in enumerate(records):
        move = ENGINE.parse_move(record, i)
        problems = ENGINE.check(state, move)
        if problems:
            return problems[0].code, problems[0].rule
        state = ENGINE.next_state(state, move)
    return None


# ---- item: the supply counts ------------------------------------------------------------


def test_G11_U3_the_supply_starts_at_the_edition_count_less_the_setup_spheres():
    s = ENGINE.setup(ctx_with())
    # U3: 2 sun on each of the 4 ramps, 2 silt in each of the 4 river spaces, no water.
    assert s.supply == (20 - 8, 12, 16 - 8)
    assert not any(u.rule == "tameri:G11" for u in s.unchecked)


def test_G11_without_printed_counts_the_supply_is_not_tracked_and_is_listed_unchecked():
    s = ENGINE.setup(ENGINE.context({"game": "tameri", "players": P4, "moves": []}))
    assert s.supply == (None, None, None)
    g11 = [u for u in s.unchecked if u.rule == "tameri:G11"]
    assert len(g11) == 1 and "sun, water, silt" in g11[0].item
    partial = {"base": "default", "values": {"sphere_supply": {"sun": 9, "water": None}}}
    s = ENGINE.setup(
        ENGINE.context({"game": "tameri", "players": P4, "moves": [], "edition": partial})
    )
    assert s.supply == (1, None, None)
    assert [u.item for u in s.unchecked if u.rule == "tameri:G11"] == ["sphere supply: water, silt"]


@pytest.mark.parametrize("bad", [7, -1, "many", True])
def test_U3_an_edition_count_that_cannot_cover_the_setup_is_a_setup_error(bad):
    values = {"sphere_supply": {"sun": bad, "water": 3, "silt": 9}}
    with pytest.raises(SetupError) as err:
        ENGINE.context(
            {
                "game": "tameri",
                "players": P4,
                "moves": [],
                "edition": {"base": "default", "values": values},
            }
        )
    v = err.value.violations[0]
    assert (v.code, v.rule, v.path) == (
        "edition.sphere_supply",
        "tameri:U3",
        "$.edition.values.sphere_supply.sun",
    )


def weather_state(supply, **spec):
    return build_state({"players": P4, "phase": "weather", **spec}).but(supply=supply)


def test_W3_a_drop_of_more_spheres_than_the_supply_holds_is_refused():
    s = weather_state((1, 0, 3))
    assert violation(s, {"type": "weather", "drops": [["sun"], ["sun"], [], []]}) == (
        "supply.empty",
        "tameri:W3",
    )
    assert violation(s, {"type": "weather", "drops": [["water"], [], [], []]}) == (
        "supply.empty",
        "tameri:W3",
    )
    after = ok(s, {"type": "weather", "drops": [["sun"], [], ["silt"], []]})
    assert after.supply == (0, 0, 2)


def test_W3_with_printed_tiles_and_a_known_supply_exactly_what_the_supply_holds_drops():
    ctx = ctx_with(
        weather_tiles={"T1": {"sun": 2, "silt": 1}}, board={"season_spheres": [{}, {}, {}]}
    )
    s = build_state({"players": P4, "phase": "weather"}).but(ctx=ctx, supply=(1, 4, 3))
    # Only 1 sun is left: dropping 1 sun + 1 silt is the whole W3 drop, and nothing is noted.
    full = ok(s, {"type": "weather", "tile": "T1", "drops": [["sun"], ["silt"], [], []]})
    assert not any(u.rule == "tameri:W3" for u in full.unchecked)
    # Leaving out a sphere the supply holds is refused.
    assert violation(s, {"type": "weather", "tile": "T1", "drops": [["sun"], [], [], []]}) == (
        "weather.too_few_spheres",
        "tameri:W3",
    )


def test_W4_W5_W6_spheres_removed_in_phase_1_go_back_to_the_supply():
    s = weather_state((5, 5, 5), rivers=[4, 2, 2, 2])
    # Ramp 1: 2 sun + 3 water + 1 silt. The silt meets a full river (W5: back to the supply);
    # W6 pairs 2 sun with 2 water: 1 water stays.
    s = ok(s, {"type": "weather", "drops": [["water", "water", "water", "silt"], [], [], []]})
    assert s.ramps[0] == ("water", 1) and s.rivers[0] == 4
    assert s.supply == (5 + 2, 5 - 3 + 2, 5 - 1 + 1)


def test_M5_a_card_silt_effect_takes_from_the_supply_and_an_empty_one_refuses_it():
    s = turn(step=1).but(supply=(3, 3, 0))
    s = s.but(cards={**s.cards, 50: s.cards[50].model_copy(update={"weather": ["silt"]})})
    move = {"type": "card_weather", "seat": 1, "effect": 1}
    assert violation(s, move) == ("supply.empty", "tameri:M5")
    s = ok(s.but(supply=(3, 3, 1)), move)
    assert s.supply == (3, 3, 0) and s.players[0].silt == 1


def test_M6_buying_a_silt_sphere_from_an_empty_supply_is_refused():
    s = turn(seats=[{"deben": 4}, {}, {}, {}]).but(supply=(0, 0, 0))
    buy = {"type": "extra_weather", "seat": 1, "kind": "buy_silt", "to_board": True}
    assert violation(s, buy) == ("supply.empty", "tameri:M6")
    s = ok(s.but(supply=(0, 0, 2)), buy, {**buy, "to_board": False, "ramp": 2})
    assert s.supply == (0, 0, 0) and s.players[0].silt == 1 and s.rivers[1] == 3


def test_FX4_a_silt_effect_cannot_be_used_when_the_supply_has_no_silt():
    s = turn(pending=[[1, "temple"]]).but(supply=(2, 2, 0))
    move = {"type": "effect", "seat": 1, "source": "temple", "gains": {"silt": 1}}
    assert violation(s, move) == ("supply.empty", "tameri:FX4")
    s = ok(s.but(supply=(2, 2, 1)), move)
    assert s.supply == (2, 2, 0) and s.players[0].silt == 1


def test_M6a_FX8_a_sphere_removed_during_a_turn_goes_back_to_the_supply():
    s = turn(ramps=[["water", 2]] * 4, seats=[{"deben": 1}, {}, {}, {}]).but(supply=(0, 0, 0))
    s = ok(s, {"type": "extra_weather", "seat": 1, "kind": "remove", "ramp": 2, "colour": "water"})
    assert s.supply == (0, 1, 0)


def test_M12_harvested_silt_returns_one_sphere_per_producing_river_to_the_supply():
    s = turn(
        top=["harvest"],
        ramps=[[None, 0]] * 4,
        rivers=[3, 1, 2, 2],
        seats=[{"farmers": [["barley_1", 1], ["papyrus_1", 1], ["barley_2", 1]]}, {}, {}, {}],
    ).but(supply=(0, 0, 0))
    s = ok(s, {"type": "harvest", "seat": 1, "fields": ["barley_1", "papyrus_1", "barley_2"]})
    assert s.rivers[:2] == (2, 0) and s.supply == (0, 0, 2)


def test_M19_silt_above_4_at_the_end_of_the_own_turn_goes_back_to_the_supply():
    s = turn(nile=[[70, None]], seats=[{"silt": 6}, {}, {}, {}]).but(supply=(0, 0, 1))
    s = ok(s, {"type": "take_nile", "seat": 1, "card": 70})
    assert s.players[0].silt == 4 and s.supply == (0, 0, 3)


def conserved(s, totals):
    """Every sphere is in the supply, on a ramp, in a river, on a player board or in the
    pyramid: the counts add up to the box."""
    where = [0, 0, 0]
    for colour, count in s.ramps:
        if colour is not None:
            where[SPHERES.index(colour)] += count
    where[2] += sum(s.rivers) + sum(p.silt for p in s.players)
    return all(
        sup + w + pyr == totals[c]
        for c, sup, w, pyr in zip(SPHERES, s.supply, where, s.pyramid, strict=True)
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_C3_random_games_never_create_or_lose_a_sphere(seed):
    rng = random.Random(seed)
    s = ENGINE.setup(ctx_with())
    steps = 0
    while not ENGINE.is_over(s) and steps < 3000:
        moves = list(ENGINE.legal_moves(s))
        s = ENGINE.apply(s, rng.choice(moves))
        assert conserved(s, TOTALS), (steps, s.supply, s.ramps, s.rivers, s.pyramid)
        assert all(x >= 0 for x in s.supply)
        steps += 1
    assert ENGINE.is_over(s)


# ---- item: spheres hidden in the Great Pyramid ------------------------------------------


def test_W6_spheres_that_stay_inside_the_pyramid_are_taken_from_the_supply():
    s = weather_state((4, 4, 4))
    s = ok(s, {"type": "weather", "drops": [["sun"], [], [], []], "hidden": ["silt", "water"]})
    assert s.pyramid == (0, 1, 1) and s.supply == (3, 3, 3)


def test_W6_EX2a_a_hidden_silt_coming_out_in_phase_1_goes_to_the_river():
    # EX2a: 5 sun spheres, the bottom one is removed, a silt sphere comes into view and goes
    # to the river under that ramp. The silt had stayed inside the pyramid in an earlier drop.
    s = weather_state((6, 6, 6), rivers=[1, 2, 2, 2]).but(pyramid=(0, 0, 1))
    s = ok(
        s,
        {
            "type": "weather",
            "drops": [["sun", "sun", "sun", "silt"], [], [], []],
            "from_pyramid": ["silt"],
        },
    )
    assert s.ramps[0] == ("sun", 4) and s.rivers[0] == 2 and s.pyramid == (0, 0, 0)
    # 3 sun taken from the supply, 1 (the W4 bottom sphere) back; the silt was not taken.
    assert s.supply == (6 - 3 + 1, 6, 6)


def test_W6_spheres_cannot_come_out_of_the_pyramid_unless_they_are_inside_and_landed():
    s = weather_state((6, 6, 6)).but(pyramid=(0, 0, 1))
    assert violation(
        s, {"type": "weather", "drops": [["sun"], [], [], []], "from_pyramid": ["sun"]}
    ) == ("pyramid.not_inside", "tameri:W6")
    assert violation(
        s, {"type": "weather", "drops": [[], [], [], []], "from_pyramid": ["silt"]}
    ) == ("pyramid.not_inside", "tameri:W6")


def test_A2_a_removal_during_a_turn_releases_hidden_spheres_by_the_phase_1_steps():
    s = turn(ramps=[["sun", 1], [None, 0], [None, 0], [None, 0]], rivers=[0, 0, 0, 0])
    s = s.but(pyramid=(0, 1, 1), supply=(0, 0, 0))
    move = {
        "type": "extra_weather",
        "seat": 1,
        "kind": "remove",
        "ramp": 1,
        "colour": "sun",
        "released": ["silt", "water"],
    }
    s = s.with_player(0, s.players[0].but(deben=1))
    s = ok(s, move)
    # The sun goes back to the supply; the silt to the river below (W5); the water lands.
    assert s.ramps[0] == ("water", 1) and s.rivers[0] == 1 and s.pyramid == (0, 0, 0)
    assert s.supply == (1, 0, 0) and "A2" in notes(s)


def test_A2_an_effect_removal_can_release_only_what_the_pyramid_holds():
    s = turn(pending=[[1, "temple"]], ramps=[["sun", 2]] * 4).but(pyramid=(0, 0, 0))
    move = {
        "type": "effect",
        "seat": 1,
        "source": "temple",
        "gains": {"remove_spheres": [{"ramp": 3, "colour": "sun", "released": ["silt"]}]},
    }
    assert violation(s, move) == ("pyramid.not_inside", "tameri:A2")
    s = ok(s.but(pyramid=(0, 0, 1)), move)
    assert s.ramps[2] == ("sun", 1) and s.rivers[2] == 3 and s.pyramid == (0, 0, 0)


def test_S11_spheres_in_the_pyramid_score_nothing():
    s = build_state(
        {"players": P4[:2], "phase": "over", "seats": [{"res": {}, "deben": 0, "silt": 3}, {}]}
    )
    with_pyramid = s.but(pyramid=(2, 2, 5))
    rows = ENGINE.score_state(s).breakdown
    assert ENGINE.score_state(with_pyramid).breakdown == rows
    assert rows[0]["leftovers"] == 1  # S11: 3 silt of the player's own, nothing from inside
