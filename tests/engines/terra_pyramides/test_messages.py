"""Every violation code the engine can raise has a Japanese message with known parameters."""

from __future__ import annotations

import re
import string
from pathlib import Path

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.messages_ja import MESSAGES_JA

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "engines" / "terra_pyramides"
CALL = re.compile(
    r'(?:violation|_bad)\(\s*(?:f?"[^"]*",\s*)?"([a-z_0-9.]+)",\s*"[^"]*",\s*((?:"[^"]*"\s*)+)'
)


def raised():
    """(code, English template) for every violation the package constructs."""
    text = "".join(
        p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py") if p.name != "messages_ja.py"
    )
    return [
        (m.group(1), re.sub(r'"\s*"', "", m.group(2)).strip('" \n')) for m in CALL.finditer(text)
    ]


def fields(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_code_has_a_japanese_message():
    codes = {code for code, _ in raised()}
    assert len(codes) > 60
    assert not sorted(codes - set(MESSAGES_JA))


def test_japanese_messages_use_only_parameters_every_occurrence_has():
    by_code: dict[str, list[set[str]]] = {}
    for code, english in raised():
        by_code.setdefault(code, []).append(fields(english))
    for code, params in by_code.items():
        common = set.intersection(*params)
        assert fields(MESSAGES_JA[code]) <= common, code


def test_localize_formats_a_real_violation():
    from tests.engines.terra_pyramides.helpers import PLACE_X1, SETUP_V1, run, start

    state = run(start(["A", "B"]), [SETUP_V1])
    bad = ENGINE.check(state, ENGINE.parse_move({**PLACE_X1, "square": [3, 4]}, 0))
    texts = [ENGINE.localize(v, "ja") for v in bad]
    assert any("すでにタイル" in t for t in texts)
