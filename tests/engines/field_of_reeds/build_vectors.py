# ruff: noqa: E501 - one vector per line reads best
"""Writes vectors/*.json: every worked example (X) and FAQ answer (Q) of the reference.

Run ``.venv/bin/python tests/engines/field_of_reeds/build_vectors.py`` after editing; the
JSON files are the test data (test_vectors.py reads only them). Kinds:
``fn`` (a scoring function), ``sheet`` (a score sheet document), ``log`` (a move log; an
optional ``prelude`` deals and picks so each seat holds the given hand in the first action
phase; expected violation indexes count from the first move after the prelude).
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).parent / "vectors"


def card(colour, value, **effects):
    attribute = colour if isinstance(colour, list) else [colour]
    return {"attribute": attribute, "value": value, **effects}


def step(space, colour=None, cost=None, resource="none", **extra):
    out = {"space": space, "resource": resource}
    if colour:
        out["colour"] = colour
    if cost is not None:
        out["cost"] = cost
    out.update(extra)
    return out


def play(seat, cards, path=(), **extra):
    cards = [c if isinstance(c, dict) else {"id": c} for c in cards]
    return {"type": "play", "seat": seat, "cards": cards, "path": list(path), **extra}


def pass_(seat, **extra):
    return {"type": "pass", "seat": seat, **extra}


def sheet_level(reached, distance=None, points=0, **djeds):
    row = {
        "reached": reached,
        "points": points,
        "djeds": {k: v for k, v in djeds.items() if k != "black_to"},
    }
    if distance is not None:
        row["distance"] = distance
    if "black_to" in djeds:
        row["black_to"] = djeds["black_to"]
    return row


def sheet_player(levels, shabti=0):
    return {"levels": levels, "shabti": shabti}


# A player who reached every watcher space with the fewest Djeds entry allows (L11: 2 on
# level 1, 3 on level 2, none on level 3): sheet (2, 2, 1) after level 2; 18 points in all
# (1 + 2+2 + 3+2 + 4+4).
ARRIVE_ALL = [
    sheet_level(True, red=1, blue=1),
    sheet_level(True, red=1, blue=1, yellow=1),
    sheet_level(True),
]
VECTORS: list[dict] = []


def vec(id_, rule, title, **body):
    VECTORS.append({"id": id_, "rule": f"field_of_reeds:{rule}", "title": title, **body})


# --- X1 draft ---------------------------------------------------------------------------------
deal = {"type": "deal", "packets": [[f"a{i}" for i in range(7)], [f"b{i}" for i in range(7)]]}
round1 = [
    deal,
    {"type": "pick", "seat": 1, "card": "a6"},
    {"type": "pick", "seat": 2, "card": "b0"},
    pass_(1),
    pass_(2),
]
vec(
    "X1-right-end",
    "X1",
    "A takes the right end; B then chooses between the new ends a0 and a5",
    kind="log",
    moves=[*round1, {"type": "pick", "seat": 2, "card": "a5"}],
    expect={"players": {"2": {"hand": ["b0", "a5"]}}},
)
vec(
    "X1-left-end",
    "X1",
    "the old left end is still an end card",
    kind="log",
    moves=[*round1, {"type": "pick", "seat": 2, "card": "a0"}],
    expect={"players": {"2": {"hand": ["b0", "a0"]}}},
)
vec(
    "X1-inner",
    "M1",
    "an inner card cannot be taken",
    kind="log",
    moves=[*round1, {"type": "pick", "seat": 2, "card": "a3"}],
    expect={"violation": {"code": "inner_card", "rule": "field_of_reeds:M1", "index": 5}},
)
vec(
    "X1-unchanged-order",
    "L9",
    "packets pass left in unchanged order",
    kind="log",
    moves=round1,
    expect={
        "players": {
            "2": {"packet": ["a0", "a1", "a2", "a3", "a4", "a5"]},
            "1": {"packet": ["b1", "b2", "b3", "b4", "b5", "b6"]},
        }
    },
)

# --- X2 attribute gain ----------------------------------------------------------------------------
F = {"r2": card("red", 2), "y1": card("yellow", 1), "b2": card("blue", 2)}
vec(
    "X2-one-card",
    "X2",
    "a red 2 card pays two red spaces",
    kind="log",
    prelude={"hands": [["r2"], ["y1"]], "facts": F},
    moves=[play(1, ["r2"], [step("s1", "red", ["red"]), step("s2", "red", ["red"])])],
    expect={"players": {"1": {"space": "s2"}}},
)
vec(
    "X2-two-cards",
    "X2",
    "red 2 and yellow 1 add up to red 2 + yellow 1",
    kind="log",
    prelude={"hands": [["r2", "y1"], ["x", "z"]], "facts": F},
    moves=[
        play(
            1,
            ["r2", "y1"],
            [
                step("s1", "red", ["red"]),
                step("s2", "yellow", ["yellow"]),
                step("s3", "red", ["red"]),
            ],
        )
    ],
    expect={"players": {"1": {"space": "s3"}}},
)
vec(
    "X2-not-more",
    "X2",
    "red 2 cannot pay a third red icon",
    kind="log",
    prelude={"hands": [["r2"], ["y1"]], "facts": F},
    moves=[play(1, ["r2"], [step("s1", "red", ["red"]), step("s2", "red", ["red", "red"])])],
    expect={"violation": {"code": "cannot_pay_space", "rule": "field_of_reeds:M14", "index": 0}},
)

# --- X3 multi-icon space, leftover allowed when nothing can be entered ------------------------------------
x3_hands = {"hands": [["r2", "y1"], ["x", "z"]], "facts": F}
vec(
    "X3-leftover",
    "X3",
    "pay red 1 + yellow 1 into the yellow space; red 1 left, nothing enterable",
    kind="log",
    prelude=x3_hands,
    moves=[
        play(
            1,
            ["r2", "y1"],
            [step("ex2", "yellow", ["yellow", "red"])],
            stop_neighbours=[step("n1", "blue", ["blue"]), step("n2", "yellow", ["yellow"])],
        )
    ],
    expect={"players": {"1": {"space": "ex2"}}},
)
vec(
    "X3-must-use",
    "M15",
    "the same stop is illegal if a neighbour costs red 1",
    kind="log",
    prelude=x3_hands,
    moves=[
        play(
            1,
            ["r2", "y1"],
            [step("ex2", "yellow", ["yellow", "red"])],
            stop_neighbours=[step("n1", "red", ["red"])],
        )
    ],
    expect={"violation": {"code": "must_keep_moving", "rule": "field_of_reeds:M15", "index": 0}},
)

# --- X4 / Q5 black icons ----------------------------------------------------------------------------
for other in ("red", "blue", "yellow"):
    F4 = {"y": card("yellow", 1), "o": card(other, 1)}
    vec(
        f"X4-{other}",
        "X4",
        f"yellow 1 + black paid with {other}",
        kind="log",
        prelude={"hands": [["y", "o"], ["x", "z"]], "facts": F4},
        moves=[
            play(1, ["y", "o"], [step("s1", "yellow", ["yellow", "black"])], stop_neighbours=[])
        ],
        expect={"players": {"1": {"space": "s1"}}},
    )
vec(
    "Q5-black-any",
    "Q5",
    "a black cost accepts any attribute (blue 2 pays black + black)",
    kind="log",
    prelude={"hands": [["b2"], ["y1"]], "facts": F},
    moves=[play(1, ["b2"], [step("s1", "black", ["black", "black"])])],
    expect={"players": {"1": {"space": "s1"}}},
)
vec(
    "X4-needs-yellow",
    "X4",
    "the yellow icon still needs yellow",
    kind="log",
    prelude={"hands": [["r2"], ["y1"]], "facts": F},
    moves=[play(1, ["r2"], [step("s1", "yellow", ["yellow", "black"])])],
    expect={"violation": {"code": "cannot_pay_space", "rule": "field_of_reeds:M14", "index": 0}},
)

# --- X5 must keep moving -----------------------------------------------------------------------------
F5 = {"y1": card("yellow", 1), "b2": card("blue", 2), "w": card("red", 1)}
x5_pre = {"hands": [["y1", "b2"], ["w", "z"]], "facts": F5}
to_1 = [play(1, ["y1"], [step("p1", "yellow", ["yellow"])], stop_neighbours=[]), pass_(1), pass_(2)]
vec(
    "X5-stop-illegal",
    "X5",
    "blue 2: stopping on the blue space 2 with blue 1 left is illegal",
    kind="log",
    prelude=x5_pre,
    moves=[
        *to_1,
        {"type": "pick", "seat": 1, "card": "f0-2"},
        {"type": "pick", "seat": 2, "card": "f1-2"},
        play(
            1,
            ["b2"],
            [step("p2", "blue", ["blue"])],
            stop_neighbours=[step("p3", "blue", ["blue"])],
        ),
    ],
    expect={"violation": {"code": "must_keep_moving", "rule": "field_of_reeds:M15", "index": 5}},
)
vec(
    "X5-continue",
    "X5",
    "continuing to space 3 is legal",
    kind="log",
    prelude=x5_pre,
    moves=[
        *to_1,
        {"type": "pick", "seat": 1, "card": "f0-2"},
        {"type": "pick", "seat": 2, "card": "f1-2"},
        play(1, ["b2"], [step("p2", "blue", ["blue"]), step("p3", "blue", ["blue"])]),
    ],
    expect={"players": {"1": {"space": "p3"}}},
)
vec(
    "V2-free-stop",
    "V2",
    "beginner rule 2 lifts M15: stopping on space 2 is legal",
    kind="log",
    options={"beginner_free_stop": True},
    prelude=x5_pre,
    moves=[
        *to_1,
        {"type": "pick", "seat": 1, "card": "f0-2"},
        {"type": "pick", "seat": 2, "card": "f1-2"},
        play(
            1,
            ["b2"],
            [step("p2", "blue", ["blue"])],
            stop_neighbours=[step("p3", "blue", ["blue"])],
        ),
    ],
    expect={"players": {"1": {"space": "p2"}}},
)

# --- X6 / Q8 simultaneous cost ------------------------------------------------------------------------
F6 = {"y": card("yellow", 1, gain_shabti=1), "b": card("blue", 1, cost_shabti=1)}
for id_, rule in (("X6", "X6"), ("Q8", "Q8")):
    vec(
        f"{id_}-cost-first",
        rule,
        "with 0 shabti the yellow card's shabti cannot pay the blue card",
        kind="log",
        prelude={"hands": [["y", "b"], ["x", "z"]], "facts": F6},
        moves=[
            play(1, ["y", "b"], [step("s1", "yellow", ["yellow"]), step("s2", "blue", ["blue"])])
        ],
        expect={
            "violation": {"code": "cannot_pay_shabti", "rule": "field_of_reeds:L4", "index": 0}
        },
    )
vec(
    "X6-alone",
    "X6",
    "the yellow card alone is legal and gains 1 shabti at the end",
    kind="log",
    prelude={"hands": [["y", "b"], ["x", "z"]], "facts": F6},
    moves=[play(1, ["y"], [step("s1", "yellow", ["yellow"])], stop_neighbours=[])],
    expect={"players": {"1": {"shabti": 1, "space": "s1"}}},
)

# --- X7 / X8 / X9 / Q15 order of effects ------------------------------------------------------------------------
F7 = {
    "y1": card("yellow", 1),
    "bl": card("blue", 1),
    "rd": card("red", 1, djed_before=1),
    "w": card("red", 1),
}
x7_pre = {"hands": [["y1", "bl"], ["w", "z"]], "facts": F7}
vec(
    "X7-before-move-djed",
    "X7",
    "the before-move Djed goes on the space left, not the blue space reached",
    kind="log",
    prelude={"hands": [["y1", "bl"], ["w", "z"]], "facts": F7, "later": [["rd"], []]},
    moves=[
        *to_1,
        {"type": "pick", "seat": 1, "card": "rd"},
        {"type": "pick", "seat": 2, "card": "f1-2"},
        play(
            1,
            ["bl", "rd"],
            [step("p2", "blue", ["blue"])],
            stop_neighbours=[step("p9", "red", ["red", "red"])],
        ),
    ],
    expect={"djeds": {"p1": 1}, "no_djeds": ["p2"], "players": {"1": {"space": "p2"}}},
)
vec(
    "M7-one-play",
    "L1",
    "god cards are played once per action phase (a second play is illegal)",
    kind="log",
    prelude={"hands": [["y1", "bl"], ["w", "z"]], "facts": F7},
    moves=[
        play(1, ["bl"], [step("p2", "blue", ["blue"])], stop_neighbours=[]),
        play(1, ["y1"], [step("p3", "yellow", ["yellow"])]),
    ],
    expect={"violation": {"code": "second_play", "rule": "field_of_reeds:L1", "index": 1}},
)
F8 = {
    "y1": card("yellow", 1),
    "c8": card(["blue", "red"], 1, cost_shabti=1, djed_before=1),
    "d8": card("red", 1, cost_shabti=1, djed_after=1),
}


def x8(resource, expect, note):
    return dict(
        kind="log",
        options={"beginner_shabti": True},
        prelude={
            "hands": [["y1", "c8"], ["w", "z"]],
            "facts": {**F8, "w": card("red", 1)},
            "later": [["d8"], []],
        },
        moves=[
            play(
                1, ["y1"], [step("p1", "yellow", ["yellow"], resource=resource)], stop_neighbours=[]
            ),
            pass_(1),
            pass_(2),
            {"type": "pick", "seat": 1, "card": "d8"},
            {"type": "pick", "seat": 2, "card": "f1-2"},
            play(
                1,
                [{"id": "c8", "choose": "blue"}, "d8"],
                [step("p2", "blue", ["blue"]), step("p3", "red", ["red"])],
                stop_neighbours=[],
            ),
        ],
        expect=expect,
        note=note,
    )


vec(
    "X8-paid",
    "X8",
    "2 shabti paid, blue 1 + red 1, Djed before on the yellow space, after on the final red space",
    **x8(
        "shabti",
        {"djeds": {"p1": 1, "p3": 1}, "players": {"1": {"shabti": 0, "space": "p3"}}},
        "seat 1 starts with 1 shabti (V1) and gains 1 on the shabti space p1 at round end (M19)",
    ),
)
vec(
    "X8-unpaid",
    "L4",
    "with only 1 shabti the same 2-shabti play is refused",
    **x8(
        "none",
        {"violation": {"code": "cannot_pay_shabti", "rule": "field_of_reeds:L4", "index": 5}},
        "V1 gives 1 shabti only",
    ),
)
F9 = {
    "y1": card("yellow", 1),
    "c9": card(["blue", "red"], 1, cost_shabti=1, djed_before=1, gain_shabti=1),
    "e9": card("red", 1),
}
vec(
    "X9-full-play",
    "X9",
    "shabti 1, cost 1, before-move Djed, gain 1 shabti at the end: ends with 1",
    kind="log",
    options={"beginner_shabti": True},
    prelude={
        "hands": [["y1", "c9"], ["w", "z"]],
        "facts": {**F9, "w": card("red", 1)},
        "later": [["e9"], []],
    },
    moves=[
        play(1, ["y1"], [step("p1", "yellow", ["yellow"])], stop_neighbours=[]),
        pass_(1),
        pass_(2),
        {"type": "pick", "seat": 1, "card": "e9"},
        {"type": "pick", "seat": 2, "card": "f1-2"},
        play(
            1,
            [{"id": "c9", "choose": "blue"}, "e9"],
            [step("p2", "blue", ["blue"]), step("p3", "red", ["red"])],
            stop_neighbours=[],
        ),
    ],
    expect={"djeds": {"p1": 1}, "no_djeds": ["p3"], "players": {"1": {"shabti": 1}}},
)

# --- X10 / Q7 / Q9 hand limit ---------------------------------------------------------------------------------
x10 = {"hands": [["h1", "h2", "h3"], ["k1", "k2", "k3"]], "facts": {}}
vec(
    "X10-over-limit",
    "X10",
    "3 god cards at the end of the phase on level 1: discard 1",
    kind="log",
    prelude=x10,
    moves=[pass_(1)],
    expect={"violation": {"code": "hand_limit", "rule": "field_of_reeds:L2", "index": 0}},
)
vec(
    "X10-discard",
    "Q7",
    "the excess card goes to the played-card area",
    kind="log",
    prelude=x10,
    moves=[pass_(1, discard=["h1"])],
    expect={"players": {"1": {"hand": ["h2", "h3"], "played": ["h1"]}}},
)
vec(
    "X10-udjat",
    "X10",
    "or discard 2 for an Udjat eye card: hand 1, 1 Udjat",
    kind="log",
    prelude=x10,
    moves=[{"type": "udjat_take", "seat": 1, "discard": ["h1", "h2"]}, pass_(1)],
    expect={"players": {"1": {"hand": ["h3"], "udjat": 1, "played": ["h1", "h2"]}}},
)
vec(
    "Q9-udjat-not-counted",
    "Q9",
    "Udjat eye cards do not count towards the hand limit",
    kind="log",
    prelude=x10,
    moves=[
        {"type": "udjat_take", "seat": 1, "discard": ["h1", "h2"]},
        pass_(1),
        pass_(2, discard=["k1"]),
    ],
    expect={"players": {"1": {"hand": ["h3"], "udjat": 1}}, "phase": "pick"},
)
vec(
    "L2-no-early-check",
    "L2",
    "no check at card acquisition: 3 cards in hand is fine until the phase ends",
    kind="log",
    prelude=x10,
    moves=[],
    expect={"players": {"1": {"hand": ["h1", "h2", "h3"]}}, "phase": "action"},
)

# --- X11 / X16 / Q11 / Q16 Djed bonus ----------------------------------------------------------------------------
for id_, level, sheet, points in (
    ("X11-L1", 1, [2, 1, 0], 3),
    ("X11-L2a", 2, [3, 2, 0], 4),
    ("X11-L2b", 2, [6, 3, 1], 13),
    ("X11-L3a", 3, [4, 3, 1], 4),
    ("X11-L3b", 3, [4, 3, 3], 12),
    ("X14", 2, [6, 0, 0], 10),
    ("Q16-five", 2, [5, 0, 0], 10),
    ("Q16-ten", 2, [10, 0, 0], 10),
    ("X16-four-sets", 3, [4, 4, 4], 16),
    ("X16-fifth-useless", 3, [5, 4, 3], 12),
    ("G6-four-unknown", 2, [4, 0, 0], None),
):
    rule = {
        "X14": "X14",
        "X16-four-sets": "X16",
        "X16-fifth-useless": "Q11",
        "G6-four-unknown": "G6",
    }.get(id_, id_.split("-")[0][:3])
    vec(
        id_,
        rule if rule != "Q16" else "Q16",
        f"level {level} Djed bonus of {sheet}",
        kind="fn",
        fn="djed_bonus",
        args={"level": level, "sheet": sheet},
        expect=points,
    )

# --- X12 black space -----------------------------------------------------------------------------------------
vec(
    "X12-black-to-yellow",
    "X12",
    "level 2: red 1 + yellow 2 fixed, one black Djed goes to yellow (3 points beats 2)",
    kind="fn",
    fn="best_black_assignment",
    args={"level": 2, "fixed": [1, 0, 2], "black": 1},
    expect=[0, 0, 1],
)
vec(
    "X12-sheet",
    "S3",
    "the same on a score sheet: the black Djed is assigned to yellow",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(
                [
                    sheet_level(True, blue=1, yellow=1),
                    sheet_level(True, red=1, yellow=1, black=1),
                    sheet_level(True),
                ]
            ),
            sheet_player([sheet_level(False, 1), sheet_level(False, 1), sheet_level(False, 1)]),
        ]
    },
    expect={"breakdown": {"1": {"l1_djed": 2, "l2_djed": 3}}},
)
vec(
    "X12-judge-choice",
    "S3",
    "a recorded choice wins over best advantage",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(
                [
                    sheet_level(True, blue=1, yellow=1),
                    sheet_level(True, red=1, yellow=1, black=1, black_to={"red": 1}),
                    sheet_level(True),
                ]
            ),
            sheet_player([sheet_level(False, 1), sheet_level(False, 1), sheet_level(False, 1)]),
        ]
    },
    expect={"breakdown": {"1": {"l2_djed": 2}}},
)

# --- X13 penalty -------------------------------------------------------------------------------------------
for d, p in ((1, 0), (2, -1), (3, -3), (4, None)):
    vec(
        f"X13-{d}-short",
        "X13" if d < 4 else "G7",
        f"{d} spaces short",
        kind="fn",
        fn="movement_penalty",
        args={"distance": d},
        expect=p,
    )
vec(
    "X13-sheet",
    "S5",
    "bonus for arrival, 0/-1/-3 for 1/2/3 spaces short, floor 0",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(ARRIVE_ALL),
            sheet_player([sheet_level(False, 1), sheet_level(False, 2), sheet_level(False, 3)]),
            sheet_player([sheet_level(False, 3), sheet_level(False, 2), sheet_level(False, 2)]),
        ]
    },
    players=3,
    expect={
        "totals": [18, 0, 0],
        "breakdown": {
            "1": {"l1_arrival": 2, "l2_arrival": 3, "l3_arrival": 4},
            "2": {"l1_penalty": 0, "l2_penalty": -1, "l3_penalty": 0},
            "3": {"l1_penalty": -1, "l2_penalty": 0, "l3_penalty": 0},
        },
    },
)
vec(
    "S5-unknown-penalty",
    "G7",
    "4 spaces short: the penalty is not printed -> unchecked, never a guess",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(ARRIVE_ALL),
            sheet_player([sheet_level(False, 4), sheet_level(False, 1), sheet_level(False, 1)]),
        ]
    },
    expect={"breakdown": {"2": {"l1_penalty": None}}, "unchecked_min": 1},
)

# --- X15 / Q2 / Q4 shabti space ------------------------------------------------------------------------------
FQ = {"a": card("red", 1), "b": card("red", 1), "c": card("red", 2), "d": card("red", 1)}
vec(
    "Q2-shabti-everyone",
    "Q2",
    "every player on the shabti space at round end gains 1, then it is empty",
    kind="log",
    prelude={"hands": [["a", "c"], ["b", "d"]], "facts": FQ},
    moves=[
        play(1, ["a"], [step("sh", "red", ["red"], resource="shabti")], stop_neighbours=[]),
        pass_(1),
        play(2, ["b"], [step("sh", "red", ["red"], resource="shabti")], stop_neighbours=[]),
        pass_(2),
        {"type": "pick", "seat": 1, "card": "f0-2"},
        {"type": "pick", "seat": 2, "card": "f1-2"},
        pass_(1),
        pass_(2),
    ],
    expect={"players": {"1": {"shabti": 1}, "2": {"shabti": 1}}, "phase": "pick"},
)
vec(
    "X15-round-end",
    "X15",
    "the shabti comes at round end, not on entering",
    kind="log",
    prelude={"hands": [["a", "c"], ["b", "d"]], "facts": FQ},
    moves=[
        play(1, ["a"], [step("sh", "red", ["red"], resource="shabti")], stop_neighbours=[]),
        pass_(1),
    ],
    expect={"players": {"1": {"shabti": 0}}},
)
vec(
    "Q4-passing-through",
    "Q4",
    "passing through a shabti space gives nothing",
    kind="log",
    prelude={"hands": [["c", "a"], ["b", "d"]], "facts": FQ},
    moves=[
        play(
            1,
            ["c"],
            [step("sh", "red", ["red"], resource="shabti"), step("s2", "red", ["red"])],
            stop_neighbours=[],
        ),
        pass_(1),
        pass_(2, discard=[]),
    ],
    expect={"players": {"1": {"shabti": 0, "space": "s2"}}},
)

# --- Q3 Djed resource --------------------------------------------------------------------------------------
vec(
    "Q3-first-only",
    "Q3",
    "only the first player ending a phase on a Djed space places a Djed",
    kind="log",
    prelude={"hands": [["a", "c"], ["b", "d"]], "facts": FQ},
    moves=[
        play(1, ["a"], [step("dj", "red", ["red"], resource="djed")], stop_neighbours=[]),
        pass_(1, djed_resource=True),
        play(2, ["b"], [step("dj", "red", ["red"], resource="djed")], stop_neighbours=[]),
        pass_(2, djed_resource=True),
    ],
    expect={"violation": {"code": "no_djed_resource", "rule": "field_of_reeds:M18", "index": 3}},
)
vec(
    "M18-placed",
    "M18",
    "the Djed resource space takes the first player's Djed",
    kind="log",
    prelude={"hands": [["a", "c"], ["b", "d"]], "facts": FQ},
    moves=[
        play(1, ["a"], [step("dj", "red", ["red"], resource="djed")], stop_neighbours=[]),
        pass_(1, djed_resource=True),
    ],
    expect={"djeds": {"dj": 1}},
)

# --- Q1 play without moving ------------------------------------------------------------------------------------
FQ1 = {"g": card("yellow", 1, gain_shabti=1), "x1": card("red", 1)}
vec(
    "Q1-no-move-possible",
    "Q1",
    "a card may be played only for its resource when no space can be entered",
    kind="log",
    prelude={"hands": [["g"], ["x1"]], "facts": FQ1},
    moves=[
        play(
            1,
            ["g"],
            [],
            stop_neighbours=[step("n1", "red", ["red"]), step("n2", "blue", ["blue", "blue"])],
        ),
        pass_(1),
    ],
    expect={"players": {"1": {"shabti": 1, "space": "start"}}},
)
vec(
    "Q1-must-move",
    "Q1",
    "if the leftover can enter a space, the player must move",
    kind="log",
    prelude={"hands": [["g"], ["x1"]], "facts": FQ1},
    moves=[play(1, ["g"], [], stop_neighbours=[step("n1", "yellow", ["yellow"])])],
    expect={"violation": {"code": "must_keep_moving", "rule": "field_of_reeds:M15", "index": 0}},
)

# --- Q6 return to a start space ---------------------------------------------------------------------------------
vec(
    "Q6-back-to-start",
    "Q6",
    "after leaving the start space a piece may return by paying its cost",
    kind="log",
    prelude={"hands": [["c"], ["b"]], "facts": FQ},
    moves=[
        play(
            1, ["c"], [step("s1", "red", ["red"]), step("start", cost=["red"])], stop_neighbours=[]
        )
    ],
    expect={"players": {"1": {"space": "start"}}},
    note="level 1: the start cost icon is lost (G4), so the judge logs it; Q6's level-2 case is tested in test_rules.py",
)

# --- Q10 shabti unlimited, Q18 ties ---------------------------------------------------------------------------------
vec(
    "Q10-shabti-unlimited",
    "Q10",
    "more than the 20 shabti pieces is fine",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(ARRIVE_ALL, shabti=25),
            sheet_player(ARRIVE_ALL, shabti=0),
        ]
    },
    expect={"ranks": [1, 2], "totals": [18, 18]},
)
vec(
    "Q18-djeds-first",
    "Q18",
    "equal points: more Djeds wins, before shabti",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(ARRIVE_ALL, shabti=5),  # 5 Djeds
            sheet_player(  # 6 Djeds; the card costs even out the larger Djed bonuses
                [
                    sheet_level(True, red=1, blue=1, yellow=1, points=-1),
                    sheet_level(True, red=1, blue=1, yellow=1, points=-1),
                    sheet_level(True, points=-4),
                ],
                shabti=0,
            ),
        ]
    },
    expect={"totals": [18, 18], "ranks": [2, 1]},
)
vec(
    "T2-shared-win",
    "T2",
    "equal points, Djeds and shabti: both win",
    kind="sheet",
    sheet={
        "players": [
            sheet_player(ARRIVE_ALL, shabti=2),
            sheet_player(ARRIVE_ALL, shabti=2),
        ]
    },
    expect={"ranks": [1, 1]},
)

# --- Q12 X-1 on level 1 ------------------------------------------------------------------------------------
FQ12 = {"xm": card("red", "X-1", gain_shabti=1), "xx": card("red", "X")}
vec(
    "Q12-zero-value",
    "Q12",
    "X-1 on level 1 is 0: playable, but it pays nothing",
    kind="log",
    prelude={"hands": [["xm"], ["xx"]], "facts": FQ12},
    moves=[play(1, ["xm"], [step("s1", "red", ["red"])])],
    expect={"violation": {"code": "cannot_pay_space", "rule": "field_of_reeds:M14", "index": 0}},
)
vec(
    "Q12-playable",
    "Q12",
    "played for its effect alone",
    kind="log",
    prelude={"hands": [["xm"], ["xx"]], "facts": FQ12},
    moves=[play(1, ["xm"]), pass_(1)],
    expect={"players": {"1": {"shabti": 1}}},
)
vec(
    "M12-X-value",
    "M12",
    "X is the level number: 1 red on level 1",
    kind="log",
    prelude={"hands": [["xm"], ["xx"]], "facts": FQ12},
    moves=[
        pass_(1),
        play(2, ["xx"], [step("s1", "red", ["red"])], stop_neighbours=[step("s2", "red", ["red"])]),
    ],
    expect={"players": {"2": {"space": "s1"}}},
)

# --- Q13 / Q14 / Q15 X+1 --------------------------------------------------------------------------------------
FX = {
    "y1": card("yellow", 1),
    "xp": card("blue", "X+1"),
    "dj": card("red", 1, djed_before=1),
    "w": card("red", 1),
}
vec(
    "Q14-not-on-start",
    "Q14",
    "an X+1 card cannot be used on the start space",
    kind="log",
    prelude={"hands": [["xp"], ["w"]], "facts": FX},
    moves=[play(1, ["xp"], [], go_back_to=step("start"))],
    expect={"violation": {"code": "go_back_on_start", "rule": "field_of_reeds:M20", "index": 0}},
)
FX_PRE = {"hands": [["y1", "xp"], ["w", "z"]], "facts": FX, "later": [["dj"], []]}
xp_base = [
    *to_1,
    {"type": "pick", "seat": 1, "card": "dj"},
    {"type": "pick", "seat": 2, "card": "f1-2"},
]
vec(
    "Q13-back-to-start",
    "Q13",
    "X+1 may take the piece back to the start; from there any connected triangle",
    kind="log",
    prelude=FX_PRE,
    moves=[
        *xp_base,
        play(
            1,
            ["xp"],
            [step("t9", "blue", ["blue"]), step("t10", "blue", ["blue"])],
            go_back_to=step("start"),
            stop_neighbours=[],
        ),
    ],
    expect={"players": {"1": {"space": "t10"}}},
)
vec(
    "Q15-djed-then-back",
    "Q15",
    "X+1 with a before-move Djed: the Djed first, on the space before going back",
    kind="log",
    prelude=FX_PRE,
    moves=[
        *xp_base,
        play(
            1,
            ["xp", "dj"],
            [
                step("t9", "blue", ["blue"]),
                step("t10", "blue", ["blue"]),
                step("t11", "red", ["red"]),
            ],
            go_back_to=step("start"),
            stop_neighbours=[],
        ),
    ],
    expect={"djeds": {"p1": 1}, "players": {"1": {"space": "t11"}}},
)

# --- L7 / M16 / M17 watcher and Djeds -------------------------------------------------------------------------------
FW = {
    "d1": card("red", 1, djed_after=1),
    "d2": card("red", 1, djed_after=1),
    "d3": card("red", 2),
    "m": card("red", 1),
    "w": card("red", 1),
}
one_djed = [
    play(1, ["d1"], [step("u1", "red", ["red"])], stop_neighbours=[]),
    pass_(1),
    pass_(2),
    {"type": "pick", "seat": 1, "card": "d3"},
    {"type": "pick", "seat": 2, "card": "f1-2"},
]
vec(
    "L11-watcher-needs-djeds",
    "L11",
    "level 1: entering the watcher needs 2 own Djeds on the board",
    kind="log",
    prelude={"hands": [["d1", "m"], ["w", "z"]], "facts": FW, "later": [["d3"], []]},
    moves=[*one_djed, play(1, ["d3"], [step("u2", "red", ["red"]), step("watcher", cost=["red"])])],
    expect={"violation": {"code": "watcher_condition", "rule": "field_of_reeds:L11", "index": 5}},
)
vec(
    "M17-watcher",
    "M17",
    "with 2 Djeds the watcher can be entered; movement ends there (G8) and the round ends in scoring",
    kind="log",
    prelude={"hands": [["d1", "d2"], ["w", "z"]], "facts": FW, "later": [["d3"], []]},
    moves=[
        *one_djed,
        play(1, ["d2"], [step("u2", "red", ["red"])], stop_neighbours=[]),
        pass_(1),
        pass_(2, discard=["w"]),
        {"type": "pick", "seat": 1, "card": "f1-3"},
        {"type": "pick", "seat": 2, "card": "f0-3"},
        play(1, ["d3"], [step("watcher", cost=["red"])]),
        pass_(1, discard=[]),
        pass_(2, discard=["z"]),
    ],
    expect={
        "djeds": {"u1": 1, "u2": 1},
        "players": {"1": {"space": "watcher", "reached": True}},
        "phase": "score",
    },
    note="red 2 pays the red-1 watcher cost (logged: the printed level-1 cost is lost, G4); red 1 is left but movement ends on the watcher (G8)",
)
vec(
    "M17-condition-at-move",
    "M17",
    "a Djed placed before moving counts for the watcher condition",
    kind="log",
    prelude={
        "hands": [["d1", "m"], ["w", "z"]],
        "facts": {**FW, "d3": card("red", 1, djed_before=1)},
        "later": [["d3"], []],
    },
    moves=[
        *one_djed,
        play(1, ["m"], [step("u2", "red", ["red"])], stop_neighbours=[]),
        pass_(1),
        pass_(2, discard=["w"]),
        {"type": "pick", "seat": 1, "card": "f1-3"},
        {"type": "pick", "seat": 2, "card": "f0-3"},
        play(1, ["d3"], [step("watcher", cost=["red"])]),
    ],
    expect={"djeds": {"u1": 1, "u2": 1}, "players": {"1": {"space": "watcher", "reached": True}}},
)
vec(
    "L7-one-djed-per-space",
    "L7",
    "a second Djed on an occupied space is not placed",
    kind="log",
    prelude={
        "hands": [["d1", "d2"], ["w", "z"]],
        "facts": {**FW, "w": card("red", 1, djed_after=1)},
    },
    moves=[
        play(1, ["d1"], [step("u1", "red", ["red"])], stop_neighbours=[]),
        pass_(1),
        play(2, ["w"], [step("u1", "red", ["red"])], stop_neighbours=[]),
        pass_(2),
    ],
    expect={"djeds": {"u1": 1}, "players": {"2": {"supply": 12}}},
)
vec(
    "L1-play-limit",
    "L1",
    "at most 2 god cards on level 1",
    kind="log",
    prelude={
        "hands": [["a", "b", "c"], ["d", "e", "f"]],
        "facts": {k: card("red", 1) for k in "abcdef"},
    },
    moves=[play(1, ["a", "b", "c"])],
    expect={"violation": {"code": "play_limit", "rule": "field_of_reeds:L1", "index": 0}},
)
vec(
    "F2-turn-order",
    "F2",
    "the action phase goes clockwise from the start player",
    kind="log",
    prelude={"hands": [["a"], ["b"]], "facts": FQ},
    moves=[pass_(2)],
    expect={"violation": {"code": "not_your_turn", "rule": "field_of_reeds:F2", "index": 0}},
)


def _level_change_prefix(seed: int = 3):
    """Moves of a seeded legal playout up to the first deal of level 2 (generated once, stored)."""
    import random
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from engines.field_of_reeds import ENGINE

    state = ENGINE.setup(
        ENGINE.context({"game": "field_of_reeds", "players": ["A", "B"], "moves": []})
    )
    rng, log, before = random.Random(seed), [], None
    while state.level == 1:
        if state.phase == "score":
            before = (state.start_seat, sorted(c for p in state.players for c in p.packet))
        move = rng.choice(list(ENGINE.legal_moves(state)))
        log.append(ENGINE.dump_move(move))
        state = ENGINE.apply(state, move)
    return log, before, state


def add_level_change_vectors() -> None:
    log, before, state = _level_change_prefix()
    start_before = before[0]
    vec(
        "Q17-level-change",
        "Q17",
        "at a level change the start player passes left and the draft cards are discarded",
        kind="log",
        moves=log,
        expect={
            "state": {"level": 2, "phase": "deal", "start_seat": (start_before + 1) % 2},
            "players": {
                "1": {"packet": [], "space": "start", "reached": False},
                "2": {"packet": [], "space": "start", "reached": False},
            },
        },
        note="a seeded legal playout of level 1 (2 players), generated by build_vectors.py",
    )
    vec(
        "Q6-start-cost",
        "Q6",
        "the level-2 start space costs what the level-1 watcher space cost",
        kind="log",
        moves=log,
        expect={
            "state": {
                "prev_watcher_cost": list(state.spaces.get("watcher").cost)
                if state.spaces.get("watcher")
                else ["black"]
            }
        },
        note="the playout logged the level-1 watcher cost (the printed one is lost, G4)",
    )


if __name__ == "__main__":
    add_level_change_vectors()
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for v in VECTORS:
        (OUT / f"{v['id']}.json").write_text(
            json.dumps(v, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    print(len(VECTORS), "vectors")
