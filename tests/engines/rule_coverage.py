"""Rule coverage, shared by every game's test_rule_coverage.py (issue 18, item 6).

A game's rules reference (``shared/rules/<game>.md``) numbers its rules; every numbered rule
of play must be cited by a test. What counts as a numbered rule (which tables, headings and
letters) and how a game's tests cite one differ a little by game, so each game's test names
its reference patterns and its citations, and this module does the rest:

- ``reference_ids`` reads the ids the patterns find, less the excluded letters (identity,
  components and gaps are not rules of play in most games);
- a test function names the rules it cites (``test_M2_1_...`` cites M2.1), a vector file
  names its rule in its file name (``X5-....json``) or in its ``rule``/``id`` fields;
- a rule counts as cited through its numbered sub-rules (M2.1 and M2.2 cite M2);
- ``assert_every_rule_cited`` fails naming each rule that has lost its last citation, and
  fails when the reference yields fewer ids than the game is known to number (so a changed
  heading style cannot empty the check).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

SHARED = (
    Path(__file__).resolve().parents[3] / "shared" / "rules",  # next to the checkout
    Path("/work/shared/rules"),  # the workplace's copy
)
RULE_ID = r"[A-Z]{1,2}\d+(?:\.\d+)?"
# Where most references number their rules: table rows, headings, bold list items and
# paragraphs, and plain numbered lines.
STANDARD_PATTERNS = (
    rf"^\| ({RULE_ID}) \|",
    rf"^#{{2,4}} ({RULE_ID})\b",
    rf"^- \*\*({RULE_ID})[ *]",
    rf"^\*\*({RULE_ID})[ *]",
    rf"^({RULE_ID}) ",
)
_CITED_IN_NAME = re.compile(r"_([A-Z]{1,2}\d+(?:_\d+)?)(?=_|$)")
_TEST_NAME = re.compile(r"^def (test_\w+)", re.M)
_VECTOR_NAME = re.compile(r"([A-Za-z]{1,2}\d+)")


def reference_text(game: str) -> str:
    """The game's rules reference; the test skips where shared/ is not next to the checkout."""
    for folder in SHARED:
        path = folder / f"{game}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.skip(f"shared/rules/{game}.md is not available here")


def reference_ids(
    text: str, patterns: Iterable[str] = STANDARD_PATTERNS, exclude: Iterable[str] = ()
) -> set[str]:
    """The rule ids the patterns (one group each) find, less those of the excluded letters."""
    ids = {i for p in patterns for i in re.findall(p, text, re.M)}
    excluded = set(exclude)
    return {i for i in ids if re.match(r"[A-Z]+", i).group() not in excluded}


def test_name_citations(folder: Path) -> set[str]:
    """The rule ids named by the test functions of ``folder``'s test_*.py files."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("test_*.py")))
    return {
        m.group(1).replace("_", ".")
        for name in _TEST_NAME.findall(source)
        for m in _CITED_IN_NAME.finditer(name)
    }


test_name_citations.__test__ = False  # a helper, not a test pytest should collect


def vector_name_citations(folder: Path) -> set[str]:
    """The rule ids that begin the file names of ``folder``/vectors/*.json (``X5-...``)."""
    cited = set()
    for vector in (folder / "vectors").glob("*.json"):
        m = _VECTOR_NAME.match(vector.stem)
        if m:
            cited.add(m.group(1).upper())
    return cited


def vector_field_citations(folder: Path) -> set[str]:
    """The ``rule`` and ``id`` prefix of each ``folder``/vectors/*.json."""
    cited = set()
    for vector in (folder / "vectors").glob("*.json"):
        data = json.loads(vector.read_text(encoding="utf-8"))
        cited |= {data["rule"], data["id"].split("-")[0]}
    return cited


def uncited(ids: Iterable[str], cited: Iterable[str]) -> list[str]:
    """The ids neither cited themselves nor through a cited sub-rule (``M2.1`` cites M2)."""
    cited = set(cited)
    return sorted(
        i for i in ids if i not in cited and not any(c.startswith(i + ".") for c in cited)
    )


def assert_every_rule_cited(ids: set[str], cited: Iterable[str], *, at_least: int) -> None:
    assert len(ids) >= at_least, f"only {len(ids)} rule ids read from the reference"
    missing = uncited(ids, cited)
    assert not missing, f"rules no test cites: {missing}"
