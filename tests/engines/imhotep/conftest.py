"""Helpers for the Imhotep tests: start a game, build positions, view a state as JSON."""

from __future__ import annotations

from dataclasses import replace

from engines.imhotep import ENGINE
from engines.imhotep.components import CARD_INDEX, CARDS
from engines.imhotep.state import Ship

FOUR = ["white", "black", "brown", "gray"]


def new_game(players=FOUR, options=None, edition=None):
    doc = {"game": "imhotep", "players": list(players), "options": options or {}, "moves": []}
    if edition is not None:
        doc["edition"] = edition
    return ENGINE.setup(ENGINE.context(doc))


def play(state, *records):
    """Apply records (dicts) in order through ``apply``, so each one is checked first."""
    for i, record in enumerate(records):
        state = ENGINE.apply(state, ENGINE.parse_move(record, i), index=i)
    return state


def violations(state, record):
    return ENGINE.check(state, ENGINE.parse_move(record, 0))


def codes(state, record):
    return [(v.code, v.rule) for v in violations(state, record)]


def in_turn(state, actor=0, ships=((4, 3), (3, 2), (2, 1), (1, 1)), hands=None, **fields):
    """A position in the middle of round 1: the given ships (capacity, min load) laid out,
    the market dealt, ``actor`` to move. ``hands`` maps seat to {card: count}."""
    built = [Ship(cap, low, (None,) * cap) for cap, low in ships]
    hand_rows = [list(h) for h in state.hands]
    for seat, cards in (hands or {}).items():
        for card, count in cards.items():
            hand_rows[seat][CARD_INDEX[card]] = count
    return replace(
        state,
        phase="turn",
        round=1,
        actor=actor,
        ships=tuple(built),
        market=("statue", "lever", "entrance", "temple_decoration"),
        hands=tuple(tuple(h) for h in hand_rows),
        **fields,
    )


def with_cargo(state, ship, cargo):
    s = state.ships[ship]
    ships = list(state.ships)
    ships[ship] = Ship(s.capacity, s.min_load, tuple(cargo), s.site)
    return replace(state, ships=tuple(ships))


def state_view(state) -> dict:
    return {
        "phase": state.phase,
        "round": state.round,
        "start_seat": state.start_seat,
        "actor": state.actor,
        "ships": [s.capacity for s in state.ships],
        "market": list(state.market),
        "score": list(state.score),
        "sled": list(state.sled),
        "quarry": list(state.quarry),
        "obelisk": list(state.obelisk),
        "temple": list(state.temple),
        "burial": list(state.burial),
        "pyramid": list(state.pyramid),
        "pyramids_b": [list(p) for p in state.pyramids_b],
        "obelisks_b": [list(o) for o in state.obelisks_b],
        "hands": [{CARDS[i]: c for i, c in enumerate(h) if c} for h in state.hands],
    }
