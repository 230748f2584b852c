"""Each audit-like model has one writer: ``ActionLog`` rows are created only by
``tournaments/results/services/action_log.py`` and ``ProblemReport`` rows (a player's judge
call) only by ``tournaments/results/services/calls.py``.

Every other module (services, views, the API, tasks) calls those services, so one place
decides what a row holds. The scan reads the source with ``ast`` and looks for every way
Django creates a row: ``Model(...)``, ``Model.objects.create/bulk_create/get_or_create/
update_or_create`` and a related manager (``event.action_log.create(...)``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVICES = ROOT / "tournaments" / "results" / "services"
# tests and benches build their data directly, as fixtures do
SKIPPED = {".venv", "tests", "bench", "migrations", "__pycache__", "node_modules", ".git"}
CREATORS = {"create", "bulk_create", "get_or_create", "update_or_create"}
# model -> (its one writer, the related names that reach it from another model)
WRITERS = {
    "ActionLog": (SERVICES / "action_log.py", {"action_log"}),
    "ProblemReport": (SERVICES / "calls.py", {"problem_reports"}),
}


def _names(node: ast.AST, model: str, related: set[str]) -> bool:
    return any(
        (isinstance(n, ast.Name) and n.id == model)
        or (isinstance(n, ast.Attribute) and (n.attr == model or n.attr in related))
        for n in ast.walk(node)
    )


def _creates(call: ast.Call, model: str, related: set[str]) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id == model  # Model(...)
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr == model:  # module.Model(...)
        return True
    if func.attr not in CREATORS:
        return False
    if _names(func.value, model, related):  # Model.objects.create, event.related.create
        return True
    return func.attr == "bulk_create" and any(_names(a, model, related) for a in call.args)


def writes(source: str, model: str, related: set[str]) -> list[int]:
    """Line numbers in ``source`` that create ``model`` rows."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and _creates(node, model, related)
    )


def _sources():
    for path in sorted(ROOT.rglob("*.py")):
        if SKIPPED.intersection(path.relative_to(ROOT).parts):
            continue
        yield path


def test_the_scan_finds_every_way_to_create_a_row():
    source = "\n".join(
        [
            "ActionLog.objects.create(event=e, action='x')",
            "models.ActionLog(event=e).save()",
            "ActionLog.objects.bulk_create([])",
            "Other.objects.bulk_create([ActionLog(event=e)])",
            "event.action_log.create(action='x')",
            "ActionLog.objects.filter(event=e).count()",
            "action_log.record(actor, 'x', 1)",
            "ProblemReport.objects.create(message='x')",
        ]
    )
    assert writes(source, "ActionLog", {"action_log"}) == [1, 2, 3, 4, 4, 5]
    assert writes(source, "ProblemReport", {"problem_reports"}) == [8]


@pytest.mark.parametrize("model", sorted(WRITERS))
def test_only_the_models_service_creates_rows(model):
    writer, related = WRITERS[model]
    # the scan would pass vacuously if it could not see the one real writer
    assert writes(writer.read_text(encoding="utf-8"), model, related)
    others = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _sources()
        if path != writer
        for line in writes(path.read_text(encoding="utf-8"), model, related)
    ]
    where = writer.relative_to(ROOT)
    assert not others, f"create {model} rows through {where}:\n" + "\n".join(others)
