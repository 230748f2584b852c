"""Every ``unchecked`` code of every engine, rendered in both languages (issue 18).

What an engine could not check (a printed value nobody supplied, a fact the log does not
show) is listed under ``unchecked`` with an item and a reason. Like violations, each entry
has a code and params, and the engine's ``UNCHECKED_JA`` holds the Japanese item and
reason. The codes are read from the engines' sources (``Unchecked.of(code, rule, item,
reason, ...)``, a rules module's ``note(state, code, rule, item, reason, ...)``, or
``Unchecked(..., code=..., params={...})``), so a new entry is covered the day it is
written; an ``Unchecked`` built without a code fails here. Each is rendered with realistic
parameters and checked as test_messages_ja.py checks violations.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engines import available_engines, get_engine
from engines.core.messages_ja import CORE_UNCHECKED_JA
from engines.core.types import Unchecked
from tests.engines.test_messages_ja import (
    ALLOWED,
    ASCII_WORD,
    BY_GAME,
    CODE,
    COMMON,
    JA_SEAT,
    PLACEHOLDER,
    SEAT_WORDING,
)

ENGINES_DIR = Path(__file__).resolve().parents[2] / "engines"
HELPERS = {"of", "note", "mark_unknown"}  # (code, rule, item, reason, **params)
# Values by parameter name where the violations' samples do not fit an unchecked entry.
SAMPLES = {
    "core": {
        "a": "愛子",
        "b": "健太",
        "what": "sled",
        "what_ja": "石材置き場",
        "unknown": "愛子",
        "unknown_list": ["愛子"],
    },
    "nile_murals": {
        "cards": [22, 37],
        "drawn": [37],
        "draws": {"愛子": 2, "健太": 3},
        "ankh": ["健太"],
        "short": [],
        "differ": True,
        "done": 9,
        "count": 12,
        "track": "area",
        "rank": 3,
        "k": 5,
    },
    "terra_pyramides": {"counts": {"coins": 5, "blocks": 8}, "over": "5 coins and 8 blocks"},
    "tameri": {"kinds": "sun, water", "spheres": ["sun", "water"], "round": 2, "season": 2},
    "field_of_reeds": {"guessed_at": 1, "distance": 5, "level": 2},
    "imhotep": {"round": 2, "ship": 1, "pyramid": 0, "space": 2, "column": 3, "n": 3},
}


def engine_catalogue(key: str) -> dict:
    import importlib

    return getattr(importlib.import_module(f"engines.{key}.messages_ja"), "UNCHECKED_JA", {})


def _str(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def entries_in(source: Path) -> tuple[list[tuple[str, str | None, str | None, set]], list[int]]:
    """(code, English item, English reason, params) of each entry built in ``source``, and
    the lines of any ``Unchecked(...)`` built without a code."""
    found, uncoded = [], []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        if name == "Unchecked":
            given = keywords.get("code", node.args[6] if len(node.args) > 6 else None)
            if given is None:
                uncoded.append(node.lineno)
                continue
            code = _str(given)
            if code is None:
                continue  # a helper passing its caller's code on (the callers are read)
            params = keywords.get("params")
            names = (
                {k.value for k in params.keys if isinstance(k, ast.Constant)}
                if isinstance(params, ast.Dict)
                else set()
            )
            found.append((code, None, None, names))
        elif name in HELPERS:
            for start in (0, 1, 2):
                args = node.args[start : start + 4]
                if len(args) == 4 and _str(args[0]) and CODE.match(_str(args[0])):
                    item, reason = _str(args[2]), _str(args[3])
                    if item is not None and reason is not None:
                        break
            else:
                continue
            names = {k for k in keywords if k not in ("path", "index")}
            names |= set(PLACEHOLDER.findall(item)) | set(PLACEHOLDER.findall(reason))
            found.append((_str(args[0]), item, reason, names))
    return found, uncoded


def cases():
    out = []
    for key in ["core", *available_engines()]:
        seen = set()
        for source in sorted((ENGINES_DIR / key).glob("*.py")):
            found, _ = entries_in(source)
            for n, (code, item, reason, names) in enumerate(found):
                seen.add(code)
                out.append(
                    pytest.param(
                        key, code, item, reason, names, id=f"{key}:{code}:{source.stem}{n}"
                    )
                )
        # Entries built from tables (Terra Pyramides' supply figures): their Japanese text
        catalogue = CORE_UNCHECKED_JA if key == "core" else engine_catalogue(key)
        for code in sorted(set(catalogue) - seen):
            out.append(pytest.param(key, code, None, None, set(), id=f"{key}:{code}:catalogue"))
    return out


def test_every_unchecked_entry_has_a_code():
    missing = {}
    for key in ["core", *available_engines()]:
        for source in sorted((ENGINES_DIR / key).glob("*.py")):
            if source.name == "types.py":
                continue  # the class itself
            lines = entries_in(source)[1]
            if lines:
                missing[f"{key}/{source.name}"] = lines
    assert not missing, f"Unchecked built without a code (no Japanese text): {missing}"


def _sample(key: str, names: set) -> dict:
    values = {}
    for name in sorted(names):
        base = name.split("+")[0]
        for table in (SAMPLES.get(key, {}), BY_GAME.get(key, {}), COMMON):
            if base in table:
                values[base] = table[base]
                break
        else:
            raise AssertionError(f"{key}: no sample value for parameter {base!r}")
    return values


@pytest.mark.parametrize("key, code, item, reason, names", cases())
def test_every_unchecked_code_renders_in_japanese_and_english(key, code, item, reason, names):
    engine = get_engine("imhotep" if key == "core" else key)
    catalogue = CORE_UNCHECKED_JA if key == "core" else engine_catalogue(key)
    templates = catalogue.get(code)
    assert templates is not None, f"{key}: unchecked {code} has no Japanese text"
    names = set(names)
    for template in templates:
        names |= set(PLACEHOLDER.findall(template))
    params = _sample(key, names)
    if item is not None:
        entry = Unchecked.of(code, None, item, reason, **params)
    else:
        entry = Unchecked("item", "reason", None, code=code, params=params)
    ja = engine.localize_unchecked(entry, "ja")
    assert ja != (entry.item, entry.reason), f"{key}: {code} falls back to English"
    for text in (*ja, entry.item, entry.reason):
        assert "{" not in text and "}" not in text, f"{key}: {code}: unfilled: {text}"
    for text in ja:
        leftovers = [w for w in ASCII_WORD.findall(text) if not ALLOWED.match(w)]
        assert not leftovers, f"{key}: {code}: English in Japanese text {leftovers}: {text}"
        for mark in ("'", '"', "[", "]"):
            assert mark not in text, f"{key}: {code}: a Python value in Japanese text: {text}"
        assert not JA_SEAT.search(text), f"{key}: {code}: a seat number, not a name: {text}"
    if item is not None:
        for text in (entry.item, entry.reason):
            assert not SEAT_WORDING.search(text), f"{key}: {code}: a seat, not a name: {text}"
    assert not SEAT_WORDING.search(item or "") and not SEAT_WORDING.search(reason or "")


def test_a_real_outcome_lists_its_unchecked_entries_with_code_params_and_japanese():
    engine = get_engine("terra_pyramides")
    doc = {
        "game": "terra_pyramides",
        "players": ["愛子", "健太", "千恵"],
        "options": {"version": 3},
        "sheet": {
            "players": [{"boat": {"space": 5}, "coins": 5}, {"boat": {"space": 5}}, {}],
        },
    }
    outcome = engine.score_sheet(doc)
    entries = [u.to_dict() for u in outcome.unchecked]
    assert {"late_caps", "nile_card"} <= {e["code"] for e in entries}
    for u in outcome.unchecked:
        item, reason = engine.localize_unchecked(u, "ja")
        assert not [w for w in ASCII_WORD.findall(item + reason) if not ALLOWED.match(w)], (
            item,
            reason,
        )
    late = next(u for u in outcome.unchecked if u.code == "late_caps")
    assert engine.localize_unchecked(late, "ja")[0] == "愛子:終了時のコイン5"
    assert engine.localize_unchecked(late, "en")[0] == "愛子: 5 coins at the end"
