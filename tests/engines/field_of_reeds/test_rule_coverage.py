"""Every setup, flow, move, limit, end, scoring, tiebreak and variant rule (P F M L E S T V),
worked example (X) and FAQ ruling (Q) of rules/field_of_reeds.md has a test: a test named
after it, or a vector (vectors/*.json) whose ``rule`` or ``id`` names it
(tests/engines/rule_coverage.py). The gaps (G) are listed in the README with the engine's
reading instead."""

from pathlib import Path

from tests.engines.rule_coverage import (
    assert_every_rule_cited,
    reference_ids,
    reference_text,
    test_name_citations,
    vector_field_citations,
)

HERE = Path(__file__).resolve().parent
PATTERNS = (
    r"^\| ([PFMLESTVXQ]\d+) \|",  # table rows
    r"\*\*(M\d+)[a-d]?\.\*\*",  # the play's steps (M4-M7)
)


def test_every_numbered_rule_is_cited_by_a_test():
    ids = reference_ids(reference_text("field_of_reeds"), PATTERNS)
    cited = test_name_citations(HERE) | vector_field_citations(HERE)
    assert_every_rule_cited(ids, cited, at_least=97)
