"""The step forms cover every move type and every field of every engine's log schema: a
field the form cannot draw would be a record the judge cannot enter without JSON, and a
field without words would reach the page as a raw key."""

from __future__ import annotations

import pytest

import engines
from tournaments.results.forms import _resolve
from tournaments.results.move_forms import step_forms

NESTED = ("field_of_reeds", "tameri", "terra_pyramides")


def nodes(field: dict):
    yield field
    for inner in [*field.get("parts", []), field.get("item"), field.get("key"), field.get("value")]:
        if inner:
            yield from nodes(inner)


@pytest.mark.parametrize("game", NESTED)
def test_every_move_type_and_field_has_a_form(game):
    schema = engines.get_engine(game).log_schema()
    items = schema["properties"]["moves"]["items"]
    defs = {**schema.get("$defs", {}), **items.get("$defs", {})}
    forms = {form["type"]: form for form in step_forms(game, schema)}
    for variant in items["oneOf"]:
        move = _resolve(variant, defs)
        kind = move["properties"]["type"]["const"]
        assert kind in forms, f"{game}: no form for {kind}"
        drawn = {f["name"] for f in forms[kind]["fields"]}
        assert drawn == set(move["properties"]) - {"type"}, f"{game} {kind}: fields left out"


@pytest.mark.parametrize("game", NESTED)
def test_every_field_and_choice_has_words(game):
    for form in step_forms(game, engines.get_engine(game).log_schema()):
        assert form["label"] != form["type"] and form["sentence"]
        for field in form["fields"]:
            for node in nodes(field):
                assert node["label"] != node["name"], f"{game} {form['type']}: {node['name']}"
                for value, label in node.get("choices", []):
                    # Numbers and printed marks (X+1) read as themselves; words are named.
                    assert label != value or not value.isalpha() or value.isupper(), value


def test_squares_and_seats_are_pickers_not_text():
    forms = {
        f["type"]: f
        for f in step_forms("terra_pyramides", engines.get_engine("terra_pyramides").log_schema())
    }
    place = {f["name"]: f for f in forms["place_tile"]["fields"]}
    assert place["square"]["kind"] == "square"
    colours = {f["name"]: f for f in place["tile"]["parts"]}["blocks"]["item"]
    assert colours["kind"] == "select" and "white" in [value for value, _ in colours["choices"]]
    tameri = {f["type"]: f for f in step_forms("tameri", engines.get_engine("tameri").log_schema())}
    seat = tameri["draft_pick"]["fields"][0]
    assert (seat["name"], seat["kind"], seat["base"]) == ("seat", "seatNumber", 1)
    hands = tameri["draft_deal"]["fields"][0]
    assert hands["perSeat"] and not hands["item"]["perSeat"]  # a hand per player, 5 cards each
