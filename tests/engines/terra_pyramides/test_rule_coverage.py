"""Traceability: every rule family the issue names is cited by at least one test name."""

from __future__ import annotations

import re
from pathlib import Path

FAMILIES = ("M", "L", "S", "E", "T", "VH", "VN", "VS", "VO", "VC")


def test_each_rule_family_is_cited_by_a_test_name():
    names = re.findall(
        r"^def (test_\w+)",
        "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py")),
        flags=re.M,
    )
    cited = {m.group(1) for n in names for m in re.finditer(r"_((?:VH|VN|VS|VO|VC|[MLSET])\d+)", n)}
    for family in FAMILIES:
        assert any(re.fullmatch(rf"{family}\d+", c) for c in cited), family
