"""Every worked example of rules/tameri.md §10 (EX1-EX28) as a data vector, one test.

Kinds: ``function`` (the pure rule function the replay uses), ``state`` (moves applied to a
mid-game state built from a spec), ``replay`` (a move log from the start), ``sheet`` (a
score sheet). Where the rulebook's figure was lost, the vector says which inputs were
reconstructed; the expected outputs are always the example's own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core.errors import IllegalMove
from engines.tameri import ENGINE, rules, scoring, turns
from engines.tameri.components import productive, silt_yield
from engines.tameri.weather import resolve_ramp
from tests.engines.tameri.helpers import build_state, read_path

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))


def _granted(a):
    match = turns.glyph_match(
        a["left"],
        turns.reference_glyphs(
            a["position"],
            (a["previous"]["right"], a["previous"]["face_down"]) if a.get("previous") else None,
            a.get("board_glyph"),
        ),
    )
    for seq in a.get("allowed", []):
        for k in range(len(seq)):
            assert turns.action_allowed(
                seq[:k], seq[k], a["top"], a["bottom"], match, a.get("face_down", False)
            ), seq
    for seq in a.get("refused", []):
        ok = all(
            turns.action_allowed(
                seq[:k], seq[k], a["top"], a["bottom"], match, a.get("face_down", False)
            )
            for k in range(len(seq))
        )
        assert not ok, seq
    return {"match": match}


def _ramp(a):
    ramp, river, back = resolve_ramp(
        tuple(a["before"]), a["drops"], a["river"], a.get("mode", "bottom")
    )
    return {"ramp": list(ramp), "river": river, "to_supply": back}


def _priest_deal(a):
    temples = ("amun", "ra", "ptah")
    priests = [tuple(p.get(t) for t in temples) for p in a["priests"]]
    return {
        "counts": rules.priest_deal(priests),
        "order": [s + 1 for s in rules.priest_deal_order(priests)],
    }


FUNCTIONS = {
    "draft_counters": lambda a: [s + 1 for s in turns.draft_counters(a["leftovers"])],
    "turn_order": lambda a: [s + 1 for s in turns.turn_order(a["cards"], a["face_down"])],
    "face_down_cost": lambda a: turns.face_down_cost([tuple(c) for c in a["board"]]),
    "final_glyph": lambda a: scoring.final_glyph_points(
        bool(scoring.final_glyph_matches(a["right"], a["face_down"], a["board_glyph"]))
    ),
    "granted": _granted,
    "resolve_ramp": _ramp,
    "harvest_yield": lambda a: silt_yield(a["silt"]) if productive(a["field"], *a["ramp"]) else 0,
    "priest_deal": _priest_deal,
    "season_majorities": lambda a: dict(
        zip(("points", "after"), scoring.season_majorities(a["screens"])[:2], strict=True)
    ),
    "remaining_offerings": lambda a: scoring.remaining_offerings(a["totals"]),
    "building_set_points": lambda a: scoring.building_set_points(a["symbols"]),
    "hand_glyph_points": lambda a: scoring.hand_glyph_points(a["hand"]),
    "leftover_points": lambda a: scoring.leftover_points(a["resources"], a["deben"], a["silt"]),
    "offering_points": lambda a: scoring.offering_points(a["slots"]),
}


def _apply_all(state, moves):
    for i, record in enumerate(moves):
        move = ENGINE.parse_move(record, i)
        problems = ENGINE.check(state, move)
        if problems:
            return state, [v.at(index=i) for v in problems]
        state = ENGINE.next_state(state, move)
    return state, []


def _expect(vector, state, violations):
    if "violation" in vector:
        want = vector["violation"]
        assert violations, "expected a violation, the moves were accepted"
        got = violations[0]
        assert (got.code, got.rule, got.index) == (want["code"], want["rule"], want["index"])
        return
    assert not violations, [v.to_dict() for v in violations]
    for path, value in vector["expect"].items():
        assert read_path(state, path) == value, path


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_worked_example(path):
    vector = json.loads(path.read_text(encoding="utf-8"))
    assert vector["id"] and vector["rule"] and vector["source"]
    kind = vector["kind"]
    if kind == "function":
        got = FUNCTIONS[vector["function"]](vector["args"])
        assert got == vector["expected"]
    elif kind == "state":
        state, violations = _apply_all(build_state(vector["state"]), vector["moves"])
        _expect(vector, state, violations)
    elif kind == "replay":
        report = ENGINE.replay(vector["document"])
        _expect(vector, report.final_state, list(report.violations))
    elif kind == "sheet":
        if "violation" in vector:
            with pytest.raises(IllegalMove) as err:
                ENGINE.score_sheet(vector["document"])
            got = err.value.violations[0]
            want = vector["violation"]
            assert (got.code, got.rule, got.path) == (want["code"], want["rule"], want["path"])
            return
        outcome = ENGINE.score_sheet(vector["document"])
        want = vector["expected"]
        assert [p.total for p in outcome.players] == want["totals"]
        assert [p.rank for p in outcome.players] == want["ranks"]
        for name, cats in want.get("breakdown", {}).items():
            player = next(p for p in outcome.players if p.name == name)
            for cat, pts in cats.items():
                assert player.points(cat) == pts, (name, cat)
    else:
        raise AssertionError(f"unknown vector kind {kind!r}")


def test_every_worked_example_has_a_vector():
    ids = {json.loads(p.read_text(encoding="utf-8"))["id"] for p in VECTORS}
    expected = {f"EX{i}" for i in range(1, 29)}
    covered = {
        i.rstrip("abcdefgh") if i.startswith("EX") and not i.startswith("EX-") else i for i in ids
    }
    assert expected <= covered, sorted(expected - covered)
    assert {"EX-F1", "EX-F2", "EX-F3", "EX-F4", "EX26b"} <= ids
