"""Every worked example of rules/imhotep.md (X1-X17, D1-D7) and a few rule cases, as data.

A vector is a document (a move log or a score sheet) plus what the rulebook says must come
out. Replay vectors are written by make_vectors.py; their expectations are the book's.
"""

import json
from pathlib import Path

import pytest

from engines.core.errors import IllegalMove
from engines.imhotep import ENGINE

from .conftest import state_view

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))


def test_every_worked_example_has_a_vector():
    ids = {json.loads(p.read_text())["id"].split("-")[0] for p in VECTORS}
    wanted = {f"X{i}" for i in range(1, 18)} | {f"D{i}" for i in range(1, 8)}
    assert wanted <= ids, sorted(wanted - ids)


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_vector(path):
    vector = json.loads(path.read_text(encoding="utf-8"))
    doc, expect = vector["document"], vector["expect"]
    validate_against_schema(doc)
    if "sheet" in doc:
        check_sheet(doc, expect)
    else:
        check_replay(doc, expect)


def validate_against_schema(doc):
    """Every vector is also a valid document by the published JSON Schema."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = ENGINE.sheet_schema() if "sheet" in doc else ENGINE.log_schema()
    jsonschema.Draft202012Validator(schema).validate(doc)


def check_sheet(doc, expect):
    if "violation" in expect:
        with pytest.raises(IllegalMove) as err:
            ENGINE.score_sheet(doc)
        got = err.value.violations[0]
        assert {k: getattr(got, k) for k in expect["violation"]} == expect["violation"]
        return
    outcome = ENGINE.score_sheet(doc)
    for key, values in expect["outcome"].items():
        if key == "total":
            assert [p.total for p in outcome.players] == values
        elif key == "rank":
            assert [p.rank for p in outcome.players] == values
        else:
            assert [p.points(key) for p in outcome.players] == values, key
    if "unchecked" in expect:
        assert [u.item for u in outcome.unchecked] == expect["unchecked"]


def check_replay(doc, expect):
    report = ENGINE.replay(doc)
    if "violation" in expect:
        assert not report.ok
        got = report.violations[0]
        assert {k: getattr(got, k) for k in expect["violation"]} == expect["violation"]
        return
    assert report.ok, [v.to_dict() for v in report.violations]
    view = state_view(report.final_state)
    for key, value in expect.get("state", {}).items():
        assert view[key] == value, key
    if "delta" in expect:
        delta = dict(expect["delta"])
        before_doc = dict(doc, moves=doc["moves"][: delta.pop("from")])
        before = state_view(ENGINE.replay(before_doc).final_state)
        for key, values in delta.items():
            assert [a - b for a, b in zip(view[key], before[key], strict=True)] == values, key
    if "unchecked" in expect:
        items = [u.item for u in report.unchecked]
        for wanted in expect["unchecked"]:
            assert wanted in items
