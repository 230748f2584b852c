"""Every worked example of the reference (X1-X15) as a data vector, run by one test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core.errors import IllegalMove
from engines.terra_pyramides import ENGINE
from tests.engines.terra_pyramides.helpers import playout

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))


def _check_players(state, expected):
    for colour, want in enumerate(expected):
        p = state.players[colour]
        for key, value in want.items():
            got = dict(p.blocks) if key == "blocks" else getattr(p, key)
            got = list(got) if isinstance(got, tuple) else got
            assert got == value, (colour, key)


def _replay(case):
    report = ENGINE.replay(case["doc"])
    want = case["expect"]
    if not want["ok"]:
        assert not report.ok
        first = report.violations[0]
        assert (first.code, first.rule, first.index) == (
            want["violation"]["code"],
            want["violation"]["rule"],
            want["violation"]["index"],
        ), report.to_dict()["violations"]
        return
    assert report.ok, report.to_dict()["violations"]
    assert report.moves_applied == want["moves_applied"]
    state = report.final_state
    for key in ("phase", "seat"):
        if key in want:
            assert getattr(state, key) == want[key]
    if "pending" in want:
        assert len(state.pending) == want["pending"]
    _check_players(state, want.get("players", []))
    for key, fields in want.get("sites", {}).items():
        site = state.sites[tuple(int(x) for x in key.split(","))]
        for field, value in fields.items():
            assert getattr(site, field) == value, (key, field)


def _sheet(case):
    want = case["expect"]
    if "violation" in want:
        with pytest.raises(IllegalMove) as err:
            ENGINE.score_sheet(case["doc"])
        assert err.value.violations[0].code == want["violation"]["code"]
        return
    outcome = ENGINE.score_sheet(case["doc"])
    for player, expected in zip(outcome.players, want.get("breakdown", []), strict=False):
        for key, value in expected.items():
            assert player.points(key) == value, (player.name, key)
    if "totals" in want:
        assert [p.total for p in outcome.players] == want["totals"]
    if "ranks" in want:
        assert [p.rank for p in outcome.players] == want["ranks"]
    for text in want.get("notes_contain", []):
        assert any(text in note for note in outcome.notes), outcome.notes


def _turns(case):
    for n, turns in case["expect"].items():
        state, _, _ = playout(case["options"], int(n), seed=int(n))
        assert state.phase == "over"
        assert state.turns_taken == (turns,) * int(n)


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_worked_example_vector(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    {"replay": _replay, "sheet": _sheet, "turns": _turns}[case["kind"]](case)


def test_every_x_rule_has_a_vector():
    covered = {json.loads(p.read_text(encoding="utf-8"))["rule"] for p in VECTORS}
    assert covered == {f"X{i}" for i in range(1, 16)}
