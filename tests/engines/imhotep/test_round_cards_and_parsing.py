"""Issue 18: quarry counts answered by the rule, round cards checked against the player
count's set (or listed as unchecked), strict parsing, and no rank on partial totals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core.errors import MalformedInput, SetupError
from engines.imhotep import ENGINE

from .conftest import codes, in_turn, new_game, play

EXAMPLE = Path(__file__).resolve().parents[3] / "engines" / "imhotep" / "examples"
# The 2-player set as component-data §1(a) lists it (medium confidence), supplied here the
# way an organizer would supply the printed cards; not the engine's default.
TWO_PLAYER_SET = [
    [4, 3, 2, 2],
    [4, 3, 3, 1],
    [4, 2, 2, 1],
    [4, 3, 2, 1],
    [3, 2, 2, 1],
    [3, 3, 2, 2],
    [3, 3, 2, 1],
]
SUPPLIED = {"values": {"round_cards": {"2": TWO_PLAYER_SET}}}


def round_card(*ships):
    return {"type": "round", "ships": list(ships)}


@pytest.mark.parametrize("count", [4, 5, 6, 12])
def test_M1_any_quarry_count_above_three_is_the_rules_answer(count):
    state = in_turn(new_game())
    assert codes(state, {"type": "quarry", "count": count}) == [("quarry.too_many", "imhotep:M1")]


def test_U6_L15_round_ships_must_be_a_card_of_the_player_counts_set():
    state = new_game(players=["A", "B"], edition=SUPPLIED)
    # {4, 4, 3, 2} can be laid from the box but is no card of the 2-player set.
    assert codes(state, round_card(4, 4, 3, 2)) == [("round.card_not_in_set", "imhotep:L15")]
    assert codes(state, round_card(2, 4, 2, 3)) == []  # the order on a card does not matter


def test_L15_each_card_of_the_set_is_revealed_at_most_once():
    state = new_game(players=["A", "B"], edition=SUPPLIED)
    after = play(state, round_card(4, 3, 2, 2))
    after = after.__class__(**{**vars(after), "phase": "ships"})  # straight to round 2
    assert codes(after, round_card(4, 3, 2, 2)) == [("round.card_not_in_set", "imhotep:L15")]
    assert codes(after, round_card(3, 3, 2, 2)) == []


def test_G2_without_the_set_the_round_cards_are_listed_as_unchecked():
    doc = json.loads((EXAMPLE / "imhotep-4p-log.json").read_text(encoding="utf-8"))
    report = ENGINE.replay(doc)
    (item,) = [u for u in report.unchecked if u.item == "round cards"]
    assert item.rule == "imhotep:G2" and "8 ships in the box" in item.reason
    two = {"game": "imhotep", "players": ["A", "B"], "moves": [round_card(4, 3, 2, 2)]}
    assert "round cards" in {u.item for u in ENGINE.replay(two).unchecked}
    supplied = ENGINE.replay({**two, "edition": SUPPLIED})
    assert supplied.ok and "round cards" not in {u.item for u in supplied.unchecked}


@pytest.mark.parametrize(
    "cards", [TWO_PLAYER_SET[:6], [*TWO_PLAYER_SET[:6], [4, 4, 4, 1]], [*TWO_PLAYER_SET[:6], [3]]]
)
def test_U6_a_supplied_set_must_be_seven_cards_the_box_can_lay(cards):
    with pytest.raises(SetupError) as err:
        new_game(players=["A", "B"], edition={"values": {"round_cards": {"2": cards}}})
    assert err.value.violations[0].path == "$.edition.values.round_cards.2"


@pytest.mark.parametrize("bad", [True, "2", 2.0])
def test_records_are_parsed_strictly(bad):
    doc = {"game": "imhotep", "players": ["A", "B"], "moves": [round_card(4, 3, 2, 2)]}
    doc["moves"][0]["ships"][0] = bad
    with pytest.raises(MalformedInput) as err:
        ENGINE.replay(doc)
    assert err.value.violations[0].path == "$.moves[0].ships[0]"


@pytest.mark.parametrize("bad", [True, "20"])
def test_sheet_values_are_parsed_strictly(bad):
    doc = {
        "game": "imhotep",
        "players": ["A", "B"],
        "sheet": {"players": [{"track": bad, "sled": 1}, {"track": 3, "sled": 1}]},
    }
    with pytest.raises(MalformedInput) as err:
        ENGINE.score_sheet(doc)
    assert err.value.violations[0].path == "$.sheet.players[0].track"


def test_T1_an_unknown_burial_4th_place_does_not_rank_on_partial_totals():
    # Burial B: row 0 holds A 4, B 3, C 2, D 1 stones; D's 4th place points are unknown (G7).
    burial = []
    for owner in [1] * 4 + [2] * 3 + [3] * 2 + [4]:
        burial += [owner, 1, 1]
    doc = {
        "game": "imhotep",
        "players": ["A", "B", "C", "D"],
        "options": {"sides": {"burial": "B"}},
        "sheet": {
            "players": [{"track": 10, "sled": 1}] * 3 + [{"track": 60, "sled": 1}],
            "burial": burial,
        },
    }
    outcome = ENGINE.score_sheet(doc)
    a, b, c, d = outcome.players
    assert d.points("burial") is None and not d.complete
    assert (d.total, a.total) == (60, 34)
    # D's 60 known points do not put D ahead of A: D's burial points are unknown.
    assert (a.rank, d.rank) == (1, 1) and (b.rank, c.rank) == (2, 3)
