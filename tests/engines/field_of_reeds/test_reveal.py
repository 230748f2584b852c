"""Card facts entered as the cards are revealed (issue 28): a deal records its packets
only, and each card's printed facts come in a ``reveal`` record where the table first sees
the card (here: just before it is played). The example log entered that way replays to
the same outcome as the example with every fact up front."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from engines.core.errors import IllegalMove

EXAMPLE = Path("engines/field_of_reeds/examples/four-player-log.json")
ENGINE = engines.get_engine("field_of_reeds")


def revealed_as_played(doc: dict) -> dict:
    """The log with no facts on its deals and a reveal before each card's first play."""
    facts: dict = {}
    known: set[str] = set()
    moves = []
    for move in doc["moves"]:
        if move["type"] == "deal":
            facts.update(move.get("facts", {}))
            move = {k: v for k, v in move.items() if k != "facts"}
        if move["type"] == "play":
            for card in move["cards"]:
                if card["id"] not in known:
                    known.add(card["id"])
                    moves.append(
                        {"type": "reveal", "card": card["id"], "printed": facts[card["id"]]}
                    )
        moves.append(move)
    return {**doc, "moves": moves}


def test_the_example_with_cards_revealed_as_played_scores_the_same():
    doc = json.loads(EXAMPLE.read_text())
    lazy = revealed_as_played(doc)
    assert not any("facts" in m for m in lazy["moves"] if m["type"] == "deal")
    assert sum(m["type"] == "reveal" for m in lazy["moves"]) > 10
    up_front, revealed = ENGINE.replay(doc), ENGINE.replay(lazy)
    assert revealed.ok and revealed.game_over, revealed.violations
    assert revealed.outcome.to_dict()["players"] == up_front.outcome.to_dict()["players"]


def _state_after_first_deal():
    doc = json.loads(EXAMPLE.read_text())
    deal = {k: v for k, v in doc["moves"][0].items() if k != "facts"}
    return doc, ENGINE.replay({**doc, "moves": [deal]}).final_state


def test_G2_a_reveal_must_agree_with_what_is_known():
    doc, state = _state_after_first_deal()
    facts = doc["moves"][0]["facts"]["g7"]
    state = ENGINE.apply(
        state, ENGINE.parse_move({"type": "reveal", "card": "g7", "printed": facts}, 1)
    )
    other = {**facts, "value": 3 if facts["value"] != 3 else 1}
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply(
            state, ENGINE.parse_move({"type": "reveal", "card": "g7", "printed": other}, 2)
        )
    assert error.value.violations[0].code == "card_facts_mismatch"


def test_F3_only_a_dealt_card_is_revealed():
    doc, state = _state_after_first_deal()
    facts = doc["moves"][0]["facts"]["g7"]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply(
            state, ENGINE.parse_move({"type": "reveal", "card": "g99", "printed": facts}, 1)
        )
    assert error.value.violations[0].code == "reveal_not_dealt"


def test_F7_a_revealed_card_of_a_later_level_was_not_in_the_deck():
    doc, state = _state_after_first_deal()
    facts = {**doc["moves"][0]["facts"]["g7"], "level": 2}
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply(
            state, ENGINE.parse_move({"type": "reveal", "card": "g7", "printed": facts}, 1)
        )
    assert error.value.violations[0].code == "deal_card_not_added"


def test_the_menu_offers_a_reveal_for_each_card_not_known_yet():
    _, state = _state_after_first_deal()
    reveals = [m for m in ENGINE.legal_moves(state) if m.type == "reveal"]
    assert sorted(m.card for m in reveals) == sorted(f"g{k}" for k in range(1, 29))
