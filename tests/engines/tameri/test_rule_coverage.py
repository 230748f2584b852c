"""Every rule id of rules/tameri.md has a case in one of the test_rules_*.py files.

Tameri counts every id of its reference (identity, components and gaps too): each has a
case in a ``CASES`` table, keyed by rule id (tests/engines/rule_coverage.py does the rest).
"""

from tests.engines.rule_coverage import assert_every_rule_cited, reference_ids, reference_text
from tests.engines.tameri import (
    test_rules_gaps,
    test_rules_limits_scoring,
    test_rules_moves,
    test_rules_setup_flow,
    test_rules_weather_glyphs,
)

PATTERNS = (
    r"^\| ((?:I|C|U|W|H|FX|L|E|S|T|V|G|A)\d+[a-c]?) ",  # table rows
    r"^\*\*(F\d+)",  # the flow's bold paragraphs
    r"^### (M\d+)",  # the moves' headings
    r"^\*\*(W8) Inferred",  # the one bold paragraph of the weather section
)
CASES = {
    **test_rules_setup_flow.CASES,
    **test_rules_weather_glyphs.CASES,
    **test_rules_moves.CASES,
    **test_rules_limits_scoring.CASES,
    **test_rules_gaps.CASES,
}


def test_every_rule_id_of_the_reference_has_a_case():
    ids = reference_ids(reference_text("tameri"), PATTERNS)
    assert_every_rule_cited(ids, CASES, at_least=156)
