import json

import pytest

from engines.core import editions
from engines.core.editions import Edition, overlay, resolve_edition
from engines.core.errors import SetupError


def test_overlay_null_never_erases_a_known_value():
    base = {"a": 1, "b": {"c": 2, "d": None}}
    assert overlay(base, {"a": None, "b": {"c": None, "d": 7}}) == {"a": 1, "b": {"c": 2, "d": 7}}


def test_overlay_supplied_values_override_and_extend():
    assert overlay({"a": {"x": 1}}, {"a": {"x": 2, "y": 3}, "z": 4}) == {
        "a": {"x": 2, "y": 3},
        "z": 4,
    }


def test_overlay_null_extra_keeps_base():
    assert overlay({"a": 1}, None) == {"a": 1}


def test_get_reads_dotted_paths_and_list_indexes():
    ed = Edition("g", "n", {"a": {"b": [10, None, 30]}, "c": None})
    assert ed.get("a.b.0") == 10
    assert ed.get("a.b.1") is None and ed.get("a.b.1", "dflt") == "dflt"
    assert ed.get("a.b.9") is None and ed.get("c") is None and ed.get("a.x.y") is None
    assert ed.knows("a.b.2") and not ed.knows("a.b.1") and not ed.knows("c")


@pytest.fixture
def bundled(tmp_path, monkeypatch):
    folder = tmp_path / "toy" / "editions"
    folder.mkdir(parents=True)
    data = {
        "name": "default",
        "values": {"pyr": [1, None], "deck": {"x": 2}},
        "sources": {"pyr": "book"},
    }
    (folder / "default.json").write_text(json.dumps(data))
    monkeypatch.setattr(editions, "ENGINES_DIR", tmp_path)
    return folder


def test_no_spec_loads_the_default_bundled_edition(bundled):
    ed = resolve_edition("toy", None, "default")
    assert ed.name == "default" and ed.get("pyr.0") == 1 and ed.sources["pyr"] == "book"


def test_game_without_editions_gets_an_empty_one(bundled):
    ed = resolve_edition("other", None, "default")
    assert ed.name == "none" and ed.get("anything") is None


def test_unknown_named_edition_is_a_setup_error_at_the_edition_path(bundled):
    with pytest.raises(SetupError) as err:
        resolve_edition("toy", "deluxe", "default")
    v = err.value.violations[0]
    assert v.code == "setup.unknown_edition" and v.path == "$.edition"
    assert "default" in v.text


def test_carried_edition_fills_gaps_and_cannot_erase(bundled):
    ed = resolve_edition(
        "toy",
        {"values": {"pyr": [None, 5], "deck": {"x": None}}, "sources": {"pyr.1": "judge"}},
        "default",
    )
    assert ed.get("pyr.0") == 1 and ed.get("pyr.1") == 5 and ed.get("deck.x") == 2
    assert ed.name == "default+supplied" and ed.sources["pyr.1"] == "judge"


def test_carried_edition_over_named_base(bundled):
    (bundled / "second.json").write_text(json.dumps({"values": {"pyr": [9]}}))
    assert resolve_edition("toy", {"base": "second"}, "default").get("pyr.0") == 9
    assert resolve_edition("toy", "second", "default").name == "second"


def test_overlay_merges_lists_element_by_element():
    assert overlay([1, None, 3], [None, 2]) == [1, 2, 3]
    assert overlay([[1, None]], [[None, 5], [7]]) == [[1, 5], [7]]


@pytest.mark.parametrize("name", ["../default", "", ".hidden", "a/b"])
def test_edition_names_cannot_leave_the_editions_folder(bundled, name):
    with pytest.raises(SetupError):
        resolve_edition("toy", name, "default")


def test_bundled_edition_is_reread_when_the_file_changes(bundled):
    import os

    first = resolve_edition("toy", None, "default")
    data = {"values": {"pyr": [3]}}
    (bundled / "default.json").write_text(json.dumps(data))
    stat = os.stat(bundled / "default.json")
    os.utime(bundled / "default.json", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert first.get("pyr.0") == 1 and resolve_edition("toy", None, "default").get("pyr.0") == 3
