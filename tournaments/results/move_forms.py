# ruff: noqa: E501  (one move per line reads best as a table)
"""The step-by-step move-log form: one small form per move type, in the page's language.

Built from the engine's log schema (which fields a move has, their ranges and choices) plus
the words here: the move's name, each field's label, each choice's name, and a sentence
that reads an accepted step back ("Aiko loads a stone onto ship 2, space 1"). A game has a
step form only once its words are here (``STEP_FORMS``); the others take move logs as an
imported file, and their score sheet is the way to enter a result by hand.

Field of Reeds, Tameri and Terra Pyramides (words in ``move_words``) have nested records:
their fields become a tree of nodes (``_node``): lists with a row per entry, one row per
player where the record has one entry per seat, squares as row and column counted from 1,
choices where the schema or the rulebook names them, steppers for counts. Never JSON.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.results import move_words as words_of
from tournaments.results.forms import _resolve

# Fields naming the player who acts: a choice among the seated players.
SEAT_FIELDS = {"by", "player"}
# 0-based indices the table calls 1, 2, 3...
ONE_BASED = {
    ("imhotep", "ship"), ("imhotep", "space"), ("imhotep", "pyramid"), ("imhotep", "order"),
}  # fmt: skip

MOVES = {
    "imhotep": {
        "round": (_("Round card"), _("Round card: ships of {ships} spaces")),
        "reveal": (_("Market card revealed"), _("Market card revealed: {card}")),
        "draw": (_("Card drawn from the market deck"), _("Card drawn from the deck: {card}")),
        "quarry": (_("Take stones from the quarry"), _("{by} takes {count} stones from the quarry")),
        "load": (_("Load a stone"), _("{by} loads a stone onto ship {ship}, space {space}")),
        "sail": (_("Sail a ship"), _("{by} sails ship {ship} to the {site}")),
        "play_lever": (_("Play Lever"), _("{by} plays Lever: ship {ship} to the {site}, unloading {order}")),
        "play_hammer": (_("Play Hammer"), _("{by} plays Hammer: takes {take}, loads ship {ship}, space {space}")),
        "play_sail": (_("Play Sail"), _("{by} plays Sail: loads ship {ship}, space {space}, sails to the {site}")),
        "play_chisel": (_("Play Chisel"), _("{by} plays Chisel: loads {loads}")),
        "pass": (_("Pass"), _("{by} passes")),
        "take": (_("Take a market card"), _("{by} takes {card}")),
        "place_pyramid": (_("Place on the pyramid"), _("{by} places a stone on pyramid {pyramid}")),
        "temple_reward": (_("Temple reward"), _("{by} takes the temple reward")),
        "printed": (_("Printed value read off a component"), _("Printed value {key}: {value}")),
    },
    "nile_murals": {
        "deal": (_("Deal a starting card"), _("{player} is dealt card {card}")),
        "place": (_("Place a card"), _("{player} places card {card} from the {source}")),
        "stop": (_("End the turn"), _("{player} ends the turn")),
        "draw": (_("Draw a card"), _("{player} draws card {card} from the {source}")),
    },
}  # fmt: skip

FIELDS = {
    ("imhotep", "ships"): _("Ship sizes (spaces, e.g. 4 3 2 2)"),
    ("imhotep", "min_loads"): _("Stones each ship needs before it may sail"),
    ("imhotep", "card"): _("Card"),
    ("imhotep", "count"): _("Stones"),
    ("imhotep", "ship"): _("Ship"),
    ("imhotep", "space"): _("Space"),
    ("imhotep", "site"): _("Site"),
    ("imhotep", "order"): _("Unloading order (spaces, e.g. 2 1 3)"),
    ("imhotep", "take"): _("Stones taken"),
    ("imhotep", "loads"): _("Stones loaded"),
    ("imhotep", "keep"): _("Card kept (from a pair)"),
    ("imhotep", "pyramid"): _("Pyramid"),
    ("imhotep", "points"): _("Printed points"),
    ("imhotep", "bonus"): _("Printed bonus"),
    ("imhotep", "load"): _("Stone loaded by the bonus"),
    ("imhotep", "key"): _("Which printed value"),
    ("imhotep", "value"): _("Value"),
    ("imhotep", "by"): _("Player"),
    ("nile_murals", "card"): _("Card number"),
    ("nile_murals", "player"): _("Player"),
    ("nile_murals", "source"): _("From"),
    ("nile_murals", "ankh"): _("The card shows an ankh"),
    ("nile_murals", "area"): _("Area value printed on the card"),
    ("nile_murals", "miss"): _("Missed (no free square)"),
}

CHOICES = {
    ("imhotep", "card", "pyramid_decoration"): _("Pyramid Decoration"),
    ("imhotep", "card", "temple_decoration"): _("Temple Decoration"),
    ("imhotep", "card", "burial_decoration"): _("Burial Chamber Decoration"),
    ("imhotep", "card", "obelisk_decoration"): _("Obelisk Decoration"),
    ("imhotep", "card", "statue"): _("Statue"),
    ("imhotep", "card", "lever"): _("Lever"),
    ("imhotep", "card", "hammer"): _("Hammer"),
    ("imhotep", "card", "sail"): _("Sail"),
    ("imhotep", "card", "chisel"): _("Chisel"),
    ("imhotep", "card", "entrance"): _("Entrance"),
    ("imhotep", "card", "sarcophagus"): _("Sarcophagus"),
    ("imhotep", "card", "paved_path"): _("Paved Path"),
    ("imhotep", "card", "pair"): _("A pair of cards"),
    ("imhotep", "site", "market"): _("Market"),
    ("imhotep", "site", "pyramid"): _("Pyramid"),
    ("imhotep", "site", "temple"): _("Temple"),
    ("imhotep", "site", "burial"): _("Burial Chamber"),
    ("imhotep", "site", "obelisk"): _("Obelisk"),
    ("nile_murals", "source", "deck"): _("deck"),
    ("nile_murals", "source", "hand"): _("hand"),
    ("nile_murals", "source", "discard"): _("discard pile"),
    ("nile_murals", "area", "none"): _("none"),
}
CHOICES_SAME_FOR = {"keep": "card"}  # a field whose choices are named like another's


def _choices(game: str, name: str, values: list[Any]) -> list[list[str]]:
    key = CHOICES_SAME_FOR.get(name, name)
    out = []
    for value in values:
        text = CHOICES.get((game, key, str(value)))
        if text is None:
            text = str(value + 1) if (game, name) in ONE_BASED else str(value)
        out.append([str(value), str(text)])
    return out


def _field(game: str, name: str, raw: dict[str, Any], defs: dict[str, Any], required: bool):
    prop = _resolve(raw, defs)
    label = str(FIELDS.get((game, name), name))
    base = {
        "name": name, "label": label, "required": required,
        "oneBased": (game, name) in ONE_BASED,
    }  # fmt: skip
    if name in SEAT_FIELDS:
        return {**base, "kind": "seat"}
    options = prop.get("anyOf") or []
    values = list(prop.get("enum") or [])
    for option in options:  # a choice of enums and constants (Imhotep's "pair")
        option = _resolve(option, defs)
        values += option.get("enum") or ([option["const"]] if "const" in option else [])
    if values:
        return {**base, "kind": "select", "choices": _choices(game, name, values)}
    kind = prop.get("type")
    if kind == "integer":
        low, high = prop.get("minimum"), prop.get("maximum")
        if low is not None and high is not None and high - low <= 12:
            return {**base, "kind": "select", "choices": _choices(game, name, range(low, high + 1))}
        return {**base, "kind": "int", "min": low, "max": high}
    if kind == "boolean":
        return {**base, "kind": "bool"}
    if kind == "array":
        items = _resolve(prop.get("items", {}), defs)
        if items.get("type") == "integer":
            return {**base, "kind": "ints"}
        if items.get("type") == "object":
            parts = [_field(game, k, v, defs, True) for k, v in items.get("properties", {}).items()]
            return {**base, "kind": "objects", "count": prop.get("minItems", 1), "parts": parts}
    if kind == "object" and "properties" in prop:
        parts = [_field(game, k, v, defs, False) for k, v in prop["properties"].items()]
        return {**base, "kind": "object", "parts": parts}
    if kind == "string":
        return {**base, "kind": "text"}
    return None  # a shape this form does not ask for (left out rather than typed as JSON)


def _nullable(raw: dict[str, Any]) -> bool:
    return any(option.get("type") == "null" for option in raw.get("anyOf", []))


def _named(game: str, values: list[Any]) -> list[list[str]]:
    return [[str(v), str(words_of.CHOICES.get((game, str(v)), v))] for v in values]


def _node(game: str, name: str, raw: dict[str, Any], defs: dict[str, Any], required: bool):
    """One field of a nested record as the form draws it (see the module docstring)."""
    prop = _resolve(raw, defs)
    label = words_of.FIELDS.get((game, name), name)
    base = {"name": name, "label": str(label), "required": required and not _nullable(raw)}
    if (game, name) in words_of.SEAT_NUMBERS:
        return {**base, "kind": "seatNumber", "base": words_of.SEAT_NUMBERS[(game, name)]}
    open_choices = words_of.OPEN_CHOICES.get((game, name))
    options = [_resolve(o, defs) for o in prop.get("anyOf", []) if o.get("type") != "null"]
    if options:  # a number or a printed mark (Field of Reeds' card value: 2 or "X+1")
        values: list[Any] = []
        for option in options:
            if option.get("type") == "integer":
                values += range(option.get("minimum", 0), option.get("minimum", 0) + 11)
            values += option.get("enum") or []
        return {**base, "kind": "select", "choices": _named(game, values)}
    kind = prop.get("type")
    if prop.get("enum") or (open_choices and kind == "string"):
        return {**base, "kind": "select", "choices": _named(game, prop.get("enum") or open_choices)}
    if kind == "integer":
        return {**base, "kind": "int", "min": prop.get("minimum"), "max": prop.get("maximum")}
    if kind == "boolean":
        return {**base, "kind": "bool"}
    if kind == "string":
        return {**base, "kind": "text"}
    if kind == "array" and "prefixItems" in prop and game in words_of.SQUARES:
        return {**base, "kind": "square"}
    if kind == "array":
        item = _node(game, name, prop.get("items", {}), defs, True)
        if item and item["kind"] == "list":  # one packet of cards, not one per player
            item["perSeat"] = False
            item["itemLabel"] = str(words_of.INNER_ITEMS.get((game, name), item["itemLabel"]))
        title = words_of.ITEMS.get((game, name))
        return {
            **base, "kind": "list", "item": item, "min": prop.get("minItems", 0),
            "max": prop.get("maxItems"), "perSeat": (game, name) in words_of.PER_SEAT,
            "itemLabel": str(title) if title else str(label),
        }  # fmt: skip
    if kind == "object" and "properties" in prop:
        needed = set(prop.get("required", []))
        parts = [_node(game, k, v, defs, k in needed) for k, v in prop["properties"].items()]
        return {**base, "kind": "object", "parts": parts}
    if kind == "object":  # a mapping: colour -> blocks paid, temple -> track length
        raw_value = prop.get("additionalProperties")
        if not isinstance(raw_value, dict):
            raw_value = next(iter(prop.get("patternProperties", {}).values()), {})
        value = _node(game, name, raw_value, defs, True)
        if value and value["kind"] == "int":
            value["label"] = str(_("How many"))
        keys = (prop.get("propertyNames") or {}).get("enum") or open_choices
        key = {
            "name": name,
            "label": str(words_of.ITEMS.get((game, name), label)),
            "required": True,
        }
        key.update({"kind": "select", "choices": _named(game, keys)} if keys else {"kind": "text"})
        return {**base, "kind": "map", "key": key, "value": value}
    return None


def _nested_forms(game: str, variants: list[Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for variant in variants:
        move = _resolve(variant, defs)
        props = move.get("properties", {})
        kind = props.get("type", {}).get("const")
        if kind not in words_of.MOVES[game]:
            continue
        needed = set(move.get("required", []))
        fields = [
            node
            for name, raw in props.items()
            if name != "type" and (node := _node(game, name, raw, defs, name in needed))
        ]
        label, sentence = words_of.MOVES[game][kind]
        facts = kind in words_of.FACT_MOVES.get(game, ())
        out.append({"type": kind, "label": str(label), "sentence": str(sentence), "fields": fields, "facts": facts})  # fmt: skip
    return out


def step_forms(game: str, log_schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Move types with their fields and read-back sentence; [] for a game without words."""
    if game in words_of.MOVES:
        items = log_schema["properties"]["moves"]["items"]
        defs = {**log_schema.get("$defs", {}), **items.get("$defs", {})}
        return _nested_forms(game, items.get("oneOf") or items.get("anyOf") or [items], defs)
    words = MOVES.get(game)
    if not words:
        return []
    items = log_schema["properties"]["moves"]["items"]
    defs = {**log_schema.get("$defs", {}), **items.get("$defs", {})}
    variants = items.get("oneOf") or items.get("anyOf") or [items]
    out = []
    for variant in variants:
        move = _resolve(variant, defs)
        props = move.get("properties", {})
        kind = (
            props.get("type", {}).get("const") or (props.get("type", {}).get("enum") or [None])[0]
        )
        if kind not in words:
            continue
        required = set(move.get("required", []))
        fields = [
            f
            for name, raw in props.items()
            if name != "type" and (f := _field(game, name, raw, defs, name in required))
        ]
        label, sentence = words[kind]
        out.append({"type": kind, "label": str(label), "sentence": str(sentence), "fields": fields})
    return out
