"""Regenerate the example logs and sheets.

Run: ``.venv/bin/python -m engines.terra_pyramides.examples.make_examples``.

The logs are seeded legal games built from ``legal_moves`` (random, with a bias to build)
on the made-up playout board (no printed map exists in the rulebook): their tile faces,
foundation values, oasis
items and palm counts are placeholder recorded facts, not printed data. Each sheet is the
end-of-game snapshot of its log, so both paths must give the same outcome.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.engine import facts_from_state

HERE = Path(__file__).resolve().parent
NAMES = ["Alex", "Bodo", "Chris", "Didi"]
GAMES = ((1, 2, 17, "v1-2p"), (2, 3, 5, "v2-3p"), (3, 4, 22, "v3-4p"))


def playout(options: dict, names: list[str], seed: int):
    doc = {"game": "terra_pyramides", "options": options, "players": names, "moves": []}
    state, rng, records = ENGINE.setup(ENGINE.context(doc)), random.Random(seed), []
    while not ENGINE.is_over(state):
        move = choose(state, list(ENGINE.legal_moves(state)), rng)
        records.append(ENGINE.dump_move(move))
        state = ENGINE.next_state(state, move)
    return state, {**doc, "moves": records}


def choose(state, moves: list, rng: random.Random):
    """A little purpose, so the examples show pyramids: build when possible, gather workers
    on a site already held, otherwise play at random."""
    builds = [m for m in moves if m.type == "build"]
    if builds:
        return rng.choice(builds)
    colour = state.colour()
    gather = [
        m
        for m in moves
        if m.type in ("move_worker", "buy_worker") and state.sites[m.target].owner == colour
    ]
    if gather:
        return rng.choice(gather)
    return rng.choice(moves)


def sheet_entry(facts, name: str, version: int) -> dict:
    entry = {
        "name": name,
        "foundations": list(facts.foundations),
        "pyramids": [{"level": p.level, "colour": p.colour} for p in facts.pyramids],
        "blocks": facts.blocks,
        "coins": facts.coins,
    }
    if version >= 2:
        entry.update(horus_track=facts.horus, grave_goods=facts.grave_goods)
    if version == 3:
        entry.update(
            oasis_track=facts.oasis,
            palms=facts.palms,
            boat={"space": facts.boat_space, "arrival": facts.boat_arrival},
            cards=list(facts.cards),
        )
    return entry


def main() -> None:
    for version, n, seed, stem in GAMES:
        options, names = {"version": version}, NAMES[:n]
        state, log = playout(options, names, seed)
        entries = [
            sheet_entry(f, nm, version)
            for f, nm in zip(facts_from_state(state), names, strict=True)
        ]
        sheet = {
            "game": "terra_pyramides",
            "options": options,
            "players": names,
            "sheet": {"players": entries},
        }
        (HERE / f"{stem}-log.json").write_text(
            json.dumps(log, ensure_ascii=False, indent=1), encoding="utf-8"
        )
        (HERE / f"{stem}-sheet.json").write_text(
            json.dumps(sheet, ensure_ascii=False, indent=1), encoding="utf-8"
        )


if __name__ == "__main__":
    main()
