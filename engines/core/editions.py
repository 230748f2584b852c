"""Edition data: printed component values with their sources; unknown values are null.

An edition file lives at ``engines/<key>/editions/<name>.json``::

    {"game": "imhotep", "name": "default", "description": "...",
     "values": {...nested printed values, null where unknown...},
     "sources": {"dotted.key": "where the value comes from"}}

A document may name a bundled edition (``"edition": "default"``) or carry one
(``"edition": {"base": "default", "values": {...}}``): carried values fill the base's
gaps and override it. A carried ``null`` never erases a known value.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engines.core.errors import SetupError
from engines.core.types import Violation

ENGINES_DIR = Path(__file__).resolve().parent.parent
_MISSING = object()


@dataclass(frozen=True)
class Edition:
    game: str
    name: str
    values: Mapping[str, Any]
    sources: Mapping[str, str] = field(default_factory=dict)
    description: str = ""

    def get(self, dotted: str, default: Any = None) -> Any:
        """The printed value at ``a.b.c`` or ``default`` when absent or unknown (null)."""
        node: Any = self.values
        for part in dotted.split("."):
            # Exact-type tests first: isinstance(x, Mapping) goes through the ABC machinery,
            # and engines look printed values up on every move.
            kind = type(node)
            if (kind is dict or (kind is not list and isinstance(node, Mapping))) and part in node:
                node = node[part]
            elif (
                (kind is list or isinstance(node, list))
                and part.isdigit()
                and int(part) < len(node)
            ):
                node = node[int(part)]
            else:
                return default
        return default if node is None else node

    def knows(self, dotted: str) -> bool:
        return self.get(dotted, _MISSING) is not _MISSING

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "description": self.description,
            "values": self.values,
            "sources": dict(self.sources),
        }


def overlay(base: Any, extra: Any) -> Any:
    """Deep-merge ``extra`` over ``base``; a null in ``extra`` (in lists too) keeps the base."""
    if extra is None:
        return base
    if isinstance(base, Mapping) and isinstance(extra, Mapping):
        merged = dict(base)
        for key, value in extra.items():
            merged[key] = overlay(base.get(key), value)
        return merged
    if isinstance(base, list) and isinstance(extra, list):
        # Element by element, so a null inside a carried list (e.g. a table row) keeps the
        # known printed value; a longer carried list extends the table.
        tail = extra[len(base) :]
        return (
            [overlay(b, e) for b, e in zip(base, extra, strict=False)] + base[len(extra) :] + tail
        )
    return extra


def edition_dir(game: str) -> Path:
    return ENGINES_DIR / game / "editions"


def bundled_editions(game: str) -> list[str]:
    folder = edition_dir(game)
    return sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []


@lru_cache(maxsize=64)
def _read_edition(path: str, mtime_ns: int) -> dict[str, Any]:
    """Parsed edition file, cached per file version (scoring a sheet must not hit the disk).

    The cached dicts are shared: treat ``Edition.values`` as read-only.
    """
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


# One Edition object per bundled file version (the stat still notices an edited file), so
# engines can check an edition's values once per version rather than once per document.
_BUNDLED: dict[tuple[str, int], Edition] = {}
_BUNDLED_BY_ID: dict[int, Edition] = {}


def is_bundled(edition: Edition) -> bool:
    """Whether ``edition`` is the process's cached object for a bundled file."""
    return _BUNDLED_BY_ID.get(id(edition)) is edition


@lru_cache(maxsize=256)
def _bundled_path(engines_dir: Any, game: str, name: str) -> str | None:
    """The file of a bundled edition (None: a name that could leave the editions folder),
    worked out once per name rather than per document."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    return os.path.join(engines_dir, game, "editions", f"{name}.json")


def load_bundled(game: str, name: str) -> Edition:
    path = _bundled_path(ENGINES_DIR, game, name)
    try:
        mtime = os.stat(path).st_mtime_ns if path else None
    except OSError:
        mtime = None
    if mtime is None:
        raise SetupError(
            [
                Violation(
                    "setup.unknown_edition",
                    None,
                    "unknown edition {name!r} for {game}; bundled: {known}",
                    {
                        "name": name,
                        "game": game,
                        "known": ", ".join(bundled_editions(game)),
                        "known_list": list(bundled_editions(game)),
                    },
                    path="$.edition",
                )
            ]
        )
    cached = _BUNDLED.get((path, mtime))
    if cached is not None:
        return cached
    data = _read_edition(path, mtime)
    edition = Edition(
        game=game,
        name=data.get("name", name),
        values=data.get("values", {}),
        sources=data.get("sources", {}),
        description=data.get("description", ""),
    )
    if len(_BUNDLED) >= 64:  # as _read_edition's cache: a bounded number of versions
        _BUNDLED.clear()
        _BUNDLED_BY_ID.clear()
    _BUNDLED[(path, mtime)] = edition
    _BUNDLED_BY_ID[id(edition)] = edition
    return edition


def resolve_edition(game: str, spec: Mapping[str, Any] | str | None, default: str) -> Edition:
    if spec is None:
        try:
            return load_bundled(game, default)
        except SetupError:
            return Edition(game=game, name="none", values={})  # a game with no printed data
    if isinstance(spec, str):
        return load_bundled(game, spec)
    base = load_bundled(game, spec.get("base") or default)
    return Edition(
        game=game,
        name=spec.get("name") or f"{base.name}+supplied",
        values=overlay(base.values, spec.get("values", {})),
        sources={**base.sources, **spec.get("sources", {})},
        description=spec.get("description", base.description),
    )
