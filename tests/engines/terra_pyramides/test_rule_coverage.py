"""Every numbered rule of rules/terra_pyramides.md is exercised by a test that cites it.

A rule is cited by a test function named after it (``test_M2_1_...`` cites M2.1), by a
worked-example vector named after it (``vectors/X5...json``), or through its numbered
sub-rules (M2.1 and M2.2 cite M2). Identity (I), component inventory (C) and the gaps (G:
open questions, each answered by an option, a recorded fact or an ``unchecked`` item,
see the engine's README) are not rules of play and are not counted.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# The rules reference lives in shared/, next to the checkout (or the workplace's copy).
REFERENCES = (
    Path(__file__).resolve().parents[4] / "shared" / "rules" / "terra_pyramides.md",
    Path("/work/shared/rules/terra_pyramides.md"),
)
RULE_ID = r"[A-Z]{1,2}\d+(?:\.\d+)?"
NOT_RULES = ("I", "C", "G")


def reference_ids(text: str) -> set[str]:
    patterns = (
        rf"^\| ({RULE_ID}) \|",  # table rows
        rf"^#{{2,4}} ({RULE_ID})\b",  # headings
        rf"^- \*\*({RULE_ID})[ *]",  # bold list items
        rf"^\*\*({RULE_ID})[ *]",  # bold paragraphs
        rf"^({RULE_ID}) ",  # plain numbered lines
    )
    ids = {i for p in patterns for i in re.findall(p, text, re.M)}
    return {i for i in ids if re.match(r"[A-Z]+", i).group() not in NOT_RULES}


def cited_ids() -> set[str]:
    source = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    names = re.findall(r"^def (test_\w+)", source, re.M)
    cited = {
        m.group(1).replace("_", ".")
        for name in names
        for m in re.finditer(r"_([A-Z]{1,2}\d+(?:_\d+)?)(?=_|$)", name)
    }
    for vector in (HERE / "vectors").glob("*.json"):
        m = re.match(r"([A-Za-z]{1,2}\d+)", vector.stem)
        if m:
            cited.add(m.group(1).upper())
    return cited


def test_every_numbered_rule_is_cited_by_a_test():
    found = [path for path in REFERENCES if path.is_file()]
    if not found:
        pytest.skip("rules reference not found next to the checkout")
    ids = reference_ids(found[0].read_text(encoding="utf-8"))
    cited = cited_ids()
    missing = sorted(
        i for i in ids if i not in cited and not any(c.startswith(i + ".") for c in cited)
    )
    assert not missing, missing
