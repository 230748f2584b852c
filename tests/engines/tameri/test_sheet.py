"""Score-sheet path: totals, breakdown, tiebreak, and every consistency check (S4-S11, T2)."""

from __future__ import annotations

import copy

import pytest

from engines.core.errors import IllegalMove, MalformedInput
from engines.tameri import ENGINE

NAMES = ["John", "George", "Paul"]


def player(**over):
    base = {
        "play_points": 10,
        "seasons": [{"revealed": {}, "building_points": 0} for _ in range(3)],
        "building_symbols": [],
        "priest_card_points": 0,
        "hand": [{"number": n} for n in over.pop("numbers", (1, 2, 3, 4))],
        "leftovers": {"resources": 0},
    }
    base.update(over)
    # The sheet requires these (a field left off is not a 0); the tests name only what
    # they are about.
    base["seasons"] = [{"final_glyph": False, **season} for season in base["seasons"]]
    base["leftovers"] = {"resources": 0, "deben": 0, "silt": 0, **base["leftovers"]}
    return base


def sheet(*players):
    return {"game": "tameri", "players": NAMES[: len(players)], "sheet": {"players": list(players)}}


def violation(doc):
    with pytest.raises(IllegalMove) as err:
        ENGINE.score_sheet(doc)
    v = err.value.violations[0]
    return v.code, v.rule, v.path


def test_S1_to_S11_every_category_adds_up_with_its_breakdown():
    john = player(
        play_points=21,
        seasons=[
            {"revealed": {"barley": 2}, "final_glyph": True, "building_points": 1},
            {"revealed": {"fruit": 1}, "building_points": 2},
            {"revealed": {"fruit": 2, "flax": 1}, "final_glyph": True, "building_points": 0},
        ],
        building_symbols=["a", "b", "c", "a"],
        priest_card_points=4,
        hand=[
            {"number": 40, "left": ["eye"], "right": ["eye"]},
            {"number": 2, "left": ["eye"], "right": []},
            {"number": 3, "left": [], "right": ["sun"]},
            {"number": 4, "left": ["sun"], "right": []},
        ],
        leftovers={"resources": 5, "deben": 2, "silt": 1},
    )
    george = player(
        numbers=(5, 6, 7, 8),
        seasons=[
            {"revealed": {"barley": 1}, "building_points": 0},
            {"revealed": {"barley": 1, "fruit": 1}, "building_points": 0},
            {"revealed": {"barley": 1, "fruit": 1, "papyrus": 3}, "building_points": 0},
        ],
    )
    out = ENGINE.score_sheet(sheet(john, george))
    j, g = out.players
    assert dict(j.breakdown) == {
        "play": 21,
        "final_glyph": 4,
        "season_buildings": 3,
        "pharaoh": 2 + 1 + 4,  # s1 barley sole; s2 fruit tie; s3 flax and fruit sole
        "remaining_offerings": 0,
        "building_sets": 4 + 1,
        "priest_cards": 4,
        "hand_glyphs": 3,
        "leftovers": 2,
    }
    assert (
        dict(g.breakdown)["pharaoh"] == 1 + 2 + 4
    )  # s2 fruit tie, barley sole; s3 barley, papyrus
    assert dict(g.breakdown)["remaining_offerings"] == 2  # George keeps 1 fruit; John nothing
    assert j.total == sum(v for _, v in j.breakdown) and j.rank == 1
    assert j.tiebreak == (40,)


def test_T2_a_tie_on_points_goes_to_the_highest_card_in_hand():
    out = ENGINE.score_sheet(sheet(player(numbers=(1, 2, 3, 9)), player(numbers=(4, 5, 6, 7))))
    assert [p.total for p in out.players] == [10, 10]
    assert [p.rank for p in out.players] == [1, 2]


def test_T2_without_hands_the_tie_is_reported_unchecked():
    a = player(hand=None, hand_glyph_points=0)
    b = player(hand=None, hand_glyph_points=0)
    out = ENGINE.score_sheet(sheet(a, b))
    assert [p.rank for p in out.players] == [1, 1]
    assert any(u.rule == "tameri:T2" for u in out.unchecked)


