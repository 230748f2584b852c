"""Turn an engine's sheet schema (JSON Schema from its pydantic models) into form fields.

``judge_form`` builds the judge's phone form: a tree of ``Node``s (steppers, toggles,
choices, groups, fixed lists such as seasons or levels, rows a judge adds such as
pyramids or hand cards), holding only the fields the event's options have, each with the
JSON path the engine uses in its violations (``$.sheet.players[0].sled``) so the page puts
an error beside the field it concerns. ``sheet_summary`` reads an entered sheet back as
labelled lines for the player who confirms it. The console's printed paper sheet walks
the same tree (console/selectors/paper_sheets.py), so paper and phone ask for the same
things in the same order, with the words of each engine's ``sheet_words`` module.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return _resolve(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in schema:
        options = [s for s in schema["anyOf"] if s.get("type") != "null"]
        if len(options) == 1:
            return _resolve(options[0], defs)
    return schema


def form_options(engine, preset: str | None, overrides: dict[str, Any] | None) -> dict[str, Any]:
    """The options a form is drawn for (preset plus overrides, as the engine reads them);
    an unusable configuration draws every field (the engine names it when scoring)."""
    try:
        return engine.resolve_options(overrides or None, preset).model_dump(mode="json")
    except Exception:  # noqa: BLE001 - any refusal: the engine reports it at scoring
        return {}


@dataclass
class Node:
    """One piece of the phone form: a value the judge enters, or a group of them.

    ``key`` is the engine's property name (an index for list items); the page builds the
    sheet body by walking the nodes, and puts each error beside the node at its path.
    kind: int | count | bool | select | text | strlist | multi | group | fixed | rows |
    keycounts.
    """

    kind: str
    key: str
    label: str
    path: str
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    default: Any = None
    choices: list[tuple[str, str]] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    item_label: str = ""
    scalar_item: bool = False
    hint: str = ""
    start: Any = None  # the value the field shows before anything is typed (0: zero)
    unknown: bool = False  # the judge may mark the value unknown (an explicit choice)
    folded: bool = False  # an alternative the engine derives otherwise: asked when opened
    other: bool = False  # a closed choice that also takes a value typed in
    help: str = ""  # the rule behind the field, in the page's language (one tap away)
    help_rule: str = ""

    @property
    def input_id(self) -> str:
        return "f-" + "".join(c if c.isalnum() else "-" for c in self.path)


@dataclass
class JudgeForm:
    players: list[tuple[str, Node]]  # (seat name, the player's section) in seat order
    table: list[Node]  # fields of the whole table (Imhotep's monuments)


def sheet_words(game: str):
    """The game's sheet words and how its form asks for each field
    (``engines/<game>/sheet_words.py``: pure data the engine owns)."""
    try:
        return importlib.import_module(f"engines.{game}.sheet_words")
    except ImportError:
        return None


def sheet_entry(game: str) -> dict[str, dict[str, Any]]:
    return getattr(sheet_words(game), "ENTRY", {})


def subtotal_plan(game: str) -> dict[str, Any] | None:
    """The game's subtotal entry (fields it hides, fields it asks, checks it gives up), or
    None when its engine offers none."""
    return getattr(sheet_words(game), "SUBTOTAL", None)


def subtotal_gives_up(game: str) -> list[str]:
    """The checks the game's subtotal entry gives up, in the page's language."""
    plan = subtotal_plan(game)
    return [_choice_text(en, ja) for en, ja in plan["gives_up"]] if plan else []


def _choice_text(english: str, japanese: str) -> str:
    return japanese if (get_language() or "ja")[:2] == "ja" else english


def _word(words, table: str, key: Any) -> str | None:
    found = getattr(words, table, {}).get(key)
    return None if found is None else _choice_text(*found)


def _shown(words, name: str, options: dict[str, Any], index: int | None) -> bool:
    """Only what the event's version, preset and board sides have (the engine refuses the
    rest); the engine's ``shown`` decides."""
    shown = getattr(words, "shown", None)
    return True if shown is None else shown(name, options, index)


def _readable(name: str) -> str:
    return name.replace("_", " ").capitalize()


