"""Documents are read as written, for every engine (issue 18, item 3).

Options lay over a preset key by key at every depth, and no scalar is read as another
type: ``true`` is not 1, ``"3"`` is not 3, ``1`` is not ``true``. Both live in the core
(``engines.core.engine.deep_merge``, ``engines.core.parsing.Model``), so every engine gets
them; these tests check that each engine's own documents really go through them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engines import available_engines, get_engine
from engines.core.errors import MalformedInput

ENGINES_DIR = Path(__file__).resolve().parents[2] / "engines"
KEYS = available_engines()


def example(key: str, kind: str) -> dict:
    """The engine's first example document of ``kind`` ("sheet" or "log")."""
    path = sorted((ENGINES_DIR / key / "examples").glob(f"*{kind}.json"))[0]
    return json.loads(path.read_text(encoding="utf-8"))


def leaves(value, path=()):
    """Every (path, scalar) under a JSON value, depth first in document order."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))
    else:
        yield path, value


def replaced(doc: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(doc)
    node = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


def first_leaf(doc, kind):
    """The path of the first integer leaf (not a bool) in the document's body."""
    return next(p for p, v in leaves(doc[kind], (kind,)) if type(v) is int)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("wrong", [True, "1"], ids=["bool", "str"])
def test_a_sheet_number_given_as_another_type_is_malformed(key, wrong):
    doc = example(key, "sheet")
    path = first_leaf(doc, "sheet")
    bad = replaced(doc, path, wrong)
    with pytest.raises(MalformedInput) as err:
        get_engine(key).score_sheet(bad)
    where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    assert where in [v.path for v in err.value.violations]


@pytest.mark.parametrize("key", KEYS)
def test_a_log_number_given_as_true_is_malformed(key):
    doc = example(key, "log")
    path = first_leaf(doc, "moves")
    bad = replaced(doc, path, True)
    with pytest.raises(MalformedInput):
        get_engine(key).replay(bad)


@pytest.mark.parametrize("key", KEYS)
def test_an_option_flag_given_as_a_number_is_malformed(key):
    engine = get_engine(key)
    fields = engine.options_model.model_fields
    flag = next((name for name, f in fields.items() if f.annotation is bool), None)
    if flag is None:
        pytest.skip(f"{key} has no yes/no option")
    with pytest.raises(MalformedInput) as err:
        engine.resolve_options({flag: 1})
    assert err.value.violations[0].path == f"$.options.{flag}"


def test_imhotep_preset_and_document_options_merge_deeply():
    engine = get_engine("imhotep")
    options = engine.resolve_options({"sides": {"market": "A"}}, "all-b")
    assert options.sides.market == "A"
    assert (options.sides.pyramid, options.sides.temple, options.sides.burial) == ("B",) * 3
    assert options.sides.obelisk == "B"
