from engines.core.types import Unchecked, Violation, competition_ranks


def test_competition_ranks_share_rank_on_full_ties():
    assert competition_ranks([(10,), (8,), (8,), (5,)]) == [1, 2, 2, 4]


def test_competition_ranks_use_tiebreak_values_in_order():
    assert competition_ranks([(8, 1), (8, 3), (8, 3), (9, 0)]) == [4, 2, 2, 1]


def test_competition_ranks_never_decide_an_order_by_an_unknown():
    # An unknown never decides: it ties with what it is compared to, at the position it
    # would decide (issue 18, item 2).
    assert competition_ranks([(None,), (0,), (-3,)]) == [1, 1, 2]
    assert competition_ranks([(5, None), (5, 0)]) == [1, 1]
    assert competition_ranks([(6, None), (5, 0), (5, None)]) == [1, 2, 2]


def test_competition_ranks_all_equal_share_first():
    assert competition_ranks([(1,), (1,), (1,)]) == [1, 1, 1]


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


def test_undecided_pairs_name_the_position_of_the_unknown():
    from engines.core.types import undecided_pairs

    assert undecided_pairs([(7, 2, None), (7, 2, 3), (6, None, 1)]) == [(0, 1, 2)]
    assert undecided_pairs([(7, None), (7, 1), (7, None)]) == [(0, 1, 1), (0, 2, 1), (1, 2, 1)]
