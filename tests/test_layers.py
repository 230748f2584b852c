"""The domain apps under tournaments/ import one way, and no name records history.

The order is INSTALLED_APPS' (bottom up): an app may import only the apps listed before
it, so no two apps can import each other. Imports inside functions count too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ["events", "results", "standings", "ratings", "seating", "public", "console", "integrations"]
HISTORY_WORDS = re.compile(r"(^|[_\-/.])(extra|misc|old|legacy|tmp)([_\-/.]|$)")


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_installed_apps_follow_the_documented_order():
    from django.conf import settings

    installed = [a.split(".")[1] for a in settings.INSTALLED_APPS if a.startswith("tournaments.")]
    assert installed == APPS


def test_apps_import_only_the_apps_below_them():
    upward = []
    for path in sorted((ROOT / "tournaments").rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if len(parts) < 3 or parts[1] not in APPS:
            continue
        app = parts[1]
        for line, module in _imports(path):
            pieces = module.split(".")
            if pieces[0] != "tournaments" or len(pieces) < 2:
                continue
            target = pieces[1]
            if target not in APPS:
                upward.append(f"{path.relative_to(ROOT)}:{line} imports {module}: not an app")
            elif APPS.index(target) > APPS.index(app):
                upward.append(f"{path.relative_to(ROOT)}:{line}: {app} -> {target} ({module})")
    assert not upward, "\n".join(upward)


def test_every_app_has_a_readme_saying_what_it_may_import():
    for app in APPS:
        readme = (ROOT / "tournaments" / app / "README.md").read_text(encoding="utf-8")
        assert "May import:" in readme, app


def test_no_file_or_folder_is_named_after_its_history():
    named = []
    for base in ("tournaments", "templates", "tests", "referee", "docs"):
        for path in (ROOT / base).rglob("*"):
            if "__pycache__" in path.parts or "migrations" in path.parts:
                continue
            if HISTORY_WORDS.search(path.relative_to(ROOT).as_posix().lower()):
                named.append(path.relative_to(ROOT).as_posix())
    assert not named, named
