"""Write the replay vectors of the rulebook's worked examples (run once; output is data).

The move sequences come from ``play_round`` (legal by construction, checked by ``apply``);
every expectation below is typed from the rulebook example it cites, never computed by the
engine. Sheet vectors are plain JSON files written by hand next to these.
Run: ``.venv/bin/python tests/engines/imhotep/make_vectors.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

from engines.imhotep import ENGINE
from engines.imhotep.examples.make_example import play_round

OUT = Path(__file__).resolve().parent / "vectors"
FOUR = ["white", "black", "brown", "gray"]  # seats 0-3; sleds start 2/3/4/5 (U12)
W, K, B, G = 0, 1, 2, 3
REVEALS = ["statue", "statue", "statue", "statue"]


def start(players, options=None):
    doc = {"game": "imhotep", "players": players, "options": options or {}, "moves": []}
    return doc, ENGINE.setup(ENGINE.context(doc))


def write(vid, rules, source, note, doc, records, expect):
    doc = dict(doc, moves=records)
    body = {
        "id": vid,
        "rules": rules,
        "source": source,
        "note": note,
        "document": doc,
        "expect": expect,
    }
    (OUT / f"{vid}.json").write_text(json.dumps(body, ensure_ascii=False, indent=1) + "\n")


def rounds(state, *specs):
    records, marks = [], []
    for spec in specs:
        got, state = play_round(state, *spec)
        records += got
        marks.append(len(records))
    return records, state, marks


def main() -> None:
    # X1: the round card's four ships are the round's ships.
    doc, state = start(FOUR)
    write(
        "X1",
        ["F2"],
        "§4-1 (1)",
        "Round card shows ships 4, 3, 2, 2.",
        doc,
        [{"type": "round", "ships": [4, 3, 2, 2]}],
        {"state": {"ships": [4, 3, 2, 2], "phase": "reveal"}},
    )
    write(
        "X1-not-in-box",
        ["F2", "C4"],
        "§4-1 (1)",
        "Three 4-ships are not in the box (two 4s).",
        doc,
        [{"type": "round", "ships": [4, 4, 4, 2]}],
        {"violation": {"code": "round.ships_not_in_box", "rule": "imhotep:F2", "index": 0}},
    )

    # X2: sled holds 3 -> at most 2 stones may be quarried.
    opening = [{"type": "round", "ships": [4, 3, 2, 1]}] + [
        {"type": "reveal", "card": c} for c in REVEALS
    ]
    opening.append({"type": "load", "ship": 0, "space": 0, "by": "white"})
    write(
        "X2-three-too-many",
        ["M1", "L1"],
        "§4-1 (a)",
        "Black's sled holds 3; quarrying 3 is illegal.",
        doc,
        opening + [{"type": "quarry", "count": 3, "by": "black"}],
        {"violation": {"code": "sled.full", "rule": "imhotep:L1", "index": 6}},
    )
    write(
        "X2-two-allowed",
        ["M1", "L1"],
        "§4-1 (a)",
        "Black's sled holds 3; quarrying 2 fills it to 5.",
        doc,
        opening + [{"type": "quarry", "count": 2, "by": "black"}],
        {"state": {"sled": [1, 5, 4, 5]}},
    )

    # X17: starting stones.
    write(
        "X17",
        ["U12"],
        "§3",
        "4 players: sleds 2/3/4/5 clockwise from the start player.",
        doc,
        [],
        {"state": {"sled": [2, 3, 4, 5], "quarry": [27, 26, 25, 24]}},
    )

    # X3: Temple A round-end scoring with visible gray 2, white 1, brown 1, black 1.
    r1 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (0, "temple", [G, W, B, K]),
            (1, "burial", [W, K, None]),
            (2, "obelisk", [B, None]),
            (3, "market", [G]),
        ],
        [{"type": "take", "card": "statue"}],
    )
    r2 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (3, "temple", [G]),
            (2, "burial", [W, None]),
            (1, "obelisk", [K, B, None]),
            (0, "market", [G, W, K, None]),
        ],
        [{"type": "take", "card": "statue"}] * 3,
    )
    records, _, marks = rounds(state, r1, r2)
    write(
        "X3",
        ["S3", "P3"],
        "§4-2",
        "Round 2 ends with visible stones gray 2, white 1, brown 1, black 1.",
        doc,
        records,
        {"delta": {"from": marks[0], "score": [1, 1, 1, 2]}, "state": {"temple": [G, W, B, K, G]}},
    )

    # X4: Market A: white (bow), brown, gray take Sail, Statue, Lever; stones go back.
    cards = ["sail", "statue", "lever", "chisel"]
    takes = [{"type": "take", "card": c} for c in ("sail", "statue", "lever")]
    plan = [
        (0, "market", [W, B, G]),
        (1, "burial", [K, K, None]),
        (2, "obelisk", [B, None]),
        (3, "temple", [G]),
    ]
    records, _ = play_round(state, [3, 3, 2, 1], cards, plan, takes)
    cut = next(i for i, r in enumerate(records) if r["type"] == "take" and r["card"] == "lever") + 1
    sailed = next(i for i, r in enumerate(records) if r.get("site") == "market")
    write(
        "X4",
        ["P1", "K1", "G18"],
        "§6 Market A",
        "3 stones (G13): white, brown, gray take Sail, Statue, Lever; stones return.",
        doc,
        records[:cut],
        {
            "state": {
                "hands": [{"sail": 1}, {}, {"statue": 1}, {"lever": 1}],
                "market": ["chisel"],
            },
            "delta": {"from": sailed, "quarry": [1, 0, 1, 1]},
        },
    )

    # X5: a capacity-4 ship at Pyramid A: bow first, next space each, printed points at once.
    plan = [
        (0, "pyramid", [W, K, B, G]),
        (1, "burial", [K, K, None]),
        (2, "obelisk", [B, None]),
        (3, "temple", [G]),
    ]
    records, _ = play_round(state, [4, 3, 2, 1], REVEALS, plan)
    cut = next(i for i, r in enumerate(records) if r.get("site") == "pyramid") + 1
    write(
        "X5",
        ["P2", "S1", "M3"],
        "§4-1 (c)",
        "Spaces 1-4 of the fill order score 2, 1, 3, 2 (component-data §1(b)).",
        doc,
        records[:cut],
        {"state": {"pyramid": [W, K, B, G], "score": [2, 1, 3, 2]}},
    )

    # X6: Temple A, level 1 lacks its last space; brown, brown, white arrive.
    r1 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (0, "temple", [W, K, G, K]),
            (1, "burial", [W, K, None]),
            (2, "obelisk", [B, None]),
            (3, "market", [G]),
        ],
        [{"type": "take", "card": "statue"}],
    )
    r2 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (1, "temple", [B, B, W]),
            (3, "burial", [G]),
            (2, "obelisk", [K, None]),
            (0, "pyramid", [G, W, K, None]),
        ],
    )
    records, _, marks = rounds(state, r1, r2)
    write(
        "X6",
        ["P3"],
        "§6 Temple A",
        "4p (W=5): 1st brown ends level 1, 2nd brown and white start level 2.",
        doc,
        records,
        {"state": {"temple": [W, K, G, K, B, B, W]}},
    )

    # X7: Burial A: bow first, left column downward.
    plan = [
        (0, "burial", [W, K, B, G]),
        (1, "temple", [K, K, None]),
        (2, "obelisk", [B, None]),
        (3, "market", [G]),
    ]
    records, _ = play_round(
        state, [4, 3, 2, 1], REVEALS, plan, [{"type": "take", "card": "statue"}]
    )
    cut = next(i for i, r in enumerate(records) if r.get("site") == "burial") + 1
    write(
        "X7",
        ["P4"],
        "§6 Burial A",
        "Column 1 rows 1-3 then column 2 row 1, in unloading order.",
        doc,
        records[:cut],
        {"state": {"burial": [W, K, B, G]}},
    )

    # X9: Obelisk A: each stone onto its own colour's stack.
    plan = [
        (1, "obelisk", [W, K, W]),
        (0, "burial", [K, B, G, None]),
        (2, "temple", [B, None]),
        (3, "market", [G]),
    ]
    records, _ = play_round(
        state, [4, 3, 2, 1], REVEALS, plan, [{"type": "take", "card": "statue"}]
    )
    cut = next(i for i, r in enumerate(records) if r.get("site") == "obelisk") + 1
    write(
        "X9",
        ["P5"],
        "§6 Obelisk A",
        "White, black, white: white's stack 2, black's 1.",
        doc,
        records[:cut],
        {"state": {"obelisk": [2, 1, 0, 0]}},
    )

    # X11: Pyramid B: brown, black, brown to the middle pyramid; white to the left one.
    bdoc, bstate = start(FOUR, {"sides": {"pyramid": "B"}})
    places = [{"type": "place_pyramid", "pyramid": p} for p in (1, 1, 1, 0)]
    plan = [
        (0, "pyramid", [B, K, B, W]),
        (1, "burial", [K, K, None]),
        (2, "obelisk", [B, None]),
        (3, "temple", [G]),
    ]
    records, _ = play_round(bstate, [4, 3, 2, 1], REVEALS, plan, places)
    cut = (
        next(i for i, r in enumerate(records) if r["type"] == "place_pyramid" and r["pyramid"] == 0)
        + 1
    )
    write(
        "X11",
        ["V2"],
        "§7 Pyramid B",
        "Owner's choice of pyramid; points unknown, so unchecked (G5).",
        bdoc,
        records[:cut],
        {
            "state": {"pyramids_b": [[W], [B, K, B], []]},
            "unchecked": [
                "Pyramid B pyramid 2 space 1 points",
                "Pyramid B pyramid 1 space 1 points",
            ],
        },
    )

    # X12: Temple B round end; visible gray, brown, white, white, black (columns 1-5).
    tdoc, tstate = start(FOUR, {"sides": {"temple": "B"}})
    end1 = [{"type": "temple_reward", "bonus": b} for b in (1, 2, 1, 3)] + [
        {"type": "draw", "card": "chisel"}
    ]
    r1 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (0, "temple", [G, B, W, W]),
            (1, "burial", [K, K, None]),
            (2, "obelisk", [B, None]),
            (3, "market", [G]),
        ],
        [{"type": "take", "card": "statue"}] + end1,
    )
    end2 = [
        {"type": "temple_reward", "bonus": 1, "take": 1, "by": "gray"},
        {"type": "temple_reward", "bonus": 2, "by": "brown"},
        {"type": "temple_reward", "bonus": 1, "by": "white"},
        {"type": "temple_reward", "bonus": 3, "by": "white"},
        {"type": "draw", "card": "hammer"},
        {"type": "temple_reward", "bonus": 1, "by": "black"},
    ]
    r2 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (3, "temple", [K]),
            (2, "burial", [W, None]),
            (1, "obelisk", [K, B, None]),
            (0, "market", [W, K, B, None]),
        ],
        [{"type": "take", "card": "statue"}] * 3 + end2,
    )
    records, after, marks = rounds(tstate, r1, r2)
    first = next(i for i in range(marks[0], len(records)) if records[i]["type"] == "temple_reward")
    write(
        "X12",
        ["V3", "K1"],
        "§7 Temple B",
        "Gray takes stones (1: the sled has 4), brown +2, white +1 then draws, black +1.",
        tdoc,
        records,
        {
            "delta": {"from": first, "score": [1, 1, 2, 0], "sled": [0, 0, 0, 1]},
            "state": {"temple": [G, B, W, W, K]},
        },
    )

    # X14: Obelisk B: a brown obelisk stands on 10, white has 2 waiting; black, white, gray arrive.
    odoc, ostate = start(FOUR, {"sides": {"obelisk": "B"}})
    r1 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (1, "obelisk", [B, B, B]),
            (0, "burial", [W, K, G, None]),
            (2, "temple", [K, None]),
            (3, "market", [G]),
        ],
        [{"type": "take", "card": "statue"}],
    )
    r2 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (2, "obelisk", [W, W]),
            (0, "burial", [K, B, G, None]),
            (1, "temple", [K, B, None]),
            (3, "market", [G]),
        ],
        [{"type": "take", "card": "statue"}],
    )
    r3 = (
        [4, 3, 2, 1],
        ["statue", "statue", "sail", "sail"],
        [
            (1, "obelisk", [K, W, G]),
            (0, "burial", [K, B, G, None]),
            (2, "temple", [B, None]),
            (3, "market", [G]),
        ],
        [{"type": "take", "card": "statue"}],
    )
    records, _, marks = rounds(ostate, r1, r2, r3)
    cut = next(i for i in range(marks[1], len(records)) if records[i].get("site") == "obelisk") + 1
    write(
        "X14",
        ["V5"],
        "§7 Obelisk B",
        "White's third waiting stone erects an obelisk on 9: +9 at once.",
        odoc,
        records[:cut],
        {
            "delta": {"from": cut - 1, "score": [9, 0, 0, 0]},
            "state": {"obelisks_b": [[B, 10], [W, 9]], "obelisk": [0, 1, 0, 1]},
        },
    )

    # D5: Temple A with 2 players (W = 4), 6 stones: 4 visible points.
    two = ["ann", "bob"]
    ddoc, dstate = start(two)
    A, Bo = 0, 1
    r1 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (0, "temple", [A, A, Bo, Bo]),
            (1, "burial", [A, Bo, None]),
            (2, "obelisk", [Bo, None]),
            (3, "market", [A]),
        ],
        [{"type": "take", "card": "statue"}],
    )
    r2 = (
        [4, 3, 2, 1],
        REVEALS,
        [
            (2, "temple", [Bo, A]),
            (1, "burial", [A, Bo, None]),
            (3, "obelisk", [Bo]),
            (0, "market", [A, Bo, A, None]),
        ],
        [{"type": "take", "card": "statue"}] * 3,
    )
    records, _, marks = rounds(dstate, r1, r2)
    write(
        "D5",
        ["P3", "S3", "L9"],
        "derived",
        "2p, W=4, 6 stones: visible n=5,6 (level 2) and n=3,4: 4 points.",
        ddoc,
        records,
        {"delta": {"from": marks[0], "score": [1, 3]}, "state": {"temple": [A, A, Bo, Bo, Bo, A]}},
    )

    # D7: 3 players A, B, C; B sails the 4th ship, so C starts round 2.
    three = ["A", "B", "C"]
    tdoc3, state3 = start(three)
    plan = [
        (0, "burial", [0, 1, 2, None]),
        (1, "obelisk", [1, 2, None]),
        (2, "temple", [0, None]),
        (3, "pyramid", [2], 1),
    ]
    records, after = play_round(state3, [4, 3, 2, 1], REVEALS, plan)
    assert after.last_sailer == 1
    write(
        "D7",
        ["F6"],
        "derived",
        "B sailed the 4th ship: the player to B's left, C, starts round 2.",
        tdoc3,
        records,
        {"state": {"start_seat": 2, "round": 1, "phase": "ships"}},
    )


if __name__ == "__main__":
    main()