class _Builder:
    def __init__(
        self, game: str, options: dict[str, Any], defs: dict[str, Any], subtotal: bool = False
    ):
        self.game, self.options, self.defs = game, options, defs
        self.words = sheet_words(game)
        self.entry = dict(getattr(self.words, "ENTRY", {}))
        self.hides: set[str] = set()
        plan = subtotal_plan(game) if subtotal else None
        self.subtotal = plan is not None
        if plan is not None:
            # The organizer chose subtotals: the detail they replace is not asked, and the
            # subtotals are asked outright (not folded), starting at 0 like every count.
            self.hides = set(plan["hides"])
            for name in plan["asks"]:
                self.entry[name] = {**self.entry.get(name, {}), "folded": False}

    def label(self, name: str, schema: dict[str, Any]) -> str:
        return _word(self.words, "LABELS", name) or schema.get("title") or _readable(name)

    def choices(self, name: str, values: list[Any]) -> list[tuple[str, str]]:
        return [
            (str(v), _word(self.words, "OPTION_LABELS", (name, str(v))) or _readable(str(v)))
            for v in values
        ]

    def props(self, obj: dict[str, Any], base: str, index: int | None = None) -> list[Node]:
        required = set(obj.get("required", []))
        out = []
        for name, raw in obj.get("properties", {}).items():
            if name in self.hides or not _shown(self.words, name, self.options, index):
                continue
            if self.entry.get(name, {}).get("subtotal_only") and not self.subtotal:
                continue  # a subtotal no detail entry needs (the engine works it out)
            node = self.node(name, raw, f"{base}.{name}", name in required, index)
            if node is not None:
                out.append(node)
        return out

    def node(self, name: str, raw: dict[str, Any], path: str, required: bool, index=None):
        prop = _resolve(raw, self.defs)
        kind = prop.get("type")
        common = {"key": name, "label": self.label(name, prop), "path": path}
        hint = _word(self.words, "SIDE_HINTS", (name, (self.options.get("sides") or {}).get(name)))
        if hint is not None:
            common["hint"] = hint
        help_ = getattr(self.words, "HELP", {}).get(name)
        if help_ is not None:
            common["help_rule"], common["help"] = help_[0], _choice_text(*help_[1:])
        default = raw.get("default", prop.get("default"))
        entry = self.entry.get(name, {})
        common["folded"] = bool(entry.get("folded"))
        closed = [(v, _choice_text(en, ja)) for v, en, ja in entry.get("choices", ())]
        if kind == "integer":
            minimum = prop.get("minimum")
            start = None
            if not common["folded"]:
                # Zero means zero: a count starts at 0 (or the engine's default) and is sent
                # as shown; "unknown" is a separate, explicit choice.
                start = default if isinstance(default, int) else 0
                if minimum is not None and start < minimum:
                    start = None  # a number that has no zero (a card number): typed
                if entry.get("blank"):
                    start = None  # needed only at times (a tiebreak): empty = not recorded
            return Node(
                "int", **common, minimum=minimum, maximum=prop.get("maximum"),
                required=required, default=default, start=start,
                unknown=bool(entry.get("unknown")),
            )  # fmt: skip
        if entry.get("sequence") == "seats":
            return Node("sequence", **common)
        if kind == "string" and closed:
            return Node("choice", **common, choices=closed, other=bool(entry.get("other")))
        if kind == "array" and closed:
            return Node("tally" if entry.get("repeat") else "multi", **common, choices=closed)
        if kind == "boolean":
            return Node("bool", **common, required=required, default=bool(default))
        if kind == "string" and "enum" in prop:
            return Node("select", **common, choices=self.choices(name, prop["enum"]))
        if kind == "string":
            return Node("text", **common)
        if kind == "object" and "propertyNames" in prop:
            keys = _resolve(prop["propertyNames"], self.defs).get("enum", [])
            values = _resolve(prop.get("additionalProperties") or {}, self.defs)
            children = [
                Node("count", k, text, f"{path}.{k}", minimum=values.get("minimum"), start=0)
                for k, text in self.choices(name, keys)
            ]
            return Node("group", **common, children=children)
        if kind == "object" and "properties" in prop:
            return Node("group", **common, children=self.props(prop, path, index))
        if kind == "object":  # free keys with counts (Tameri's glyphs)
            return Node("keycounts", **common, item_label=self.item(name))
        if kind == "array":
            items = _resolve(prop.get("items", {}), self.defs)
            if "enum" in items:
                return Node("multi", **common, choices=self.choices(name, items["enum"]))
            if items.get("type") == "string":
                return Node("strlist", **common)
            fixed = prop.get("minItems")
            if fixed is not None and fixed == prop.get("maxItems"):
                children = [
                    Node(
                        "item",
                        str(i),
                        f"{self.item(name)} {i + 1}",
                        f"{path}[{i}]",
                        children=self.props(items, f"{path}[{i}]", i),
                    )  # fmt: skip
                    for i in range(fixed)
                ]
                return Node("fixed", **common, children=children)
            if items.get("type") == "integer":
                one = Node(
                    "int", "", self.item(name), "", minimum=items.get("minimum"),
                    maximum=items.get("maximum"), required=True,
                )  # fmt: skip
                return Node("rows", **common, children=[one], item_label=self.item(name),
                            scalar_item=True)  # fmt: skip
            return Node(
                "rows", **common, children=self.props(items, ""), item_label=self.item(name)
            )
        return Node("text", **common)

    def item(self, name: str) -> str:
        return _word(self.words, "ITEM_LABELS", name) or str(_("Entry"))


