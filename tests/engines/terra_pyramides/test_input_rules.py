"""Input-shape errors cite the rule of their field (issue 18, item 5)."""

import pytest

from engines import get_engine
from engines.core.errors import MalformedInput

ENGINE = get_engine("terra_pyramides")


def cited(doc):
    with pytest.raises(MalformedInput) as err:
        ENGINE.replay(doc) if "moves" in doc else ENGINE.score_sheet(doc)
    return [(v.path, v.rule) for v in err.value.violations]


def test_M11_M8_6_M10_M3_1_VN13_log_fields_cite_the_rule_of_their_record():
    doc = {
        "game": "terra_pyramides",
        "players": ["A", "B"],
        "moves": [
            {"type": "return_worker", "square": [0, 0], "player": 4},
            {"type": "build", "square": [0, 0], "payment": {"red": 6}},  # a level needs 1-5
            {"type": "convert", "payment": {"red": 3}},  # 2 blocks make 1 white
            {"type": "choose_line", "axis": "round"},
            {"type": "buy_card", "card": "gold"},
        ],
    }
    assert cited(doc) == [
        ("$.moves[0].player", "terra_pyramides:M11"),
        ("$.moves[1].payment.red", "terra_pyramides:M8.6"),
        ("$.moves[2].payment.red", "terra_pyramides:M10"),
        ("$.moves[3].axis", "terra_pyramides:M3.1"),
        ("$.moves[4].card", "terra_pyramides:VN13"),
    ]


def test_S4_S11_S12_sheet_fields_of_the_wrong_shape_cite_their_rule_in_japanese():
    doc = {
        "game": "terra_pyramides",
        "players": ["A", "B"],
        "options": {"version": 3},
        "sheet": {
            "players": [
                {"pyramids": [{"level": 6}], "boat": {"space": 2, "arrival": 5}, "palms": True},
                {"coins": -1, "cards": ["gold"]},
            ]
        },
    }
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    found = [(v.path, v.rule) for v in err.value.violations]
    assert found == [
        ("$.sheet.players[0].pyramids[0].level", "terra_pyramides:M8.6"),
        ("$.sheet.players[0].palms", "terra_pyramides:S11"),
        ("$.sheet.players[0].boat.arrival", "terra_pyramides:S12"),
        ("$.sheet.players[1].coins", "terra_pyramides:S4"),
        ("$.sheet.players[1].cards[0]", "terra_pyramides:S12"),
    ]
    ja = ENGINE.localize(err.value.violations[2], "ja")
    assert "「舟」の「到着順」" in ja, ja
