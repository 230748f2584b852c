"""Every repository path the documentation names exists.

The docs read are the READMEs (the project's, each app's and engine's, ``tests/README.md``)
and ``docs/*.md``. A path is a backticked word that looks like one: it contains a ``/`` and
starts with a folder of the repository, or ends in a file extension. A path that starts
with one of the repository's top-level folders must exist from the root (or, in an app's
README, from the app's folder); a file path starting with another folder is read as the
docs use them, relative to the document's folder, an app (``tournaments/<app>/``), an
engine (``engines/<game>/``) or ``tests/``. A bare file name must exist in the document's
folder or somewhere in the repository. URLs (``/ja/...``, ``board/live/``), commands and
placeholders are skipped.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = {".venv", ".venv-ci", "node_modules", ".git", "__pycache__", "staticfiles", "var"}
TICKED = re.compile(r"`([^`\n]+)`")
EXTENSION = re.compile(
    r"\.(py|md|html|js|css|json|ya?ml|toml|txt|po|mo|cfg|ini|sh|csv|sql|conf|svg|png)$"
)
NOT_A_PATH = re.compile(r"[\s<>{}*$=()\[\],'\"|@?#%]|://|^[-/.~]|\.\.\.")
# outside this repository on purpose: the rules and rulebooks (/work/shared), and the
# files a running server makes (var/)
OUTSIDE = ("shared/", "var/")


def _docs() -> list[Path]:
    readmes = [p for p in ROOT.rglob("README.md") if not SKIPPED.intersection(p.parts)]
    return sorted({*readmes, *(ROOT / "docs").glob("*.md")})


@cache
def _bases() -> tuple[Path, ...]:
    apps = sorted(p for p in (ROOT / "tournaments").iterdir() if p.is_dir())
    engines = sorted(p for p in (ROOT / "engines").iterdir() if p.is_dir())
    return (ROOT / "tournaments", *apps, ROOT / "engines", *engines, ROOT / "tests")


@cache
def _file_names() -> frozenset[str]:
    return frozenset(
        p.name for p in ROOT.rglob("*") if p.is_file() and not SKIPPED.intersection(p.parts)
    )


def _folders() -> set[str]:
    """Names of the repository's folders (a path starting with one is a repository path)."""
    return {
        p.name
        for base in (ROOT, *_bases())
        for p in base.iterdir()
        if p.is_dir() and not SKIPPED.intersection(p.parts)
    }


def named_paths(text: str) -> list[str]:
    """The backticked words of ``text`` that look like repository paths, without a
    ``:line`` or ``::name`` suffix."""
    found = []
    for word in TICKED.findall(text):
        if NOT_A_PATH.search(word) or word.startswith(OUTSIDE):
            continue
        path = re.split(r"::|:(?=\w)", word)[0]
        if "/" in path or EXTENSION.search(path):
            found.append(path)
    return found


def missing(doc: Path, path: str, folders: set[str]) -> bool:
    top = {p.name for p in ROOT.iterdir()}
    first, _, rest = path.partition("/")
    if not rest and "/" not in path:  # a bare file name
        return not ((doc.parent / path).exists() or path in _file_names())
    if first in top:  # from the root, or from an app's own folder (`templates/console/`)
        return not ((ROOT / path).exists() or (doc.parent / path).exists())
    if first not in folders or not EXTENSION.search(path):
        return False  # a URL or a route ("board/live/", "console/tools/ratings/")
    return not any((base / path).exists() for base in (doc.parent, *_bases()))


def test_the_scan_reads_paths_as_the_docs_write_them():
    text = (
        "`tournaments/events/models.py` `results/services/calls.py:judge_call_create` "
        "`tests/README.md` `rules.py` `/ja/p/<token>/` `board/live/` `make setup` "
        "`events/services/player_import.py` `tournaments/factories.py` `shared/rules/x.md`"
    )
    paths = named_paths(text)
    assert paths == [
        "tournaments/events/models.py",
        "results/services/calls.py",
        "tests/README.md",
        "rules.py",
        "board/live/",
        "events/services/player_import.py",
        "tournaments/factories.py",
    ]
    doc, folders = ROOT / "docs" / "console.md", _folders()
    assert [p for p in paths if missing(doc, p, folders)] == [
        "events/services/player_import.py",
        "tournaments/factories.py",
    ]


@pytest.mark.parametrize("doc", _docs(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_a_doc_names_exists(doc):
    folders = _folders()
    absent = sorted(
        {p for p in named_paths(doc.read_text(encoding="utf-8")) if missing(doc, p, folders)}
    )
    assert not absent, f"{doc.relative_to(ROOT)} names paths that do not exist: {absent}"
