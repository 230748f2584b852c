"""One reconcile period, the same in the settings, docker-compose.yml and the docs.

The period is what the docs promise as the longest wait before a lost task or a broker
outage is caught up (docs/reliability.md's table). Every statement of how often beat runs
the reconciliation, and every bound in that table, must name the settings' figure.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = re.compile(r'env\.float\("STANDINGS_RECONCILE_SECONDS", default=([\d.]+)\)')
# "every 30 s", "every ~30 s", "every minute", "every 2 minutes"
EVERY = re.compile(r"every\s+(?:~\s*)?(?:(\d+)\s*s\b|(\d+\s+)?minutes?\b)")
DOCS = ["README.md", "docs/reliability.md", "tournaments/standings/README.md"]


def _period() -> int:
    source = (ROOT / "referee" / "settings" / "base.py").read_text(encoding="utf-8")
    return round(float(DEFAULT.search(source).group(1)))


def _blocks(text: str) -> list[str]:
    """Paragraphs, table rows and runs of YAML comments; a heading joins its paragraph."""
    blocks, heading = [], ""
    for block in re.split(r"\n\s*\n|\n(?=\s*\|)|\n(?=\s*[^#\s])", text):
        if block.lstrip().startswith("#") and not block.lstrip().startswith("# "):
            heading = block  # a Markdown heading
            continue
        blocks.append(heading + "\n" + block)
        heading = ""
    return blocks


def _statements(text: str) -> list[str]:
    """How often the docs say the reconciliation runs: each "every ..." in a block that
    names it."""
    said = []
    for block in _blocks(text):
        if "reconcil" in block:
            words = re.sub(r"\n\s*#?\s*", " ", block)  # one line, comment marks gone
            said += [m.group(0) for m in EVERY.finditer(words)]
    return said


def test_the_beat_schedule_runs_the_reconciliation_at_the_settings_period():
    entry = settings.CELERY_BEAT_SCHEDULE["standings-reconcile"]
    assert entry["schedule"] == settings.STANDINGS_RECONCILE_SECONDS
    assert entry["options"]["expires"] == settings.STANDINGS_RECONCILE_SECONDS


@pytest.mark.parametrize("doc", [*DOCS, "docker-compose.yml"])
def test_the_docs_say_the_settings_period(doc):
    period = _period()
    statements = _statements((ROOT / doc).read_text(encoding="utf-8"))
    assert statements, f"{doc} no longer says how often the reconciliation runs"
    assert set(statements) == {f"every {period} s"}, (doc, statements)


def test_the_reliability_table_promises_the_period():
    text = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    bounds = {int(n) for n in re.findall(r"≤\s*(\d+)\s*s\b", text)}
    assert bounds == {_period()}


def test_the_readme_names_the_default_and_compose_keeps_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"| `STANDINGS_RECONCILE_SECONDS` | `{_period()}` |" in readme
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    # no service overrides the period: compose runs the settings' figure
    for service in compose["services"].values():
        assert "STANDINGS_RECONCILE_SECONDS" not in (service.get("environment") or {})


def test_the_scan_reads_how_often_the_docs_say_it_runs():
    text = (
        "## The reconciler\n\nBeat runs it every ~30 s.\n\nWorkers sweep every 10 s.\n"
        "| `beat` | reconciliation every minute |\n"
        "  # the reconciliation every 30 s\n  beat:\n    # written every 3 minutes\n"
    )
    assert _statements(text) == ["every ~30 s", "every minute", "every 30 s"]
