"""Input-shape errors cite the rule of their field (issue 18, item 5), in both languages."""

import pytest

from engines import get_engine
from engines.core.errors import MalformedInput

ENGINE = get_engine("imhotep")
PLAYERS = ["Aiko", "Ben"]


def cited(doc):
    with pytest.raises(MalformedInput) as err:
        ENGINE.replay(doc) if "moves" in doc else ENGINE.score_sheet(doc)
    return [(v.path, v.rule) for v in err.value.violations]


def moves(*records):
    return {"game": "imhotep", "players": PLAYERS, "moves": list(records)}


def test_F2_M1_M2_a_round_card_quarry_or_load_of_the_wrong_shape_cites_its_rule():
    assert cited(moves({"type": "round", "ships": [4, 3, 2, 5]})) == [
        ("$.moves[0].ships[3]", "imhotep:F2")
    ]
    assert cited(moves({"type": "quarry", "count": True})) == [("$.moves[0].count", "imhotep:M1")]
    assert cited(moves({"type": "load", "ship": 4, "space": 0})) == [
        ("$.moves[0].ship", "imhotep:M2")
    ]


def test_K5_2_V2_V3_the_same_field_cites_the_rule_of_its_record():
    # "take" is a Hammer card's quarry (K5.2), a pyramid bonus (V2), a temple reward (V3).
    assert cited(
        moves(
            {"type": "play_hammer", "take": 7, "ship": 0, "space": 0},
            {"type": "place_pyramid", "pyramid": 0, "take": 7},
            {"type": "temple_reward", "take": 3},
        )
    ) == [
        ("$.moves[0].take", "imhotep:K5.2"),
        ("$.moves[1].take", "imhotep:V2"),
        ("$.moves[2].take", "imhotep:V3"),
    ]


def test_L1_P4_S5_sheet_fields_of_the_wrong_shape_cite_their_rule_in_both_languages():
    doc = {
        "game": "imhotep",
        "players": PLAYERS,
        "sheet": {
            "players": [{"track": 3, "sled": 6}, {"track": 1, "sled": 2, "obelisk": True}],
            "burial": [0],
        },
    }
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert [(v.path, v.rule) for v in err.value.violations] == [
        ("$.sheet.players[0].sled", "imhotep:L1"),
        ("$.sheet.players[1].obelisk", "imhotep:S5"),
        ("$.sheet.burial[0]", "imhotep:P4"),
    ]
    ja = ENGINE.localize(err.value.violations[0], "ja")
    assert ja == "得点表の1人目のプレイヤーの「石材置き場」：5以下の値にしてください"