def test_S6_offerings_cannot_shrink_between_seasons_except_by_the_discard():
    a = player(
        seasons=[{"revealed": {"flax": 2}}, {"revealed": {"flax": 1}}, {"revealed": {"flax": 1}}]
    )
    b = player(
        numbers=(5, 6, 7, 8),
        seasons=[{"revealed": {"flax": 3}}, {"revealed": {}}, {"revealed": {}}],
    )
    assert violation(sheet(a, b)) == (
        "sheet.offerings_shrank",
        "tameri:S6",
        "$.sheet.players[0].seasons[1].revealed.flax",
    )


def test_S6_written_majority_points_must_match_the_revealed_offerings():
    a = player(
        seasons=[{"revealed": {"flax": 2}, "pharaoh_points": 1}, {"revealed": {}}, {"revealed": {}}]
    )
    b = player(numbers=(5, 6, 7, 8))
    assert violation(sheet(a, b)) == (
        "sheet.pharaoh_mismatch",
        "tameri:S6",
        "$.sheet.players[0].seasons[0].pharaoh_points",
    )


def test_S6_points_only_are_taken_as_written_and_reported():
    a = player(seasons=[{"pharaoh_points": 3}, {"revealed": {}}, {"revealed": {}}])
    b = player(
        numbers=(5, 6, 7, 8), seasons=[{"pharaoh_points": 2}, {"revealed": {}}, {"revealed": {}}]
    )
    out = ENGINE.score_sheet(sheet(a, b))
    assert [p.points("pharaoh") for p in out.players] == [3, 2]
    assert any(u.rule == "tameri:S6" for u in out.unchecked)
    too_high = player(seasons=[{"pharaoh_points": 9}, {"revealed": {}}, {"revealed": {}}])
    assert violation(sheet(too_high, b))[0] == "sheet.pharaoh_too_high"


def test_S7_remaining_offerings_must_equal_what_stays_after_season_3():
    a = player(
        remaining_offerings=2,
        seasons=[{"revealed": {}}, {"revealed": {}}, {"revealed": {"fruit": 1}}],
    )
    b = player(
        numbers=(5, 6, 7, 8),
        seasons=[{"revealed": {}}, {"revealed": {}}, {"revealed": {"fruit": 2}}],
    )
    assert violation(sheet(a, b)) == (
        "sheet.remaining_mismatch",
        "tameri:S7",
        "$.sheet.players[0].remaining_offerings",
    )


def test_S8_at_most_7_symbols():
    a = player(building_symbols=list("abcdefgh"))
    assert violation(sheet(a, player(numbers=(5, 6, 7, 8))))[0] == "sheet.too_many_symbols"


def test_S10_hand_checks():
    small = player(numbers=(1, 2, 3))
    assert violation(sheet(small, player(numbers=(5, 6, 7, 8))))[0] == "sheet.hand_too_small"
    dup = player(numbers=(1, 2, 3, 5))
    assert violation(sheet(dup, player(numbers=(5, 6, 7, 8))))[0] == "sheet.duplicate_card"
    glyphs = player(hand=[{"number": n, "left": [f"g{n}"]} for n in (1, 2, 3, 4, 9)])
    assert violation(sheet(glyphs, player(numbers=(5, 6, 7, 8))))[0] == "sheet.too_many_glyphs"
    wrong = player(hand_glyph_points=3, hand=[{"number": n, "left": ["a"]} for n in (1, 2, 3, 4)])
    assert violation(sheet(wrong, player(numbers=(5, 6, 7, 8))))[0] == "sheet.hand_glyph_mismatch"
    high = player(highest_card=3)
    assert violation(sheet(high, player(numbers=(5, 6, 7, 8))))[0] == "sheet.highest_card_mismatch"


def test_S5_S9_missing_printed_points_make_the_category_null_and_unchecked():
    a = player(
        priest_card_points=None,
        seasons=[{"revealed": {}}, {"revealed": {}, "building_points": None}, {"revealed": {}}],
    )
    out = ENGINE.score_sheet(sheet(a, player(numbers=(5, 6, 7, 8))))
    john = out.players[0]
    assert john.points("priest_cards") is None and john.points("season_buildings") is None
    assert not john.complete
    assert {u.rule for u in out.unchecked} >= {"tameri:S5", "tameri:S9"}


def test_I3_sheet_player_count_must_match_the_document():
    doc = sheet(player(), player(numbers=(5, 6, 7, 8)))
    doc["players"] = NAMES
    assert violation(doc)[0] == "sheet.player_count"


