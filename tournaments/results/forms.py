"""Turn an engine's sheet schema (JSON Schema from its pydantic models) into form fields.

Each field carries the JSON path the engine uses in its violations
(``$.sheet.players[0].sled``), so the page puts an error beside the field it concerns and
the page's script builds the sheet body by setting each value at its path. Shapes the
generator does not know become a JSON text area rather than being dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

# Labels for sheet fields of the games; an unknown field shows its schema title.
FIELD_LABELS = {
    "track": _("Score track"),
    "sled": _("Stones on the sled"),
    "obelisk": _("Obelisk stones"),
    "obelisks_erected": _("Obelisks erected"),
    "cards": _("Cards held"),
    "missing_monuments": _("Monuments without stones"),
    "burial": _("Burial chamber (seat of each stone, in order)"),
    "pyramid_stones": _("Stones on the pyramid"),
    "temple_stones": _("Stones on the temple"),
    "blocks": _("Blocks"),
    "coins": _("Coins"),
    "foundations": _("Foundations (values)"),
    "pyramids": _("Pyramids"),
    "built": _("Built pyramids"),
}


@dataclass
class FormField:
    path: str
    name: str
    label: str
    widget: str  # int | bool | select | multi | intlist | counts | json | text
    minimum: int | None = None
    maximum: int | None = None
    options: list[str] = field(default_factory=list)
    required: bool = False

    @property
    def input_id(self) -> str:
        return "f-" + "".join(c if c.isalnum() else "-" for c in self.path)


@dataclass
class SheetForm:
    players: list[tuple[str, list[FormField]]]  # (seat name, fields) in seat order
    table_fields: list[FormField]


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return _resolve(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in schema:
        options = [s for s in schema["anyOf"] if s.get("type") != "null"]
        if len(options) == 1:
            return _resolve(options[0], defs)
    return schema


def _label(name: str, schema: dict[str, Any]) -> str:
    return str(FIELD_LABELS.get(name, schema.get("title") or name))


def fields_for(obj: dict[str, Any], base: str, defs: dict[str, Any]) -> list[FormField]:
    required = set(obj.get("required", []))
    out: list[FormField] = []
    for name, raw in obj.get("properties", {}).items():
        if name == "name":
            continue  # the seat already names the player
        prop = _resolve(raw, defs)
        path = f"{base}.{name}"
        kind = prop.get("type")
        common = {"path": path, "name": name, "label": _label(name, prop)}
        if kind == "integer":
            out.append(
                FormField(
                    **common,
                    widget="int",
                    minimum=prop.get("minimum"),
                    maximum=prop.get("maximum"),
                    required=name in required,
                )
            )
        elif kind == "boolean":
            out.append(FormField(**common, widget="bool"))
        elif kind == "string" and "enum" in prop:
            out.append(FormField(**common, widget="select", options=list(prop["enum"])))
        elif kind == "array":
            items = _resolve(prop.get("items", {}), defs)
            if "enum" in items:
                out.append(FormField(**common, widget="multi", options=list(items["enum"])))
            elif items.get("type") == "integer":
                out.append(FormField(**common, widget="intlist", minimum=items.get("minimum")))
            else:
                out.append(FormField(**common, widget="json"))
        elif kind == "object" and "propertyNames" in prop:
            keys = _resolve(prop["propertyNames"], defs).get("enum", [])
            out.append(FormField(**common, widget="counts", options=list(keys)))
        elif kind == "object" and "properties" in prop:
            out.extend(fields_for(prop, path, defs))
        else:
            out.append(FormField(**common, widget="json"))
    return out


def sheet_form(schema: dict[str, Any], seat_names: list[str]) -> SheetForm:
    defs = schema.get("$defs", {})
    sheet = _resolve(schema["properties"]["sheet"], defs)
    players_schema = _resolve(sheet["properties"]["players"], defs)
    player = _resolve(players_schema.get("items", {}), defs)
    players = [
        (name, fields_for(player, f"$.sheet.players[{i}]", defs))
        for i, name in enumerate(seat_names)
    ]
    rest = {
        "properties": {k: v for k, v in sheet.get("properties", {}).items() if k != "players"},
        "required": sheet.get("required", []),
    }
    return SheetForm(players=players, table_fields=fields_for(rest, "$.sheet", defs))


def move_types(log_schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Move kinds a judge can pick from, with their fields, for the step-entry form."""
    items = log_schema["properties"]["moves"]["items"]
    defs = {**log_schema.get("$defs", {}), **items.get("$defs", {})}
    variants = items.get("oneOf") or items.get("anyOf") or [items]
    out = []
    for variant in variants:
        move = _resolve(variant, defs)
        props = move.get("properties", {})
        type_const = props.get("type", {}).get("const")
        if not type_const:
            continue
        fields = []
        for name, raw in props.items():
            if name == "type":
                continue
            prop = _resolve(raw, defs)
            fields.append(
                {
                    "name": name,
                    "type": prop.get("type", "json"),
                    "enum": prop.get("enum"),
                    "items": _resolve(prop.get("items", {}), defs) if "items" in prop else None,
                    "required": name in move.get("required", []),
                }
            )
        out.append(
            {"type": type_const, "title": move.get("title", type_const),
             "help": move.get("description", ""), "fields": fields}
        )  # fmt: skip
    return out
