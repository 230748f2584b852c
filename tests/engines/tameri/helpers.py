"""Helpers for the Tameri tests: build a mid-game state from a compact spec, read a state by
dotted path. Vectors use them so a worked example needs only the facts it names."""

from __future__ import annotations

from typing import Any

from engines.tameri import ENGINE
from engines.tameri.components import RESOURCES, TEMPLES
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
    ctx = ENGINE.context(
        {"game": "tameri", "players": players, "moves": [], "options": spec.get("options", {})}
    )
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
