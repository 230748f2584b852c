"""Issue 28: the subtotal entry an organizer may choose for Field of Reeds (each level's Djed
bonus and the Djeds on the sheet at the end, instead of the Djeds by colour). It scores the
bundled game as the detailed sheet does, and every check it keeps still refuses bad input
with its rule id; the checks it gives up are in sheet_words.SUBTOTAL and the README."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core.editions import resolve_edition
from engines.core.errors import IllegalMove
from engines.field_of_reeds import ENGINE, scoring
from engines.field_of_reeds.sheet_words import SUBTOTAL

EDITION = resolve_edition("field_of_reeds", None, "default")
EXAMPLES = Path(__file__).resolve().parents[3] / "engines/field_of_reeds/examples"


def _example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def _level(reached=True, djed_points=0, points=0, distance=None, **extra):
    row = {"reached": reached, "djed_points": djed_points, "points": points, **extra}
    if distance is not None:
        row["distance"] = distance
    return row


# Both players arrive everywhere, with the fewest Djeds level-1 entry allows (L11: 2).
ARRIVE = [_level(djed_points=2), _level(djed_points=3), _level(djed_points=0)]


def _sheet(rows_a, rows_b=ARRIVE, placed=(None, None)):
    players = []
    for rows, n in ((rows_a, placed[0]), (rows_b, placed[1])):
        player = {"levels": rows, "shabti": 0}
        if n is not None:
            player["djeds_on_sheet"] = n
        players.append(player)
    return {"game": "field_of_reeds", "players": ["A", "B"], "sheet": {"players": players}}


def _refused(doc):
    with pytest.raises(IllegalMove) as err:
        ENGINE.score_sheet(doc)
    return [(v.code, v.rule, v.path) for v in err.value.violations]


def test_the_subtotal_example_scores_like_the_detailed_example():
    detail = ENGINE.score_sheet(_example("four-player-sheet.json"))
    subtotal = ENGINE.score_sheet(_example("four-player-subtotal-sheet.json"))
    assert [p.total for p in subtotal.players] == [p.total for p in detail.players]
    assert [p.rank for p in subtotal.players] == [p.rank for p in detail.players]
    assert [p.breakdown for p in subtotal.players] == [p.breakdown for p in detail.players]
    assert all(p.complete for p in subtotal.players) and subtotal.unchecked == ()


def test_S4_subtotal_bonus_is_taken_as_written():
    out = ENGINE.score_sheet(_sheet([_level(djed_points=2), _level(djed_points=4), ARRIVE[2]]))
    assert out.players[0].points("l2_djed") == 4  # the colours are not on the sheet


def test_S4_subtotal_with_the_djeds_by_colour_too_is_refused():
    row = _level(djed_points=2, djeds={"red": 2})
    assert _refused(_sheet([row, *ARRIVE[1:]])) == [
        (
            "sheet.subtotal_with_djeds",
            "field_of_reeds:S4",
            "$.sheet.players[0].levels[0].djed_points",
        )
    ]


def test_L11_subtotal_level_1_arrival_needs_its_djeds_on_the_sheet():
    assert _refused(_sheet([_level(djed_points=1), *ARRIVE[1:]])) == [
        (
            "sheet.watcher_condition",
            "field_of_reeds:L11",
            "$.sheet.players[0].levels[0].djed_points",
        )
    ]
    # The sheet marks this level's Djeds as not all known: not counted.
    unsure = _level(djed_points=1, djeds_complete=False)
    assert ENGINE.score_sheet(_sheet([unsure, *ARRIVE[1:]])).players[0].total > 0


def test_L11_S3_subtotal_level_2_arrival_puts_its_djeds_on_the_sheet():
    # 2 Djeds after level 1, and level 2 reached: at least 5 on the sheet at the end.
    assert _refused(_sheet(ARRIVE, placed=(4, 5))) == [
        ("sheet.djeds_on_sheet_low", "field_of_reeds:S3", "$.sheet.players[0].djeds_on_sheet")
    ]
    assert ENGINE.score_sheet(_sheet(ARRIVE, placed=(5, 5))).players[0].tiebreak[0] == 5


def test_L6_subtotal_at_most_12_djeds():
    assert _refused(_sheet([_level(djed_points=13), *ARRIVE[1:]])) == [
        ("sheet.too_many_djeds", "field_of_reeds:L6", "$.sheet.players[0].levels[0].djed_points")
    ]
    assert _refused(_sheet(ARRIVE, placed=(13, None))) == [
        ("sheet.too_many_djeds", "field_of_reeds:L6", "$.sheet.players[0].djeds_on_sheet")
    ]


def test_S4_subtotal_level_2_bonus_must_be_scorable_by_that_many_djeds():
    # 2 to 3 Djeds on the sheet after level 2 (not reached): 0, 1 or 3 points, never 2.
    rows = [_level(djed_points=2), _level(False, djed_points=2, distance=1), ARRIVE[2]]
    assert _refused(_sheet(rows, placed=(3, None))) == [
        (
            "sheet.djed_points_impossible",
            "field_of_reeds:S4",
            "$.sheet.players[0].levels[1].djed_points",
        )
    ]
    rows[1] = _level(False, djed_points=3, distance=1)
    assert ENGINE.score_sheet(_sheet(rows, placed=(3, None))).players[0].points("l2_djed") == 3
    # Three colours capped at 10 (L12): 31 is never scored, even by 12 Djeds.
    rows[1] = _level(djed_points=31)
    assert (
        "sheet.djed_points_impossible",
        "field_of_reeds:S4",
        "$.sheet.players[0].levels[1].djed_points",
    ) in _refused(_sheet(rows))


def test_G6_subtotal_unprinted_f4_is_not_guessed():
    # 4 Djeds of one colour at level 2 are worth the unprinted f(4): any bonus up to the cap
    # of 10 may be true, so 7 is not refused (and not claimed either: it is as written).
    rows = [_level(djed_points=2), _level(djed_points=7), ARRIVE[2]]
    assert ENGINE.score_sheet(_sheet(rows, placed=(5, None))).players[0].points("l2_djed") == 7
    assert scoring.possible_djed_bonus(2, 7, 4, 4, EDITION) is True
    assert scoring.possible_djed_bonus(2, 2, 2, 3, EDITION) is False


def test_S4_subtotal_level_3_bonus_is_4_per_set_of_the_djeds_at_the_end():
    rows = [*ARRIVE[:2], _level(djed_points=5)]
    assert _refused(_sheet(rows)) == [
        (
            "sheet.djed_points_impossible",
            "field_of_reeds:S4",
            "$.sheet.players[0].levels[2].djed_points",
        )
    ]
    rows[2] = _level(djed_points=8)  # two sets need 6 Djeds; 5 on the sheet make one
    assert _refused(_sheet(rows, placed=(5, None)))[0][0] == "sheet.djed_points_impossible"
    assert ENGINE.score_sheet(_sheet(rows, placed=(6, None))).players[0].points("l3_djed") == 8


def test_L8_S1_subtotal_keeps_the_score_checks():
    rows = [_level(djed_points=2, points=-4), *ARRIVE[1:]]
    assert (
        "sheet.negative_score",
        "field_of_reeds:L8",
        "$.sheet.players[0].levels[0].points",
    ) in _refused(_sheet(rows))
    doc = _sheet(ARRIVE)
    doc["sheet"]["players"][0]["total"] = 11  # 1 + (2+2) + (3+3) + (4+0) = 15
    assert _refused(doc) == [
        ("sheet.total_mismatch", "field_of_reeds:S1", "$.sheet.players[0].total")
    ]


def test_S4_subtotal_unknown_bonus_is_unchecked_not_zero():
    rows = [_level(djed_points=2), _level(djed_points=None), ARRIVE[2]]
    out = ENGINE.score_sheet(_sheet(rows))
    assert out.players[0].points("l2_djed") is None and not out.players[0].complete
    assert any(u.path == "$.sheet.players[0].levels[1].djed_points" for u in out.unchecked)


def test_T2_subtotal_djeds_on_the_sheet_break_a_tie_and_unknown_never_does():
    tied = ENGINE.score_sheet(_sheet(ARRIVE))  # equal totals, Djeds not recorded
    assert [p.rank for p in tied.players] == [1, 1]
    broken = ENGINE.score_sheet(_sheet(ARRIVE, placed=(6, 5)))
    assert [p.rank for p in broken.players] == [1, 2]


def test_S3_detailed_sheet_cross_checks_the_djeds_on_the_sheet():
    doc = _example("four-player-sheet.json")
    doc["sheet"]["players"][0]["djeds_on_sheet"] = 5
    assert ENGINE.score_sheet(doc).players[0].tiebreak[0] == 5
    doc["sheet"]["players"][0]["djeds_on_sheet"] = 4
    assert _refused(doc) == [
        ("sheet.djeds_on_sheet_mismatch", "field_of_reeds:S3", "$.sheet.players[0].djeds_on_sheet")
    ]


def test_the_subtotal_entry_lists_what_it_gives_up_with_rule_ids():
    assert set(SUBTOTAL["hides"]) == {"djeds", "black_to", "reused"}
    for english, japanese in SUBTOTAL["gives_up"]:
        assert "(" in english and "（" in japanese
