"""Every numbered rule of rules/imhotep.md is exercised by a test that cites it.

Cited by a test function named after it, a vector whose file name begins with it, or its
numbered sub-rules (tests/engines/rule_coverage.py). Identity (I), component inventory (C)
and the gaps (G: open questions, each answered by an option, a recorded fact or an
``unchecked`` item, see the engine's README) are not rules of play and are not counted.
"""

from pathlib import Path

from tests.engines.rule_coverage import (
    assert_every_rule_cited,
    reference_ids,
    reference_text,
    test_name_citations,
    vector_name_citations,
)

HERE = Path(__file__).resolve().parent


def test_every_numbered_rule_is_cited_by_a_test():
    ids = reference_ids(reference_text("imhotep"), exclude=("I", "C", "G"))
    cited = test_name_citations(HERE) | vector_name_citations(HERE)
    assert_every_rule_cited(ids, cited, at_least=101)
