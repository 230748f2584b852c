"""Each engine's printed values the rulebook lost (``engines/<key>/lost_values.py``, read
through ``engine.lost_values``): every entry names a value of the game's bundled edition,
has its words in English and Japanese, a rule id and bounds that admit a number."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engines
from engines.core.editions import load_bundled

KEYS = {"path", "label", "meaning", "rule", "minimum", "maximum"}
LATIN = re.compile(r"[A-Za-z]")


def _lost(key: str) -> list[tuple[str, dict[str, Any]]]:
    return [(key, entry) for entry in engines.get_engine(key).lost_values]


ENTRIES = [item for key in engines.available_engines() for item in _lost(key)]


def _has_leaf(values: Any, path: str) -> bool:
    """Whether the edition has a place at ``path`` (printed or null)."""
    node = values
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return not isinstance(node, dict | list)


def test_the_games_whose_rulebook_lost_values_have_them():
    having = {key for key in engines.available_engines() if engines.get_engine(key).lost_values}
    assert having == {"nile_murals", "field_of_reeds"}  # Tameri's come from the sheet


@pytest.mark.parametrize(("key", "entry"), ENTRIES, ids=[f"{k}:{e['path']}" for k, e in ENTRIES])
def test_each_lost_value_names_an_edition_value_in_both_languages(key, entry):
    assert set(entry) == KEYS
    edition = load_bundled(key, "default")
    assert _has_leaf(edition.values, entry["path"])
    for english, japanese in (entry["label"], entry["meaning"]):
        assert english.strip() and japanese.strip()
        assert not LATIN.search(japanese), japanese  # a Japanese page shows no English
        assert "%(" not in english + japanese and "{" not in english + japanese
    assert re.fullmatch(r"[A-Z]\d+(\.\d+)*", entry["rule"])
    low, high = entry["minimum"], entry["maximum"]
    assert low is None or high is None or low <= high


def test_paths_are_unique_per_game():
    for key in engines.available_engines():
        paths = [entry["path"] for entry in engines.get_engine(key).lost_values]
        assert len(paths) == len(set(paths)), key
