"""A game's move log as the judge's step forms, and a logged move as a sentence.

Built from the engine's log schema (which fields a move has, their ranges and choices) and
the game's words (``engines/<key>/move_words.py``: each move type's name and read-back
sentence, each field's label, each choice's name, in English and Japanese). The judge's
page draws the forms from the node tree ``step_forms`` returns; every sentence a page
shows (the judge's accepted steps, the scribe's offered moves, the public move-log
viewer) comes from ``move_sentence`` here, so a move reads the same everywhere and there
is one implementation of the reading.

Two shapes of words: flat records (Imhotep, Nile Murals: one field a value, ``_field``),
and nested ones (``NESTED``: Field of Reeds, Tameri, Terra Pyramides, ``_node``) whose
fields become a tree: lists with a row per entry, one row per player where the record has
one entry per seat, squares as row and column counted from 1, choices where the schema or
the rulebook names them, steppers for counts. Never JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

Text = tuple[str, str]  # (English, Japanese)

# The framework's own words (a value no game names).
CORE = {
    "to_move": ("the player to move", "手番のプレイヤー"),
    "yes": ("Yes", "はい"),
    "no": ("No", "いいえ"),
    "square": ("row {row}, column {column}", "上から{row}行目・左から{column}列目"),
    "list_sep": (", ", "、"),
    "how_many": ("How many", "個数"),
}


def say(text: Text | str | None, lang: str) -> str | None:
    """A text of the words in ``lang`` ("ja" or anything else for English)."""
    if text is None or isinstance(text, str):
        return text
    return text[1] if lang == "ja" else text[0]


def resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """A schema with its ``$ref`` followed and a lone non-null ``anyOf`` unwrapped."""
    if "$ref" in schema:
        return resolve(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in schema:
        options = [s for s in schema["anyOf"] if s.get("type") != "null"]
        if len(options) == 1:
            return resolve(options[0], defs)
    return schema


# ---- the forms -----------------------------------------------------------------------


class _Flat:
    """Imhotep and Nile Murals: one control per field."""

    def __init__(self, words: ModuleType, lang: str):
        self.w, self.lang = words, lang

    def choices(self, name: str, values: Sequence[Any]) -> list[list[str]]:
        key = self.w.CHOICES_SAME_FOR.get(name, name)
        out = []
        for value in values:
            text = say(self.w.CHOICES.get((key, str(value))), self.lang)
            if text is None:
                text = str(value + 1) if name in self.w.ONE_BASED else str(value)
            out.append([str(value), text])
        return out

    def field(self, name: str, raw: dict[str, Any], defs: dict[str, Any], required: bool):
        prop = resolve(raw, defs)
        label = say(self.w.FIELDS.get(name), self.lang) or name
        base = {
            "name": name, "label": label, "required": required,
            "oneBased": name in self.w.ONE_BASED,
        }  # fmt: skip
        if name in self.w.SEAT_FIELDS:
            return {**base, "kind": "seat"}
        values = list(prop.get("enum") or [])
        for option in prop.get("anyOf") or []:  # a choice of enums and constants ("pair")
            option = resolve(option, defs)
            values += option.get("enum") or ([option["const"]] if "const" in option else [])
        if values:
            return {**base, "kind": "select", "choices": self.choices(name, values)}
        kind = prop.get("type")
        if kind == "integer":
            low, high = prop.get("minimum"), prop.get("maximum")
            if low is not None and high is not None and high - low <= 12:
                return {
                    **base,
                    "kind": "select",
                    "choices": self.choices(name, range(low, high + 1)),
                }
            return {**base, "kind": "int", "min": low, "max": high}
        if kind == "boolean":
            return {**base, "kind": "bool"}
        if kind == "array":
            items = resolve(prop.get("items", {}), defs)
            if items.get("type") == "integer":
                return {**base, "kind": "ints"}
            if items.get("type") == "object":
                parts = [
                    self.field(k, v, defs, True) for k, v in items.get("properties", {}).items()
                ]
                return {**base, "kind": "objects", "count": prop.get("minItems", 1), "parts": parts}
        if kind == "object" and "properties" in prop:
            parts = [self.field(k, v, defs, False) for k, v in prop["properties"].items()]
            return {**base, "kind": "object", "parts": parts}
        if kind == "string":
            return {**base, "kind": "text"}
        return None  # a shape this form does not ask for (left out rather than typed as JSON)


def _nullable(raw: dict[str, Any]) -> bool:
    return any(option.get("type") == "null" for option in raw.get("anyOf", []))


class _Nested(_Flat):
    """Field of Reeds, Tameri, Terra Pyramides: records with lists, squares and maps."""

    def named(self, values: Sequence[Any]) -> list[list[str]]:
        return [[str(v), say(self.w.CHOICES.get(str(v)), self.lang) or str(v)] for v in values]

    def field(self, name: str, raw: dict[str, Any], defs: dict[str, Any], required: bool):
        w, lang = self.w, self.lang
        prop = resolve(raw, defs)
        label = say(w.FIELDS.get(name), lang) or name
        base = {"name": name, "label": label, "required": required and not _nullable(raw)}
        if name in w.SEAT_NUMBERS:
            return {**base, "kind": "seatNumber", "base": w.SEAT_NUMBERS[name]}
        open_choices = w.OPEN_CHOICES.get(name)
        options = [resolve(o, defs) for o in prop.get("anyOf", []) if o.get("type") != "null"]
        if options:  # a number or a printed mark (Field of Reeds' card value: 2 or "X+1")
            values: list[Any] = []
            for option in options:
                if option.get("type") == "integer":
                    values += range(option.get("minimum", 0), option.get("minimum", 0) + 11)
                values += option.get("enum") or []
            return {**base, "kind": "select", "choices": self.named(values)}
        kind = prop.get("type")
        if prop.get("enum") or (open_choices and kind == "string"):
            return {
                **base,
                "kind": "select",
                "choices": self.named(prop.get("enum") or open_choices),
            }
        if kind == "integer":
            return {**base, "kind": "int", "min": prop.get("minimum"), "max": prop.get("maximum")}
        if kind == "boolean":
            return {**base, "kind": "bool"}
        if kind == "string":
            return {**base, "kind": "text"}
        if kind == "array" and "prefixItems" in prop and w.SQUARES:
            return {**base, "kind": "square"}
        if kind == "array":
            item = self.field(name, prop.get("items", {}), defs, True)
            if item and item["kind"] == "list":  # one packet of cards, not one per player
                item["perSeat"] = False
                item["itemLabel"] = say(w.INNER_ITEMS.get(name), lang) or item["itemLabel"]
            # nullable: null (not recorded) and [] (none printed) are different records,
            # so the form asks which one an empty list is (a card without weather effects).
            return {
                **base, "kind": "list", "item": item, "min": prop.get("minItems", 0),
                "max": prop.get("maxItems"), "perSeat": name in w.PER_SEAT,
                "itemLabel": say(w.ITEMS.get(name), lang) or label, "nullable": _nullable(raw),
            }  # fmt: skip
        if kind == "object" and "properties" in prop:
            needed = set(prop.get("required", []))
            parts = [self.field(k, v, defs, k in needed) for k, v in prop["properties"].items()]
            return {**base, "kind": "object", "parts": parts}
        if kind == "object":  # a mapping: colour -> blocks paid, temple -> track length
            raw_value = prop.get("additionalProperties")
            if not isinstance(raw_value, dict):
                raw_value = next(iter(prop.get("patternProperties", {}).values()), {})
            value = self.field(name, raw_value, defs, True)
            if value and value["kind"] == "int":
                value["label"] = say(CORE["how_many"], lang)
            keys = (prop.get("propertyNames") or {}).get("enum") or open_choices
            key: dict[str, Any] = {
                "name": name, "label": say(w.ITEMS.get(name), lang) or label, "required": True,
            }  # fmt: skip
            key.update(
                {"kind": "select", "choices": self.named(keys)} if keys else {"kind": "text"}
            )
            return {**base, "kind": "map", "key": key, "value": value}
        return None


def step_forms(words: ModuleType | None, log_schema: dict[str, Any], lang: str) -> list[dict]:
    """Each move type with words: its label, read-back sentence and field tree, in the
    order of the log schema; [] for a game without words."""
    if words is None:
        return []
    items = log_schema["properties"]["moves"]["items"]
    defs = {**log_schema.get("$defs", {}), **items.get("$defs", {})}
    builder = (_Nested if words.NESTED else _Flat)(words, lang)
    out = []
    for variant in items.get("oneOf") or items.get("anyOf") or [items]:
        move = resolve(variant, defs)
        props = move.get("properties", {})
        kind = (
            props.get("type", {}).get("const") or (props.get("type", {}).get("enum") or [None])[0]
        )
        if kind not in words.MOVES:
            continue
        needed = set(move.get("required", []))
        fields = [
            node
            for name, raw in props.items()
            if name != "type" and (node := builder.field(name, raw, defs, name in needed))
        ]
        label, sentence = words.MOVES[kind]
        form = {
            "type": kind,
            "label": say(label, lang),
            "sentence": say(sentence, lang),
            "fields": fields,
        }
        if words.NESTED:
            form["facts"] = kind in words.FACT_MOVES
        filled = getattr(words, "RULE_FILLED", {}).get(kind)
        if filled:  # the scribe offers the engine's record without what is revealed later
            form["ruleFilled"] = list(filled)
        if kind in getattr(words, "FORM_ONLY", ()):
            form["formOnly"] = True
        revealed = getattr(words, "REVEALED", {}).get(kind)
        if revealed:  # parts of a legal record the table shows (the engine's are stand-ins)
            form["revealed"] = list(revealed)
        asks = getattr(words, "SCRIBE_ASKS", {}).get(kind)
        if asks:  # printed facts the scribe asks once the record is chosen
            form["asks"] = [
                {
                    "label": say(question, lang),
                    "answers": [
                        {"set": dict(sets), "label": say(text, lang)} for sets, text in answers
                    ],
                }
                for question, answers in asks
            ]
        out.append(form)
    return out


# ---- the sentences -------------------------------------------------------------------


class Seats(list):
    """The seated players' names in seat order, and the log's own player names (what a
    file import may carry) mapped to them by seat."""

    def __init__(self, names: Sequence[str], log_players: Sequence[str] = ()):
        if len(log_players) == len(names) and sorted(log_players) == sorted(names):
            # The seated players in the log's own order (the turn order it was played in):
            # a seat number in a record counts in that order; names read as themselves.
            super().__init__(log_players)
            self.renamed = {}
            return
        super().__init__(names)
        self.renamed = dict(zip(log_players, names, strict=False))


def shown(
    f: Mapping[str, Any], value: Any, seats: Seats, lang: str, terms: Mapping[str, str] = {}
) -> str:  # noqa: B006 - read only
    """One value of a move as a reader sees it (``f``: its node of the step form; ``terms``:
    the engine's names of its identifiers in ``lang``, for a value no choice names, such as
    Field of Reeds' watcher space)."""

    def seat_name(i: Any) -> str:
        return seats[i] if isinstance(i, int) and 0 <= i < len(seats) else str(i)

    def again(node: Mapping[str, Any], inner: Any) -> str:
        return shown(node, inner, seats, lang, terms)

    sep = say(CORE["list_sep"], lang)
    kind = f.get("kind")
    if kind == "seat" and isinstance(value, str) and value in seats.renamed:
        return seats.renamed[value]
    if value is None:
        return say(CORE["to_move"], lang) if kind in ("seat", "seatNumber") else "—"
    if kind == "select":
        return next(
            (name for key, name in f["choices"] if key == str(value)), _term(f, value, terms)
        )
    if kind == "seatNumber" and isinstance(value, int) and not isinstance(value, bool):
        index = value - f.get("base", 0)
        return seat_name(index) if 0 <= index < len(seats) else str(value)
    if kind == "bool":
        return say(CORE["yes"] if value else CORE["no"], lang)
    if kind == "ints" and isinstance(value, list):
        return " ".join(
            str(n + 1 if f.get("oneBased") and isinstance(n, int) else n) for n in value
        )
    if kind == "square" and isinstance(value, list) and len(value) == 2:  # noqa: SIM102
        if all(isinstance(n, int) for n in value):  # (else read as written, below)
            return say(CORE["square"], lang).format(row=value[0] + 1, column=value[1] + 1)
    if kind == "objects" and isinstance(value, list):
        return sep.join(_parts(f["parts"], part, seats, lang, terms) for part in value)
    if kind == "object" and isinstance(value, dict):
        return _parts(f["parts"], value, seats, lang, terms)
    if kind == "list" and isinstance(value, list):
        item = f["item"] or {}
        grouped = f.get("perSeat") or item.get("kind") == "list"

        def brief(entry: Any) -> str:  # a row reads as its first field (a card, a space)
            if item.get("kind") == "object" and isinstance(entry, dict):
                first = item["parts"][0]
                return again(first, entry.get(first["name"]))
            return again(item, entry)

        def title(i: int) -> str:
            if f.get("perSeat"):
                return seats[i] if i < len(seats) else str(i + 1)
            return f"{f.get('itemLabel', '')} {i + 1}"

        if grouped:  # rows of rows (a hand per player, two fields per ramp) keep titles
            return " / ".join(f"{title(i)} {brief(e)}" for i, e in enumerate(value))
        return sep.join(brief(e) for e in value)
    if kind == "map" and isinstance(value, dict):
        return sep.join(f"{again(f['key'], k)} {again(f['value'], v)}" for k, v in value.items())
    return _term(f, value, terms)


def _term(f: Mapping[str, Any], value: Any, terms: Mapping[str, str]) -> str:
    if isinstance(value, str):
        return terms.get(f"{f.get('name')}:{value}") or terms.get(value) or value
    return str(value)


def _parts(
    parts: list[dict[str, Any]], value: Any, seats: Seats, lang: str, terms: Mapping[str, str]
) -> str:
    if not isinstance(value, dict):
        return str(value)
    return " ".join(
        f"{p['label']} {shown(p, value[p['name']], seats, lang, terms)}"
        for p in parts
        if value.get(p["name"]) is not None
    )


def move_sentence(
    forms: Sequence[Mapping[str, Any]], move: Any, seats: Seats, lang: str,
    terms: Mapping[str, str] = {},  # noqa: B006 - read only
) -> str:  # fmt: skip
    """A logged move (a record as written, legal or not) as its sentence; a move type
    without words reads as its type, never as JSON."""
    kind = move.get("type") if isinstance(move, dict) else None
    form = next((t for t in forms if t["type"] == kind), None)
    if form is None:
        return str(kind or "—")
    text = form["sentence"]
    for f in form["fields"]:
        value = shown(f, move.get(f["name"]), seats, lang, terms)
        text = text.replace("{" + f["name"] + "}", value)
    return text


def move_fields(
    forms: Sequence[Mapping[str, Any]], move: Any, seats: Seats, lang: str,
    terms: Mapping[str, str] = {},  # noqa: B006 - read only
) -> dict[str, str]:  # fmt: skip
    """Each field a record carries, as the same words its sentence uses (the scribe's
    buttons narrow the engine's legal moves field by field with these)."""
    kind = move.get("type") if isinstance(move, dict) else None
    form = next((t for t in forms if t["type"] == kind), None)
    if form is None:
        return {}
    return {
        f["name"]: shown(f, move.get(f["name"]), seats, lang, terms)
        for f in form["fields"]
        if f["name"] in move
    }
