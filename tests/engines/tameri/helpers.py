"""Helpers for the Tameri tests: build a mid-game state from a compact spec, read a state by
dotted path. Vectors use them so a worked example needs only the facts it names."""

from __future__ import annotations

from typing import Any

from engines.tameri import ENGINE
from engines.tameri.components import RESOURCES, TEMPLES
from engines.tameri.legal import legal_moves
from engines.tameri.moves import BuildingFacts, CardFacts
from engines.tameri.phases import start_turn
from engines.tameri.state import Turn

DEFAULT_RAMPS = [
    ["barley_1", "papyrus_1"],
    ["barley_2", "fruit_1"],
    ["flax_1", "fruit_2"],
    ["flax_2", "papyrus_2"],
]


def res(d: dict[str, int] | None, base: tuple[int, ...] = (0, 0, 0, 0)) -> tuple[int, ...]:
    if d is None:
        return base
    return tuple(d.get(r, 0) for r in RESOURCES)


def build_state(spec: dict[str, Any]):
    """A state from a spec: players, per-player pieces, board, the turn in progress."""
    players = spec["players"]
    envelope = {
        "game": "tameri",
        "players": players,
        "moves": [],
        "options": spec.get("options", {}),
    }
    if "edition" in spec:
        envelope["edition"] = spec["edition"]
    ctx = ENGINE.context(envelope)
    s = ENGINE.setup(ctx)
    cards = {c["number"]: CardFacts.model_validate(c) for c in spec.get("cards", [])}
    buildings = {b["id"]: BuildingFacts.model_validate(b) for b in spec.get("buildings", [])}
    s = s.but(
        phase=spec.get("phase", "turn"),
        season=spec.get("season", 1),
        round=spec.get("round", 1),
        cards={**s.cards, **cards},
        seen=frozenset(spec.get("seen", cards)),
        buildings={**s.buildings, **buildings},
        ramp_fields=tuple(tuple(p) for p in spec.get("ramp_fields", DEFAULT_RAMPS)),
        start_glyphs=tuple(spec.get("start_glyphs", [None] * len(players))),
        end_glyphs=tuple(spec.get("end_glyphs", [None] * len(players))),
        temple_lengths=tuple(spec.get("temple_lengths", {}).get(t) for t in TEMPLES),
        ramps=tuple(tuple(r) for r in spec.get("ramps", [["sun", 2]] * 4)),
        rivers=tuple(spec.get("rivers", [2, 2, 2, 2])),
        nile=tuple((n, None if r is None else res(r)) for n, r in spec.get("nile", [])),
        centre=res(spec.get("centre")),
        row=tuple(spec.get("row", [])),
        market_stalls={int(k): tuple(sorted(v)) for k, v in spec.get("market_stalls", {}).items()},
        sphinx_spaces=tuple(spec.get("sphinx_spaces", [])),
        pending=tuple((p - 1, src) for p, src in spec.get("pending", [])),
        order=tuple(x - 1 for x in spec.get("order", range(1, len(players) + 1))),
        turn_index=spec.get("turn_index", 0),
        nile_expect=spec.get("nile_expect", 0),
    )
    for seat, ps in enumerate(spec.get("seats", [{}] * len(players))):
        p = s.players[seat]
        priests = ps.get("priests", {})
        p = p.but(
            res=res(ps.get("res"), p.res),
            deben=ps.get("deben", p.deben),
            silt=ps.get("silt", p.silt),
            screen=res(ps.get("screen")),
            hand=tuple(ps.get("hand", [])),
            board=tuple((c, d) for c, d in ps.get("board", [])),
            available=ps.get("available", p.available),
            locked=ps.get("locked", p.locked),
            farmers=tuple((f, sp) for f, sp in ps.get("farmers", [])),
            merchant=ps.get("merchant"),
            architect=ps.get("architect"),
            priests=tuple(priests.get(t) for t in TEMPLES),
            sphinxes=tuple(ps.get("sphinxes", [])),
            buildings=tuple(ps.get("buildings", [])),
            priest_cards=ps.get("priest_cards", 0),
            play=ps.get("play", 0),
        )
        s = s.with_player(seat, p)
    turn = spec.get("turn")
    if turn is not None:
        if "match" in turn:
            s = s.but(
                turn=Turn(
                    seat=turn["seat"] - 1,
                    card=turn["card"],
                    face_down=turn.get("face_down", False),
                    match=turn["match"],
                    step=turn.get("step", 1),
                )
            )
        else:
            s = start_turn(s)
    return s


