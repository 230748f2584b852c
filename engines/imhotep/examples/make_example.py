"""Build the bundled 4-player example: a deterministic, legal game of all six rounds.

Run ``python -m engines.imhotep.examples.make_example`` to regenerate
``imhotep-4p-log.json`` and the matching ``imhotep-4p-sheet.json``. Every record comes from
``legal_moves`` (a seeded, weighted choice) and is applied with ``apply``, so the file is a
legal game by construction; the test suite replays it and scores the sheet independently.
``play_round`` is a small planner used to write rule-example vectors by hand-given plans.
"""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path

from engines.imhotep import ENGINE
from engines.imhotep import moves as m
from engines.imhotep.components import CARDS

HERE = Path(__file__).resolve().parent
PLAYERS = ["Aiko", "Ben", "Chie", "Dai"]
WEIGHTS = {
    "quarry": 2,
    "load": 3,
    "sail": 2,
    "play_lever": 1,
    "play_hammer": 1,
    "play_sail": 1,
    "play_chisel": 1,
}


def with_by(engine, state, move):
    """The record as a judge writes it: player moves name who made them."""
    record = engine.dump_move(move)
    seat = state.current_seat()
    if seat is not None and "by" in type(move).model_fields:
        record["by"] = state.ctx.players[seat]
    return record


def weighted_game(seed: int = 2016, players=PLAYERS, preset: str = "standard"):
    engine = ENGINE
    doc = {"game": "imhotep", "players": list(players), "preset": preset, "moves": []}
    state = engine.setup(engine.context(doc))
    rng = random.Random(seed)
    records = []
    while not engine.is_over(state):
        options = list(engine.legal_moves(state))
        if state.phase == "turn":
            # Prefer sailing a ship that is full; otherwise pick by action weights, and
            # within one action type uniformly (so 24 lever orders do not crowd out loads).
            by_type: dict[str, list] = {}
            for move in options:
                by_type.setdefault(move.type, []).append(move)
            kinds = list(by_type)
            kind = rng.choices(kinds, [WEIGHTS.get(k, 1) for k in kinds])[0]
            move = rng.choice(by_type[kind])
        else:
            move = rng.choice(options)
        records.append(with_by(engine, state, move))
        state = engine.apply(state, move)
    doc["moves"] = records
    return doc, state


def sheet_for(state) -> dict:
    """The score sheet a judge would fill in at the end of this game."""
    from engines.imhotep.engine import end_of_play

    end = end_of_play(state)
    players = []
    for seat in range(state.n):
        erected = sum(1 for owner, _ in state.obelisks_b if owner == seat)
        entry = {
            "track": state.score[seat],
            "sled": state.sled[seat],
            "obelisk": state.obelisk[seat],
        }
        if erected:
            entry["obelisks_erected"] = erected
        cards = {CARDS[i]: c for i, c in enumerate(state.hands[seat]) if c}
        if cards:
            entry["cards"] = cards
        if end.missing[seat]:
            entry["missing_monuments"] = sorted(end.missing[seat])
        players.append(entry)
    return {
        "players": players,
        "burial": [seat + 1 for seat in state.burial],
        "pyramid_stones": end.site_stones["pyramid"],
        "temple_stones": end.site_stones["temple"],
    }


def play_round(state, ships, cards, plan, decisions=()):
    """Play one round to a plan; return (records, state).

    ``plan`` is a list of (ship index, site, owners bow to stern with None for empty[, seat
    that must sail it]), in sailing order. On their turn a player loads their next planned
    stone (quarrying first if the sled is empty); otherwise the next ship whose cargo is
    complete sails; otherwise the player quarries one stone. ``decisions`` answers the
    Market, Pyramid-B and Temple-B decisions and draws, in order.
    """
    engine = ENGINE
    records = []
    queue = deque(decisions)

    def do(move):
        nonlocal state
        records.append(with_by(engine, state, move))
        state = engine.apply(state, move, index=len(records) - 1)

    do(m.RoundCard(type="round", ships=list(ships)))
    for card in cards:
        do(m.Reveal(type="reveal", card=card))
    todo = list(plan)
    while state.phase not in ("ships", "over"):
        if state.phase == "decide":
            do(engine.parse_move(queue.popleft(), 0))
            continue
        seat = state.actor
        mine = [
            (ship, space)
            for ship, _, cargo, *_ in todo
            for space, owner in enumerate(cargo)
            if owner == seat and state.ships[ship].cargo[space] is None
        ]
        ship, site, cargo, *sailor = todo[0]
        ready = all(state.ships[ship].cargo[i] == owner for i, owner in enumerate(cargo))
        ready = ready and (not sailor or sailor[0] == seat)
        if mine and state.sled[seat]:
            do(m.Load(type="load", ship=mine[0][0], space=mine[0][1]))
        elif mine:
            do(m.Quarry(type="quarry", count=min(3, state.quarry[seat])))
        elif ready:
            do(m.Sail(type="sail", ship=ship, site=site))
            todo.pop(0)
        else:
            do(m.Quarry(type="quarry", count=1))
    return records, state


def main() -> None:
    doc, state = weighted_game()
    (HERE / "imhotep-4p-log.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    sheet = {k: v for k, v in doc.items() if k != "moves"} | {"sheet": sheet_for(state)}
    (HERE / "imhotep-4p-sheet.json").write_text(
        json.dumps(sheet, ensure_ascii=False, indent=1) + "\n"
    )
    print(f"{len(doc['moves'])} records; scores before final scoring {state.score}")


if __name__ == "__main__":
    main()
