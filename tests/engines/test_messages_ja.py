"""Every violation code of every engine, rendered in both languages (issue 18, item 5).

The codes are read from the engines' sources (every call that builds a violation from a
literal code, a rule id and an English template) and from their Japanese catalogues, so a
new code is covered the day it is written. Each is rendered with realistic parameters - the
kinds of values the engine passes (identifiers such as ``"red"`` or ``"season_end"``,
0-based ships and squares, lists) - for players with Japanese names, then:

- the Japanese text must come from a Japanese template (no English fallback), with every
  placeholder filled, and show no ASCII word but rule ids and printed ids (``B9``, ``g15``)
  and no Python value (``['yellow']``, ``None``, quotes);
- the English text must have every placeholder filled and name players, never "seat 3"
  (a template writing ``seat {x}`` is named by the core only when ``x`` is a 1-based seat;
  any other such wording, an out-of-range seat included, fails here).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engines import available_engines, get_engine
from engines.core.messages_ja import CORE_MESSAGES_JA, MALFORMED_TYPES_JA
from engines.core.types import Violation

ENGINES_DIR = Path(__file__).resolve().parents[2] / "engines"
PLAYERS = ("愛子", "健太", "千恵", "大輔")
CODE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")
RULE = re.compile(r"^([a-z_]+:)?[A-Z]{1,3}\d+[a-z]?(\.\d+)?$")
PLACEHOLDER = re.compile(r"\{(\w+)")

# Realistic values by parameter name: what the engines pass (identifiers, 0-based
# positions, lists), per game where the same name means different things.
COMMON = {
    "n": 3,
    "got": 2,
    "want": 4,
    "have": 1,
    "need": 2,
    "count": 4,
    "total": 9,
    "limit": 3,
    "level": 2,
    "max": 12,
    "min": 1,
    "left": 1,
    "expected": 3,
    "known": 2,
    "value": 5,
    "seat": 2,
    "points": -2,
    "running": 1,
    "computed": 7,
    "distance": 2,
    "season": 2,
    "prev": 1,
    "before": 3,
    "after": 1,
    "number": 42,
    "lo": 2,
    "hi": 4,
    "k": 3,
    "i": 2,
    "size": 7,
    "excess": 1,
    "hand": 4,
    "own": 1,
    "free": 1,
    "d": 3,
    "space": 3,
    "player": "千恵",
    "other": "健太",
    "actor": "大輔",
    "game": "imhotep",
    "game_ja": "イムホテップ",
    "name": "default",
    "known_list": ["default"],
    "preset": "all-b",
    "ge": 0,
    "le": 5,
    "gt": 0,
    "lt": 6,
    "min_length": 1,
    "max_length": 3,
    "w": 6,
    "held": 2,
    "how": "with a miss",
    "owner": "健太",
}
BY_GAME = {
    "core": {"known": "standard, all-b", "got": "chess", "want": "imhotep", "name": "promo"},
    "imhotep": {
        "card": "sail",
        "cards": ["sail", "lever"],
        "site": "temple",
        "ship": 2,
        "ships": [4, 3, 3, 2],
        "space": 1,
        "capacity": 3,
        "load": 1,
        "min_load": 2,
        "sled": 4,
        "order": [2, 0, 1],
        "occupied": [0, 1, 2],
        "pyramid": 0,
        "column": 2,
        "field": "points",
        "printed": 3,
        "given": 4,
        "key": "pyramid_a.points.3",
        "value": 4,
        "keep": "hammer",
        "pair": ["hammer", "chisel"],
        "used": 31,
        "monument": "burial",
        "deck": 2,
        "held": 3,
        "expected": "Ben",
        "got": "Chie",
    },
    "nile_murals": {
        "card": 37,
        "prev": 25,
        "source": "discard",
        "owed": 1,
        "said": "a miss",
        "verdict": "a miss",
        "does": "does not",
        "player": "千恵",
        "value": 3,
    },
    "terra_pyramides": {
        "sq": [2, 4],
        "target": [1, 4],
        "nearer": [1, 3],
        "colour": "blue",
        "c": "red",
        "kind": "oasis",
        "field": "horus_track",
        "track": "horus",
        "what": "coin",
        "start": 3,
        "end": 7,
        "stairs": "left",
        "reading": "along_stair_direction",
        "actual": "foundation",
        "claimed": "pyramid",
        "shown": "grey",
        "axis": "vertical",
        "key": "board.map",
        "card": "oasis",
        "stack": 1,
        "coins": 2,
        "price": 3,
        "paid": 1,
        "steps": 2,
        "seen": 2,
        "want": "grey",
    },
    "tameri": {
        "res": "barley",
        "card": "B9",
        "colour": "silt",
        "ramp": 2,
        "kind": "sun",
        "field": "flax_1",
        "space": 3,
        "source": "priest",
        "action": "farmer",
        "done": "merchant",
        "fields": ["top", "weather"],
        "tile": 4,
        "landed": 1,
        "cost": 2,
        "neg": "not ",
        "phase": "nile",
        "move": "season_end",
        "pos": 3,
        "pay": {"barley": 1, "papyrus": 2},
        "surcharge": 1,
        "what": "the weather drop",
        "cause": "weather_drop",
        "name": "glyphs",
        "want": 3,
        "temple": "amun",
    },
    "field_of_reeds": {
        "card": "g15",
        "slot": "?3",
        "fresh": 10,
        "available": 18,
        "first": "g3",
        "last": "g9",
        "space": "s12",
        "a": "s3",
        "b": "s4",
        "cost": ["yellow", "black"],
        "icons": ["red", "blue"],
        "choice": "yellow",
        "colour": "blue",
        "field": "distance",
        "logged": "red",
        "known": "blue",
        "phase": "action",
        "move": "score_level",
        "icon": 2,
        "current": 3,
    },
}
# Where one name means different things in different codes of a game.
BY_CODE = {
    ("field_of_reeds", "cannot_pay_shabti"): {"cost": 2},
    ("field_of_reeds", "cannot_pay_points"): {"cost": 2},
    ("imhotep", "sheet.player_count"): {"got": 3},
    ("imhotep", "sequence.unexpected"): {
        "got": "load",
        "expected": "the Temple-B reward of the next visible stone",
    },
    ("imhotep", "sequence.wrong_player"): {"got": "千恵", "expected": "健太"},
    ("imhotep", "printed.contradicts"): {"key": "pyramid_a.points.3"},
    ("nile_murals", "setup.edition_printed"): {"key": "combo_points.4", "printed": 6, "got": 5},
    ("nile_murals", "sheet.combo_too_high"): {"most": 50, "placed": 40},
    ("nile_murals", "sheet.too_many_misses"): {"most": 96},
    ("terra_pyramides", "boat_past_goal"): {"goal": 12},
    ("terra_pyramides", "surround_oasis_items"): {"oases": 1},
    ("terra_pyramides", "sheet_players"): {"want": 3},
    ("terra_pyramides", "sheet_name"): {"want": "千恵", "got": "大輔", "number": 3},
    ("terra_pyramides", "setup_foundations"): {"want": 4},
    ("terra_pyramides", "surround_bonus_mismatch"): {"want": 2, "got": 1},
    ("terra_pyramides", "block_colour_supply"): {"colour": "grey"},
    ("terra_pyramides", "edition.bad_value"): {"key": "supply.blocks", "want": 20},
    ("terra_pyramides", "out_of_order"): {"move": "build", "phase": "place"},
    ("terra_pyramides", "pyramid_points_impossible"): {"n": 11, "tops": 2, "got": 440},
    ("terra_pyramides", "card_points_out_of_range"): {
        "led": 1,
        "others": 4,
        "low": 10,
        "high": 100,
        "got": 0,
    },
    ("terra_pyramides", "card_points_table_too_high"): {"most": 100, "total": 110},
    ("terra_pyramides", "subtotal_needed"): {"field": "oasis_points", "because": "pyramid_points"},
    # A player number beyond the table: no name to give, so the wording must not be a seat.
    ("terra_pyramides", "no_such_player"): {"number": 5, "n": 4},
    ("imhotep", "sheet.burial_seat"): {"number": 5, "n": 4},
    ("field_of_reeds", "unknown_seat"): {"number": 5, "n": 4},
    ("tameri", "seat.unknown"): {"number": 5, "n": 4},
}
# What the judge typed and the message quotes back as it was written (an unknown preset,
# edition, game or printed-value name) may stay as written.
VERBATIM = {"preset", "name", "got", "known"}  # in the framework's own codes
VERBATIM_ANY = {"key"}  # a printed value's key, as the judge's document names it
# Printed ids and rule ids may stay in Latin letters (B9, g15, s12, M16); so may "X" of a
# card value (X+1), the board sides A and B as printed, and the file format's name.
ALLOWED = re.compile(r"^(?:[A-Za-z]{1,2}\d+[a-z]?|X|A|B|JSON)$")
ASCII_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SEAT_WORDING = re.compile(r"\bseats? (\d|\{)", re.I)
JA_SEAT = re.compile(r"\d+\s*番(目の)?席|席\s*\d")


def _violation_args(code, rule, message) -> bool:
    if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
        return False
    if not CODE.match(code.value) or "." not in code.value and "_" not in code.value:
        return False
    rule_ok = isinstance(rule, ast.JoinedStr | ast.Name | ast.Call | ast.Subscript) or (
        isinstance(rule, ast.Constant)
        and (rule.value is None or (isinstance(rule.value, str) and RULE.match(rule.value)))
    )
    return rule_ok and isinstance(message, ast.Constant) and isinstance(message.value, str)


def codes_in(source: Path) -> list[tuple[str, str, set[str]]]:
    """(code, English template, parameter names) of each violation built in ``source``."""
    out = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) in (
            "note",
            "of",
            "mark_unknown",
        ):
            continue  # an unchecked entry (tests/engines/test_unchecked_ja.py), not a violation
        # (code, rule, message, ...) or, in some sheet helpers, (path, code, rule, message)
        for start in (0, 1):
            args = node.args[start : start + 3]
            if len(args) == 3 and _violation_args(*args):
                break
        else:
            continue
        code, _, message = args
        text = message.value
        params = {k.arg for k in node.keywords if k.arg and k.arg not in ("path", "index")}
        for extra in node.args[start + 3 :]:
            if isinstance(extra, ast.Dict):
                params |= {k.value for k in extra.keys if isinstance(k, ast.Constant)}
        params |= set(PLACEHOLDER.findall(text))
        out.append((code.value, text, params))
    return out


def cases():
    found = []
    for key in ["core", *available_engines()]:
        seen: dict[str, list[tuple[str, set[str]]]] = {}
        for source in sorted((ENGINES_DIR / key).glob("*.py")):
            if source.name == "messages_ja.py":
                continue
            for code, text, params in codes_in(source):
                seen.setdefault(code, []).append((text, params))
        catalogue = CORE_MESSAGES_JA if key == "core" else get_engine(key).messages_ja
        for code in catalogue:
            seen.setdefault(code, [])
        for code, variants in sorted(seen.items()):
            for n, (text, params) in enumerate(variants or [(None, set())]):
                found.append(pytest.param(key, code, text, params, id=f"{key}:{code}:{n}"))
    for kind in MALFORMED_TYPES_JA:
        found.append(pytest.param("core", f"malformed.{kind}", None, set(), id=f"malformed.{kind}"))
    return found


def sample(key: str, code: str, names: set[str], template_ja: str | None) -> dict:
    wanted = set(names) | set(PLACEHOLDER.findall(template_ja or ""))
    # supplied by the core from the seats
    wanted = {w for w in wanted if w in names or not (w.endswith("player") or w == "where")}
    values = {}
    for name in sorted(wanted):
        base = name.split("+")[0]
        if base in BY_CODE.get((key, code), {}):
            values[base] = BY_CODE[(key, code)][base]
        elif base in BY_GAME.get(key, {}):
            values[base] = BY_GAME[key][base]
        elif base in COMMON:
            values[base] = COMMON[base]
        else:
            raise AssertionError(f"{key}: no sample value for parameter {base!r}")
    return values


@pytest.mark.parametrize("key, code, english, names", cases())
def test_every_code_renders_in_japanese_and_english(key, code, english, names):
    engine = get_engine("imhotep" if key == "core" else key)
    if key == "core":
        template = CORE_MESSAGES_JA.get(code)
        if template is None and code.startswith("malformed."):
            template = MALFORMED_TYPES_JA.get(code.removeprefix("malformed."))
    else:
        template = engine.messages_ja.get(code)
    assert template is not None, f"{key}: {code} has no Japanese template (English fallback)"
    params = sample(key, code, names, template)
    path = None
    if code.startswith("malformed."):
        path = "$.moves[3].ship"
        params = {
            **params,
            "path": path,
            "detail": "Input should be a valid integer",
            "ge": 0,
            "le": 5,
            "gt": 0,
            "lt": 6,
            "min_length": 1,
            "max_length": 3,
            "expected": "'A' or 'B'",
            "expected_tags": "'load', 'sail'",
        }
    violation = Violation(code, f"{key}:M1", english or code, params, path=path)
    (violation,) = engine.name_players([violation], PLAYERS)
    ja = engine.localize(violation, "ja")
    en = engine.localize(violation, "en")
    assert ja != en, f"{key}: {code} falls back to English: {en}"
    for text in (ja, en):
        assert "{" not in text and "}" not in text, f"{key}: {code}: unfilled placeholder: {text}"
    assert not SEAT_WORDING.search(en), f"{key}: {code}: a seat number, not a name: {en}"
    assert not JA_SEAT.search(ja), f"{key}: {code}: a seat number, not a name: {ja}"
    verbatim = set()
    for name in (VERBATIM if key == "core" else set()) | VERBATIM_ANY:
        if name in params:
            verbatim |= set(ASCII_WORD.findall(str(params[name])))
    leftovers = [w for w in ASCII_WORD.findall(ja) if not ALLOWED.match(w) and w not in verbatim]
    assert not leftovers, f"{key}: {code}: English in Japanese text {leftovers}: {ja}"
    for mark in ("'", '"', "[", "]"):
        assert mark not in ja, f"{key}: {code}: a Python value in Japanese text: {ja}"


def _field_names(annotation, seen) -> set[str]:
    import typing

    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return set()
        seen.add(annotation)
        names = set()
        for name, info in annotation.model_fields.items():
            names |= {name} | _field_names(info.annotation, seen)
        return names
    return {n for arg in typing.get_args(annotation) for n in _field_names(arg, seen)}


@pytest.mark.parametrize("key", available_engines())
def test_every_field_of_a_log_or_sheet_is_named_in_japanese(key):
    """A shape error names its place in words (「4番目の記録の「船」」): every field of every
    record and of the sheet has a Japanese name, so none shows as an identifier."""
    from engines.core.localize import where_ja

    engine = get_engine(key)
    seen: set = set()
    names = _field_names(engine.sheet_model, seen) | _field_names(engine.move_adapter._type, seen)
    assert len(names) > 5
    english = {
        name: where_ja(f"$.sheet.{name}", engine.terms_ja)
        for name in sorted(names)
        if ASCII_WORD.search(where_ja(f"$.sheet.{name}", engine.terms_ja))
    }
    assert not english, f"{key}: fields without a Japanese name: {english}"
