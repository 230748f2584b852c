"""Card facts entered as the cards are revealed (issue 28): the draft deal records each
hand's card numbers only, and a card's printed facts come in a ``card_facts`` record where
the table first sees the card (here: when its player turns it up). The example log entered
that way replays to the same outcome, with the same unchecked items, as the example with
every fact up front."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from engines.core.errors import IllegalMove

EXAMPLE = Path("engines/tameri/examples/4p-log.json")
ENGINE = engines.get_engine("tameri")


def revealed_as_turned_up(doc: dict) -> dict:
    """The log with numbers only in its draft deal and each dealt card's facts recorded
    just before its player reveals it."""
    facts: dict = {}
    played: dict = {}
    shown: set = set()
    moves = []
    for move in doc["moves"]:
        if move["type"] == "draft_deal":
            facts.update({c["number"]: c for hand in move["hands"] for c in hand})
            move = {**move, "hands": [[{"number": c["number"]} for c in h] for h in move["hands"]]}
        if move["type"] == "play_card":
            played[move["seat"]] = move["card"]
        if move["type"] == "reveal":
            card = played[move["seat"]]
            if card in facts and card not in shown:  # a Nile card came with its facts
                shown.add(card)
                moves.append({"type": "card_facts", "cards": [facts[card]]})
        moves.append(move)
    return {**doc, "moves": moves}


def test_the_example_with_cards_shown_as_turned_up_scores_the_same():
    doc = json.loads(EXAMPLE.read_text())
    lazy = revealed_as_turned_up(doc)
    assert sum(m["type"] == "card_facts" for m in lazy["moves"]) > 10
    up_front, revealed = ENGINE.replay(doc), ENGINE.replay(lazy)
    assert revealed.ok and revealed.game_over, revealed.violations
    assert revealed.outcome.to_dict() == up_front.outcome.to_dict()


def _after_the_deal():
    doc = json.loads(EXAMPLE.read_text())
    lazy = revealed_as_turned_up(doc)
    facts = {c["number"]: c for hand in doc["moves"][1]["hands"] for c in hand}
    return facts, ENGINE.replay({**doc, "moves": lazy["moves"][:2]}).final_state


def _shown(state, card: dict):
    return ENGINE.apply(state, ENGINE.parse_move({"type": "card_facts", "cards": [card]}, 2))


def test_G6_shown_facts_must_agree_with_what_is_known():
    facts, state = _after_the_deal()
    state = _shown(state, facts[1])
    with pytest.raises(IllegalMove) as error:
        _shown(state, {**facts[1], "top": ["priest"]})
    assert error.value.violations[0].code == "card.facts_conflict"


def test_L19_only_a_card_in_play_is_shown():
    facts, state = _after_the_deal()
    with pytest.raises(IllegalMove) as error:
        _shown(state, {**facts[1], "number": 99})
    assert error.value.violations[0].code == "card.not_dealt"


def test_the_menu_offers_the_cards_not_known_yet():
    _, state = _after_the_deal()
    offered = [m.cards[0].number for m in ENGINE.legal_moves(state) if m.type == "card_facts"]
    assert offered == list(range(1, 21))
