"""Each game's move words (``engines/<key>/move_words.py``) read through the core
(``engines/core/move_forms.py``): the step forms cover every move type and every field of
every engine's log schema (a field the form cannot draw would be a record the judge cannot
enter without JSON, and a field without words would reach the page as a raw key), and
every move of every bundled example log reads as a sentence in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engines
from engines.core.move_forms import resolve

GAMES = ("imhotep", "nile_murals", "field_of_reeds", "tameri", "terra_pyramides")
NESTED = ("field_of_reeds", "tameri", "terra_pyramides")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"\b[a-z]{3,}\b")  # English left in a Japanese text (card ids are g7)


def nodes(field: dict):
    yield field
    for inner in [*field.get("parts", []), field.get("item"), field.get("key"), field.get("value")]:
        if inner:
            yield from nodes(inner)


def example_logs(game: str) -> list[Path]:
    return sorted(
        p
        for p in Path(f"engines/{game}/examples").glob("*.json")
        if "moves" in json.loads(p.read_text())
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_move_type_has_words(game):
    engine = engines.get_engine(game)
    schema = engine.log_schema()
    items = schema["properties"]["moves"]["items"]
    defs = {**schema.get("$defs", {}), **items.get("$defs", {})}
    variants = items.get("oneOf") or items.get("anyOf") or [items]
    for lang in ("en", "ja"):
        forms = {form["type"]: form for form in engine.step_forms(lang)}
        for variant in variants:
            move = resolve(variant, defs)
            kind = move["properties"]["type"].get("const")
            assert kind in forms, f"{game}: no form for {kind}"
            if game in NESTED:
                drawn = {f["name"] for f in forms[kind]["fields"]}
                assert drawn == set(move["properties"]) - {"type"}, f"{game} {kind}: left out"


@pytest.mark.parametrize("game", GAMES)
def test_every_field_and_choice_has_words_in_both_languages(game):
    engine = engines.get_engine(game)
    for lang in ("en", "ja"):
        for form in engine.step_forms(lang):
            assert form["label"] != form["type"] and form["sentence"]
            texts = [form["label"], re.sub(r"\{\w+\}", "", form["sentence"])]
            for question in form.get("asks", []):  # the scribe's questions of printed facts
                texts += [question["label"], *(a["label"] for a in question["answers"])]
                assert all(
                    set(a["set"]) <= {f["name"] for f in form["fields"]}
                    for a in question["answers"]
                )
            for field in form["fields"]:
                for node in nodes(field):
                    assert node["label"] != node["name"], f"{game} {form['type']}: {node['name']}"
                    texts.append(node["label"])
                    for value, label in node.get("choices", []):
                        # Numbers and printed marks (X+1) read as themselves; words are named.
                        if lang == "ja":
                            assert label != value or not value.isalpha() or value.isupper(), value
                        texts.append(label)
            for text in texts:
                if lang == "ja" and LATIN_WORD.search(text):
                    raise AssertionError(f"{game}: English in Japanese words: {text!r}")
                if lang == "en":
                    assert not JAPANESE.search(text), f"{game}: Japanese in English: {text!r}"


def test_squares_and_seats_are_pickers_not_text():
    forms = {f["type"]: f for f in engines.get_engine("terra_pyramides").step_forms("ja")}
    place = {f["name"]: f for f in forms["place_tile"]["fields"]}
    assert place["square"]["kind"] == "square"
    colours = {f["name"]: f for f in place["tile"]["parts"]}["blocks"]["item"]
    assert colours["kind"] == "select" and "white" in [value for value, _ in colours["choices"]]
    tameri = {f["type"]: f for f in engines.get_engine("tameri").step_forms("ja")}
    seat = tameri["draft_pick"]["fields"][0]
    assert (seat["name"], seat["kind"], seat["base"]) == ("seat", "seatNumber", 1)
    hands = tameri["draft_deal"]["fields"][0]
    assert hands["perSeat"] and not hands["item"]["perSeat"]  # a hand per player, 5 cards each


@pytest.mark.parametrize("game", GAMES)
def test_every_example_move_reads_as_a_sentence(game):
    engine = engines.get_engine(game)
    for path in example_logs(game):
        doc = json.loads(path.read_text())
        seated = [f"Seat{i + 1}" for i in range(len(doc["players"]))]
        for lang in ("ja", "en"):
            sentences = engine.move_sentences(doc["moves"], seated, lang, doc["players"])
            assert len(sentences) == len(doc["moves"])
            for move, text in zip(doc["moves"], sentences, strict=True):
                assert "{" not in text and "_" not in text, (move, text)  # no JSON, no keys
                for name in doc["players"]:  # the log's own names read as the seats
                    assert name not in text, (move, text)
                if lang == "ja":
                    assert JAPANESE.search(text), text
                    assert not LATIN_WORD.search(text.replace("Seat", "")), text
                else:
                    assert not JAPANESE.search(text), text


def test_a_sentence_names_values_in_the_page_language():
    imhotep = engines.get_engine("imhotep")
    move = {"type": "load", "ship": 0, "space": 1, "by": "Aiko"}
    assert imhotep.move_sentence(move, ["Aiko", "Ben"], "en") == (
        "Aiko loads a stone onto ship 1, space 2"
    )
    assert (
        imhotep.move_sentence(move, ["Aiko", "Ben"], "ja") == "Aikoが船1の2番目の場所に石材を積む"
    )
    terra = engines.get_engine("terra_pyramides")
    move = {"type": "move_worker", "origin": [3, 5], "target": [3, 6]}
    assert terra.move_sentence(move, ["A", "B"], "ja") == (
        "労働者駒を上から4行目・左から6列目から上から4行目・左から7列目へ移動"
    )
    # A value no choice names reads as the engine's term (Field of Reeds' watcher space).
    reeds = engines.get_engine("field_of_reeds")
    move = {"type": "play", "seat": 2, "cards": [{"id": "g24"}], "path": [{"space": "watcher"}]}
    assert reeds.move_sentence(move, ["A", "B"], "ja") == "Bが g24 をプレイし、監視者マス に進む"


@pytest.mark.parametrize(
    "move",
    [None, 3, "x", {}, {"type": 5}, {"type": "load", "ship": "a", "space": [1], "by": 7},
     {"type": "move_worker", "origin": "a1", "target": [None, 2]},
     {"type": "play", "seat": 99, "cards": "g1", "path": [3]}],
)  # fmt: skip
@pytest.mark.parametrize("game", GAMES)
def test_a_malformed_record_still_reads_without_error(game, move):
    text = engines.get_engine(game).move_sentence(move, ["A", "B"], "ja")
    assert isinstance(text, str) and text
