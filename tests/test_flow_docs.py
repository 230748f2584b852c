"""The flows in tournaments/README.md name real code: every `path/file.py:function` in
its numbered steps is a file of the repository that defines that function (or class, or
``Class.method``), found by reading the file's syntax tree (nothing is imported)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "tournaments" / "README.md"
NAME = re.compile(r"`([\w/]+\.py):([\w.]+)`")
FLOWS = ("### A judge's submit, to the public standings", "### An organizer's seating")


def _flows_text() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## How a change travels")
    following = text.find("\n## ", start + 1)
    return text[start : following if following != -1 else len(text)]


def _defines(path: Path, dotted: str) -> bool:
    scope: list[ast.stmt] = ast.parse(path.read_text(encoding="utf-8")).body
    for part in dotted.split("."):
        found = next(
            (
                node
                for node in scope
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and node.name == part
            ),
            None,
        )
        if found is None:
            return False
        scope = found.body
    return True


def test_both_main_flows_are_written_as_numbered_steps():
    text = _flows_text()
    for title in FLOWS:
        assert title in text, title
        section = text[text.index(title) :]
        assert re.search(r"^1\. ", section, re.M) and re.search(r"^5\. ", section, re.M), title


def test_every_file_and_function_the_flows_name_exists():
    names = NAME.findall(_flows_text())
    assert len(names) >= 30, names  # the steps name the code they pass through
    missing = []
    for file, function in names:
        path = ROOT / file
        if not path.is_file():
            missing.append(f"{file} (no such file)")
        elif not _defines(path, function):
            missing.append(f"{file}:{function}")
    assert not missing, missing


def test_a_wrong_name_is_caught():
    assert _defines(ROOT / "tournaments/seating/services.py", "round_seat")
    assert not _defines(ROOT / "tournaments/seating/services.py", "round_seat_everything")
    assert not _defines(ROOT / "tournaments/events/domain.py", "ResultChanged.nothing")
