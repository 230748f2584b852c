"""Every worked example (X) and FAQ answer (Q) of the reference, run from vectors/*.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core.errors import IllegalMove
from engines.field_of_reeds import ENGINE, scoring

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_x_and_q_rule_has_a_vector(fr):
    import re

    text = fr.reference_text()
    ids = set(re.findall(r"^\| ([XQ]\d+) \|", text, re.M))
    covered = {_load(p)["rule"].split(":")[1] for p in VECTORS} | {
        _load(p)["id"].split("-")[0] for p in VECTORS
    }
    assert ids and ids <= covered, sorted(ids - covered)


def _run_fn(v: dict, edition) -> None:
    args = v["args"]
    if v["fn"] == "djed_bonus":
        assert scoring.djed_bonus(args["level"], tuple(args["sheet"]), edition) == v["expect"]
    elif v["fn"] == "movement_penalty":
        assert scoring.movement_penalty(args["distance"], edition) == v["expect"]
    elif v["fn"] == "best_black_assignment":
        choice = scoring.best_black_assignment(
            args["level"], tuple(args["fixed"]), args["black"], edition
        )
        assert list(choice.added) == v["expect"]
    else:  # pragma: no cover - a typo in a vector
        raise AssertionError(v["fn"])


def _run_sheet(v: dict) -> None:
    n = v.get("players", len(v["sheet"]["players"]))
    document = {"game": "field_of_reeds", "players": ["A", "B", "C", "D"][:n], "sheet": v["sheet"]}
    expect = v["expect"]
    if "violation" in expect:
        with pytest.raises(IllegalMove) as err:
            ENGINE.score_sheet(document)
        assert expect["violation"]["code"] in [x.code for x in err.value.violations]
        return
    outcome = ENGINE.score_sheet(document)
    if "totals" in expect:
        assert [p.total for p in outcome.players] == expect["totals"]
    if "ranks" in expect:
        assert [p.rank for p in outcome.players] == expect["ranks"]
    for seat, cats in expect.get("breakdown", {}).items():
        player = outcome.players[int(seat) - 1]
        for key, points in cats.items():
            assert player.points(key) == points, (seat, key)
    if "unchecked_min" in expect:
        assert len(outcome.unchecked) >= expect["unchecked_min"]


def _run_log(v: dict, fr) -> None:
    n = v.get("players", 2)
    pre = []
    if "prelude" in v:
        p = v["prelude"]
        pre = fr.prelude(n, p["hands"], p.get("facts", {}), p.get("later"))
    document = fr.doc(n, pre + v["moves"], options=v.get("options", {}))
    report = ENGINE.replay(document)
    expect = v["expect"]
    if "violation" in expect:
        want = expect["violation"]
        assert report.violations, "expected a violation"
        got = report.violations[0]
        assert (got.code, got.rule, got.index - len(pre)) == (
            want["code"],
            want["rule"],
            want["index"],
        )
        return
    assert report.ok, [x.to_dict() for x in report.violations]
    state = report.final_state
    for seat, fields in expect.get("players", {}).items():
        player = state.players[int(seat) - 1]
        for key, value in fields.items():
            got = getattr(player, key)
            assert (list(got) if isinstance(got, tuple) else got) == value, (seat, key, got)
    for space, seat in expect.get("djeds", {}).items():
        assert space in state.djeds and state.djeds[space][0] == seat - 1, (
            space,
            dict(state.djeds),
        )
    for space in expect.get("no_djeds", []):
        assert space not in state.djeds
    for key, value in expect.get("state", {}).items():
        got = getattr(state, key)
        assert (list(got) if isinstance(got, tuple) else got) == value, (key, got)
    if "phase" in expect:
        assert state.phase == expect["phase"]


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_vector(path: Path, fr) -> None:
    v = _load(path)
    if v["kind"] == "fn":
        _run_fn(v, ENGINE.context(fr.doc(2)).edition)
    elif v["kind"] == "sheet":
        _run_sheet(v)
    else:
        _run_log(v, fr)