def judge_form(
    game: str,
    schema: dict[str, Any],
    seat_names: list[str],
    options: dict[str, Any],
    subtotal: bool = False,
) -> JudgeForm:
    """The phone form of ``game`` for a table: one section per seat (one shared section
    for a Terra Pyramides mission), then the whole table's fields, in the engine's sheet
    order (the order the paper sheet prints). ``subtotal``: the event's judges enter the
    game's subtotals (``subtotal_plan``) instead of the detail they replace."""
    defs = schema.get("$defs", {})
    sheet = _resolve(schema["properties"]["sheet"], defs)
    build = _Builder(game, options or {}, defs, subtotal)
    player = _resolve(_resolve(sheet["properties"]["players"], defs).get("items", {}), defs)
    seats = list(seat_names)
    shared = getattr(build.words, "shared_seat", None)
    if shared is not None and shared(options or {}):
        seats = [str(_("Shared colour"))]
    players = [
        (
            name,
            Node(
                "item",
                str(i),
                name,
                f"$.sheet.players[{i}]",
                children=build.props(player, f"$.sheet.players[{i}]"),
            ),
        )  # fmt: skip
        for i, name in enumerate(seats)
    ]
    rest = {
        "properties": {k: v for k, v in sheet.get("properties", {}).items() if k != "players"},
        "required": sheet.get("required", []),
    }
    return JudgeForm(players=players, table=build.props(rest, "$.sheet"))


def _text(node: Node, value: Any) -> str:
    if node.kind == "bool":
        return str(_("Yes") if value else _("No"))
    labels = dict(node.choices)
    if node.kind in ("multi", "tally") and isinstance(value, list):
        return "、".join(labels.get(str(v), str(v)) for v in value)
    if node.kind == "strlist" and isinstance(value, list):
        return " ".join(str(v) for v in value)
    if node.kind == "keycounts" and isinstance(value, dict):
        return "、".join(f"{k} × {n}" for k, n in value.items())
    return labels.get(str(value), str(value))


def summary_rows(nodes: list[Node], value: Any, prefix: str = "") -> list[tuple[str, str]]:
    """(label, value) lines of what was entered, in form order, for a player to check;
    values left at their default are not listed."""
    out: list[tuple[str, str]] = []
    data = value if isinstance(value, dict) else {}
    for node in nodes:
        got = data.get(node.key)
        label = f"{prefix}{node.label}"
        if got is None and node.unknown and node.key in data:
            out.append((label, str(_("Unknown (not on the sheet)"))))
            continue
        if got is None or got == [] or got == {}:
            continue
        if node.kind == "group":
            out.extend(summary_rows(node.children, got, f"{label} · "))
        elif node.kind == "fixed" and isinstance(got, list):
            for item, entry in zip(node.children, got, strict=False):
                out.extend(summary_rows(item.children, entry, f"{item.label} · "))
        elif node.kind == "rows" and isinstance(got, list):
            for i, entry in enumerate(got):
                title = f"{node.item_label} {i + 1}"
                if node.scalar_item:
                    out.append((f"{label} · {title}", str(entry)))
                else:
                    out.extend(summary_rows(node.children, entry, f"{title} · "))
        elif node.kind != "bool" or got != node.default:
            out.append((label, _text(node, got)))
    return out


def sheet_summary(form: JudgeForm, sheet: Any) -> dict[str, Any]:
    """The entered sheet as readable lines: per seat, then the whole table."""
    sheet = sheet if isinstance(sheet, dict) else {}
    players = sheet.get("players") if isinstance(sheet.get("players"), list) else []
    return {
        "players": [
            (name, summary_rows(section.children, players[i] if i < len(players) else {}))
            for i, (name, section) in enumerate(form.players)
        ],
        "table": summary_rows(form.table, sheet),
    }
