"""Input-shape errors cite the rule of their field (issue 18, item 5)."""

import pytest

from engines import get_engine
from engines.core.errors import MalformedInput

ENGINE = get_engine("nile_murals")


def cited(doc):
    with pytest.raises(MalformedInput) as err:
        ENGINE.replay(doc) if "moves" in doc else ENGINE.score_sheet(doc)
    return [(v.path, v.rule) for v in err.value.violations]


def test_L5_M6_M10_log_fields_of_the_wrong_shape_cite_their_rule():
    doc = {
        "game": "nile_murals",
        "players": ["A", "B"],
        "moves": [
            {"type": "deal", "card": 100},  # L5: cards 00-99
            {"type": "place", "source": "hand", "card": 3, "area": "IV"},  # M6: I, II, III
            {"type": "draw", "source": "hand", "card": 3},  # M10: deck or discard
        ],
    }
    assert cited(doc) == [
        ("$.moves[0].card", "nile_murals:L5"),
        ("$.moves[1].area", "nile_murals:M6"),
        ("$.moves[2].source", "nile_murals:M10"),
    ]


def test_L6_a_track_value_that_is_not_a_whole_number_cites_the_track_rule_in_japanese():
    doc = {
        "game": "nile_murals",
        "players": ["A", "B"],
        "sheet": {
            "players": [{"combo": True, "area": 0, "miss": 0}, {"combo": 1, "area": 0, "miss": 1.5}]
        },
    }
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert [(v.path, v.rule) for v in err.value.violations] == [
        ("$.sheet.players[0].combo", "nile_murals:L6"),
        ("$.sheet.players[1].miss", "nile_murals:L6"),
    ]
    assert "「コンボ」" in ENGINE.localize(err.value.violations[0], "ja")
