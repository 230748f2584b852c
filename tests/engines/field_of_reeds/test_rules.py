"""Unit tests citing the rule ids of shared/rules/field_of_reeds.md (M, L, S, T, V, F)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core.errors import IllegalMove, MalformedInput
from engines.field_of_reeds import ENGINE, scoring
from engines.field_of_reeds.moves import CardFacts
from engines.field_of_reeds.rules import attribute_value

RED1 = {"attribute": ["red"], "value": 1}


def card(colour="red", value=1, **effects):
    return {
        "attribute": colour if isinstance(colour, list) else [colour],
        "value": value,
        **effects,
    }


def step(space, colour=None, cost=None, resource=None):
    out = {"space": space}
    if resource:
        out["resource"] = resource
    if colour:
        out["colour"] = colour
    if cost is not None:
        out["cost"] = cost
    return out


def play(seat, cards, path=(), **extra):
    cards = [c if isinstance(c, dict) else {"id": c} for c in cards]
    return {"type": "play", "seat": seat, "cards": cards, "path": list(path), **extra}


def run(fr, hands, facts, moves, n=2, later=None, **extra):
    pre = fr.prelude(n, hands, facts, later)
    report = ENGINE.replay(fr.doc(n, pre + moves, **extra))
    return report, len(pre)


def first(report, offset):
    v = report.violations[0]
    return v.code, v.rule.split(":")[1], v.index - offset


# A board made up for these tests only (the printed boards are unknown, G4).
TEST_BOARD = {
    "spaces": {
        "a": {"colour": "red", "cost": ["red"]},
        "b": {"colour": "blue", "cost": ["blue"]},
        "c": {"colour": "yellow", "cost": ["yellow", "red"], "resource": "shabti"},
        "d": {"colour": "black", "cost": ["black", "black"]},
    },
    "edges": [
        ["start", "a"],
        ["start", "b"],
        ["a", "c"],
        ["b", "c"],
        ["c", "watcher"],
        ["a", "d"],
        ["d", "watcher"],
    ],
}


def board_edition(side="front"):
    return {
        "base": "default",
        "values": {"boards": {"1": {side: TEST_BOARD}}, "watcher_cost": {"1": ["red"]}},
    }


# ---- F: flow ----------------------------------------------------------------------------------


def test_F5_draft_ends_with_two_cards_and_start_player_moves_F6(fr):
    state, _ = fr.playout(2, 0, stop=lambda s: s.phase == "deal" and s.seen)
    assert state.level == 1 and state.start_seat == 1
    assert all(p.packet == () for p in state.players)


def test_F8_five_rounds_per_draft(fr):
    """A draft that ends by condition A took exactly 5 picks per player (7 -> 2 cards)."""
    for seed in range(20):
        state, log = fr.playout(3, seed, stop=lambda s: s.seen and s.phase in ("deal", "score"))
        if state.phase == "deal":
            assert len([m for m in log if m["type"] == "pick"]) == 5 * 3
            assert all(p.packet == () for p in state.players) and state.start_seat == 1
            return
    raise AssertionError("no seed ended a draft by condition A")


def test_F7_level_cards_join_the_deck_only_at_their_level(fr):
    deal = {
        "type": "deal",
        "packets": [[f"a{i}" for i in range(7)], [f"b{i}" for i in range(7)]],
        "facts": {"a0": card(level=2)},
    }
    report = ENGINE.replay(fr.doc(2, [deal]))
    assert (report.violations[0].code, report.violations[0].rule) == (
        "deal_card_not_added",
        "field_of_reeds:F7",
    )


def test_F6_exclusion_icon_cards_leave_the_game(fr):
    facts = {"x": card(exclusion=True), "y": card()}
    moves = [
        play(1, ["x"], [step("s1", "red", ["red"])], stop_neighbours=[]),
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},
    ]
    state = ENGINE.replay(fr.doc(2, fr.prelude(2, [["x"], ["y"]], facts) + moves)).final_state
    assert state.players[0].played == ("x",)
    for _ in range(4):  # finish the draft: end picks, passes with hand-limit discards
        for seat in (0, 1):
            packet = state.players[seat].packet
            state = ENGINE.apply(
                state, ENGINE.parse_move({"type": "pick", "seat": seat + 1, "card": packet[0]}, 0)
            )
        for seat in (0, 1):
            hand = state.players[seat].hand
            discard = list(hand[: max(0, len(hand) - 2)])
            state = ENGINE.apply(
                state, ENGINE.parse_move({"type": "pass", "seat": seat + 1, "discard": discard}, 0)
            )
    assert state.phase == "deal" and state.start_seat == 1
    again = {
        "type": "deal",
        "packets": [["x", *[f"n{i}" for i in range(6)]], [f"m{i}" for i in range(7)]],
    }
    assert [v.code for v in ENGINE.check(state, ENGINE.parse_move(again, 0))] == [
        "deal_card_excluded"
    ]
    fresh = {"type": "deal", "packets": [[f"n{i}" for i in range(7)], [f"m{i}" for i in range(7)]]}
    after = ENGINE.apply(state, ENGINE.parse_move(fresh, 0))
    assert "x" in after.excluded and "x" not in after.discard


# ---- M: moves ---------------------------------------------------------------------------------


def test_M1_only_end_cards_L9_order_kept(fr):
    deal = {
        "type": "deal",
        "packets": [["a", "b", "c", "d", "e", "f", "g"], [f"h{i}" for i in range(7)]],
    }
    report = ENGINE.replay(fr.doc(2, [deal, {"type": "pick", "seat": 1, "card": "c"}]))
    assert first(report, 0) == ("inner_card", "M1", 1)
    report = ENGINE.replay(
        fr.doc(
            2,
            [
                deal,
                {"type": "pick", "seat": 1, "card": "g"},
                {"type": "pick", "seat": 2, "card": "h0"},
            ],
        )
    )
    assert report.ok and report.final_state.players[1].packet == ("a", "b", "c", "d", "e", "f")


def test_M2_udjat_before_play_and_M10_value_joins_pool(fr):
    facts = {"r": card("red", 1)}
    report, off = run(
        fr,
        [["r", "u1", "u2"], ["k1", "k2", "k3"]],
        facts,
        [
            {"type": "udjat_take", "seat": 1, "discard": ["u1", "u2"]},
            {"type": "udjat_use", "seat": 1, "gain": "blue"},
            play(1, ["r"], [step("s1", "red", ["red"]), step("s2", "blue", ["blue"])]),
        ],
    )
    assert report.ok, report.violations
    assert report.final_state.players[0].space == "s2" and report.final_state.players[0].udjat == 0


def test_M3_zero_cards_and_once_per_phase(fr):
    report, off = run(fr, [["r"], ["k"]], {"r": RED1}, [play(1, []), play(1, ["r"])])
    assert first(report, off) == ("second_play", "L1", 1)


def test_M4_cards_must_be_in_hand(fr):
    report, off = run(fr, [["r"], ["k"]], {"r": RED1}, [play(1, ["k"])])
    assert first(report, off) == ("card_not_in_hand", "M4", 0)


def test_M5_point_cost_paid_and_S0_point_gain(fr):
    facts = {"p": card("red", 1, cost_points=1, gain_points=2)}
    report, off = run(
        fr,
        [["p"], ["k"]],
        facts,
        [play(1, ["p"], [step("s1", "red", ["red"])], stop_neighbours=[])],
    )
    assert report.ok and report.final_state.players[0].points == 2  # 1 - 1 + 2


def test_M6_values_add_up(fr):
    facts = {"r": card("red", 2), "r2": card("red", 1)}
    report, off = run(
        fr,
        [["r", "r2"], ["k", "l"]],
        facts,
        [play(1, ["r", "r2"], [step("s1", "red", ["red", "red", "red"])])],
    )
    assert report.ok


def test_M7_after_move_djed_on_final_space(fr):
    facts = {"d": card("red", 1, djed_after=1)}
    report, off = run(
        fr,
        [["d"], ["k"]],
        facts,
        [play(1, ["d"], [step("s1", "red", ["red"])], stop_neighbours=[])],
    )
    assert report.final_state.djeds["s1"][0] == 0


def test_M8_pass_hands_over_clockwise(fr):
    report, off = run(fr, [["r"], ["k"], ["m"]], {"r": RED1}, [{"type": "pass", "seat": 1}], n=3)
    assert report.final_state.turn.seat == 1


def test_M9_udjat_needs_two_cards_from_hand(fr):
    report, off = run(fr, [["a"], ["k"]], {}, [{"type": "udjat_take", "seat": 1, "discard": ["a"]}])
    assert first(report, off) == ("udjat_needs_two", "M9", 0)


def test_M10_udjat_needs_a_card_and_gives_shabti(fr):
    report, off = run(fr, [["a"], ["k"]], {}, [{"type": "udjat_use", "seat": 1, "gain": "shabti"}])
    assert first(report, off) == ("no_udjat", "M10", 0)


def test_M11_Q7_hand_limit_discard_goes_to_played_area(fr):
    report, off = run(
        fr, [["a", "b", "c"], ["k", "l", "m"]], {}, [{"type": "pass", "seat": 1, "discard": ["b"]}]
    )
    assert report.final_state.players[0].played == ("b",)


@pytest.mark.parametrize(
    ("value", "level", "expect"),
    [("X", 1, 1), ("X", 3, 3), ("X-1", 1, 0), ("X-1", 2, 1), ("X+1", 2, 3), (2, 3, 2)],
)
def test_M12_attribute_values(value, level, expect):
    assert attribute_value(CardFacts(attribute=["red"], value=value), level) == expect


def test_M12_choice_required_for_multi_icon_cards(fr):
    report, off = run(
        fr,
        [["m"], ["k"]],
        {"m": card(["red", "blue"], 1)},
        [play(1, ["m"], [step("s1", "red", ["red"])])],
    )
    assert first(report, off) == ("attribute_choice_missing", "M12", 0)


def test_M13_edges_of_a_known_board(fr):
    facts = {"r": card("red", 1)}
    ok, off = run(fr, [["r"], ["k"]], facts, [play(1, ["r"], [step("a")])], edition=board_edition())
    assert ok.ok and not any("edges" in u.item for u in ok.unchecked)
    bad, off = run(
        fr,
        [["b"], ["k"]],
        {"b": card("blue", 1)},
        [play(1, ["b"], [step("c")])],
        edition=board_edition(),
    )
    assert first(bad, off)[0] in ("not_adjacent", "cannot_pay_space")


def test_M14_multi_icon_space_needs_all_icons(fr):
    facts = {"y": card("yellow", 1), "r": card("red", 1)}
    report, off = run(
        fr,
        [["y", "r"], ["k", "l"]],
        facts,
        [play(1, ["y"], [step("c1", "yellow", ["yellow", "red"])])],
    )
    assert first(report, off) == ("cannot_pay_space", "M14", 0)


def test_M15_must_keep_moving_on_a_known_board(fr):
    facts = {"r": card("red", 2)}
    # red 2: start -> a (red 1) leaves red 1; c needs yellow + red, d 2 of any: may stop
    report, off = run(
        fr, [["r"], ["k"]], facts, [play(1, ["r"], [step("a")])], edition=board_edition()
    )
    assert report.ok
    facts = {"r": card("red", 3)}
    # red 3: after a, red 2 pays d (black + black): stopping on a is illegal
    report, off = run(
        fr, [["r"], ["k"]], facts, [play(1, ["r"], [step("a")])], edition=board_edition()
    )
    assert first(report, off) == ("must_keep_moving", "M15", 0)


def test_M16_no_djed_on_start_or_level1_watcher(fr):
    facts = {"d": card("red", 1, djed_before=1)}
    report, off = run(
        fr,
        [["d"], ["k"]],
        facts,
        [play(1, ["d"], [step("s1", "red", ["red"])], stop_neighbours=[])],
    )
    assert report.ok and report.final_state.djeds == {}
    assert report.final_state.players[0].supply == 12


def test_M17_watcher_needs_two_djeds_on_level1(fr):
    facts = {"r": card("red", 1)}
    report, off = run(fr, [["r"], ["k"]], facts, [play(1, ["r"], [step("watcher", cost=["red"])])])
    assert first(report, off) == ("watcher_condition", "L11", 0)


def test_M18_djed_resource_needs_the_icon(fr):
    report, off = run(
        fr,
        [["r"], ["k"]],
        {"r": RED1},
        [
            play(1, ["r"], [step("s1", "red", ["red"], resource="none")], stop_neighbours=[]),
            {"type": "pass", "seat": 1, "djed_resource": True},
        ],
    )
    assert first(report, off) == ("no_djed_resource", "M18", 1)


def test_M19_shabti_space_from_a_known_board(fr):
    facts = {"y": card("yellow", 1), "r": card("red", 2)}
    moves = [
        play(1, ["y", "r"], [step("a"), step("c")]),
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},
    ]
    report, off = run(fr, [["y", "r"], ["k", "l"]], facts, moves, edition=board_edition())
    assert report.ok, report.violations
    assert report.final_state.players[0].shabti == 1


def test_M20_x_plus_one_needs_its_step_back_recorded(fr):
    facts = {"r": RED1, "x": card("blue", "X+1")}
    moves = [
        play(1, ["r"], [step("s1", "red", ["red"])], stop_neighbours=[]),
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},
        {"type": "pick", "seat": 1, "card": "x"},
        {"type": "pick", "seat": 2, "card": "f0-1"},
        play(1, ["x"], [step("t", "blue", ["blue"])]),
    ]
    report, off = run(fr, [["r"], ["k"]], facts, moves, later=[["x"], []])
    assert first(report, off) == ("go_back_not_recorded", "M20", 5)


# ---- L: limits --------------------------------------------------------------------------------


def test_L1_three_cards_allowed_on_level3_only():
    ctx = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []})
    assert [ctx.edition.get(f"play_limit.{lv}") for lv in (1, 2, 3)] == [2, 2, 3]


def test_L2_hand_limit_by_level():
    ctx = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []})
    assert [ctx.edition.get(f"hand_limit.{lv}") for lv in (1, 2, 3)] == [2, 3, 3]


def test_L3_udjat_cards_unlimited(fr):
    moves = [{"type": "udjat_take", "seat": 1, "discard": ["a", "b"]}, {"type": "pass", "seat": 1}]
    report, off = run(fr, [["a", "b", "c"], ["k", "l", "m"]], {}, moves)
    assert report.ok and report.final_state.players[0].udjat == 1


def test_L4_total_cost_before_effects(fr):
    facts = {"g": card("yellow", 1, gain_shabti=2), "c": card("blue", 1, cost_shabti=1)}
    report, off = run(fr, [["g", "c"], ["k", "l"]], facts, [play(1, ["g", "c"])])
    assert first(report, off) == ("cannot_pay_shabti", "L4", 0)


def test_L5_shabti_beyond_twenty_pieces(fr):
    state, _ = fr.playout(2, 5)
    sheet = {
        "players": [
            {"levels": ARRIVE_ALL, "shabti": 40},
            {"levels": ARRIVE_ALL, "shabti": 21},
        ]
    }
    outcome = ENGINE.score_sheet({"game": "field_of_reeds", "players": ["A", "B"], "sheet": sheet})
    assert [p.rank for p in outcome.players] == [1, 2]


def test_L6_Q11_twelve_djeds_and_reuse_from_the_sheet(fr):
    facts = {"d": card("red", 1, djed_after=1)}
    pre = fr.prelude(2, [["d"], ["k"]], facts)
    state = ENGINE.replay(fr.doc(2, pre)).final_state
    p = state.players[0]
    state = replace(state, players=(replace(p, supply=0, sheet=(2, 1, 0)), state.players[1]))
    move = ENGINE.parse_move(
        play(1, [{"id": "d"}], [step("s1", "red", ["red"])], stop_neighbours=[], reuse_from="blue"),
        0,
    )
    after = ENGINE.apply(state, move)
    assert after.players[0].sheet == (2, 0, 0) and after.djeds["s1"] == (0, "red")
    sheet = {
        "players": [
            {
                "levels": [{"reached": True, "djeds": {"red": 13}, "points": 0}, ARR2, ARR3],
                "shabti": 0,
            },
            {"levels": ARRIVE_ALL, "shabti": 0},
        ]
    }
    with pytest.raises(Exception) as err:
        ENGINE.score_sheet({"game": "field_of_reeds", "players": ["A", "B"], "sheet": sheet})
    assert "sheet.too_many_djeds" in [v.code for v in err.value.violations]


def test_L7_one_djed_per_space(fr):
    facts = {"d": card("red", 1, djed_after=1), "e": card("red", 1, djed_after=1)}
    moves = [
        play(1, ["d"], [step("s1", "red", ["red"])], stop_neighbours=[]),
        {"type": "pass", "seat": 1},
        play(2, ["e"], [step("s1", "red", ["red"])], stop_neighbours=[]),
    ]
    report, off = run(fr, [["d"], ["e"]], facts, moves)
    assert report.final_state.djeds["s1"][0] == 0 and report.final_state.players[1].supply == 12


def test_L8_point_cost_cannot_go_below_zero(fr):
    facts = {"p": card("red", 1, cost_points=2)}
    report, off = run(fr, [["p"], ["k"]], facts, [play(1, ["p"])])
    assert first(report, off) == ("cannot_pay_points", "L8", 0)


def test_L9_reorder_only_under_V4(fr):
    deal = {
        "type": "deal",
        "packets": [["a", "b", "c", "d", "e", "f", "g"], [f"h{i}" for i in range(7)]],
    }
    report = ENGINE.replay(
        fr.doc(2, [deal, {"type": "reorder", "seat": 1, "order": list("gfedcba")}])
    )
    assert report.violations[0].code == "wrong_phase"


def test_L10_pool_does_not_carry_over(fr):
    facts = {"r": card("red", 2), "s": card("yellow", 1)}
    moves = [
        play(1, ["r"], [step("s1", "red", ["red"])], stop_neighbours=[step("n", "blue", ["blue"])]),
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},
        {"type": "pick", "seat": 1, "card": "f1-1"},
        {"type": "pick", "seat": 2, "card": "f0-1"},
        play(1, [], [step("s2", "red", ["red"])]),
    ]
    report, off = run(fr, [["r"], ["k"]], facts, moves)
    assert first(report, off) == ("cannot_pay_space", "M14", 5)


def test_L11_level3_watcher_needs_no_djed_and_costs_rby():
    ctx = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []})
    assert ctx.edition.get("watcher_djeds_required.3") == 0
    assert ctx.edition.get("watcher_cost.3") == ["red", "blue", "yellow"]


def test_L12_level2_cap_ten():
    ed = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []}).edition
    assert scoring.djed_bonus(2, (9, 5, 0), ed) == 20


# ---- S: scoring -------------------------------------------------------------------------------


def _sheet(rows_a, rows_b, shabti=(0, 0)):
    return {
        "game": "field_of_reeds",
        "players": ["A", "B"],
        "sheet": {
            "players": [
                {"levels": rows_a, "shabti": shabti[0]},
                {"levels": rows_b, "shabti": shabti[1]},
            ]
        },
    }


# Arrivals with the fewest Djeds watcher entry allows (L11: 2 on level 1, 3 on level 2):
# sheet (2, 2, 1) after level 2, 18 points in all (1 + 2+2 + 3+2 + 4+4).
ARR1 = {"reached": True, "djeds": {"red": 1, "blue": 1}, "points": 0}
ARR2 = {"reached": True, "djeds": {"red": 1, "blue": 1, "yellow": 1}, "points": 0}
ARR3 = {"reached": True, "points": 0}
ARRIVE_ALL = [ARR1, ARR2, ARR3]


def short(distance, points=0):
    return {"reached": False, "distance": distance, "points": points}


def test_S0_everyone_starts_with_one_point():
    out = ENGINE.score_sheet(_sheet(ARRIVE_ALL, [short(1)] * 3))
    assert out.players[1].total == 1 and out.players[1].points("start") == 1


def test_S1_scoring_waits_for_everyones_action_phase(fr):
    state, _ = fr.playout(3, 2, stop=lambda s: s.round_reached)
    assert state.phase == "action"  # someone reached; the others still act before scoring


def test_S1_a_level_without_arrival_is_not_scored():
    with pytest.raises(Exception) as err:
        ENGINE.score_sheet(
            _sheet(
                [short(1)] * 3,
                [short(2)] * 3,
            )
        )
    assert "sheet.no_arrival" in [v.code for v in err.value.violations]


def test_S2_every_arrival_of_the_round_gets_the_bonus():
    out = ENGINE.score_sheet(_sheet(ARRIVE_ALL, ARRIVE_ALL))
    assert [p.total for p in out.players] == [18, 18]


def test_S3_black_djeds_best_advantage_and_recorded_choice():
    ed = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []}).edition
    assert scoring.best_black_assignment(3, (2, 2, 1), 1, ed).added == (0, 0, 1)


def test_S4_three_formulas():
    ed = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []}).edition
    assert [scoring.djed_bonus(lv, (3, 2, 2), ed) for lv in (1, 2, 3)] == [7, 5, 8]


def test_S5_penalty_from_a_known_board_distance(fr):
    facts = {"r": card("red", 1)}
    state = ENGINE.replay(
        fr.doc(2, fr.prelude(2, [["r"], ["k"]], facts), edition=board_edition())
    ).final_state
    from engines.field_of_reeds import board

    assert (
        board.distance_to_watcher(state, "start") == 3
        and board.distance_to_watcher(state, "c") == 1
    )


def test_S6_score_floor_zero():
    out = ENGINE.score_sheet(_sheet(ARRIVE_ALL, [short(3)] * 3))
    assert out.players[1].points("l1_penalty") == -1 and out.players[1].total == 0


# ---- T: winner and ties -----------------------------------------------------------------------


def test_T1_highest_total_wins():
    out = ENGINE.score_sheet(_sheet(ARRIVE_ALL, [short(1), ARR2, ARR3]))
    assert [p.rank for p in out.players] == [1, 2]


def test_T2_djeds_then_shabti_then_shared():
    three = {"red": 1, "blue": 1, "yellow": 1}
    a = [  # 6 Djeds; card costs even out the larger Djed bonuses
        {"reached": True, "djeds": three, "points": -1},
        {"reached": True, "djeds": three, "points": -1},
        {"reached": True, "points": -4},
    ]
    out = ENGINE.score_sheet(_sheet(a, ARRIVE_ALL, shabti=(0, 9)))
    assert [p.total for p in out.players] == [18, 18] and [p.rank for p in out.players] == [1, 2]
    out = ENGINE.score_sheet(_sheet(ARRIVE_ALL, ARRIVE_ALL, shabti=(1, 2)))
    assert [p.rank for p in out.players] == [2, 1]


# ---- V: variants ------------------------------------------------------------------------------


def test_V0_board_side_selects_edition_data(fr):
    facts = {"r": card("red", 1)}
    doc = fr.doc(
        2,
        fr.prelude(2, [["r"], ["k"]], facts) + [play(1, ["r"], [step("a")])],
        edition=board_edition("back"),
        options={"board_sides": ["back", "front", "front"]},
    )
    assert ENGINE.replay(doc).ok
    doc["options"] = {}
    report = ENGINE.replay(doc)  # the front side is unknown: a's cost cannot be checked
    assert report.ok and any(u.item == "cost of a (level 1)" for u in report.unchecked)


def test_V1_beginner_shabti_for_listed_seats():
    ctx = ENGINE.context(
        {
            "game": "field_of_reeds",
            "players": ["A", "B"],
            "moves": [],
            "options": {"beginner_shabti_seats": [2]},
        }
    )
    state = ENGINE.setup(ctx)
    assert [p.shabti for p in state.players] == [0, 1]


def test_V2_free_stop_lifts_M15(fr):
    facts = {"r": card("red", 3)}
    report, off = run(
        fr,
        [["r"], ["k"]],
        facts,
        [play(1, ["r"], [step("a")])],
        edition=board_edition(),
        options={"beginner_free_stop": True},
    )
    assert report.ok


def test_V3_initial_shuffle_is_only_recorded():
    ctx = ENGINE.context(
        {"game": "field_of_reeds", "players": ["A", "B"], "moves": [], "preset": "general"}
    )
    assert ctx.options.initial_shuffle and ENGINE.setup(ctx).phase == "deal"


def test_V4_reorder_then_pass_without_taking(fr):
    deal = {"type": "deal", "packets": [list("abcdefg"), [f"h{i}" for i in range(7)]]}
    moves = [
        deal,
        {"type": "reorder", "seat": 1, "order": list("gfedcba")},
        {"type": "reorder", "seat": 2, "order": [f"h{i}" for i in range(7)]},
    ]
    report = ENGINE.replay(fr.doc(2, moves, preset="advanced"))
    assert report.ok
    state = report.final_state
    assert state.players[1].packet == tuple("gfedcba") and state.phase == "pick"
    assert all(p.hand == () for p in state.players)


def test_S1_sheet_total_cross_check():
    doc = _sheet(ARRIVE_ALL, ARRIVE_ALL)
    doc["sheet"]["players"][0]["total"] = 18
    assert ENGINE.score_sheet(doc).players[0].total == 18
    doc["sheet"]["players"][1]["total"] = 11
    with pytest.raises(Exception) as err:
        ENGINE.score_sheet(doc)
    assert [(v.code, v.path) for v in err.value.violations] == [
        ("sheet.total_mismatch", "$.sheet.players[1].total")
    ]


def test_S0_unknown_in_game_points_are_unchecked_not_guessed():
    doc = _sheet([{**ARR1, "points": None}, ARR2, ARR3], ARRIVE_ALL)
    out = ENGINE.score_sheet(doc)
    assert out.players[0].points("l1_play") is None and not out.players[0].complete
    assert any(u.path == "$.sheet.players[0].levels[0].points" for u in out.unchecked)


def test_S3_unknown_card_facts_leave_djeds_and_watcher_condition_unchecked():
    """A played card without printed facts: no guess about its Djeds (G2) either way."""
    import json

    path = (
        Path(__file__).resolve().parents[3] / "engines/field_of_reeds/examples/four-player-log.json"
    )
    log = json.loads(path.read_text(encoding="utf-8"))
    victim = "g15"  # its Djed was needed for a watcher entry later in the example
    for move in log["moves"]:
        if move["type"] == "deal":
            move["facts"].pop(victim, None)
    report = ENGINE.replay(log)
    assert report.ok and report.game_over
    items = [u.item for u in report.unchecked]
    assert "card g15" in items
    assert any("watcher condition" in i for i in items)
    assert any(p.points("l1_djed") is None for p in report.outcome.players)


# ---- a sheet checks what a replay checks (issue 18, items 1 and 2) ----------------------


def _codes(doc):
    with pytest.raises(IllegalMove) as err:
        ENGINE.score_sheet(doc)
    return [(v.code, v.rule, v.path) for v in err.value.violations]


def test_L11_sheet_arrival_needs_the_watcher_djeds_of_its_level():
    one = {"reached": True, "djeds": {"red": 1}, "points": 0}
    assert (
        "sheet.watcher_condition",
        "field_of_reeds:L11",
        "$.sheet.players[0].levels[0].djeds",
    ) in (_codes(_sheet([one, ARR2, ARR3], ARRIVE_ALL)))
    two = {"reached": True, "djeds": {"red": 1, "black": 1}, "points": 0}
    assert (
        "sheet.watcher_condition",
        "field_of_reeds:L11",
        "$.sheet.players[1].levels[1].djeds",
    ) in (_codes(_sheet(ARRIVE_ALL, [ARR1, two, ARR3])))
    # Level 3 has no condition; Djeds the sheet marks as not all known are not counted.
    unknown = {**one, "djeds_complete": False}
    out = ENGINE.score_sheet(_sheet([unknown, ARR2, ARR3], ARRIVE_ALL))
    assert not out.players[0].complete


def test_M16_sheet_watcher_djed_only_for_a_player_who_reached_it():
    mine = {"reached": False, "distance": 1, "djeds": {"watcher": 1}, "points": 0}
    assert _codes(_sheet(ARRIVE_ALL, [ARR1, ARR2, mine])) == [
        (
            "sheet.watcher_djed_not_reached",
            "field_of_reeds:M16",
            "$.sheet.players[1].levels[2].djeds.watcher",
        )
    ]


def test_L7_sheet_one_watcher_djed_for_everyone():
    top = {"reached": True, "djeds": {"watcher": 1}, "points": 0}
    assert _codes(_sheet([ARR1, ARR2, top], [ARR1, ARR2, top])) == [
        (
            "sheet.watcher_djed_twice",
            "field_of_reeds:L7",
            "$.sheet.players[1].levels[2].djeds.watcher",
        )
    ]


def test_S0_sheet_card_points_are_a_record_not_a_default():
    row = {"reached": True, "djeds": {"red": 1, "blue": 1}}  # no "points"
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(_sheet([row, ARR2, ARR3], ARRIVE_ALL))
    assert [v.path for v in err.value.violations] == ["$.sheet.players[0].levels[0].points"]


def test_T2_sheet_shabti_count_is_a_record_not_a_default():
    doc = _sheet(ARRIVE_ALL, ARRIVE_ALL)
    del doc["sheet"]["players"][1]["shabti"]
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert [v.path for v in err.value.violations] == ["$.sheet.players[1].shabti"]


def test_S4_black_djed_whose_best_colour_is_unprinted_f4_is_unknown():
    # Level 2 (fixed red 3, blue 1 with level 1's Djeds): the black Djed on red makes 4
    # red Djeds, worth the unprinted f(4) (G6) - the best choice cannot be known.
    l1 = {"reached": True, "djeds": {"red": 2}, "points": 0}
    l2 = {"reached": True, "djeds": {"red": 1, "blue": 1, "black": 1}, "points": 0}
    out = ENGINE.score_sheet(_sheet([l1, l2, ARR3], ARRIVE_ALL))
    assert out.players[0].points("l2_djed") is None
    assert out.players[0].points("l3_djed") is None  # its sheet hangs on that choice
    assert not out.players[0].complete
    # Recorded by the judge, the same choice is known.
    l2_blue = {**l2, "black_to": {"blue": 1}}
    out = ENGINE.score_sheet(_sheet([l1, l2_blue, ARR3], ARRIVE_ALL))
    assert out.players[0].points("l2_djed") == 4 and out.players[0].complete


def test_S3_a_tie_between_choices_broken_by_an_unprinted_value_is_a_guess():
    # Level 1: any colour scores 1 now; on red the sheet would hold 4 red Djeds at level 2.
    l1 = {"reached": True, "djeds": {"red": 3, "black": 1}, "points": 0}
    out = ENGINE.score_sheet(_sheet([l1, ARR2, ARR3], ARRIVE_ALL))
    assert out.players[0].points("l1_djed") == 4
    assert out.players[0].points("l2_djed") is None and out.players[0].points("l3_djed") is None
    assert any(u.path == "$.sheet.players[0].levels[0].black_to" for u in out.unchecked)


def test_T2_unknown_shabti_never_decides_a_tie():
    out = ENGINE.score_sheet(_sheet(ARRIVE_ALL, ARRIVE_ALL, shabti=(None, 2)))
    assert [p.rank for p in out.players] == [1, 1]
    assert [p.complete for p in out.players] == [False, False]
    assert any(u.rule == "field_of_reeds:T2" for u in out.unchecked)
    # Where the Djeds already decide, the unknown shabti count changes nothing.
    three = {"red": 1, "blue": 1, "yellow": 1}
    a = [
        {"reached": True, "djeds": three, "points": -1},
        {"reached": True, "djeds": three, "points": -1},
        {"reached": True, "points": -4},
    ]
    out = ENGINE.score_sheet(_sheet(a, ARRIVE_ALL, shabti=(None, 2)))
    assert [p.rank for p in out.players] == [1, 2] and out.players[0].complete


def test_P5_the_first_deal_gives_seven_cards_each(fr):
    packets = [[f"c{i}-{j}" for j in range(6)] for i in range(2)]  # 6 each: one short
    report = ENGINE.replay(fr.doc(2, [{"type": "deal", "packets": packets, "facts": {}}]))
    assert [(v.code, v.rule) for v in report.violations] == [
        ("deal_first_size", "field_of_reeds:P5")
    ]
    packets = [[f"c{i}-{j}" for j in range(7)] for i in range(2)]
    assert ENGINE.replay(fr.doc(2, [{"type": "deal", "packets": packets, "facts": {}}])).ok


# ---- setup, flow and end: every numbered rule has a test (issue 18, item 6) -----------------


def _start(players=2, **options):
    doc = {"game": "field_of_reeds", "players": ["A", "B", "C", "D"][:players], "moves": []}
    if options:
        doc["options"] = options
    return ENGINE.setup(ENGINE.context(doc))


def test_P1_board_sides_in_any_combination():
    for sides in (["front", "back", "front"], ["back", "back", "back"]):
        state = _start(board_sides=sides)
        assert list(state.ctx.options.board_sides) == sides
    with pytest.raises(MalformedInput):
        _start(board_sides=["front", "sideways", "front"])


def test_P2_later_boards_are_stocked_at_their_level(fr):
    # Resources used on level 1 are used up there; the next board starts fully stocked.
    state, _ = fr.playout(2, 3, stop=lambda s: s.level == 2 and s.phase == "deal")
    assert state.level == 2 and state.used_resources == frozenset() and state.spaces == {}


def test_P3_everyone_starts_with_one_point_twelve_djeds_no_shabti():
    state = _start(3)
    assert [(p.points, p.supply, p.shabti, p.udjat, p.space) for p in state.players] == [
        (1, 12, 0, 0, "start")
    ] * 3


def test_P4_the_first_player_listed_starts():
    state = _start(3)
    assert state.start_seat == 0 and state.seat_order() == [0, 1, 2]


def test_P6_udjat_supply_of_five():
    assert _start().udjat_supply == 5


def test_F1_a_game_is_three_levels(fr):
    state, _ = fr.playout(2, 1)
    assert ENGINE.is_over(state) and state.level == 3
    assert all(len(p.history) == 3 for p in state.players)


def test_F3_one_packet_per_player(fr):
    packets = [[f"c{i}-{j}" for j in range(7)] for i in range(3)]  # 3 packets, 2 players
    report = ENGINE.replay(fr.doc(2, [{"type": "deal", "packets": packets, "facts": {}}]))
    assert [(v.code, v.rule) for v in report.violations] == [("deal_packets", "field_of_reeds:F3")]


def test_F4_card_acquisition_is_simultaneous_before_any_action(fr):
    packets = [list("abcdefg"), list("hijklmn")]
    moves = [
        {"type": "deal", "packets": packets, "facts": {}},
        {"type": "pick", "seat": 1, "card": "a"},
        {"type": "pass", "seat": 1},  # seat 2 has not taken its card yet
    ]
    report = ENGINE.replay(fr.doc(2, moves))
    assert report.moves_applied == 2 and report.violations[0].code == "wrong_phase"


def test_F9_packets_pass_to_the_left_neighbour(fr):
    packets = [list("abcdefg"), list("hijklmn"), list("opqrstu")]
    moves = [
        {"type": "deal", "packets": packets, "facts": {}},
        {"type": "pick", "seat": 1, "card": "a"},
        {"type": "pick", "seat": 2, "card": "n"},
        {"type": "pick", "seat": 3, "card": "o"},
    ]
    state = ENGINE.replay(fr.doc(3, moves)).final_state
    # Seat 2 (left of seat 1) now holds what seat 1 passed on, in the same order.
    assert state.players[1].packet == tuple("bcdefg")
    assert state.players[2].packet == tuple("hijklm") and state.players[0].packet == tuple("pqrstu")


def test_E1_the_game_ends_after_level_three_scoring(fr):
    state, log = fr.playout(3, 2)
    assert ENGINE.is_over(state) and log[-1]["type"] == "score_level" and state.level == 3


def test_E2_no_other_end_before_level_three_is_scored(fr):
    state, _ = fr.playout(2, 4, stop=lambda s: s.level == 3 and s.phase == "action")
    assert state.level == 3 and not ENGINE.is_over(state)


def test_S0_a_shape_error_cites_the_rule_its_field_falls_under():
    row = {"reached": True, "djeds": {"red": 1, "blue": 1}}  # no "points"
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(_sheet([row, ARR2, ARR3], ARRIVE_ALL))
    assert [v.rule for v in err.value.violations] == ["field_of_reeds:S0"]
    doc = _sheet(ARRIVE_ALL, ARRIVE_ALL)
    doc["sheet"]["players"][0]["levels"] = ARRIVE_ALL[:2]  # F1: a game is three levels
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert [v.rule for v in err.value.violations] == ["field_of_reeds:F1"]
