"""Subtotal entry (issue 28): the judge writes the points the Horus track showed for
foundations, pyramids, oasis, Nile and strategy cards instead of their detail; the engine
scores them as the detail would and still refuses, with the rule, what it can check."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engines.core.errors import IllegalMove
from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.sheet_words import SUBTOTAL

EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "terra_pyramides" / "examples"


def load(name):
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def subtotal_doc(**changes_by_seat):
    """The bundled subtotal example with some players' fields changed ({seat: {field: v}})."""
    doc = copy.deepcopy(load("v3-4p-subtotal-sheet.json"))
    for seat, changes in changes_by_seat.items():
        player = doc["sheet"]["players"][int(seat[1:])]
        for key, value in changes.items():
            if value is None:
                player.pop(key, None)
            else:
                player[key] = value
    return doc


def refusals(doc):
    with pytest.raises(IllegalMove) as err:
        ENGINE.score_sheet(doc)
    return {(v.code, v.rule, v.path) for v in err.value.violations}


def test_S13_subtotal_example_scores_as_the_detailed_example():
    detail = ENGINE.score_sheet(load("v3-4p-sheet.json"))
    subtotal = ENGINE.score_sheet(load("v3-4p-subtotal-sheet.json"))
    assert [p.to_dict() for p in subtotal.players] == [p.to_dict() for p in detail.players]
    assert [p.total for p in subtotal.players] == [27, 50, 47, 57]
    assert not subtotal.unchecked


def test_subtotal_example_writes_only_what_the_subtotal_entry_asks():
    asked = set(SUBTOTAL["asks"])
    for player in load("v3-4p-subtotal-sheet.json")["sheet"]["players"]:
        assert not set(SUBTOTAL["hides"]) & set(player)
        assert asked <= set(player)


def test_S3_L8_pyramid_points_no_pyramids_reach_are_refused():
    # 4 players: 11 workers, at most 2 tops: 2 x 60 + 9 x 35 = 435 is the most.
    ok = ENGINE.score_sheet(subtotal_doc(p0={"pyramid_points": 435, "oasis_points": 5}))
    assert dict(ok.players[0].breakdown)["pyramids"] == 435
    for bad in (
        7,
        440,
        460,
    ):  # not a sum of 5/10/20/35/60; each reachable only with a 3rd or 4th top
        assert ("pyramid_points_impossible", "terra_pyramides:S3",
                "$.sheet.players[0].pyramid_points") in refusals(
            subtotal_doc(p0={"pyramid_points": bad})
        )  # fmt: skip


def test_S3_pyramid_points_count_the_workers_on_foundations():
    # Chris holds a foundation: 10 workers left for pyramids, 2 x 60 + 8 x 35 = 400.
    ENGINE.score_sheet(subtotal_doc(p2={"pyramid_points": 400}))
    assert "pyramid_points_impossible" in {
        c for c, _, _ in refusals(subtotal_doc(p2={"pyramid_points": 435}))
    }


def test_S10_oasis_points_without_a_pyramid_are_refused():
    doc = subtotal_doc(p0={"pyramid_points": 0})
    assert ("oasis_without_pyramid", "terra_pyramides:S10",
            "$.sheet.players[0].oasis_points") in refusals(doc)  # fmt: skip


def test_S11_nile_points_without_a_site_are_refused():
    doc = subtotal_doc(p1={"pyramid_points": 0, "oasis_points": 0})
    assert ("nile_without_site", "terra_pyramides:S11",
            "$.sheet.players[1].nile_points") in refusals(doc)  # fmt: skip


def test_S12_card_points_are_tens():
    doc = subtotal_doc(p1={"strategy_card_points": 15})
    assert ("card_points_not_tens", "terra_pyramides:S12",
            "$.sheet.players[1].strategy_card_points") in refusals(doc)  # fmt: skip


def test_S12_the_grave_goods_leader_scores_that_card():
    # Chris has the most grave goods (8): at least 10 card points.
    doc = subtotal_doc(p2={"strategy_card_points": 0})
    assert ("card_points_out_of_range", "terra_pyramides:S12",
            "$.sheet.players[2].strategy_card_points") in refusals(doc)  # fmt: skip


def test_S12_a_player_cannot_score_a_card_another_leads():
    # Bodo leads neither grave goods nor (tied) Horus eyes: at most the 4 other cards, 80.
    ENGINE.score_sheet(
        subtotal_doc(p1={"strategy_card_points": 80}, p3={"strategy_card_points": 0})
    )
    doc = subtotal_doc(p1={"strategy_card_points": 90})
    assert ("card_points_out_of_range", "terra_pyramides:S12",
            "$.sheet.players[1].strategy_card_points") in refusals(doc)  # fmt: skip


