"""A game's words live with its engine (``engines/<game>/``); the apps ask the engine.

No module under ``tournaments/`` keeps a table keyed by a game key (``{"nile_murals":
...}`` or ``dict(nile_murals=...)``): such a table is a second home for a game's words
(labels, meanings, names) that a new game would have to find and fill. The scan reads the
source with ``ast``. Migrations are history and are skipped; the one table allowed is
``results/api_examples.py``'s ``GAME_EXAMPLE_FILES``, which names each engine's example
files (file names, not words).
"""

from __future__ import annotations

import ast
from pathlib import Path

import engines

ROOT = Path(__file__).resolve().parents[1]
GAMES = set(engines.available_engines())
# (file, the name the table is assigned to): tables of something other than words
ALLOWED = {("tournaments/results/api_examples.py", "GAME_EXAMPLE_FILES")}


def _allowed_tables(tree: ast.AST, relative: str) -> dict[int, str]:
    """The dict nodes of ``ALLOWED`` tables in this file, by node id -> name."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and (relative, target.id) in ALLOWED:
                    found[id(node.value)] = target.id
    return found


def _game_keys(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Dict):
        return [
            key.value for key in node.keys if isinstance(key, ast.Constant) and key.value in GAMES
        ]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return [keyword.arg for keyword in node.keywords if keyword.arg in GAMES]
    return []


def _scan() -> tuple[list[str], set[tuple[str, str]]]:
    """Game-keyed tables outside the allowed ones, and the allowed ones seen."""
    tables, seen = [], set()
    for path in sorted((ROOT / "tournaments").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        relative = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed = _allowed_tables(tree, relative)
        for node in ast.walk(tree):
            keys = _game_keys(node)
            if not keys:
                continue
            if id(node) in allowed:
                seen.add((relative, allowed[id(node)]))
                continue
            tables.append(f"{relative}:{node.lineno}: keyed by {', '.join(keys)}")
    return tables, seen


def test_no_app_module_keeps_a_table_keyed_by_game():
    tables, _seen = _scan()
    assert not tables, (
        "a game's words belong in engines/<game>/ (read through its engine):\n" + "\n".join(tables)
    )


def test_the_allowed_table_still_exists_and_holds_file_names():
    # An exemption that no longer matches anything would hide the next table of that name.
    _tables, seen = _scan()
    assert seen == ALLOWED
    from tournaments.results.api_examples import GAME_EXAMPLE_FILES

    assert set(GAME_EXAMPLE_FILES) == GAMES
    names = [name for files in GAME_EXAMPLE_FILES.values() for name in files]
    assert all(name.endswith(".json") and "/" not in name for name in names)


def test_the_scan_finds_a_game_keyed_table():
    # The scan itself can fail: both spellings of a table are found, a game key as a value
    # is not a table key.
    source = 'A = {"tameri": ("Points", "得点")}\nB = dict(imhotep=1)\nC = {"game": "tameri"}'
    keys = [key for node in ast.walk(ast.parse(source)) for key in _game_keys(node)]
    assert keys == ["tameri", "imhotep"]
