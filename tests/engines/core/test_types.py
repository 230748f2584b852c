import dataclasses
import json
from pathlib import Path

import pytest

from engines import available_engines, get_engine
from engines.core.types import PlayerResult, Unchecked, Violation, frozen_instance


def test_violation_text_formats_params_and_survives_bad_templates():
    v = Violation("c", "g:M1", "need {n} stones", {"n": 3})
    assert v.text == "need 3 stones"
    assert Violation("c", None, "need {n} stones").text == "need {n} stones"


def test_violation_at_keeps_existing_location_unless_given():
    v = Violation("c", None, "m", index=2)
    assert v.at(path="$.x").index == 2 and v.at(path="$.x").path == "$.x"
    assert v.at(index=5).index == 5


def test_violation_to_dict_omits_empty_location():
    assert Violation("c", "g:L1", "m").to_dict() == {"code": "c", "rule": "g:L1", "message": "m"}
    d = Violation("c", None, "a {x}", {"x": 1}, index=0, path="$.moves[0]").to_dict()
    assert d == {
        "code": "c",
        "rule": None,
        "message": "a 1",
        "params": {"x": 1},
        "index": 0,
        "path": "$.moves[0]",
    }


def test_unchecked_to_dict():
    assert Unchecked("a", "b", "g:G1", path="$.x").to_dict() == {
        "item": "a",
        "reason": "b",
        "rule": "g:G1",
        "path": "$.x",
    }


def test_frozen_instance_is_the_same_value_as_the_constructor_builds():
    fields = dict(
        seat=1, name="a", total=3, breakdown=(("x", 3),), rank=1, tiebreak=(2,), complete=True
    )
    built = frozen_instance(PlayerResult, **fields)
    assert built == PlayerResult(**fields) and hash(built) == hash(PlayerResult(**fields))
    assert built.to_dict() == PlayerResult(**fields).to_dict()
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.rank = 2  # type: ignore[misc]


def _every_field_set(value):
    """Whether ``value`` and every dataclass inside it has each of its fields set."""
    if dataclasses.is_dataclass(value):
        names = {f.name for f in dataclasses.fields(value)}
        return names <= vars(value).keys() and all(
            _every_field_set(getattr(value, n)) for n in names
        )
    if isinstance(value, (list, tuple)):
        return all(_every_field_set(item) for item in value)
    return True


@pytest.mark.parametrize("game", available_engines())
def test_outcomes_built_without_init_set_every_field(game):
    """frozen_instance skips defaults: each hot-path call site must name every field."""
    engine = get_engine(game)
    examples = Path(__file__).resolve().parents[3] / "engines" / game / "examples"
    sheets = sorted(examples.glob("*sheet*.json"))
    assert sheets
    for path in sheets:
        doc = json.loads(path.read_text(encoding="utf-8"))
        outcome = engine.score_sheet(doc)
        assert _every_field_set(outcome)
        assert _every_field_set(engine.context(doc))