def read_path(obj: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(obj, dict):
            obj = obj[int(part) if part.isdigit() and int(part) in obj else part]
        elif isinstance(obj, tuple | list):
            obj = obj[int(part)]
        elif part == "res_named":
            obj = dict(zip(RESOURCES, obj.res, strict=True))
        elif part == "screen_named":
            obj = dict(zip(RESOURCES, obj.screen, strict=True))
        else:
            obj = getattr(obj, part)
    return plain(obj)


def plain(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x


# ---- shared by the rule cases ----------------------------------------------------------

P4 = ["John", "George", "Paul", "Ringo"]


def turn(
    top=("farmer",),
    bottom=("harvest",),
    players=P4,
    match=True,
    step=2,
    card=50,
    face_down=False,
    seat=1,
    **extra,
):
    seats = extra.pop("seats", [{} for _ in players])
    seats = [dict(s) for s in seats]
    for k, spec in enumerate(seats):  # every seat has played this round
        spec.setdefault("board", [[card, face_down]] if k == seat - 1 else [[card + 1 + k, False]])
    spec = {
        "players": players,
        "order": [seat] + [k for k in range(1, len(players) + 1) if k != seat],
        "turn": {"seat": seat, "card": card, "match": match, "step": step, "face_down": face_down},
        "cards": (
            [] if top is None else [{"number": card, "top": list(top), "bottom": list(bottom)}]
        )
        + extra.pop("cards", []),
        "seats": seats,
        "temple_lengths": {"amun": 8, "ra": 8, "ptah": 8},
        **extra,
    }
    return build_state(spec)


def run(state, *records):
    """Apply records; return (state, first violation code or None)."""
    for i, record in enumerate(records):
        move = ENGINE.parse_move(record, i)
        problems = ENGINE.check(state, move)
        if problems:
            return state, problems[0].code
        state = ENGINE.next_state(state, move)
    return state, None


def ok(state, *records):
    state, code = run(state, *records)
    assert code is None, code
    return state


def refused(state, *records) -> str:
    _, code = run(state, *records)
    assert code is not None, "expected a violation"
    return code


def game(n=4, seed=3):
    import random

    rng = random.Random(seed)
    ctx = ENGINE.context({"game": "tameri", "players": P4[:n], "moves": []})
    state = ENGINE.setup(ctx)
    trace = [state]
    while not ENGINE.is_over(state):
        state = ENGINE.apply(state, rng.choice(list(legal_moves(state))))
        trace.append(state)
    return trace


def doc(players=P4, moves=()):
    return {"game": "tameri", "players": players, "moves": list(moves)}


SETUP = {
    "type": "setup",
    "ramps": [
        ["barley_1", "papyrus_1"],
        ["barley_2", "fruit_1"],
        ["flax_1", "fruit_2"],
        ["flax_2", "papyrus_2"],
    ],
    "buildings": [{"id": f"B{i}"} for i in range(1, 6)],
}


def fresh(players=P4):
    return ENGINE.setup(ENGINE.context(doc(players)))


def drafted(players=P4):
    """A state right after the draft, at the first farmers."""
    n = len(players)
    s = ok(
        fresh(players),
        SETUP,
        {
            "type": "draft_deal",
            "hands": [[{"number": 10 * k + j} for j in range(1, 6)] for k in range(n)],
        },
    )
    for _ in range(4):
        for k in range(n):
            s = ok(s, {"type": "draft_pick", "seat": k + 1, "card": s.draft_hands[k][0]})
    return s


def reveal_state(deben=1, board=((4, True), (9, False))):
    s = build_state(
        {
            "players": P4[:2],
            "phase": "reveal",
            "seats": [{"deben": deben, "board": [list(b) for b in board]}, {"board": [[3, False]]}],
        }
    )
    return s.but(played=(9, 3), decided=(None, None))


def notes(state):
    return " ".join(u.reason + u.item for u in state.unchecked)
