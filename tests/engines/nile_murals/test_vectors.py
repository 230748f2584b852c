"""Every worked example (X1-X6) of rules/nile_murals.md, as data in vectors/, one test."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engines.nile_murals import ENGINE
from engines.nile_murals.printed import load_printed
from engines.nile_murals.shadow import forbidden
from engines.nile_murals.state import cards_of
from tests.engines.nile_murals.helpers import MADE_UP_EDITION, Log

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))


def load(path: Path) -> dict:
    vector = json.loads(path.read_text(encoding="utf-8"))
    doc = vector.get("doc")
    if doc is not None and doc.get("edition") == "@made_up":
        doc["edition"] = copy.deepcopy(MADE_UP_EDITION)
    return vector


def run_shadow(vector: dict) -> None:
    for pair in vector["pairs"]:
        prev = pair["prev"]
        cards = range(100) if pair["card"] == "any" else [pair["card"]]
        for card in cards:
            if card == prev:
                continue
            assert forbidden(prev, card) is pair["forbidden"], pair
            # The same decision through a replay: a deck draw after ``prev`` misses or not.
            spare = [c for c in (96, 97, 98, 90, 91) if c not in (prev, card)][:3]
            log = Log("A", "B").deal(*spare[:2])
            if prev is not None:
                log.deck(prev)
                if prev == 22:  # the rulebook's ankh card: its draw comes first (M7)
                    log.draw(spare[2])
            log.deck(card, miss=pair["forbidden"])
            state = log.state()
            assert bool(state.discard >> card & 1) is pair["forbidden"], pair
            assert state.miss[0] == (-1 if pair["forbidden"] else 0), pair


def check_state(state, expect: dict, players: list[str]) -> None:
    seat_of = {name: i for i, name in enumerate(players)}
    if "seat" in expect:
        assert players[state.seat] == expect["seat"]
    if "phase" in expect:
        assert state.phase == expect["phase"]
    if "k" in expect:
        assert state.k == expect["k"]
    if "discard" in expect:
        assert cards_of(state.discard) == sorted(expect["discard"])
    if "deck_size" in expect:
        assert state.deck.bit_count() == expect["deck_size"]
    for card in expect.get("sheet_has", []):
        assert state.sheet >> card & 1, card
    for name, fields in expect.get("players", {}).items():
        seat = seat_of[name]
        for key, want in fields.items():
            got = cards_of(state.hands[seat]) if key == "hand" else getattr(state, key)[seat]
            assert got == (sorted(want) if key == "hand" else want), (name, key)
    if "unchecked_items" in expect:
        assert sorted({u.item for u in state.unchecked}) == sorted(expect["unchecked_items"])


def run_replay(vector: dict) -> None:
    doc = vector["doc"]
    for point in vector.get("checkpoints", []):
        partial = dict(doc, moves=doc["moves"][: point["after"] + 1])
        report = ENGINE.replay(partial)
        assert report.ok, [v.to_dict() for v in report.violations]
        check_state(report.final_state, point["state"], doc["players"])
        if "game_over" in point["state"]:
            assert report.game_over is point["state"]["game_over"]
    if "violation" in vector:
        report = ENGINE.replay(doc)
        want = vector["violation"]
        got = report.violations[0]
        assert (got.code, got.rule, got.index) == (want["code"], want["rule"], want["index"])


def run_sheet(vector: dict) -> None:
    outcome = ENGINE.score_sheet(vector["doc"])
    expect = vector["expect"]
    for category, points in expect.get("points", {}).items():
        assert [p.points(category) for p in outcome.players] == points, category
    if "tiebreak" in expect:
        assert [list(p.tiebreak) for p in outcome.players] == expect["tiebreak"]
    if "ranks" in expect:
        assert [p.rank for p in outcome.players] == expect["ranks"]
    if "unchecked_items" in expect:
        assert sorted({u.item for u in outcome.unchecked}) == sorted(expect["unchecked_items"])


def run_combo_bonus(vector: dict) -> None:
    ctx = ENGINE.context({"game": "nile_murals", "players": ["A", "B"], "moves": []})
    printed = load_printed(ctx.edition)
    for k, (points, cards) in vector["table"].items():
        cell = printed.combo[int(k)]
        assert (cell.points, cell.cards) == (points, cards), k


RUNNERS = {
    "shadow": run_shadow,
    "replay": run_replay,
    "sheet": run_sheet,
    "combo_bonus": run_combo_bonus,
}


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_X_worked_example(path: Path) -> None:
    vector = load(path)
    RUNNERS[vector["kind"]](vector)


def test_every_worked_example_has_a_vector() -> None:
    ids = {load(p)["id"].split("-")[0] for p in VECTORS}
    assert {"X1", "X2", "X3", "X4", "X5", "X6"} <= ids