def test_S12_each_card_has_one_achiever_at_the_table():
    # Each player within their own range, but 5 achievable cards give at most 100.
    doc = subtotal_doc(
        p0={"strategy_card_points": 40},
        p1={"strategy_card_points": 40},
        p2={"strategy_card_points": 30},
        p3={"strategy_card_points": 0},
    )
    assert ("card_points_table_too_high", "terra_pyramides:S12", "$.sheet.players") in refusals(doc)


def test_S12_card_points_are_written_for_everyone_or_nobody():
    doc = subtotal_doc(p3={"strategy_card_points": None})
    assert ("card_points_partial", "terra_pyramides:S12",
            "$.sheet.players[3].strategy_card_points") in refusals(doc)  # fmt: skip


def test_S12_S10_written_pyramid_points_need_the_points_they_feed():
    # Without the pyramids the cards' achievers and the highest level are unknown.
    doc = subtotal_doc(
        p0={"oasis_points": None, "oasis_track": 1},
        **{f"p{i}": {"strategy_card_points": None} for i in (1, 2, 3)},
    )
    doc["sheet"]["players"][0].pop("strategy_card_points")
    found = refusals(doc)
    assert ("subtotal_needed", "terra_pyramides:S10", "$.sheet.players[0].oasis_points") in found
    assert (
        "subtotal_needed",
        "terra_pyramides:S12",
        "$.sheet.players[0].strategy_card_points",
    ) in found


def test_S3_a_subtotal_beside_its_detail_must_agree():
    detail = load("v3-4p-sheet.json")
    detail["sheet"]["players"][0]["pyramid_points"] = 10  # two level-1 pyramids: 10
    assert dict(ENGINE.score_sheet(detail).players[0].breakdown)["pyramids"] == 10
    detail["sheet"]["players"][0]["pyramid_points"] = 15
    assert ("subtotal_mismatch", "terra_pyramides:S3",
            "$.sheet.players[0].pyramid_points") in refusals(detail)  # fmt: skip


def test_S12_card_points_beside_the_full_detail_must_agree():
    detail = load("v3-4p-sheet.json")
    for p, points in zip(detail["sheet"]["players"], (0, 20, 10, 10), strict=True):
        p["strategy_card_points"] = points  # Didi scores 20, not 10
    assert ("subtotal_mismatch", "terra_pyramides:S12",
            "$.sheet.players[3].strategy_card_points") in refusals(detail)  # fmt: skip


def test_VN2_subtotals_of_version_3_categories_need_version_3():
    doc = {
        "game": "terra_pyramides",
        "options": {"version": 2},
        "players": ["A", "B"],
        "sheet": {"players": [{"pyramid_points": 10, "oasis_points": 2}, {}]},
    }
    assert ("needs_version_3", "terra_pyramides:VN2",
            "$.sheet.players[0].oasis_points") in refusals(doc)  # fmt: skip
    doc["sheet"]["players"][0].pop("oasis_points")
    assert dict(ENGINE.score_sheet(doc).players[0].breakdown)["pyramids"] == 10


def test_L1_L2_caps_still_checked_with_subtotals():
    doc = subtotal_doc(p0={"coins": 5})
    doc["options"]["g15_surround_cap"] = "current_turn"  # no late surround coins (G15)
    assert ("coin_cap", "terra_pyramides:L1", "$.sheet.players[0].coins") in refusals(doc)


def test_S8_grave_goods_still_worked_out_across_players_with_subtotals():
    # Alex now leads grave goods (9), so he scores that card (S12).
    doc = subtotal_doc(p0={"grave_goods": 9, "strategy_card_points": 10})
    rows = [dict(p.breakdown)["grave_goods"] for p in ENGINE.score_sheet(doc).players]
    assert rows == [9 + 2 + 1 + 4, 7 + 2, 8 + 1 + 3, 5]


def test_VC3_a_mission_written_as_pyramid_points_needs_the_pyramids_built():
    doc = {
        "game": "terra_pyramides",
        "options": {"version": 1, "mission": 1},
        "players": ["Solo"],
        "sheet": {"players": [{"pyramid_points": 240}]},
    }
    assert ("subtotal_needed", "terra_pyramides:VC3", "$.sheet.players[0].built") in refusals(doc)
    doc["sheet"]["players"][0]["built"] = [{"level": 5}] * 4
    out = ENGINE.score_sheet(doc)
    assert out.players[0].total == 240 and "mission 1 (success)" in out.notes[-1]
