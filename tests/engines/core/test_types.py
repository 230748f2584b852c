from engines.core.types import Unchecked, Violation


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