def test_the_sheet_needs_three_seasons():
    a = player()
    bad = copy.deepcopy(a)
    bad["seasons"] = bad["seasons"][:2]
    with pytest.raises(MalformedInput):
        ENGINE.score_sheet(sheet(bad, player(numbers=(5, 6, 7, 8))))


def test_S10_glyph_counts_per_type_score_the_most_common():
    a = player(hand=None, hand_glyph_counts={"eye": 5, "reed": 2}, highest_card=9)
    out = ENGINE.score_sheet(sheet(a, player(numbers=(5, 6, 7, 8))))
    assert out.players[0].points("hand_glyphs") == 5 and out.players[0].tiebreak == (9,)
    wrong = player(hand=None, hand_glyph_counts={"eye": 5}, hand_glyph_points=4, highest_card=9)
    assert violation(sheet(wrong, player(numbers=(5, 6, 7, 8))))[0] == "sheet.hand_glyph_mismatch"
    many = player(
        hand=None, hand_glyph_counts={"a": 1, "b": 1, "c": 1, "d": 1, "e": 1}, highest_card=9
    )
    assert violation(sheet(many, player(numbers=(5, 6, 7, 8))))[0] == "sheet.too_many_glyphs"


# ---- a sheet checks what the rules check; unknown is not zero (issue 18, items 1 and 2) ----


def test_S8_at_most_7_symbols_over_the_whole_table():
    a = player(building_symbols=list("abcde"))
    b = player(numbers=(5, 6, 7, 8), building_symbols=list("defghi"))
    assert violation(sheet(a, b)) == (
        "sheet.too_many_symbols_table",
        "tameri:S8",
        "$.sheet.players",
    )


@pytest.mark.parametrize(
    "field, path",
    [
        ("play_points", "$.sheet.players[0].play_points"),
        ("building_symbols", "$.sheet.players[0].building_symbols"),
        ("leftovers", "$.sheet.players[0].leftovers"),
        ("final_glyph", "$.sheet.players[0].seasons[1].final_glyph"),
    ],
)
def test_S1_S4_S8_S11_a_field_left_off_is_not_scored_as_0(field, path):
    doc = sheet(player(), player(numbers=(5, 6, 7, 8)))
    row = doc["sheet"]["players"][0]
    if field == "final_glyph":
        del row["seasons"][1]["final_glyph"]
    else:
        del row[field]
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert [v.path for v in err.value.violations] == [path]


def test_T2_a_missing_highest_card_never_decides_a_tie():
    a = player(hand=None, hand_glyph_points=0)  # highest card not written
    b = player(hand=None, hand_glyph_points=0, highest_card=40)
    out = ENGINE.score_sheet(sheet(a, b))
    assert [p.total for p in out.players] == [10, 10]
    assert [p.rank for p in out.players] == [1, 1]
    assert [p.complete for p in out.players] == [False, False]
    assert any(u.rule == "tameri:T2" for u in out.unchecked)


def test_S11_a_shape_error_cites_the_rule_its_field_falls_under():
    doc = sheet(player(), player(numbers=(5, 6, 7, 8)))
    del doc["sheet"]["players"][1]["leftovers"]
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert [(v.path, v.rule) for v in err.value.violations] == [
        ("$.sheet.players[1].leftovers", "tameri:S11")
    ]


@pytest.mark.parametrize("number", [100, 200, 300, 1000])
def test_C10_a_hand_card_number_no_card_carries_is_refused(number):
    doc = sheet(player(numbers=(1, 2, 3, number)), player(numbers=(5, 6, 7, 8)))
    assert violation(doc) == (
        "sheet.card_number_range",
        "tameri:C10",
        "$.sheet.players[0].hand[3].number",
    )


def test_C10_the_highest_card_written_instead_of_the_hand_is_checked_too():
    short = player(hand=None, hand_glyph_points=2, highest_card=200)
    doc = sheet(short, player(numbers=(5, 6, 7, 8)))
    assert violation(doc) == (
        "sheet.card_number_range",
        "tameri:C10",
        "$.sheet.players[0].highest_card",
    )


@pytest.mark.parametrize("number", [1, 99, 201, 299])
def test_C10_action_and_temple_card_numbers_are_accepted(number):
    doc = sheet(player(numbers=(10, 11, 12, number)), player(numbers=(5, 6, 7, 8)))
    assert ENGINE.score_sheet(doc).players
