"""Printed data: the default edition (rulebook facts, nulls) takes the unchecked path; the
made-up test edition resolves areas, ankh cards, bonus counts and rank points from data;
a log may carry the printed facts instead; a wrong supplied edition is rejected."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engines.core.errors import SetupError
from engines.nile_murals import ENGINE
from engines.nile_murals.playout import play
from engines.nile_murals.printed import load_printed
from tests.engines.nile_murals.helpers import MADE_UP_EDITION

PLAYERS = ["Aki", "Ben", "Chie"]
EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "nile_murals" / "examples"


def doc(edition=None, moves=None):
    out = {"game": "nile_murals", "players": PLAYERS, "moves": moves or []}
    if edition is not None:
        out["edition"] = edition
    return out


def test_default_edition_holds_only_what_the_rulebook_states():
    printed = load_printed(ENGINE.context(doc()).edition)
    assert printed.ankh_mask == 1 << 22 and not printed.ankh_complete
    assert printed.area_of == (None,) * 100 and printed.square_value == {64: 3}
    assert {k: c.cards for k, c in printed.combo.items() if c.cards is None} == {
        5: None,
        6: None,
        7: None,
        9: None,
        10: None,
    }
    assert printed.rank_points["combo"] == (6, 4, None)
    assert printed.rank_points["area"] == (None, None, None)


def test_made_up_edition_takes_the_full_path_with_every_value_from_data():
    moves = play(ENGINE, doc(MADE_UP_EDITION), seed=3)  # no printed facts in the log
    assert not any("ankh" in m or "area" in m for m in moves)
    report = ENGINE.replay(doc(MADE_UP_EDITION, moves))
    assert report.ok and report.game_over and report.unchecked == ()
    assert report.outcome.unchecked == () and all(p.complete for p in report.outcome.players)
    assert sum(report.final_state.area) == 24  # L11 with the made-up map


def test_default_edition_takes_the_unchecked_path_for_the_same_game():
    moves = play(ENGINE, doc(MADE_UP_EDITION), seed=3)
    report = ENGINE.replay(doc(None, moves))
    assert report.ok and report.game_over
    items = {u.item for u in report.unchecked}
    assert {"ankh cards", "area completions"} <= items
    outcome = report.outcome
    assert all(p.points("area") is None for p in outcome.players)  # area values unknown
    assert {"area rank points", "miss rank points"} <= {u.item for u in outcome.unchecked}


def test_printed_facts_recorded_on_the_moves_resolve_the_default_edition():
    moves = play(ENGINE, doc(MADE_UP_EDITION), seed=3, record_facts=True)
    report = ENGINE.replay(doc(None, moves))
    assert report.ok and report.game_over
    assert not {"ankh cards", "area completions", "area values"} & {
        u.item for u in report.unchecked
    }
    assert sum(report.final_state.area) == 24  # all 12 completions were recorded
    # Only the rank points the rulebook lost remain unknown.
    assert {u.rule for u in report.outcome.unchecked} <= {"nile_murals:S5"}


def test_an_organizer_edition_with_rank_points_completes_the_outcome():
    moves = play(ENGINE, doc(MADE_UP_EDITION), seed=3, record_facts=True)
    supplied = {
        "values": {
            "rank_points": MADE_UP_EDITION["values"]["rank_points"],
            "combo_bonus": MADE_UP_EDITION["values"]["combo_bonus"],
        }
    }
    report = ENGINE.replay(doc(supplied, moves))
    assert report.ok and report.unchecked == () and report.outcome.unchecked == ()


@pytest.mark.parametrize(
    ("values", "path"),
    [
        ({"ankh_cards": list(range(14))}, "$.edition.values.ankh_cards"),
        ({"ankh_cards": list(range(13))}, "$.edition.values.ankh_cards"),  # 22 missing
        ({"ankh_cards": [22, 22]}, "$.edition.values.ankh_cards"),
        ({"rank_points": {"area": [5, 3, 1, 0]}}, "$.edition.values.rank_points.area"),
        ({"combo_bonus": {"5": {"cards": 9}}}, "$.edition.values.combo_bonus.5.cards"),
    ],
)
def test_a_supplied_edition_that_cannot_be_printed_data_is_rejected(values, path):
    with pytest.raises(SetupError) as err:
        ENGINE.context(doc({"values": values}))
    assert err.value.violations[0].path == path


def test_an_area_map_contradicting_the_rulebook_is_rejected():
    edition = copy.deepcopy(MADE_UP_EDITION)
    for area in edition["values"]["areas"]:
        if 64 in area["squares"]:
            area["value"] = 2  # the rulebook says III
    with pytest.raises(SetupError):
        ENGINE.context(doc(edition))


def test_an_area_map_that_misses_squares_is_rejected():
    edition = copy.deepcopy(MADE_UP_EDITION)
    edition["values"]["areas"][0]["squares"] = edition["values"]["areas"][0]["squares"][1:]
    with pytest.raises(SetupError):
        ENGINE.context(doc(edition))


def test_example_log_replays_and_matches_its_sheet():
    log = json.loads((EXAMPLES / "example-4p-log.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "example-4p-sheet.json").read_text(encoding="utf-8"))
    report = ENGINE.replay(log)
    assert report.ok and report.game_over and report.unchecked == ()
    final = report.final_state
    rows = [
        {"combo": final.combo[s], "area": final.area[s], "miss": final.miss[s]}
        for s in range(len(log["players"]))
    ]
    assert sheet["sheet"]["players"] == rows and sheet["players"] == log["players"]
    from_sheet = ENGINE.score_sheet(sheet)
    assert [p.to_dict() for p in from_sheet.players] == [
        p.to_dict() for p in report.outcome.players
    ]


# ---- printed values are fixed; only lost ones are editable (issue 18, item 3) ------------
@pytest.mark.parametrize(
    ("values", "path", "rule"),
    [
        ({"rank_points": {"combo": [7, 4, 2]}}, "rank_points.combo.0", "S5"),
        ({"rank_points": {"combo": [6, 5, 2]}}, "rank_points.combo.1", "S5"),
        ({"combo_bonus": {"4": {"cards": 2}}}, "combo_bonus.4.cards", "S1"),
        ({"combo_bonus": {"8": {"points": 4}}}, "combo_bonus.8.points", "S1"),
        ({"combo_bonus": {"2": {"card_icon": True}}}, "combo_bonus.2.card_icon", "S1"),
        ({"area_value_of_square": {"64": 2}}, "area_value_of_square.64", "M6"),
        ({"ankh_count": 12}, "ankh_count", "C5"),
    ],
)
def test_S1_S5_an_edition_cannot_change_what_the_rulebook_prints(values, path, rule):
    with pytest.raises(SetupError) as err:
        ENGINE.context(doc({"values": values}))
    (v,) = err.value.violations
    assert (v.code, v.path, v.rule) == (
        "setup.edition_printed",
        f"$.edition.values.{path}",
        f"nile_murals:{rule}",
    )
    assert "印刷" in ENGINE.localize(v, "ja")


def test_S1_S5_an_edition_fills_the_lost_values_and_may_repeat_printed_ones():
    values = {
        "rank_points": {"combo": [6, 4, 2], "area": [5, 3, 1]},
        "combo_bonus": {"4": {"points": 1, "cards": 1}, "5": {"cards": 2}},
        "ankh_cards_known": [22, 5],
    }
    printed = load_printed(ENGINE.context(doc({"values": values})).edition)
    assert printed.rank_points["combo"] == (6, 4, 2) and printed.combo[5].cards == 2


def test_an_edition_problem_reads_in_japanese():
    with pytest.raises(SetupError) as err:
        ENGINE.context(doc({"values": {"ankh_cards": [22, 22]}}))
    assert "版データ" in ENGINE.localize(err.value.violations[0], "ja")
