"""The shared rule-coverage check fails when a rule loses its last citation."""

import json

import pytest

from tests.engines.rule_coverage import (
    assert_every_rule_cited,
    reference_ids,
    test_name_citations,
    vector_field_citations,
    vector_name_citations,
)

REFERENCE = """\
| ID | Rule |
|---|---|
| I1 | Name |
| M1 | Take a card |
### M2 Load
- **M2.1** Any empty space
- **M2.2** One stone
**S3** Score
X5 Worked example
"""


def _folder(tmp_path, tests: str, vectors=()):
    (tmp_path / "test_game.py").write_text(tests, encoding="utf-8")
    (tmp_path / "vectors").mkdir()
    for name, data in vectors:
        (tmp_path / "vectors" / name).write_text(json.dumps(data), encoding="utf-8")
    return tmp_path


def test_reference_ids_read_every_numbering_style_less_the_excluded_letters():
    assert reference_ids(REFERENCE, exclude=("I",)) == {"M1", "M2", "M2.1", "M2.2", "S3", "X5"}


def test_a_rule_is_cited_by_test_names_vectors_or_its_sub_rules(tmp_path):
    folder = _folder(
        tmp_path,
        "def test_M1_take():\n    pass\n\n\ndef test_M2_1_any_space_S3():\n    pass\n",
        [("X5-example.json", {"rule": "M2.2", "id": "X5-a"})],
    )
    ids = reference_ids(REFERENCE, exclude=("I",))
    names = test_name_citations(folder)
    assert names == {"M1", "M2.1", "S3"}
    assert vector_name_citations(folder) == {"X5"}
    assert vector_field_citations(folder) == {"M2.2", "X5"}
    # M2 counts through M2.1; M2.2 only through the vector.
    assert_every_rule_cited(ids, names | vector_name_citations(folder) | {"M2.2"}, at_least=6)


def test_the_check_fails_when_a_rule_loses_its_last_citation(tmp_path):
    folder = _folder(
        tmp_path, "def test_M1_take():\n    pass\n\n\ndef test_S3_score():\n    pass\n"
    )
    ids = {"M1", "S3"}
    assert_every_rule_cited(ids, test_name_citations(folder), at_least=2)
    (folder / "test_game.py").write_text("def test_M1_take():\n    pass\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"\['S3'\]"):
        assert_every_rule_cited(ids, test_name_citations(folder), at_least=2)


def test_the_check_fails_when_the_reference_yields_too_few_ids():
    with pytest.raises(AssertionError, match="only 0 rule ids"):
        assert_every_rule_cited(set(), set(), at_least=1)
