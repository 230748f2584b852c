"""Every rule id of rules/tameri.md has a case in one of the test_rules_*.py files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.engines.tameri import (
    test_rules_gaps,
    test_rules_limits_scoring,
    test_rules_moves,
    test_rules_setup_flow,
    test_rules_weather_glyphs,
)

# The rules reference lives in shared/, next to the checkout (or the workplace's copy).
REFERENCES = (
    Path(__file__).resolve().parents[4] / "shared" / "rules" / "tameri.md",
    Path("/work/shared/rules/tameri.md"),
)
CASES = {
    **test_rules_setup_flow.CASES,
    **test_rules_weather_glyphs.CASES,
    **test_rules_moves.CASES,
    **test_rules_limits_scoring.CASES,
    **test_rules_gaps.CASES,
}


def test_every_rule_id_of_the_reference_has_a_case():
    found = [path for path in REFERENCES if path.is_file()]
    text = found[0].read_text(encoding="utf-8") if found else ""
    if not text:
        pytest.skip("rules reference not found next to the checkout")
    ids = set(re.findall(r"^\| ((?:I|C|U|W|H|FX|L|E|S|T|V|G|A)\d+[a-c]?) ", text, re.M))
    ids |= set(re.findall(r"^\*\*(F\d+)", text, re.M)) | set(re.findall(r"^### (M\d+)", text, re.M))
    ids |= {"W8"}
    missing = sorted(ids - set(CASES))
    assert not missing, missing
